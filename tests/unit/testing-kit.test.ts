// The property-testing kit as developers use it: through the `#testing` entry, and never shipped.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accepts, emailArb, phAddressArb, wire, wireNearMiss, wireShapes } from '#testing';

const ROOT = new URL('../../', import.meta.url).pathname;
const shipped = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' || entry.name === 'test' ? [] : shipped(path);
    return /\.tsx?$/.test(entry.name) && !/\.test(-d)?\.tsx?$/.test(entry.name) ? [path] : [];
  });

describe('the #testing entry', () => {
  it('exports the wire and domain arbitraries', () => {
    fc.assert(fc.property(wire.storeCart, (cart) => accepts(wireShapes.storeCart, cart)));
    fc.assert(fc.property(wireNearMiss('storeCart'), (miss) => !accepts(wireShapes.storeCart, miss.value)));
    expect(fc.sample(phAddressArb, 5).every((address) => address.country === 'PH')).toBe(true);
    expect(fc.sample(emailArb, 5).every((email) => email.includes('@'))).toBe(true);
  });

  it('is imported by no module the browser build can reach (only tests and test helpers use it)', () => {
    const offenders = ['src', 'examples']
      .flatMap(shipped)
      .filter((file) => /from\s+['"](#testing|fast-check|[^'"]*\/testing\/[^'"]*)['"]/.test(readFileSync(join(ROOT, file), 'utf8')))
      .map((file) => relative(ROOT, join(ROOT, file)));
    expect(offenders).toEqual([]);
  });
});
