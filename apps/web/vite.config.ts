import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

import { precompressPlugin } from '../../scripts/precompress.ts';

/**
 * Packages every page needs on first load. Keeping them in one long-lived chunk means a deploy that
 * only touches app code does not invalidate the browser's copy of React and the router.
 */
const FRAMEWORK_PACKAGES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/;

/**
 * What the entry needs before the app starts: the route table (with the upcoming screens' words)
 * to match a URL to its page's code, and the storage keys to tell whether a session is stored. In
 * the entry's own small chunk, never in `app`: the entry would then wait for all of `app`, whose
 * zod would load before the entry has set zod's CSP-safe mode.
 */
const ROUTE_TABLE =
  /[\\/]src[\\/](app[\\/]router[\\/](route-(config|preload|types)|upcoming-screens)|config[\\/](paths|storage-keys))\.ts$/;

/**
 * Everything the app module (src/app/mount.tsx) imports statically, found once the module graph is
 * built. Those modules go into one `app` chunk: the first render needs all of them, and on HTTP/1.1
 * (six connections) two dozen small files cost far more round trips than one file of the same size.
 */
function appGraphPlugin(entryModule: string, appModule: string) {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: 'muster:app-graph',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const staticGraph = (suffix: string) => {
        const root = ids.find((id) => id.endsWith(suffix));
        if (!root) throw new Error(`app-graph: ${suffix} is not in the build`);
        const found = new Set<string>();
        const visit = (id: string) => {
          if (found.has(id)) return;
          found.add(id);
          for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
        };
        visit(root);
        return found;
      };
      // What the entry itself needs stays with the entry, or the entry would wait for it all.
      const entry = staticGraph(entryModule);
      for (const id of staticGraph(appModule)) if (!entry.has(id)) modules.add(id);
    },
  };
  // Of the packages, only those the first render runs whole: a barrel such as `radix-ui` puts
  // every primitive in the static graph, though only the lazily loaded pages use most of them.
  const shared =
    /[\\/]node_modules[\\/](zod|@tanstack|tailwind-merge|clsx|class-variance-authority)[\\/]/;
  const ownCode =
    /[\\/](apps[\\/]web[\\/]src[\\/](app|components|hooks|lib|config|utils|features[\\/][^\\/]+[\\/](api|utils))|packages)[\\/]/;
  const test = (id: string) =>
    modules.has(id) && (shared.test(id) || (!id.includes('node_modules') && ownCode.test(id)));
  return { plugin, test };
}

const appGraph = appGraphPlugin('/src/main.tsx', '/src/app/mount.tsx');

/**
 * React Router's package sends every import to its development build (warnings, checks), also in a
 * production build; its production build sits beside it. Measured in the browser, the development
 * build cost about 50 ms of script on each first load.
 */
const REACT_ROUTER_PRODUCTION = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist',
  'production',
  'index.mjs',
);

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), precompressPlugin(), appGraph.plugin],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build'
        ? [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }]
        : []),
    ],
  },
  server: { port: 3000, strictPort: true },
  preview: { port: 3000, strictPort: true },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // Every browser the app supports knows <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    // dist/.vite/manifest.json: scripts/js-budget.ts walks it to measure the first-load JS.
    manifest: true,
    // Maps are written for error reporting but not referenced from the bundles.
    sourcemap: 'hidden',
    // The first-load JS budget is in scripts/js-budget.ts; warn well before a single chunk gets close.
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK_PACKAGES, priority: 10 },
            // Kept out of `app`, which would otherwise take these in as dependencies of its own.
            { name: 'routes', test: ROUTE_TABLE, priority: 8 },
            { name: 'app', test: appGraph.test, priority: 5 },
          ],
        },
      },
    },
  },
}));
