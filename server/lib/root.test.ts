import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pluginModulePath } from '../plugin-sources.js';
import { findProjectRoot, projectRoot, runsFromBuild } from './root.js';

describe('the project root, from the sources or from the server build', () => {
  it('is the folder with package.json, found from any depth below it', () => {
    const top = mkdtempSync(path.join(tmpdir(), 'suki-root-'));
    writeFileSync(path.join(top, 'package.json'), '{}');
    const deep = path.join(top, 'dist', 'server', 'chunks');
    mkdirSync(deep, { recursive: true });
    expect(findProjectRoot(deep)).toBe(top);
    expect(findProjectRoot(top)).toBe(top);
  });

  it('under tsx the sources run, and plugins load from their sources', () => {
    expect(runsFromBuild).toBe(false);
    expect(path.join(projectRoot, 'server', 'lib', 'root.test.ts')).toBe(path.resolve(import.meta.dirname, 'root.test.ts'));
    expect(pluginModulePath('src/plugins/pixel/index.ts')).toBe(path.join(projectRoot, 'src/plugins/pixel/index.ts'));
  });

  it('from the build, a plugin is the module the build made of it, beside the server', () => {
    expect(pluginModulePath('src/plugins/pixel/index.ts', true)).toBe(path.join(projectRoot, 'dist/server/src/plugins/pixel/index.js'));
    expect(pluginModulePath('examples/last-added/index.ts', true)).toBe(path.join(projectRoot, 'dist/server/examples/last-added/index.js'));
  });
});
