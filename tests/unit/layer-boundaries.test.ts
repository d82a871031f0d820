import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The house plan's layer rules live in eslint.config.js; these cases prove they bite.
const eslint = new ESLint({ cwd: process.cwd() });

const BOUNDARY_RULES = new Set(['no-restricted-imports', 'no-restricted-globals', 'no-restricted-properties']);

const errorsFor = async (code: string, filePath: string): Promise<string[]> => {
  const [result] = await eslint.lintText(code, { filePath });
  const messages = result?.messages ?? [];
  // A parse error or a config that does not apply would make every case below pass for nothing.
  expect(messages.filter((m) => m.fatal)).toEqual([]);
  return messages.filter((m) => m.ruleId !== null && BOUNDARY_RULES.has(m.ruleId)).map((m) => m.message);
};

describe('layer boundaries', () => {
  // Loading the config and the TypeScript parser takes a few seconds on a busy machine; do it once first.
  beforeAll(() => eslint.lintText('', { filePath: 'src/core/example.ts' }), 60_000);

  it('refuses React and ky in src/core', async () => {
    const react = await errorsFor("import { useState } from 'react';\nexport const x = useState;\n", 'src/core/example.ts');
    expect(react).toHaveLength(1);
    expect(react[0]).toContain('src/core must not import React.');
    const ky = await errorsFor("import ky from 'ky';\nexport const x = ky;\n", 'src/core/example.ts');
    expect(ky).toHaveLength(1);
    expect(ky[0]).toContain('src/core must not do HTTP');
  });

  it('refuses other layers in src/core and HTTP in plugins and views', async () => {
    expect(await errorsFor("import { createAdapters } from '../adapters/index.js';\nexport const x = createAdapters;\n", 'src/core/example.ts')).toHaveLength(1);
    expect(await errorsFor("import ky from 'ky';\nexport const x = ky;\n", 'src/plugins/example/index.ts')).toHaveLength(1);
    expect(await errorsFor("import ky from 'ky';\nexport const x = ky;\n", 'src/ui/example.ts')).toHaveLength(1);
  });

  it('lets core use its own libraries', async () => {
    expect(await errorsFor("import { Subject } from 'rxjs';\nexport const s = new Subject<number>();\n", 'src/core/example.ts')).toEqual([]);
  });

  it('refuses DOM globals in src/core, and lets it use what Node and browsers share', async () => {
    const title = await errorsFor("export const title = (): string => document.title;\n", 'src/core/example.ts');
    expect(title).toHaveLength(1);
    expect(title[0]).toContain('src/core uses no DOM or browser globals');
    for (const code of [
      'export const w = window.innerWidth;',
      'export const lang = navigator.language;',
      "export const saved = localStorage.getItem('k');",
      'export const here = location.href;',
      'export const isElement = (x: unknown): boolean => x instanceof HTMLElement;',
      'export const d = globalThis.document;',
    ]) {
      expect(await errorsFor(`${code}\n`, 'src/core/rules/example.ts'), code).toHaveLength(1);
    }
    expect(await errorsFor("export const get = () => fetch('/x');\n", 'src/core/example.ts')).toEqual([expect.stringContaining('must not do HTTP')]);
    const shared = [
      'export const later = (f: () => void) => setTimeout(f, 1);',
      'export const stop = new AbortController();',
      "export const u = new URL('/a', 'http://x');",
      'export const q = new URLSearchParams();',
      "export const log = () => console.log('x');",
      // A local binding with a browser global's name is not the global.
      "export const pick = (location: string, name: string) => location + name;",
    ].join('\n');
    expect(await errorsFor(`${shared}\n`, 'src/core/example.ts')).toEqual([]);
    // The shell may use the DOM.
    expect(await errorsFor('export const title = (): string => document.title;\n', 'src/ui/example.ts')).toEqual([]);
  });

  it('refuses a plugin importing another plugin, at any depth of its folder', async () => {
    const sibling = await errorsFor("import { x } from '../other/index.js';\nexport const y = x;\n", 'src/plugins/example/index.ts');
    expect(sibling).toEqual([expect.stringContaining('A plugin imports no other plugin')]);
    expect(await errorsFor("import { x } from '../../other/views/X.js';\nexport const y = x;\n", 'src/plugins/example/views/Note.tsx')).toHaveLength(1);
    expect(await errorsFor("import { x } from '../../plugins/other/index.js';\nexport const y = x;\n", 'src/plugins/example/index.ts')).toHaveLength(1);
  });

  it("lets a plugin import its own files, core and the shell's view helpers", async () => {
    const own = [
      "import { a } from './sections.js';",
      "import { b } from './views/Note.js';",
      "import { definePlugin } from '../../core/plugin.js';",
      'export const all = [a, b, definePlugin];',
    ].join('\n');
    expect(await errorsFor(`${own}\n`, 'src/plugins/example/index.ts')).toEqual([]);
    const view = [
      "import plugin from '../index.js';",
      "import { c } from './Part.js';",
      "import { useUi } from '../../../ui/runtime-context.js';",
      'export const all = [plugin, c, useUi];',
    ].join('\n');
    expect(await errorsFor(`${view}\n`, 'src/plugins/example/views/Note.tsx')).toEqual([]);
  });

  it('refuses adapters in plugins and in views, and lets the two entries use them', async () => {
    const adapters = "import { createAdapters } from '../../adapters/index.js';\nexport const x = createAdapters;\n";
    expect(await errorsFor(adapters, 'src/plugins/example/index.ts')).toEqual([expect.stringContaining('A plugin imports no adapters')]);
    expect(await errorsFor("import { a } from '../../../adapters/catalog.js';\nexport const x = a;\n", 'src/plugins/example/views/Note.tsx')).toHaveLength(1);
    expect(await errorsFor(adapters, 'src/ui/components/Example.tsx')).toEqual([expect.stringContaining('Views import no adapters')]);
    expect(await errorsFor("import { a } from '../adapters/lazy.js';\nexport const x = a;\n", 'src/ui/example.ts')).toHaveLength(1);
    const entry = "import { createLazyPorts } from './adapters/lazy.js';\nexport const x = createLazyPorts;\n";
    expect(await errorsFor(entry, 'src/entry-client.tsx')).toEqual([]);
    expect(await errorsFor(entry, 'src/entry-server.tsx')).toEqual([]);
  });
});
