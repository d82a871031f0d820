import { defineConfig } from 'vitest/config';

// The unit tests as Stryker runs them (`npm run mutation`, `stryker.config.mjs`): the `unit`
// project without its type-check pass (mutants change values, not types) and without the server.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'examples/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    environment: 'node',
    // The machine is shared and Stryker instruments the code: a property test may run slowly.
    testTimeout: 30_000,
  },
});
