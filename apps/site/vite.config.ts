import { fileURLToPath } from 'node:url';

import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

import { precompressPlugin } from '../../scripts/precompress.ts';
import { runtimeUrlsPlugin } from './src/build/runtime-urls-plugin.ts';
import { siteHtmlPlugin } from './src/build/site-html-plugin.ts';
import { SITE_PAGES } from './src/html/links.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/** One Rollup input per page: `index.html`, `pricing.html`, … (names from SITE_PAGES). */
const input = Object.fromEntries(
  Object.keys(SITE_PAGES).map((page) => [
    page,
    fileURLToPath(new URL(`${page}.html`, import.meta.url)),
  ]),
);

export default defineConfig({
  root,
  appType: 'mpa',
  plugins: [
    siteHtmlPlugin({ year: new Date().getFullYear() }),
    runtimeUrlsPlugin(),
    tailwindcss(),
    precompressPlugin(),
  ],
  server: { port: 3002, strictPort: true },
  preview: { port: 3002, strictPort: true },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Only the calculator and contact pages run scripts, in modern browsers: no preload polyfill.
    modulePreload: { polyfill: false },
    rollupOptions: { input },
  },
});
