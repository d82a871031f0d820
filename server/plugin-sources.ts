import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PLUGIN_FOLDERS, pluginSources, type PluginSources } from '../src/plugins/loader.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Imports a module by its path from the project root. */
export type ModuleImporter = (pathFromRoot: string) => Promise<unknown>;

/** Node's own import (production under tsx, and tests). */
const nativeImport: ModuleImporter = (pathFromRoot) => import(pathToFileURL(path.join(root, pathFromRoot)).href);

/**
 * The server's view of which plugins exist: every `index.ts` in a folder under `src/plugins/` or
 * `examples/`, read from disk, loaded with `importer` (the dev server passes Vite's, so plugin views
 * share the renderer's module instances).
 */
export const scanPluginSources = (importer: ModuleImporter = nativeImport, base: string = root): PluginSources => {
  const modules: Record<string, () => Promise<unknown>> = {};
  for (const folder of PLUGIN_FOLDERS) {
    const dir = path.join(base, folder);
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const index = `${folder}/${entry.name}/index.ts`;
      if (entry.isDirectory() && existsSync(path.join(base, index))) modules[index] = () => importer(index);
    }
  }
  return pluginSources(modules);
};
