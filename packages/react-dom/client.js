// `react-dom/client` for Suki: Preact's hydrateRoot and createRoot.
export * from 'preact/compat/client';
export { default } from 'preact/compat/client';
