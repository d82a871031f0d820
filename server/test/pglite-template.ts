/**
 * The test shops' starting database on PGlite: one migrated and seeded database, dumped once and
 * kept in `.tmp/pglite-template/`, which every test file's in-memory database starts as a copy of
 * (about 0.5 s, against 2–3 s to migrate and seed an empty one; the server tests open a hundred).
 * The file is named by a hash of the database code (`server/db/`, migrations and seed included)
 * and of PGlite's version, so a change to any of them makes a new one; concurrent test workers
 * that both find none both make it, and the second rename wins with the same content.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { openDatabase } from '../db/client.js';
import { projectRoot } from '../lib/root.js';

const DB_CODE = path.join(projectRoot, 'server', 'db');
const KEPT = path.join(projectRoot, '.tmp', 'pglite-template');

/** Every file under `dir` (sorted, recursively), but tests. */
const filesOf = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return filesOf(full);
      return entry.name.endsWith('.test.ts') ? [] : [full];
    });

/** A short hash of the database code (`server/db/`, migrations and seed included) and PGlite's version. */
export const databaseCodeKey = (): string => {
  const hash = createHash('sha256');
  const pglite = path.join(projectRoot, 'node_modules', '@electric-sql', 'pglite', 'package.json');
  hash.update(String((JSON.parse(readFileSync(pglite, 'utf8')) as { version?: unknown }).version));
  for (const file of filesOf(DB_CODE)) hash.update(path.relative(DB_CODE, file)).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
};

let made: Promise<Blob> | undefined;

/** The dump every test database on PGlite starts from (read from `.tmp/`, or made and kept there). */
export function pgliteTemplate(): Promise<Blob> {
  made ??= (async () => {
    const file = path.join(KEPT, `${databaseCodeKey()}.tar`);
    try {
      return new Blob([await readFile(file)]);
    } catch {
      const fresh = await openDatabase({ dataDir: 'memory' });
      try {
        const dump = await fresh.dump!();
        await mkdir(KEPT, { recursive: true });
        const partial = `${file}.${randomBytes(4).toString('hex')}`;
        await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
        await rename(partial, file);
        return dump;
      } finally {
        await fresh.close();
      }
    }
  })();
  return made;
}
