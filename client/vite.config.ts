import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `npm run dev` proxies /api to a running server; `npm run dev:mock` answers from MSW instead.
export default defineConfig(({ mode }) => ({
  plugins: [react()],
  define: { 'import.meta.env.VITE_MOCK': JSON.stringify(mode === 'mock') },
  server: {
    port: 5173,
    proxy: mode === 'mock' ? undefined : { '/api': 'http://127.0.0.1:3000' },
  },
  build: { chunkSizeWarningLimit: 900 },
}));
