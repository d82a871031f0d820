// `npm run mutation [-- stryker options]`: Stryker over the rules and state machines
// (stryker.config.mjs). Not part of `npm test`. One file at a time while working:
//   npm run mutation -- --mutate src/core/rules/quantity.ts
//
// Stryker's Vitest runner 9.6 names a test by its suites and title joined with spaces and filters
// each mutant's run by that name, but Vitest 5 matches `testNamePattern` against the chain joined
// with ' > ', so the filter selects no test and every covered mutant "survives" untested
// (stryker-js issue 6210; the fix, PR 6214, is not released yet). Until it is, this script makes
// the runner join names with ' > ' in its two copies of `collectTestName` before Stryker starts.
// It changes nothing once the runner has its own fix, and says so if the text it expects is gone.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { checkNode, run } from './toolchain.mjs';

checkNode();
const require = createRequire(import.meta.url);
const vitestMajor = Number(JSON.parse(readFileSync(require.resolve('vitest/package.json'), 'utf8')).version.split('.')[0]);
const runnerDir = join(dirname(require.resolve('@stryker-mutator/vitest-runner/package.json')), 'dist', 'src');
const OLD = "return nameParts.join(' ').trim();";
const NEW = "return nameParts.join(' > ').trim(); // Vitest 5 separator (patched by scripts/mutation.mjs)";
if (vitestMajor >= 5) {
  for (const file of ['test-helpers.js', 'stryker-setup.js']) {
    const path = join(runnerDir, file);
    const text = readFileSync(path, 'utf8');
    if (text.includes(NEW)) continue;
    if (!text.includes(OLD)) {
      console.warn(`mutation: ${file} of the Vitest runner has changed; check that stryker-js PR 6214 is in and drop the patch in scripts/mutation.mjs.`);
      continue;
    }
    writeFileSync(path, text.replace(OLD, NEW));
    console.log(`mutation: patched ${file} of @stryker-mutator/vitest-runner for Vitest 5 test names`);
  }
}
process.exit(run('npx', ['stryker', 'run', ...process.argv.slice(2)]) ? 0 : 1);
