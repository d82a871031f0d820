// Writes the English catalogue (src/i18n/locales/en-PH.json) from the shop's `defineMessages`
// declarations, for translators; the catalogue test checks it is up to date.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { declarations, englishCatalogue, sourceFiles } from '../src/i18n/catalogue-source.js';

const { found, errors } = declarations(sourceFiles(path.resolve('src')));
if (errors.length > 0) {
  console.error(errors.join('\n'));
  process.exit(1);
}
writeFileSync('src/i18n/locales/en-PH.json', `${JSON.stringify(englishCatalogue(found), null, 2)}\n`);
console.log(`src/i18n/locales/en-PH.json: ${found.length} areas, ${found.reduce((n, d) => n + Object.keys(d.texts).length, 0)} texts`);
