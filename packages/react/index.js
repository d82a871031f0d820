// `react` for Suki: Preact's compatibility layer (see package.json).
export * from 'preact/compat';
export { default } from 'preact/compat';
