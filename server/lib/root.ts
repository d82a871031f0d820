/**
 * Where the project is on disk, whether the server runs from its TypeScript sources (under tsx:
 * tests, `npm run dev`, the CLI) or from the production build in `dist/server/` (`npm start`).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The nearest folder at or above `from` that holds a `package.json`. */
export const findProjectRoot = (from: string): string => {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`Suki: no package.json at or above ${from}.`);
  }
};

/** The project's root folder (the one with `package.json`, `src/`, `server/` and `dist/`). */
export const projectRoot = findProjectRoot(here);

/** The folder the production build of the server goes to. */
export const SERVER_BUILD_DIR = path.join('dist', 'server');

/** True when this code runs from the production build rather than from its sources. */
export const runsFromBuild = path.relative(projectRoot, here).split(path.sep).slice(0, 2).join('/') === 'dist/server';
