/**
 * Test support: recorded stock answers (body + headers) replayed through a fake `fetch` that also
 * records every request the adapters send. Used by the adapter tests only; never bundled.
 */
import { readFileSync } from 'node:fs';

const FIXTURES = new URL('../../../tests/fixtures/stock-woocommerce-9.1/', import.meta.url);

/** A recorded answer: status line and headers from `<name>.headers`, body from `<name>.json`. */
export interface Recording {
  readonly status: number;
  readonly statusText: string;
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body: string;
}

/** Parses a `.headers` file: an HTTP status line, then `Name: value` lines. */
export function parseHeaderFile(text: string): Pick<Recording, 'status' | 'statusText' | 'headers'> {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  const statusLine = /^HTTP\/[\d.]+\s+(\d{3})\s*(.*)$/.exec(lines[0] ?? '');
  if (!statusLine) throw new Error(`Not a status line: ${lines[0] ?? ''}`);
  const headers = lines.slice(1).map((line): [string, string] => {
    const colon = line.indexOf(':');
    return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
  });
  return { status: Number(statusLine[1]), statusText: statusLine[2] ?? '', headers };
}

/** Loads `<name>.json` and `<name>.headers` from the stock 9.1 fixtures. */
export function recording(name: string): Recording {
  const head = parseHeaderFile(readFileSync(new URL(`${name}.headers`, FIXTURES), 'utf8'));
  const body = readFileSync(new URL(`${name}.json`, FIXTURES), 'utf8');
  return { ...head, body };
}

// Hop-by-hop framing of the recorded connection; a constructed Response has its body already.
const FRAMING = new Set(['transfer-encoding', 'connection', 'content-length']);

/** A fresh `Response` for a recording, optionally with another body or extra headers. */
export function replay(recorded: Recording, override: { body?: string; headers?: Record<string, string> } = {}): Response {
  const headers = new Headers();
  for (const [name, value] of recorded.headers) {
    if (!FRAMING.has(name.toLowerCase())) headers.append(name, value);
  }
  for (const [name, value] of Object.entries(override.headers ?? {})) headers.set(name, value);
  const body = override.body ?? recorded.body;
  const nullBody = recorded.status === 204 || recorded.status === 304;
  return new Response(nullBody ? null : body, { status: recorded.status, statusText: recorded.statusText, headers });
}

/** A request as the fake shop saw it. */
export interface SeenRequest {
  readonly url: string;
  readonly method: string;
  /** Lower-cased header names. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly credentials: RequestCredentials;
  /** Form fields when the body is form-encoded, in order. */
  readonly form: ReadonlyArray<readonly [string, string]>;
}

/** What the fake shop answers: a Response, or a thrown error (a network failure). */
export type Answer = (request: SeenRequest, index: number) => Response | Promise<Response>;

/** A fake `fetch` that records requests and answers through `answer`. */
export function fakeShop(answer: Answer): { readonly fetch: typeof globalThis.fetch; readonly requests: SeenRequest[] } {
  const requests: SeenRequest[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const body = request.body ? await request.clone().text() : '';
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const form = (headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')
      ? [...new URLSearchParams(body).entries()]
      : [];
    const seen: SeenRequest = { url: request.url, method: request.method, headers, body, form, credentials: request.credentials };
    requests.push(seen);
    return answer(seen, requests.length - 1);
  };
  return { fetch: fetchImpl as typeof globalThis.fetch, requests };
}

/** Answers requests in order from a list; a missing answer fails the test loudly. */
export function inOrder(...answers: ReadonlyArray<() => Response | Promise<Response>>): Answer {
  return (_request, index) => {
    const next = answers[index];
    if (!next) throw new Error(`Unexpected request #${index + 1}`);
    return next();
  };
}

/** A JSON response. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=UTF-8', ...headers },
  });
}

/** The shop host the recordings were made on. */
export const SHOP = 'http://127.0.0.1:8931';
