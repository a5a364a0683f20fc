import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveImport, violation } from './architecture.js';

const repo = path.resolve(import.meta.dirname, '..');

describe('resolveImport', () => {
  it('resolves every spelling of a file of ours to the same path', () => {
    const from = 'apps/web/src/features/threads/components/list.tsx';
    expect(resolveImport('../../users/api/get-profile', from)).toEqual({
      local: 'apps/web/src/features/users/api/get-profile',
    });
    expect(resolveImport('@/features/users/api/get-profile.ts', from)).toEqual({
      local: 'apps/web/src/features/users/api/get-profile',
    });
    expect(resolveImport('#src/modules/users/users.repository.ts', 'apps/api/src/app.ts')).toEqual({
      local: 'apps/api/src/modules/users/users.repository',
    });
    expect(resolveImport('@muster/db/schema', 'apps/api/src/app.ts')).toEqual({
      local: 'packages/db/src/schema',
    });
    expect(resolveImport('drizzle-orm/pg-core', 'apps/api/src/app.ts')).toEqual({
      pkg: 'drizzle-orm/pg-core',
    });
  });
});

describe('violation', () => {
  const web = 'apps/web/src/features/threads/components/list.tsx';
  it('lets a feature use itself and shared code, never another feature or the app layer', () => {
    expect(violation(web, { local: 'apps/web/src/features/threads/api/get-threads' })).toBe(
      undefined,
    );
    expect(violation(web, { local: 'apps/web/src/components/ui/button' })).toBe(undefined);
    expect(violation(web, { local: 'apps/web/src/features/users/api/get-profile' })).toMatch(
      /another feature/,
    );
    expect(violation(web, { local: 'apps/web/src/app/router/route-config' })).toMatch(/app layer/);
    expect(violation(web, { local: 'packages/db/src/client' })).toMatch(/database/);
  });

  it('lets an API module use another module’s service, never its repository or routes', () => {
    const file = 'apps/api/src/modules/search/search.service.ts';
    expect(violation(file, { local: 'apps/api/src/modules/threads/threads.service' })).toBe(
      undefined,
    );
    expect(violation(file, { local: 'apps/api/src/modules/threads/threads.repository' })).toMatch(
      /through its service/,
    );
    expect(violation(file, { local: 'apps/api/src/modules/threads/threads.routes' })).toMatch(
      /through its service/,
    );
    expect(violation(file, { local: 'apps/api/src/modules/search/search.repository' })).toBe(
      undefined,
    );
  });
});

/**
 * Probes: files that break one rule each, written into the tree where such code would live and
 * linted with the repository's own configuration, so a change to the configuration that lets one
 * through fails here. Each probe's clean twin shows the rule is not simply firing on everything.
 */
type Probe = { file: string; code: string; rule: string | null };

const PROBES: Probe[] = [
  {
    file: 'apps/web/src/features/threads/components/zz-lint-probe-cross-feature.ts',
    code: "import { profileQueryOptions } from '../../users/api/get-profile';\nexport const probe = profileQueryOptions;\n",
    rule: 'muster/architecture',
  },
  {
    file: 'apps/web/src/features/threads/components/zz-lint-probe-alias-feature.ts',
    code: "import { profileQueryOptions } from '@/features/users/api/get-profile';\nexport const probe = profileQueryOptions;\n",
    rule: 'muster/architecture',
  },
  {
    file: 'apps/web/src/features/threads/components/zz-lint-probe-app-layer.ts',
    code: "import { APP_ROUTES } from '../../../app/router/route-config';\nexport const probe = APP_ROUTES;\n",
    rule: 'muster/architecture',
  },
  {
    file: 'apps/web/src/lib/zz-lint-probe-shared.ts',
    code: "export const probe = () => import('@/features/threads/api/get-threads');\n",
    rule: 'muster/architecture',
  },
  {
    file: 'apps/web/src/features/threads/components/zz-lint-probe-same-feature.ts',
    code: "import { threadsQueryOptions } from '../api/get-threads';\nexport const probe = threadsQueryOptions;\n",
    rule: null,
  },
  {
    file: 'apps/web/src/utils/zz-lint-probe-cycle-a.ts',
    code: "import { b } from './zz-lint-probe-cycle-b';\nexport const a = (): number => b() + 1;\n",
    rule: 'import-x/no-cycle',
  },
  {
    file: 'apps/web/src/utils/zz-lint-probe-cycle-b.ts',
    code: "import { a } from './zz-lint-probe-cycle-a';\nexport const b = (): number => a() - 1;\n",
    rule: 'import-x/no-cycle',
  },
  {
    file: 'apps/api/src/modules/threads/zz-lint-probe.routes.ts',
    code: "import { eq } from 'drizzle-orm';\nexport const probe = eq;\n",
    rule: 'muster/architecture',
  },
  {
    file: 'apps/api/src/modules/threads/zz-lint-probe-schema.routes.ts',
    code: "import { threads } from '@muster/db/schema';\nexport const probe = threads;\n",
    rule: 'muster/architecture',
  },
  {
    file: 'apps/api/src/modules/threads/zz-lint-probe.service.ts',
    code: "import type { FastifyInstance } from 'fastify';\nexport type Probe = FastifyInstance;\n",
    rule: 'muster/architecture',
  },
  {
    file: 'apps/api/src/modules/threads/zz-lint-probe-cross.service.ts',
    code: "import { findProfileRows } from '../users/users.repository.ts';\nexport const probe = findProfileRows;\n",
    rule: 'muster/architecture',
  },
  {
    file: 'apps/api/src/modules/threads/zz-lint-probe-clean.service.ts',
    code: "import type { Db } from '@muster/db/client';\nimport { and, eq } from 'drizzle-orm';\nexport type Probe = Db;\nexport const probe = [and, eq];\n",
    rule: null,
  },
  {
    file: 'apps/api/src/lib/zz-lint-probe-floating.ts',
    code: 'async function work(): Promise<void> {}\nexport function probe(): void {\n  work();\n}\n',
    rule: '@typescript-eslint/no-floating-promises',
  },
];

describe('lint probes', () => {
  let results: Map<string, string[]>;

  beforeAll(async () => {
    try {
      for (const probe of PROBES) {
        const full = path.join(repo, probe.file);
        mkdirSync(path.dirname(full), { recursive: true });
        writeFileSync(full, probe.code);
      }
      const eslint = new ESLint({ cwd: repo });
      const linted = await eslint.lintFiles(PROBES.map((probe) => path.join(repo, probe.file)));
      results = new Map(
        linted.map((result) => [
          path.relative(repo, result.filePath).split(path.sep).join('/'),
          result.messages.map((message) => message.ruleId ?? `fatal: ${message.message}`),
        ]),
      );
    } finally {
      for (const probe of PROBES) rmSync(path.join(repo, probe.file), { force: true });
    }
  }, 120_000);

  afterAll(() => {
    for (const probe of PROBES) rmSync(path.join(repo, probe.file), { force: true });
  });

  it.each(PROBES)('$file → $rule', ({ file, rule }) => {
    const rules = results.get(file);
    expect(rules, `${file} was linted`).toBeDefined();
    if (rule === null) expect(rules).toEqual([]);
    else expect(rules).toContain(rule);
  });
});
