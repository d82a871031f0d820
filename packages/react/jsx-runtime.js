// React's automatic JSX runtime, as Preact's compatibility layer provides it.
export * from 'preact/compat/jsx-runtime';
