import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The browser bundle. The server renders pages itself (server/render.ts) and links the entry from
// the manifest, so there is no index.html: the client entry is src/entry-client.tsx.
export default defineConfig({
  plugins: [react()],
  appType: 'custom',
  build: {
    outDir: 'dist/client',
    manifest: true,
    emptyOutDir: true,
    target: 'es2022',
    cssCodeSplit: true,
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: { main: 'src/entry-client.tsx' },
    },
  },
  server: { host: '127.0.0.1' },
});
