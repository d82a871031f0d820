// `react-dom/server` for Suki: preact-render-to-string through Preact's compatibility layer.
export * from 'preact/compat/server';
export { default } from 'preact/compat/server';
