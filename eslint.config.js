// Lint rules, including the house plan's import boundaries between layers.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

// Browser-only globals (the DOM, window and its properties): every browser global Node does not
// also have, plus the few Node has but core must not lean on. Core runs on the server too.
const sharedGlobals = new Set([...Object.keys(globals.node), ...Object.keys(globals['shared-node-browser'] ?? {})]);
const domGlobals = [...new Set([...Object.keys(globals.browser).filter((name) => !sharedGlobals.has(name)), 'navigator', 'localStorage', 'sessionStorage'])];
const domMessage = 'src/core uses no DOM or browser globals; take what you need as a parameter or put it in src/ui.';

// Import rules of the shell's views: only the two entries (src/entry-*.tsx) wire the adapters in.
const uiImports = [
  { group: ['ky', 'ky/*'], message: 'Views reach HTTP only through ports (src/adapters).' },
  { group: ['**/server/**'], message: 'The browser code never imports the server.' },
  { regex: '(^|/)adapters(/|$)', message: 'Views import no adapters; only src/entry-client.tsx and src/entry-server.tsx wire them in.' },
];

// Import rules of a plugin's own files (shipped code; tests may read wire fixtures through the adapters).
const pluginImports = (depth) => [
  { group: ['ky', 'ky/*'], message: 'Plugins reach HTTP only through ports (src/adapters).' },
  { group: ['**/server/**'], message: 'The browser code never imports the server.' },
  { regex: '(^|/)adapters(/|$)', message: 'A plugin imports no adapters; it reaches them through the ports in its context.' },
  // `depth` levels up is the plugins folder: a path that goes up exactly that far names another plugin.
  { regex: `^(\\.\\./){${depth}}(?!\\.\\./)|(^|/)plugins/`, message: 'A plugin imports no other plugin; plugins meet only on the bus.' },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.data/**', '.tools/**', 'test-results/**', 'playwright-report/**', 'server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts', 'examples/**/*.ts', 'examples/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Core is framework-free: no React, no HTTP client, no DOM globals or DOM-bound libraries, no other layer.
    files: ['src/core/**/*.ts'],
    languageOptions: { globals: { ...globals.es2024, ...globals['shared-node-browser'] } },
    rules: {
      ...restrict([
        { group: ['react', 'react/*', 'react-dom', 'react-dom/*', 'preact', 'preact/*', 'preact-render-to-string'], message: 'src/core must not import React.' },
        { group: ['ky', 'ky/*'], message: 'src/core must not do HTTP; put it in src/adapters.' },
        { group: ['**/adapters/**', '**/plugins/**', '**/ui/**', '**/server/**'], message: 'src/core imports no other layer.' },
      ]),
      'no-restricted-globals': [
        'error',
        ...domGlobals.map((name) => ({ name, message: domMessage })),
        ...['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource'].map((name) => ({ name, message: 'src/core must not do HTTP; put it in src/adapters.' })),
      ],
      'no-restricted-properties': [
        'error',
        ...['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location', 'fetch'].map((property) => ({ object: 'globalThis', property, message: domMessage })),
      ],
    },
  },
  {
    // The page model: the integrator's config, page data and the page loader. Core only.
    files: ['src/app/**/*.ts'],
    rules: restrict([
      { group: ['react', 'react/*', 'react-dom', 'react-dom/*', 'preact', 'preact/*', 'preact-render-to-string'], message: 'src/app holds no views; put them in src/ui.' },
      { group: ['ky', 'ky/*'], message: 'src/app reaches the shop through ports only.' },
      { group: ['**/plugins/**', '**/ui/**', '**/server/**'], message: 'src/app depends on core only.' },
    ]),
  },
  {
    files: ['src/adapters/**/*.ts'],
    rules: restrict([
      { group: ['react', 'react/*', 'react-dom', 'react-dom/*', 'preact', 'preact/*', 'preact-render-to-string'], message: 'Adapters hold no views.' },
      { group: ['**/plugins/**', '**/ui/**', '**/server/**'], message: 'Adapters depend on core only.' },
    ]),
  },
  {
    files: ['src/plugins/**/*.ts', 'src/plugins/**/*.tsx', 'examples/**/*.ts', 'examples/**/*.tsx'],
    rules: restrict(pluginImports(1).slice(0, 2)),
  },
  // A plugin's own files, by how deep they sit in its folder (src/plugins/<name>/...).
  ...[1, 2, 3, 4].map((depth) => ({
    files: [`src/plugins/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`, `examples/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: restrict(pluginImports(depth)),
  })),
  {
    files: ['src/ui/**/*.ts', 'src/ui/**/*.tsx'],
    rules: restrict(uiImports.slice(0, 2)),
  },
  {
    // The shell's own code (tests may read wire fixtures through the adapters).
    files: ['src/ui/**/*.ts', 'src/ui/**/*.tsx'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: restrict(uiImports),
  },
);
