import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const TEXT = /\.(js|mjs|css|html|svg|json|txt|map)$/;

async function* filesIn(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesIn(full);
    else yield full;
  }
}

/**
 * Writes a .br and a .gz beside every text file of the build once it is complete (public files too), so
 * the server sends them as they are (`preCompressed` in server/src/plugins/client.ts) and spends no CPU
 * per request. Files under 1 KiB are left alone: compression would not pay for its header.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)),
    async closeBundle() {
      for await (const file of filesIn(outDir)) {
        if (!TEXT.test(file) || (await stat(file)).size < 1024) continue;
        const content = await readFile(file);
        await writeFile(
          `${file}.br`,
          await brotli(content, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
          }),
        );
        await writeFile(`${file}.gz`, await gz(content, { level: 9 }));
      }
    },
  };
}

// `npm run dev` proxies /api to a running server; `npm run dev:mock` answers from MSW instead.
export default defineConfig(({ mode }) => ({
  plugins: [react(), precompress()],
  define: { 'import.meta.env.VITE_MOCK': JSON.stringify(mode === 'mock') },
  server: {
    port: 5173,
    // changeOrigin stays false: the server compares Origin with Host to refuse cross-site writes.
    proxy: mode === 'mock' ? undefined : { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  // The manifest (dist/.vite, never served) tells scripts/bundle-size.ts which chunks each page loads.
  build: {
    manifest: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      // What every page runs first (React, the router, the providers) goes in one file: one request, and
      // it compresses better than the many small shared chunks automatic splitting makes of it.
      output: { codeSplitting: { groups: [{ name: 'framework', tags: ['$initial'] }] } },
      // Our own modules only declare things (styles come in as CSS imports): a barrel such as
      // components/list-kit then brings along only what is used, and the login page does not carry
      // the list screens. Packages keep their own `sideEffects` declarations.
      treeshake: {
        moduleSideEffects: (id: string) =>
          /\.css$/.test(id) ||
          /[\\/]node_modules[\\/]/.test(id) ||
          /[\\/]src[\\/]main\.tsx$/.test(id) ||
          !/[\\/](client|contract)[\\/]src[\\/]/.test(id),
      },
    },
  },
}));
