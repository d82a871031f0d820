/**
 * A stand-in stock shop and a Suki in upstream mode in front of it, for browser tests of upstream
 * mode. The stand-in answers what the test mounts on it (recorded stock answers) and passes
 * everything else to the embedded e2e shop (its catalogue, cart...), as if it were its own. The
 * front is our production server from an empty working directory (the `embedded` project's server
 * built it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { listen } from '../../server/listen.js';

const HOP = /^(?:connection|keep-alive|transfer-encoding|content-encoding|content-length)$/i;
const TEXTUAL = /^(?:application\/(?:json|javascript)|text\/)/i;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

export interface StockFront {
  /** The front's origin (Suki in upstream mode). */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Starts the stand-in (`mount` adds the recorded stock routes; `here` turns the embedded shop's
 * addresses in a text into the stand-in's) and the front. `standUrl()` is known once it listens.
 */
export async function startStockFront(
  embedded: string,
  mount: (app: Hono, tools: { readonly here: (text: string) => string; readonly standUrl: () => string }) => void,
  name: string,
): Promise<StockFront> {
  let standUrl = '';
  const here = (text: string) => text.split(embedded).join(standUrl).split(embedded.replace(/\//g, '\\/')).join(standUrl.replace(/\//g, '\\/'));
  const app = new Hono();
  mount(app, { here, standUrl: () => standUrl });
  // Everything else is the embedded shop's, as if it were this shop's.
  app.all('*', async (c) => {
    const url = new URL(c.req.url);
    const headers = new Headers();
    c.req.raw.headers.forEach((value, header) => {
      if (!HOP.test(header) && header !== 'host' && header !== 'accept-encoding') headers.set(header, header === 'origin' || header === 'referer' ? here(value).split(standUrl).join(embedded) : value);
    });
    const body = c.req.method === 'GET' || c.req.method === 'HEAD' ? null : await c.req.arrayBuffer();
    const answer = await fetch(`${embedded}${url.pathname}${url.search}`, { method: c.req.method, headers, body, redirect: 'manual' });
    const out = new Headers();
    answer.headers.forEach((value, header) => {
      if (!HOP.test(header) && header !== 'set-cookie') out.set(header, here(value));
    });
    for (const line of answer.headers.getSetCookie()) out.append('set-cookie', line);
    const type = answer.headers.get('content-type') ?? '';
    return new Response(TEXTUAL.test(type) ? here(await answer.text()) : answer.body, { status: answer.status, headers: out });
  });
  const stand = await listen(app, { port: 0, host: '127.0.0.1' });
  standUrl = stand.url;

  const front = await startSuki({ SUKI_UPSTREAM: standUrl, SUKI_DATA_DIR: '' }, name);
  return {
    url: front.url,
    close: async () => {
      await front.close();
      await stand.close();
    },
  };
}

/**
 * Our production server (the `embedded` project's server built it) as a process of its own, from an
 * empty working directory, with `env` on top of this one's: a front in upstream mode, or a second
 * shop with other settings (its data folder in that directory unless `env` says otherwise).
 */
export async function startSuki(env: Readonly<Record<string, string>>, name: string): Promise<StockFront> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const workDir = mkdtempSync(path.join(os.tmpdir(), `suki-${name}-`));
  const child: ChildProcess = spawn(process.execPath, [path.resolve('dist/server/server/main.js')], {
    cwd: workDir,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), SUKI_DATA_DIR: path.join(workDir, 'data'), ...env },
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/wp-json/wc/store/v1/products?per_page=1`)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`the ${name} server exited (${child.exitCode})`);
    if (Date.now() > deadline) throw new Error(`the ${name} server did not start`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    close: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}
