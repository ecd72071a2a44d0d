import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dev server proxies the API (and its socket) to the Fastify server on 3000.
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', ws: true } },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
  },
});
