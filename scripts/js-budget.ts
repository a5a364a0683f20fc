/**
 * First-load JS budget: the gzip size of every script `/dashboard` loads before it can render —
 * the entry chunks and module preloads in index.html, the app module the entry always imports
 * (src/app/mount.tsx), the dashboard route chunk, and the static imports of each. Fails above
 * 176 KB (176 × 1024 bytes). It was 170 KB until the brand's mark joined the loading screen and the
 * theme menu, then 172 KB until the dashboard's starter panels came with its own chunk instead of
 * one more request after it (2.5 KB; on Lighthouse's slow 4G that round trip sat before the largest
 * paint, and the panels' late arrival shifted the layout: CLS 0.019 to 0). Keep it a ceiling that
 * only a measured reason moves. Also prints what `/sign-in` loads first, for the record (no budget yet).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { reportSummary } from '../bench/summary.ts';

export const BUDGET_BYTES = 176 * 1024;
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(repo, 'apps', 'web', 'dist');

/** src/main.tsx imports it with `import()` at once, beside the page's route chunk. */
const APP_MODULE = 'src/app/mount.tsx';

type ManifestChunk = {
  file: string;
  imports?: string[];
  isEntry?: boolean;
  src?: string;
  css?: string[];
};

/** The route modules measured: `/dashboard` against the budget, `/sign-in` for the record. */
const ROUTES = {
  '/dashboard': /(^|\/)routes\/dashboard\.tsx$/,
  '/sign-in': /(^|\/)routes\/auth\/sign-in\.tsx$/,
} as const;

export function firstLoadFiles(route: RegExp = ROUTES['/dashboard']): string[] {
  const manifestPath = path.join(dist, '.vite', 'manifest.json');
  const files = new Set<string>();
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<
      string,
      ManifestChunk
    >;
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const [key, chunk] of Object.entries(manifest)) {
      if (chunk.isEntry) visit(key);
      // The route module only: the panels it loads on demand (app/dashboard/*) come after the first paint.
      if (chunk.src && (route.test(chunk.src) || chunk.src === APP_MODULE)) visit(key);
    }
  } else {
    // Without a manifest, count what index.html loads directly.
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    for (const match of html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g))
      files.add(match[1]!);
  }
  return [...files].filter((file) => file.endsWith('.js'));
}

const gzipped = (file: string) =>
  gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const files = firstLoadFiles();
if (files.length === 0) {
  console.error('No JS found for the first load: is apps/web built?');
  process.exit(1);
}
let total = 0;
for (const file of files) {
  const size = gzipped(file);
  total += size;
  console.log(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
const all = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js')).length;
console.log(
  `First-load JS: ${(total / 1024).toFixed(1)} KB gzip over ${files.length} of ${all} chunks (budget ${BUDGET_BYTES / 1024} KB)`,
);
const signIn = firstLoadFiles(ROUTES['/sign-in']);
const signInTotal = signIn.reduce((sum, file) => sum + gzipped(file), 0);
console.log(
  `First-load JS of /sign-in: ${(signInTotal / 1024).toFixed(1)} KB gzip over ${signIn.length} chunks`,
);
reportSummary([
  {
    section: 'First-load JS (gzip)',
    measure: '/dashboard',
    value: `${(total / 1024).toFixed(1)} KB in ${files.length} chunks`,
    against: `budget ${BUDGET_BYTES / 1024} KB`,
  },
  {
    section: 'First-load JS (gzip)',
    measure: '/sign-in',
    value: `${(signInTotal / 1024).toFixed(1)} KB in ${signIn.length} chunks`,
  },
]);
if (total > BUDGET_BYTES) {
  console.error('Over the first-load JS budget.');
  process.exit(1);
}
