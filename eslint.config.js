// Lint rules, including the house plan's import boundaries between layers.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

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
    // Core is framework-free: no React, no HTTP client, no DOM-bound libraries, no other layer.
    files: ['src/core/**/*.ts'],
    rules: restrict([
      { group: ['react', 'react/*', 'react-dom', 'react-dom/*'], message: 'src/core must not import React.' },
      { group: ['ky', 'ky/*'], message: 'src/core must not do HTTP; put it in src/adapters.' },
      { group: ['**/adapters/**', '**/plugins/**', '**/ui/**', '**/server/**'], message: 'src/core imports no other layer.' },
    ]),
  },
  {
    // The page model: the integrator's config, page data and the page loader. Core only.
    files: ['src/app/**/*.ts'],
    rules: restrict([
      { group: ['react', 'react/*', 'react-dom', 'react-dom/*'], message: 'src/app holds no views; put them in src/ui.' },
      { group: ['ky', 'ky/*'], message: 'src/app reaches the shop through ports only.' },
      { group: ['**/plugins/**', '**/ui/**', '**/server/**'], message: 'src/app depends on core only.' },
    ]),
  },
  {
    files: ['src/adapters/**/*.ts'],
    rules: restrict([
      { group: ['react', 'react/*', 'react-dom', 'react-dom/*'], message: 'Adapters hold no views.' },
      { group: ['**/plugins/**', '**/ui/**', '**/server/**'], message: 'Adapters depend on core only.' },
    ]),
  },
  {
    files: ['src/plugins/**/*.ts', 'src/plugins/**/*.tsx', 'examples/**/*.ts', 'examples/**/*.tsx'],
    rules: restrict([
      { group: ['ky', 'ky/*'], message: 'Plugins reach HTTP only through ports (src/adapters).' },
      { group: ['**/server/**'], message: 'The browser code never imports the server.' },
    ]),
  },
  {
    files: ['src/ui/**/*.ts', 'src/ui/**/*.tsx'],
    rules: restrict([
      { group: ['ky', 'ky/*'], message: 'Views reach HTTP only through ports (src/adapters).' },
      { group: ['**/server/**'], message: 'The browser code never imports the server.' },
    ]),
  },
);
