import { defineConfig } from 'vitest/config';

// Two projects: browser-side code (core, adapters, plugins) and the server over real HTTP.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'examples/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file has its own shop on its own database (PGlite in memory, or a fresh PostgreSQL
          // database), so two files run at once: one per core of the CI machine.
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
