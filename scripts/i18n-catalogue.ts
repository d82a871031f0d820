// Writes the English catalogue (src/i18n/locales/en-PH.json) from the shop's `defineMessages`
// declarations, for translators, and the Filipino one (src/i18n/locales/fil-PH.json) from its
// per-area sources in src/i18n/locales/fil-PH/; the catalogue test checks both are up to date.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { declarations, englishCatalogue, filipinoSources, sourceFiles } from '../src/i18n/catalogue-source.js';

// The shop's texts, and the server's own (emails, the contact forms' answers).
const { found, errors } = declarations([...sourceFiles(path.resolve('src')), ...sourceFiles(path.resolve('server'))]);
if (errors.length > 0) {
  console.error(errors.join('\n'));
  process.exit(1);
}
const filipino = filipinoSources('src/i18n/locales/fil-PH');
if (filipino.errors.length > 0) {
  console.error(filipino.errors.join('\n'));
  process.exit(1);
}
writeFileSync('src/i18n/locales/fil-PH.json', `${JSON.stringify(filipino.merged, null, 2)}\n`);
writeFileSync('src/i18n/locales/en-PH.json', `${JSON.stringify(englishCatalogue(found), null, 2)}\n`);
console.log(`src/i18n/locales/en-PH.json: ${found.length} areas, ${found.reduce((n, d) => n + Object.keys(d.texts).length, 0)} texts`);
