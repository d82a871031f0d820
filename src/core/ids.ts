/**
 * Makes an id generator: a random per-instance prefix and a counter. Ids are unique within the
 * generator and, thanks to the prefix, practically unique across page loads, so they can serve as
 * idempotency keys. Each runtime makes its own; nothing is shared between instances.
 */
export const createIdGenerator = (prefix: string = randomPrefix()): (() => string) => {
  let counter = 0;
  return () => {
    counter += 1;
    return prefix + counter.toString(36);
  };
};

const randomPrefix = (): string => {
  const bytes = new Uint8Array(6);
  globalThis.crypto.getRandomValues(bytes);
  let text = '';
  for (const byte of bytes) text += byte.toString(16).padStart(2, '0');
  return `${text}-`;
};
