import { defineConfig } from 'vitest/config';

// The unit tests as Stryker runs them (`npm run mutation`, `stryker.config.mjs`): the `unit`
// project without its type-check pass (mutants change values, not types) and without the server.
//
// `MUTATION_TESTS` (comma-separated globs) narrows the run to a file's own tests, e.g.
//   MUTATION_TESTS='src/core/cart/*.test.ts' npm run mutation -- --mutate src/core/cart/cart-module.ts
// Without it every unit test that imports the mutated file is a candidate, and a module that many
// pages import (the cart) loads a dozen test files for each mutant. The score is then the share
// of mutants those tests kill, a lower bound of the whole suite's.
const narrowed = (process.env['MUTATION_TESTS'] ?? '')
  .split(',')
  .map((glob) => glob.trim())
  .filter((glob) => glob !== '');

export default defineConfig({
  test: {
    include: narrowed.length > 0 ? narrowed : ['src/**/*.test.ts', 'examples/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    environment: 'node',
    // The machine is shared and Stryker instruments the code: a property test may run slowly.
    testTimeout: 30_000,
  },
});
