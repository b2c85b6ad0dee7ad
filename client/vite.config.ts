import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `npm run dev` proxies /api to a running server; `npm run dev:mock` answers from MSW instead.
export default defineConfig(({ mode }) => ({
  plugins: [react()],
  define: { 'import.meta.env.VITE_MOCK': JSON.stringify(mode === 'mock') },
  server: {
    port: 5173,
    // changeOrigin stays false: the server compares Origin with Host to refuse cross-site writes.
    proxy: mode === 'mock' ? undefined : { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: { chunkSizeWarningLimit: 900 },
}));
