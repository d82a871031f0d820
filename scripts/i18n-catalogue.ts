// Writes the English catalogue (src/i18n/locales/en-PH.json) from the shop's `defineMessages`
// declarations, for translators, and the Filipino ones from their per-area sources in
// src/i18n/locales/fil-PH/: src/i18n/locales/fil-PH.json for pages, and fil-PH.server.json for the
// components only `server/` declares (emails, contact answers); the catalogue test checks all three.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { declarations, englishCatalogue, filipinoSources, sourceFiles, splitCatalogue } from '../src/i18n/catalogue-source.js';

// The shop's texts, and the server's own (emails, the contact forms' answers).
const serverFiles = sourceFiles(path.resolve('server'));
const { found, errors } = declarations([...sourceFiles(path.resolve('src')), ...serverFiles]);
const serverOnly = new Set(declarations(serverFiles).found.map((d) => d.component));
if (errors.length > 0) {
  console.error(errors.join('\n'));
  process.exit(1);
}
const filipino = filipinoSources('src/i18n/locales/fil-PH');
if (filipino.errors.length > 0) {
  console.error(filipino.errors.join('\n'));
  process.exit(1);
}
// The pages' catalogue (Filipino pages fetch it) and the server's own, which no browser needs.
const { pages, server } = splitCatalogue(filipino.merged, serverOnly);
writeFileSync('src/i18n/locales/fil-PH.json', `${JSON.stringify(pages, null, 2)}\n`);
writeFileSync('src/i18n/locales/fil-PH.server.json', `${JSON.stringify(server, null, 2)}\n`);
writeFileSync('src/i18n/locales/en-PH.json', `${JSON.stringify(englishCatalogue(found), null, 2)}\n`);
console.log(`src/i18n/locales/en-PH.json: ${found.length} areas, ${found.reduce((n, d) => n + Object.keys(d.texts).length, 0)} texts`);
