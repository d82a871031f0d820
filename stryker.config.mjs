// Mutation testing (`npm run mutation`; not part of `npm test`). Stryker changes the code of the
// files below one small way at a time (a `+` for a `-`, a condition for `true`, a string for '')
// and runs the unit tests that cover each change; a change no test notices "survives". Scores,
// survivors and the equivalent mutants we accept are in docs/mutation.md.
//
// One file at a time while working: `npm run mutation -- --mutate src/core/rules/quantity.ts`.
// Run it through that script, not `npx stryker run`: see scripts/mutation.mjs.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.stryker.config.ts', related: true },
  // Each mutant runs only the tests that reached it. (With Vitest 5 this needs the test-name fix
  // that scripts/mutation.mjs applies to the runner; run Stryker through `npm run mutation`.)
  coverageAnalysis: 'perTest',
  mutate: [
    // The pure rules.
    'src/core/rules/**/*.ts',
    // The state machines: cart, checkout, wishlist, reviews (list, votes, form, uploads), questions.
    'src/core/cart/*.ts',
    'src/core/checkout/*.ts',
    'src/core/catalog/section.ts',
    'src/plugins/wishlist/{controller,rules,state}.ts',
    'src/plugins/reviews/{list,rules,votes}.ts',
    'src/plugins/reviews/form/{controller,machine,rules,uploads}.ts',
    'src/plugins/questions/{controller,rules}.ts',
    '!**/*.test.ts',
    '!**/*.test-d.ts',
  ],
  // Only what the unit tests read is copied into the sandbox.
  ignorePatterns: ['dist', '.data', '.tools', 'reports', 'test-results', 'playwright-report', 'bench-results', 'bench', 'tests/e2e', 'server/db/migrations', '.tmp'],
  disableTypeChecks: '{src,examples,tests}/**/*.{ts,tsx}',
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  // The machine is shared: two test processes at most.
  concurrency: 2,
  thresholds: { high: 85, low: 70, break: null },
  timeoutMS: 10000,
};
