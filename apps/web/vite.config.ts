import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = 'http://localhost:3000';

// In development Vite serves the app and forwards API, dev-mailbox and WebSocket traffic to the server.
// `npm run build` writes dist/, which the server serves at / with an SPA fallback.
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: true, ws: true },
      '/dev': { target: api, changeOrigin: true },
    },
  },
  // The manifest lets e2e/tests/budget.test.ts walk the home page's initial chunks.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, manifest: true },
});
