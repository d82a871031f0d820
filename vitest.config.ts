import { defineConfig } from 'vitest/config';

// Two projects: browser-side code (core, adapters, plugins) and the server over real HTTP.
//
// Test files share their worker's modules (`isolate: false`): loading the server, zod, RxJS and
// the rest again for every file was a third of the run (unit tests 49 s → 17 s, server tests on
// PGlite 150 s → 85 s on two cores). So a file must leave nothing behind that another could see:
// stubbed globals and fake timers are undone in `afterEach`/`finally`, and module-level state is
// the code's own, which must work across many shops in one process anyway. The module that sets
// process-wide state (full zod's locale) is why `planPlugins` words its own messages.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'examples/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          environment: 'node',
          isolate: false,
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
          isolate: false,
        },
      },
    ],
  },
});
