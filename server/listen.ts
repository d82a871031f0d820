/** Starts the app on a Node HTTP server bound to one host (127.0.0.1 unless told otherwise). */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { withLoadShedding, type AdmissionGate, type LoadSheddingOptions } from './lib/load-shedding.js';

/** A running server. */
export interface RunningServer {
  /** e.g. `http://127.0.0.1:3000` (no trailing slash). */
  readonly url: string;
  readonly port: number;
  /** Stops accepting connections and waits for open requests (forcing after 5 s). */
  close(): Promise<void>;
  /** The load-shedding gate, when {@link ListenOptions.shedding} was given. */
  readonly gate?: AdmissionGate;
}

/** Options of {@link listen}. */
export interface ListenOptions {
  /** 0 picks a free port. */
  readonly port: number;
  /** @default '127.0.0.1' */
  readonly host?: string;
  /** Past this many requests in hand and waiting, answer 503 (`server/lib/load-shedding.ts`); absent: no limit. */
  readonly shedding?: LoadSheddingOptions;
}

/** Listens on `host:port`; resolves once the socket is bound. */
export function listen(app: Hono, options: ListenOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  return new Promise<RunningServer>((resolve, reject) => {
    const shed = options.shedding ? withLoadShedding(app.fetch, options.shedding) : null;
    const server = serve({ fetch: shed ?? app.fetch, port: options.port, hostname: host }) as Server;
    // Keep-alive a little longer than common proxies' idle timeouts, so they close first.
    server.keepAliveTimeout = 65_000;
    server.once('error', reject);
    server.once('listening', () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      const shownHost = host.includes(':') ? `[${host}]` : host;
      resolve({
        url: `http://${shownHost}:${port}`,
        port,
        ...(shed ? { gate: shed.gate } : {}),
        close: () =>
          new Promise<void>((done, fail) => {
            const force = setTimeout(() => server.closeAllConnections(), 5_000);
            force.unref();
            server.close((error) => {
              clearTimeout(force);
              if (error) fail(error);
              else done();
            });
            server.closeIdleConnections();
          }),
      });
    });
  });
}
