import {
  cfileConditionSchema,
  cfileMedicationSchema,
  cfileSchema,
  type Cfile,
  type CfileCondition,
  type CfileMedication,
  type CfilePage,
} from '@muster/contract/cfiles';
import { ERR } from '@muster/contract/errors';

import { apiError, json, type ApiRequest, type ApiRoutes } from '@/testing/api-mock';

export const CFILE_ID = '0cf00000-0000-4000-8000-000000000001';
export const UPLOADED_AT = '2026-11-20T12:00:00.000Z';
/** The pages the fake file has (each answers with its own text). */
export const FAKE_PAGES_TOTAL = 40;

/** A C-file read in full: 40 pages, 3 by OCR, 2 medications and 3 conditions found. */
export function buildCfile(overrides: Partial<Cfile> = {}): Cfile {
  return cfileSchema.parse({
    id: CFILE_ID,
    status: 'complete',
    progress: 100,
    pages_total: FAKE_PAGES_TOTAL,
    pages_done: FAKE_PAGES_TOTAL,
    pages_ocr: 3,
    error: null,
    file_id: '1b6f4b8e-3f0a-4c47-9a0e-2f0f6d3f9a01',
    filename: 'c-file.pdf',
    medications_count: 2,
    conditions_count: 3,
    created_at: UPLOADED_AT,
    completed_at: '2026-11-20T12:30:00.000Z',
    ...overrides,
  });
}

export function buildMedication(overrides: Partial<CfileMedication> = {}): CfileMedication {
  return cfileMedicationSchema.parse({
    name: 'sertraline',
    dose: '50 mg',
    first_seen: '2019-03-02',
    last_seen: '2024-06-11',
    pages: [3, 12],
    protected_7332: false,
    source: 'lexicon',
    ...overrides,
  });
}

export function buildCondition(overrides: Partial<CfileCondition> = {}): CfileCondition {
  return cfileConditionSchema.parse({
    name: 'Tinnitus',
    diagnostic_code: '6260',
    pages: [5],
    sides: [],
    claimed: false,
    presumptive: false,
    protected_7332: false,
    evidence: [{ page: 5, snippet: 'Assessment: tinnitus, constant, both ears.' }],
    ...overrides,
  });
}

/** The medications of the fake file, given out of order (the page sorts them by name). */
export const MEDICATIONS: CfileMedication[] = [
  buildMedication(),
  buildMedication({
    name: 'naltrexone',
    dose: '50 mg',
    first_seen: '2021-01-05',
    last_seen: '2021-08-30',
    pages: [20],
    protected_7332: true,
  }),
];

export const CONDITIONS: CfileCondition[] = [
  buildCondition({
    name: 'Posttraumatic stress disorder',
    diagnostic_code: '9411',
    pages: [12, 14],
    claimed: true,
    evidence: [{ page: 12, snippet: 'Assessment: chronic PTSD, stable on sertraline.' }],
  }),
  buildCondition(),
  buildCondition({
    name: 'Hypertension',
    diagnostic_code: '7101',
    pages: [7],
    presumptive: {
      lists: [{ id: 'agent-orange', title: 'Agent Orange exposure', certain: true }],
    },
    evidence: [{ page: 7, snippet: 'Dx: HTN, on lisinopril.' }],
  }),
  buildCondition({
    name: 'Alcohol use disorder',
    diagnostic_code: null,
    pages: [20],
    protected_7332: true,
    evidence: [{ page: 20, snippet: '[withheld: protected health information]' }],
  }),
];

/** Page texts the findings point at; every other page has filler text. */
export const PAGE_TEXTS: Record<number, string> = {
  5: 'AUDIOLOGY NOTE\nAssessment: tinnitus, constant,\nboth ears.\nPlan: follow up in 1 year.',
  7: 'PRIMARY CARE\nVitals: BP 150/95\nDx: HTN, on lisinopril.',
  12: 'MENTAL HEALTH\nAssessment: chronic PTSD, stable on sertraline.\nContinue sertraline 50 mg daily.',
};

export function buildPage(page: number, overrides: Partial<CfilePage> = {}): CfilePage {
  return {
    page,
    pages_total: FAKE_PAGES_TOTAL,
    source: 'text',
    text: PAGE_TEXTS[page] ?? `Page ${page} of the claims file.`,
    protected_7332: page === 20,
    ...overrides,
  };
}

type CfilesApiOptions = {
  cfiles?: Cfile[];
  medications?: CfileMedication[];
  conditions?: CfileCondition[];
};

/**
 * The C-file calls kept like the API keeps them, for the files given (newest first): the list,
 * each file, its cancel and delete, its medications and conditions (409 until it is read), its
 * pages, adding conditions as disabilities (they become claimed) and the evidence index.
 */
export function cfilesApi({
  cfiles = [buildCfile()],
  medications = MEDICATIONS,
  conditions = CONDITIONS,
}: CfilesApiOptions = {}) {
  const files = new Map(cfiles.map((cfile) => [cfile.id, cfile]));
  let found = [...conditions];

  const routes: ApiRoutes = {
    'GET /cfiles': (request: ApiRequest) => {
      const pageSize = Number(request.url.searchParams.get('page_size') ?? 20);
      const page = Number(request.url.searchParams.get('page') ?? 1);
      const all = [...files.values()];
      return json({
        results: all.slice((page - 1) * pageSize, page * pageSize),
        meta: { page, page_size: pageSize, total: all.length },
      });
    },
  };
  for (const { id } of cfiles) {
    const notRead = () => files.get(id)?.status !== 'complete';
    Object.assign(routes, {
      [`GET /cfiles/${id}`]: () => {
        const cfile = files.get(id);
        return cfile ? json(cfile) : apiError(404, ERR.NOT_FOUND);
      },
      [`POST /cfiles/${id}/cancel`]: () => {
        const cfile = files.get(id);
        if (!cfile) return apiError(404, ERR.NOT_FOUND);
        const canceled: Cfile = { ...cfile, status: 'canceled' };
        files.set(id, canceled);
        return json(canceled);
      },
      [`DELETE /cfiles/${id}`]: () => {
        files.delete(id);
        return new Response(null, { status: 204 });
      },
      [`GET /cfiles/${id}/medications`]: () =>
        notRead() ? apiError(409, ERR.CONFLICT) : json({ results: medications }),
      [`GET /cfiles/${id}/conditions`]: () =>
        notRead() ? apiError(409, ERR.CONFLICT) : json({ results: found }),
      [`POST /cfiles/${id}/disabilities`]: (request: ApiRequest) => {
        const { names } = request.body as { names: string[] };
        const claimed = new Set(found.filter((item) => item.claimed).map((item) => item.name));
        const created = names
          .filter((name) => !claimed.has(name))
          .map((name, index) => ({
            id: `5d1f0c2a-7b3e-4c8d-9a1f-2b3c4d5e6f${String(10 + index)}`,
            name,
          }));
        found = found.map((item) =>
          names.includes(item.name) ? { ...item, claimed: true } : item,
        );
        return json({ created, skipped: names.filter((name) => claimed.has(name)) });
      },
      [`GET /cfiles/${id}/evidence-index.pdf`]: () =>
        new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="c-file-evidence-index.pdf"',
          },
        }),
    });
    for (let page = 1; page <= FAKE_PAGES_TOTAL; page += 1) {
      routes[`GET /cfiles/${id}/pages/${page}`] = () => json(buildPage(page));
    }
  }

  return {
    routes,
    /** Changes a file as the background reading would. */
    update(cfile: Cfile) {
      files.set(cfile.id, cfile);
    },
  };
}
