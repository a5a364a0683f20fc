/**
 * `npm run build:api`: the API as one ES module, apps/api/dist/server.mjs (with its source map),
 * which `node apps/api/dist/server.mjs` runs without tsx; the container image runs it.
 *
 * The bundle holds the API's own code and the workspace packages it uses (@muster/*). Every npm
 * package stays outside, loaded from node_modules as under tsx: several read their own files while
 * they run (PGlite's WebAssembly and data, tesseract.js's worker and @tesseract.js-data's language
 * files, pdf.js in unpdf, the Swagger UI's pages, the rate-limit plugin's stores), and the image
 * installs them with `npm ci --omit=dev` anyway. See docs/decisions/0015-bundled-api-and-container.md.
 *
 * The build stops with a line per problem when the bundle imports a package the image would not
 * install (not a production dependency of the API or a workspace package it bundles), or one that
 * resolves to another copy from apps/api/dist than from the file that imports it.
 */
import { builtinModules, findPackageJSON } from 'node:module';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(repo, 'apps', 'api', 'dist');
/** The workspace packages whose production dependencies the image installs with the API's. */
const WORKSPACES = ['apps/api', 'packages/contract', 'packages/db', 'packages/domain'];

/** Bare imports stay imports, except the workspace packages, which are bundled. */
const npmPackagesOutside: Plugin = {
  name: 'npm-packages-outside',
  setup(builder) {
    builder.onResolve({ filter: /^[^./#]/ }, (args) =>
      args.path.startsWith('@muster/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

function productionDependencies(): Set<string> {
  const names = new Set<string>();
  for (const workspace of WORKSPACES) {
    const manifest = JSON.parse(
      readFileSync(path.join(repo, workspace, 'package.json'), 'utf8'),
    ) as { dependencies?: Record<string, string> };
    for (const name of Object.keys(manifest.dependencies ?? {})) names.add(name);
  }
  return names;
}

const started = Date.now();
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: repo,
  entryPoints: { server: 'apps/api/src/server.ts' },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  // Tells apps/api/src/lib/runtime-files.ts that its code runs from apps/api/dist.
  define: { MUSTER_BUNDLED: 'true' },
  plugins: [npmPackagesOutside],
  metafile: true,
  logLevel: 'warning',
});

const builtins = new Set(builtinModules);
const allowed = productionDependencies();
const bundleUrl = pathToFileURL(path.join(outdir, 'server.mjs'));
const problems = new Set<string>();
for (const [input, { imports }] of Object.entries(result.metafile.inputs)) {
  for (const { path: specifier, external } of imports) {
    if (!external || specifier.startsWith('node:') || builtins.has(specifier)) continue;
    const name = packageName(specifier);
    if (!allowed.has(name)) {
      problems.add(`${input} imports ${name}, which is not a production dependency`);
      continue;
    }
    const fromSource = findPackageJSON(name, pathToFileURL(path.join(repo, input)));
    const fromBundle = findPackageJSON(name, bundleUrl);
    if (fromSource !== fromBundle) {
      problems.add(
        `${name} is ${fromSource ?? 'missing'} for ${input}, ${fromBundle ?? 'missing'} for the bundle`,
      );
    }
  }
}
if (problems.size > 0) {
  for (const problem of problems) console.error(`build:api: ${problem}`);
  process.exit(1);
}
const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
console.log(
  `build:api: ${path.relative(repo, outdir)}/server.mjs, ${(bytes / 1e6).toFixed(1)} MB with its map, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
