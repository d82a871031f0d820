/**
 * Load shedding: at most `maxConcurrent` requests are handled at once, at most `maxQueue` more wait
 * their turn in arrival order, and any request past that is refused at once with 503 and
 * `Retry-After` (JSON on API paths, a small HTML page elsewhere). A waiting request whose client
 * disconnects leaves the queue without being handled, and its place goes to the next one, so
 * once a burst ends the server is back to its normal latency as soon as the requests still
 * wanted are done, instead of working through answers nobody will read.
 */

/** Settings of {@link withLoadShedding}. */
export interface LoadSheddingOptions {
  /** Requests handled at once. */
  readonly maxConcurrent: number;
  /** Requests that may wait for a turn; past that: 503. */
  readonly maxQueue: number;
  /**
   * Longest wait for a turn, in ms; a request still waiting then is refused with 503 too, since
   * its answer would come later than the shopper will wait. @default 3000
   */
  readonly maxWaitMs?: number;
  /** Seconds the refused client is asked to wait (`Retry-After`). @default 5 */
  readonly retryAfterSeconds?: number;
}

/** What became of a request at the gate. */
export type Admission = 'admitted' | 'refused' | 'abandoned';

interface Waiter {
  readonly admit: (outcome: Admission) => void;
  readonly signal: AbortSignal | undefined;
  readonly onAbort: () => void;
  timer?: ReturnType<typeof setTimeout>;
}

/** Counts for tests and benchmarks. */
export interface GateStats {
  admitted: number;
  refused: number;
  abandoned: number;
}

/** The gate: a counter of requests in hand and a first-in, first-out queue of waiting ones. */
export class AdmissionGate {
  readonly stats: GateStats = { admitted: 0, refused: 0, abandoned: 0 };
  private active = 0;
  private readonly waiting: Waiter[] = [];

  constructor(
    private readonly maxConcurrent: number,
    private readonly maxQueue: number,
    private readonly maxWaitMs = Number.POSITIVE_INFINITY,
  ) {}

  /** Requests being handled now. */
  get inFlight(): number {
    return this.active;
  }

  /** Requests waiting for a turn. */
  get queued(): number {
    return this.waiting.length;
  }

  /**
   * Asks for a turn: admitted at once when a slot is free, queued when the queue has room (and
   * admitted when a slot frees, or abandoned when `signal` aborts first), else refused. An
   * admitted request must call {@link leave} exactly once when done.
   */
  enter(signal?: AbortSignal): Admission | Promise<Admission> {
    if (signal?.aborted) return this.count('abandoned');
    if (this.active < this.maxConcurrent) {
      this.active += 1;
      return this.count('admitted');
    }
    if (this.waiting.length >= this.maxQueue) return this.count('refused');
    return new Promise<Admission>((resolve) => {
      const waiter: Waiter = {
        signal,
        admit: (outcome) => {
          signal?.removeEventListener('abort', waiter.onAbort);
          if (waiter.timer !== undefined) clearTimeout(waiter.timer);
          resolve(this.count(outcome));
        },
        onAbort: () => this.drop(waiter, 'abandoned'),
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      if (Number.isFinite(this.maxWaitMs)) waiter.timer = setTimeout(() => this.drop(waiter, 'refused'), this.maxWaitMs);
      this.waiting.push(waiter);
    });
  }

  /** Gives the slot back: the longest-waiting request whose client is still there takes it. */
  leave(): void {
    for (let next = this.waiting.shift(); next; next = this.waiting.shift()) {
      if (next.signal?.aborted) {
        next.admit('abandoned');
        continue;
      }
      next.admit('admitted');
      return;
    }
    this.active -= 1;
  }

  private drop(waiter: Waiter, outcome: Admission): void {
    const at = this.waiting.indexOf(waiter);
    if (at < 0) return;
    this.waiting.splice(at, 1);
    waiter.admit(outcome);
  }

  private count(outcome: Admission): Admission {
    this.stats[outcome] += 1;
    return outcome;
  }
}

/** Paths answered in JSON (the APIs), as the app itself tells them apart. */
export const isApiRequest = (url: URL): boolean =>
  url.pathname.startsWith('/wp-json/') || url.pathname === '/wp-json' || url.pathname.startsWith('/wp-admin/') || url.searchParams.has('wc-ajax') || url.searchParams.has('rest_route');

/** The 503 answer: JSON for API paths, a small page for the rest; never stored. */
export function overloaded(url: URL, retryAfterSeconds: number): Response {
  const headers = {
    'cache-control': 'no-store',
    'retry-after': String(retryAfterSeconds),
    'x-content-type-options': 'nosniff',
  };
  if (isApiRequest(url)) {
    return new Response(JSON.stringify({ code: 'suki_overloaded', message: 'The shop is busy right now. Please try again in a few seconds.', data: { status: 503 } }), {
      status: 503,
      headers: { ...headers, 'content-type': 'application/json; charset=UTF-8' },
    });
  }
  return new Response(
    `<!doctype html><html lang="en-PH"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="${retryAfterSeconds}"><title>Busy — Suki</title></head><body><main><h1>The shop is busy</h1><p>Too many people are shopping at this moment. This page will try again in a few seconds.</p></main></body></html>`,
    { status: 503, headers: { ...headers, 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'; frame-ancestors 'self'" } },
  );
}

/** A fetch handler as `@hono/node-server` calls it. */
export type FetchHandler = (request: Request, env?: unknown) => Response | Promise<Response>;

/**
 * Requests that skip the gate: the client build's files (read from disk, no rendering), and review
 * uploads, whose bodies take as long as the shopper's connection needs (a slow phone must not hold
 * one of the few turns for minutes); their module caps them itself (`routes/review-media.ts`).
 */
const skipsGate = (url: URL, request: Request): boolean =>
  url.pathname.startsWith('/assets/') ||
  (request.method === 'POST' && (url.pathname === '/wp-json/suki/v1/reviews/media' || url.pathname === '/wp-admin/admin-ajax.php') && /^multipart\/form-data/i.test(request.headers.get('content-type') ?? ''));

/**
 * Wraps the app's fetch with an {@link AdmissionGate}. Calls the app makes to itself (the page
 * renderer's in-process API calls) use the app's own fetch, so they never wait behind the gate
 * their page already passed.
 */
export function withLoadShedding(fetch: FetchHandler, options: LoadSheddingOptions): FetchHandler & { readonly gate: AdmissionGate } {
  const gate = new AdmissionGate(options.maxConcurrent, options.maxQueue, options.maxWaitMs ?? 3000);
  const retryAfter = options.retryAfterSeconds ?? 5;
  const handler = async (request: Request, env?: unknown): Promise<Response> => {
    const url = new URL(request.url);
    if (skipsGate(url, request)) return fetch(request, env);
    const admission = await gate.enter(request.signal);
    if (admission === 'refused') return overloaded(url, retryAfter);
    // The client left while waiting: nobody reads this answer.
    if (admission === 'abandoned') return new Response(null, { status: 499 });
    try {
      // One turn of the event loop first, so requests that arrived together all reach the gate
      // (and are counted) before any of them runs: with PGlite in this thread, a request's work
      // can otherwise run to its end without the event loop reading the network once.
      await new Promise((resolve) => setImmediate(resolve));
      if (request.signal.aborted) return new Response(null, { status: 499 });
      return await fetch(request, env);
    } finally {
      gate.leave();
    }
  };
  return Object.assign(handler, { gate });
}
