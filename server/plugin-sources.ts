import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PLUGIN_FOLDERS, pluginSources, type PluginSources } from '../src/plugins/loader.js';
import { projectRoot as root, runsFromBuild, SERVER_BUILD_DIR } from './lib/root.js';

/** Imports a module by its path from the project root. */
export type ModuleImporter = (pathFromRoot: string) => Promise<unknown>;

/**
 * Where a plugin's code is: its source under tsx (tests, the CLI), or the module the server build
 * made of it (`dist/server/<same path>.js`, beside the server's own, sharing its chunks).
 */
export const pluginModulePath = (pathFromRoot: string, fromBuild: boolean = runsFromBuild): string =>
  fromBuild ? path.join(root, SERVER_BUILD_DIR, pathFromRoot.replace(/\.tsx?$/, '.js')) : path.join(root, pathFromRoot);

/** Node's own import (production, and tests). */
const nativeImport: ModuleImporter = (pathFromRoot) => import(pathToFileURL(pluginModulePath(pathFromRoot)).href);

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
