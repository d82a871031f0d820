import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The house plan's layer rules live in eslint.config.js; these cases prove they bite.
const eslint = new ESLint({ cwd: process.cwd() });

const errorsFor = async (code: string, filePath: string): Promise<string[]> => {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
};

describe('layer boundaries', () => {
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
});
