import { ANSWER_STEPS } from '@muster/contract/disabilities';
import {
  personalStatementSchema,
  personalStatementSummarySchema,
  type PersonalStatement,
  type StatementSource,
} from '@muster/contract/personal-statements';

import { json, type ApiRequest, type ApiRoutes } from '@/testing/api-mock';

/** When every version is saved: noon UTC, the same calendar day in any test time zone. */
export const SAVED_AT = '2026-11-25T12:00:00.000Z';
export const STATEMENT_IDS = [
  '5a000000-0000-4000-8000-000000000001',
  '5a000000-0000-4000-8000-000000000002',
];

type Version = { version: number; source: StatementSource; body: string };
type Stored = { id: string; versions: Version[] };

const emptyPage = () => json({ results: [], meta: { page: 1, page_size: 100, total: 0 } });

/**
 * The calls of a disability's wizard pages that the statement steps need, and its personal
 * statements kept like the API keeps them: composed from `composed`, each PATCH a new version,
 * `?version=` reading an earlier one, downloads answered with a small file of the right kind.
 */
export function statementsApi({
  disability,
  composed,
  initial = [],
}: {
  disability: { id: string };
  composed: string;
  initial?: Stored[];
}) {
  const base = `/disabilities/${disability.id}`;
  const path = `${base}/personal-statements`;
  let statements: Stored[] = [...initial];
  let created = 0;

  const answer = (stored: Stored, version?: number): PersonalStatement => {
    const latest = stored.versions.at(-1);
    const shown = stored.versions.find((entry) => entry.version === version) ?? latest;
    if (!latest || !shown) throw new Error('a statement always has a version');
    return personalStatementSchema.parse({
      id: stored.id,
      disability_id: disability.id,
      body: shown.body,
      version: shown.version,
      source: shown.source,
      latest_version: latest.version,
      versions: [...stored.versions]
        .reverse()
        .map(({ version: number, source }) => ({ version: number, source, created_at: SAVED_AT })),
      created_at: SAVED_AT,
      updated_at: SAVED_AT,
    });
  };

  const routes: ApiRoutes = {
    [`GET ${base}`]: json(disability),
    [`PATCH ${base}`]: (request: ApiRequest) =>
      json({ ...disability, ...(request.body as object) }),
    [`GET ${base}/answers`]: json({
      results: ANSWER_STEPS.map((step) => ({ step, answers: null, updated_at: null })),
    }),
    [`GET ${base}/exposures`]: emptyPage(),
    [`GET ${base}/treatments`]: emptyPage(),
    [`GET ${base}/mental-health-conditions`]: emptyPage(),
    [`GET ${path}`]: () => {
      const newest = [...statements].reverse();
      return json({
        results: newest.map((stored) => {
          const full = answer(stored);
          return personalStatementSummarySchema.parse({
            id: full.id,
            disability_id: full.disability_id,
            excerpt: full.body.slice(0, 200),
            latest_version: full.latest_version,
            source: full.source,
            created_at: SAVED_AT,
            updated_at: SAVED_AT,
          });
        }),
        meta: { page: 1, page_size: 1, total: statements.length },
      });
    },
    [`POST ${path}`]: (request: ApiRequest) => {
      const sent = (request.body as { body?: string }).body;
      const stored: Stored = {
        id: STATEMENT_IDS[created] ?? 'no-more-ids',
        versions: [{ version: 1, source: sent ? 'veteran' : 'composer', body: sent ?? composed }],
      };
      created += 1;
      statements = [...statements, stored];
      return json(answer(stored), 201);
    },
  };
  for (const id of [...STATEMENT_IDS, ...initial.map((stored) => stored.id)]) {
    const find = () => statements.find((stored) => stored.id === id);
    routes[`GET ${path}/${id}`] = (request: ApiRequest) => {
      const stored = find();
      const version = request.url.searchParams.get('version');
      return stored ? json(answer(stored, version ? Number(version) : undefined)) : emptyPage();
    };
    routes[`PATCH ${path}/${id}`] = (request: ApiRequest) => {
      const stored = find();
      if (!stored) return emptyPage();
      const body = (request.body as { body: string }).body.trim();
      stored.versions.push({ version: stored.versions.length + 1, source: 'veteran', body });
      return json(answer(stored));
    };
    routes[`GET ${path}/${id}/download-statement`] = (request: ApiRequest) => {
      const format = request.url.searchParams.get('format') ?? 'pdf';
      const isWord = format === 'docx';
      return new Response(isWord ? 'PK\u0003\u0004' : '%PDF-1.7', {
        headers: {
          'content-type': isWord
            ? 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
            : 'application/pdf',
          'content-disposition': `attachment; filename="${format}-statement-v1.${isWord ? 'docx' : 'pdf'}"`,
        },
      });
    };
  }
  return { routes, statements: () => statements };
}
