import { readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { themeCss } from './src/app/theme-css';

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

/** A route's URL pattern and the module its route loads lazily (its screen or its layout). */
type RouteModule = { pattern: string; module: string };

const PARENTS: Record<string, string> = { rootRoute: '', adminRoute: '/admin', memberRoute: '/member' };

/**
 * Reads the route files (src/routes/*.tsx): each `createRoute({ getParentRoute, path, ... import('...') })`
 * gives its full path and the module it imports lazily. A layout (/admin, /member) matches as a prefix, a
 * screen as the whole path (`$param` any one segment).
 */
function routeModules(root: string): RouteModule[] {
  const dir = path.join(root, 'src/routes');
  const found: RouteModule[] = [];
  for (const file of readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.'))) {
    for (const block of readFileSync(path.join(dir, file), 'utf8').split('createRoute(').slice(1)) {
      const parent = /getParentRoute: \(\) => (\w+)/.exec(block)?.[1];
      const routePath = /path: '([^']*)'/.exec(block)?.[1];
      // The route's component (a list's loader may import its area's data module first), else its only import.
      const target = (/component: lazyRouteComponent\(\s*\(\) => import\('([^']+)'\)/.exec(block) ??
        /import\('([^']+)'\)/.exec(block))?.[1];
      if (!parent || routePath === undefined || !target || !(parent in PARENTS)) continue;
      const full = (PARENTS[parent]! + routePath).replace(/\/$/, '') || '/';
      const layout = parent === 'rootRoute' && (full === '/admin' || full === '/member');
      const pattern = `^${full.replace(/\$\w+/g, '[^/]+')}${layout ? '(/|$)' : '/?$'}`;
      const base = path.resolve(dir, target);
      const module = ['.tsx', '.ts']
        .map((ext) => base + ext)
        .find((f) => readdirSync(path.dirname(f)).includes(path.basename(f)));
      if (module) found.push({ pattern, module });
    }
  }
  return found;
}

/**
 * Starts a page's own code at once, beside the entry: a small script (an external file: the CSP allows no
 * inline script) adds a `modulepreload` for each chunk the opened URL's routes load lazily (and a preload of
 * their CSS). Without it the browser learns of them only once the entry has downloaded and run, then of their
 * imports one level at a time.
 */
function routePreload(): Plugin {
  let root = '';
  return {
    name: 'route-preload',
    apply: 'build',
    enforce: 'post',
    configResolved: (config) => void (root = config.root),
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const entry = new Set<string>();
      const walk = (file: string, into: Set<string>) => {
        const chunk = bundle[file];
        if (!chunk || chunk.type !== 'chunk' || into.has(file)) return;
        into.add(file);
        for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
        for (const imported of chunk.imports) walk(imported, into);
      };
      for (const chunk of chunks) if (chunk.isEntry) walk(chunk.fileName, entry);
      const map: Array<[string, string[]]> = [];
      for (const { pattern, module } of routeModules(root)) {
        const chunk = chunks.find((c) => c.facadeModuleId === module);
        if (!chunk) continue;
        const files = new Set<string>();
        walk(chunk.fileName, files);
        map.push([pattern, [...files].filter((f) => !entry.has(f))]);
      }
      const source = `(function(){var m=${JSON.stringify(map)},p=location.pathname;m.forEach(function(r){if(!new RegExp(r[0]).test(p))return;r[1].forEach(function(f){var l=document.createElement('link');if(/\\.css$/.test(f)){l.rel='preload';l.as='style'}else{l.rel='modulepreload';l.crossOrigin=''}l.href='/'+f;document.head.appendChild(l)})})})();\n`;
      const fileName = this.getFileName(this.emitFile({ type: 'asset', name: 'route-preload.js', source }));
      const html = bundle['index.html'];
      if (html?.type !== 'asset') throw new Error('route-preload: no index.html in the bundle');
      html.source = String(html.source).replace('</title>', `</title>\n    <script async src="/${fileName}"></script>`);
    },
  };
}

const THEME_VARIABLES = 'virtual:theme-variables.css';

/**
 * `import 'virtual:theme-variables.css'` (client/src/main.tsx): the theme's CSS variables, computed here once
 * (src/app/theme-css.ts) instead of by MantineProvider in the browser on every page's first render.
 */
function themeVariables(): Plugin {
  return {
    name: 'theme-variables',
    resolveId: (id) => (id === THEME_VARIABLES ? `\0${THEME_VARIABLES}` : undefined),
    load: (id) => (id === `\0${THEME_VARIABLES}` ? themeCss() : undefined),
  };
}

// What the server answers itself: the API, and the pages it renders (the join landing page, the member home and its
// RSVP forms, a certificate's verification, the badge pages and the issuer), which the app has no route for.
const SERVER_PATHS = [
  '/api',
  '^/(join|verify|badges)/',
  '^/issuer',
  '^/member/?(\\?.*)?$',
  '^/member/events/[^/]+/(rsvp|withdraw)$',
];
const toServer = { target: 'http://127.0.0.1:3000', changeOrigin: false };

// `npm run dev` proxies those to a running server; `npm run dev:mock` answers the API from MSW instead.
export default defineConfig(({ mode }) => ({
  plugins: [react(), themeVariables(), routePreload(), precompress()],
  define: { 'import.meta.env.VITE_MOCK': JSON.stringify(mode === 'mock') },
  server: {
    port: 5173,
    // changeOrigin stays false: the server compares Origin with Host to refuse cross-site writes.
    proxy: mode === 'mock' ? undefined : Object.fromEntries(SERVER_PATHS.map((path) => [path, toServer])),
  },
  // The manifest (dist/.vite, never served) tells scripts/bundle-size.ts which chunks each page loads.
  build: {
    manifest: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      // What every page runs first (React, the router, the providers) goes in one file: one request, and
      // it compresses better than the many small shared chunks automatic splitting makes of it.
      output: {
        codeSplitting: {
          // Automatic splitting made a staff list page load about 70 scripts, most of them a few hundred
          // bytes of Mantine helpers: over HTTP/1.1's 6 connections a request costs a round trip, so their
          // chain set the first paint (issue 39 item 8). Shared chunks under 16 KiB (source size) are
          // copied into the chunks that import them instead (one module state across copies: Rolldown's
          // registry), which brings that page to about 22. Style modules stay in their own chunks, so each
          // stylesheet is emitted once. The icons (a few hundred bytes each) are copied the same way into the
          // screens that draw them: a file of every icon any lazy screen uses made each page load all of them (over
          // the 76 lazy screens, 10.1 files and 216 KiB gzip on average against 11.0 and 224 KiB with it).
          experimentalInlineCommonChunks: { maxSize: 16 * 1024, exclude: /\.css(\?|$)/ },
          groups: [{ name: 'framework', tags: ['$initial'] }],
        },
      },
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
