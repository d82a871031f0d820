// The end-to-end servers. Each Playwright worker drives a pair of its own: an embedded shop (its own
// database, mail and media folders) and a Suki in upstream mode in front of it. So two test files
// running at once never meet in one shop: no shared cart, stock, review list or per-client limit.
// Pair i listens on E2E_PORT + 2i (embedded) and the port after it (front).

/** The first pair's embedded port. */
export const E2E_PORT = Number(process.env['E2E_PORT'] ?? 3107);

/** Workers, and so pairs: two by default (CI's two cores), `E2E_WORKERS=1` for one. */
export const E2E_WORKERS = Math.max(1, Math.floor(Number(process.env['E2E_WORKERS'] ?? 2)) || 1);

const origin = (port: number): string => `http://127.0.0.1:${port}`;

/** Pair `index`'s two addresses. */
export const pairUrls = (index: number): { readonly embedded: string; readonly front: string } => ({
  embedded: origin(E2E_PORT + 2 * index),
  front: origin(E2E_PORT + 2 * index + 1),
});

/** Pair `index`'s data folder (the first keeps the name it always had). */
export const pairDataDir = (index: number): string => (index === 0 ? '.tmp/e2e-data' : `.tmp/e2e-data-${index}`);

/** The empty working folder of pair `index`'s front (upstream mode writes nothing to disk). */
export const pairFrontDir = (index: number): string => (index === 0 ? '.tmp/e2e-front-cwd' : `.tmp/e2e-front-cwd-${index}`);

/** The same address on pair `index`: the first pair's ports, moved up by two per pair. */
export const onPair = (url: string, index: number): string => {
  const address = new URL(url);
  address.port = String(Number(address.port) + 2 * index);
  return address.origin;
};

/** The front of the pair whose embedded shop is at `embedded`. */
export const frontOf = (embedded: string): string => {
  const address = new URL(embedded);
  address.port = String(Number(address.port) + 1);
  return address.origin;
};

/** In a test worker: the index of the pair it drives (Playwright's parallel index). */
export const workerPair = (): number => Number(process.env['TEST_PARALLEL_INDEX'] ?? 0);
