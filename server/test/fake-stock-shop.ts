/**
 * Test support: a stand-in for a stock WooCommerce shop on 127.0.0.1 that answers with the recorded
 * stock bodies and headers, as if it ran at its own address (the recorded shop's origin is replaced
 * by the stand-in's, in plain and PHP-escaped form).
 */
import type { Hono } from 'hono';
import { httpRecording, recording, replay, SHOP } from '../../src/adapters/testing/fake-shop.js';
import { listen } from '../listen.js';

export interface FakeStockShop {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * A recorded answer as the stand-in at `origin` gives it, with extra headers appended: `name` is a
 * root recording (`<name>.json` + `.headers`) or a peer recording's path (`peer-3/<name>.http`).
 */
export const stockAnswer = (origin: string, name: string, extra: Record<string, string> = {}): Response => {
  const rec = name.endsWith('.http') ? httpRecording(name) : recording(name);
  const headers = rec.headers.map(([k, v]) => [k, v.split(SHOP).join(origin)] as const);
  const escaped = (o: string) => o.replace(/\//g, '\\/');
  const res = replay({ ...rec, headers, body: rec.body.split(SHOP).join(origin).split(escaped(SHOP)).join(escaped(origin)) });
  for (const [header, value] of Object.entries(extra)) res.headers.append(header, value);
  return res;
};

/** Starts the stand-in; `routes` registers its answers, given a function that replays a recording. */
export async function startFakeStockShop(app: Hono, routes: (answer: (name: string, extra?: Record<string, string>) => Response) => void): Promise<FakeStockShop> {
  let origin = '';
  routes((name, extra) => stockAnswer(origin, name, extra));
  const server = await listen(app, { port: 0 });
  origin = server.url;
  return server;
}
