// @ts-check
/**
 * The layering rules of this repository as one ESLint rule, `muster/architecture`. Every import a
 * file makes (static, re-export or `import()` with a literal) is resolved the way the build resolves
 * it (a relative path, the web's `@/…`, the API's `#src/…`, `@muster/<package>/…`) to a path in the
 * repository, so a rule cannot be dodged by spelling the same file another way.
 *
 * - Web: a feature (`features/<f>`) never imports another feature or the app layer; shared code
 *   (`components`, `lib`, `hooks`, `utils`, `config`) imports neither features nor the app layer;
 *   nothing in the web app imports the database package.
 * - API: a module (`modules/<m>`) reaches another module through its service, never its repository
 *   or its routes; route files hold no Drizzle and no table definitions (queries live in
 *   repositories); services and repositories know nothing of Fastify (HTTP stays in routes).
 */
import path from 'node:path';

const repo = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** @param {string} file */
const rel = (file) => path.relative(repo, file).split(path.sep).join('/');

/**
 * Where `specifier`, imported from `file` (repository-relative), points: `{ local }` for a file of
 * ours (repository-relative, extension dropped), `{ pkg }` for a package of someone else's.
 * @param {string} specifier
 * @param {string} file
 * @returns {{ local: string } | { pkg: string }}
 */
export function resolveImport(specifier, file) {
  const stripExt = (/** @type {string} */ p) => p.replace(/\.(tsx?|jsx?|mjs|cjs)$/, '');
  if (specifier.startsWith('.')) {
    return { local: stripExt(rel(path.resolve(repo, path.dirname(file), specifier))) };
  }
  if (specifier.startsWith('@/') && file.startsWith('apps/web/')) {
    return { local: stripExt(`apps/web/src/${specifier.slice(2)}`) };
  }
  if (specifier.startsWith('#src/') && file.startsWith('apps/api/')) {
    return { local: stripExt(`apps/api/src/${specifier.slice(5)}`) };
  }
  const workspace = /^@muster\/([^/]+)(?:\/(.*))?$/.exec(specifier);
  if (workspace) {
    return { local: stripExt(`packages/${workspace[1]}/src/${workspace[2] ?? 'index'}`) };
  }
  return { pkg: specifier };
}

const WEB_FEATURE = /^apps\/web\/src\/features\/([^/]+)\//;
const WEB_APP = /^apps\/web\/src\/app\//;
const WEB_SHARED = /^apps\/web\/src\/(components|lib|hooks|utils|config)\//;
const API_MODULE = /^apps\/api\/src\/modules\/([^/]+)\//;
const API_ROUTES_FILE = /\.routes\.tsx?$/;
const API_CORE_FILE = /\.(service|repository)\.tsx?$/;
const DB_PACKAGE = /^packages\/db\//;
const DB_SCHEMA = /^packages\/db\/src\/schema(\/|$)/;
const FASTIFY = /^(fastify|fastify-plugin|fastify-type-provider-zod|@fastify\/.*)$/;
const DRIZZLE = /^drizzle-orm(\/|$)/;

/**
 * The message for an import that breaks a rule, or undefined when it is allowed.
 * @param {string} file repository-relative path of the importing file
 * @param {{ local: string } | { pkg: string }} target
 * @returns {string | undefined}
 */
export function violation(file, target) {
  const local = 'local' in target ? target.local : undefined;
  const pkg = 'pkg' in target ? target.pkg : undefined;

  if (file.startsWith('apps/web/')) {
    if (local && DB_PACKAGE.test(local)) return 'The web app never touches the database package.';
    const feature = WEB_FEATURE.exec(file)?.[1];
    if (feature && local) {
      const other = WEB_FEATURE.exec(`${local}/`)?.[1];
      if (other && other !== feature) {
        return `Features never import another feature (features/${feature} → features/${other}); move what both need to shared code, or compose them in app/.`;
      }
      if (WEB_APP.test(`${local}/`)) return 'Features never import the app layer (app/).';
    }
    if (WEB_SHARED.test(file) && local) {
      if (WEB_FEATURE.test(`${local}/`) || WEB_APP.test(`${local}/`)) {
        return 'Shared web code (components, lib, hooks, utils, config) never imports a feature or the app layer.';
      }
    }
  }

  if (file.startsWith('apps/api/src/')) {
    const module = API_MODULE.exec(file)?.[1];
    if (module && local) {
      const other = API_MODULE.exec(local)?.[1];
      if (other && other !== module && /\.(repository|routes)$/.test(local)) {
        return `A module reaches another through its service, never its repository or routes (modules/${module} → ${local.slice('apps/api/src/'.length)}).`;
      }
    }
    if (API_ROUTES_FILE.test(file)) {
      if ((pkg && DRIZZLE.test(pkg)) || (local && DB_SCHEMA.test(local))) {
        return 'Route files hold no queries: Drizzle and the table definitions belong in a repository.';
      }
    }
    if (API_CORE_FILE.test(file) && pkg && FASTIFY.test(pkg)) {
      return 'Services and repositories know nothing of HTTP: no Fastify here (keep it in the routes).';
    }
  }
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
const architecture = {
  meta: {
    type: 'problem',
    docs: {
      description: 'The repository’s layering: web features, API modules, routes and services.',
    },
    schema: [],
  },
  create(context) {
    const file = rel(context.filename);
    /** @param {import('eslint').Rule.Node & { source?: unknown }} node */
    const check = (node) => {
      const source = /** @type {{ type?: string; value?: unknown } | null | undefined} */ (
        node.source
      );
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const message = violation(file, resolveImport(source.value, file));
      if (message) context.report({ node, message });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { architecture } };
