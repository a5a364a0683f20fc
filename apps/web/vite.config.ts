import { fileURLToPath } from 'node:url';

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

import { precompressPlugin } from '../../scripts/precompress.ts';

/**
 * Packages every page needs on first load. Keeping them in one long-lived chunk means a deploy that
 * only touches app code does not invalidate the browser's copy of React and the router.
 */
const FRAMEWORK_PACKAGES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/;

export default defineConfig({
  plugins: [react(), tailwindcss(), precompressPlugin()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { port: 3000, strictPort: true },
  preview: { port: 3000, strictPort: true },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // dist/.vite/manifest.json: scripts/js-budget.ts walks it to measure the first-load JS.
    manifest: true,
    // Maps are written for error reporting but not referenced from the bundles.
    sourcemap: 'hidden',
    // First-load budget is 170 KB gzip for JS (see README); warn well before a single chunk gets close.
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        codeSplitting: {
          groups: [{ name: 'framework', test: FRAMEWORK_PACKAGES, priority: 10 }],
        },
      },
    },
  },
});
