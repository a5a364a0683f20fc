import {
  DISABILITY_RECORDS,
  DSM_CRITERIA,
  type DisabilityRecord,
  type DisabilityRecordKind,
} from '@muster/contract/disability-records';
import { ERR } from '@muster/contract/errors';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { apiError, json, type ApiRequest, type ApiRoutes } from '@/testing/api-mock';
import { buildDisability } from '@/testing/factories';
import { renderApp } from '@/testing/render-app';
import { mockSignedIn } from '@/testing/session';

/** The page's code loads lazily: the first page of a busy test run can take a while. */
const FIRST_LOAD = { timeout: 15_000 };
const DISABILITY_ID = '5d1f0c2a-7b3e-4c8d-9a1f-2b3c4d5e6f01';
const BASE = `/disabilities/${DISABILITY_ID}`;
const CONDITION_ID = '7c000000-0000-4000-8000-0000000000c1';
const CONDITION_BASE = `${BASE}/mental-health-conditions/${CONDITION_ID}`;

const PTSD = buildDisability({ id: DISABILITY_ID, title: 'PTSD', claim_type: 'direct' });

const idsFor = (prefix: string) =>
  Array.from({ length: 6 }, (_, index) => `${prefix}-0000-4000-8000-00000000000${index}`);

/**
 * One record collection as the API keeps it: created whole (defaults filled in), changed in part,
 * deleted. `delayMs` slows each answer, as a real network would.
 */
function collection<K extends DisabilityRecordKind>(
  kind: K,
  url: string,
  options: {
    ids: string[];
    initial?: DisabilityRecord<K>[];
    parentFields?: Record<string, string>;
    delayMs?: number;
  },
) {
  const { create, update, item } = DISABILITY_RECORDS[kind];
  let records: DisabilityRecord<K>[] = [...(options.initial ?? [])];
  let created = 0;
  const wait = () => new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 0));
  const routes: ApiRoutes = {
    [`GET ${url}`]: () =>
      json({ results: records, meta: { page: 1, page_size: 100, total: records.length } }),
    [`POST ${url}`]: async (request: ApiRequest) => {
      await wait();
      const id = options.ids[created];
      const record = item.parse({
        ...create.parse(request.body),
        id,
        disability_id: DISABILITY_ID,
        ...options.parentFields,
        created_at: `2026-02-01T10:00:0${created}.000Z`,
        updated_at: `2026-02-01T10:00:0${created}.000Z`,
      }) as DisabilityRecord<K>;
      created += 1;
      records = [...records, record];
      return json(record, 201);
    },
  };
  for (const id of [...options.ids, ...records.map((record) => record.id)]) {
    routes[`PATCH ${url}/${id}`] = async (request: ApiRequest) => {
      await wait();
      const current = records.find((record) => record.id === id);
      if (!current) return apiError(404, ERR.NOT_FOUND);
      const next = { ...current, ...(update.parse(request.body) as object) };
      records = records.map((record) => (record.id === id ? next : record));
      return json(next);
    };
    routes[`DELETE ${url}/${id}`] = async () => {
      await wait();
      records = records.filter((record) => record.id !== id);
      return new Response(null, { status: 204 });
    };
  }
  return { routes, current: () => records };
}

const savedCondition = DISABILITY_RECORDS['mental-health-conditions'].item.parse({
  id: CONDITION_ID,
  disability_id: DISABILITY_ID,
  condition: 'ptsd',
  condition_details: null,
  stressor_types: [],
  notes: null,
  created_at: '2026-01-01T10:00:00.000Z',
  updated_at: '2026-01-01T10:00:00.000Z',
});

function traumaApi({ hasCondition, delayMs = 0 }: { hasCondition: boolean; delayMs?: number }) {
  const underCondition = { condition_id: CONDITION_ID };
  const conditions = collection('mental-health-conditions', `${BASE}/mental-health-conditions`, {
    ids: [CONDITION_ID],
    initial: hasCondition ? [savedCondition] : [],
  });
  const events = collection('traumatic-events', `${CONDITION_BASE}/traumatic-events`, {
    ids: idsFor('7d000000'),
    parentFields: underCondition,
  });
  const behaviors = collection('behavior-changes', `${CONDITION_BASE}/behavior-changes`, {
    ids: idsFor('7e000000'),
    parentFields: underCondition,
    delayMs,
  });
  const reports = collection('official-reports', `${CONDITION_BASE}/official-reports`, {
    ids: idsFor('7f000000'),
    parentFields: underCondition,
  });
  const sources = collection('evidence-sources', `${CONDITION_BASE}/evidence-sources`, {
    ids: idsFor('7a100000'),
    parentFields: underCondition,
  });
  const dsmRoutes: ApiRoutes = {
    [`GET ${CONDITION_BASE}/dsm-criteria`]: json({
      results: DSM_CRITERIA.map((criterion) => ({
        criterion,
        condition_id: CONDITION_ID,
        answers: null,
        updated_at: null,
      })),
    }),
  };
  for (const criterion of DSM_CRITERIA) {
    dsmRoutes[`PUT ${CONDITION_BASE}/dsm-criteria/${criterion}`] = (request: ApiRequest) =>
      json({
        criterion,
        condition_id: CONDITION_ID,
        answers: request.body,
        updated_at: '2026-02-01T10:00:00.000Z',
      });
  }
  return {
    conditions,
    events,
    behaviors,
    routes: {
      [`GET ${BASE}`]: json(PTSD),
      [`PATCH ${BASE}`]: (request: ApiRequest) => json({ ...PTSD, ...(request.body as object) }),
      [`GET ${BASE}/exposures`]: json({ results: [], meta: { page: 1, page_size: 100, total: 0 } }),
      ...conditions.routes,
      ...events.routes,
      ...behaviors.routes,
      ...reports.routes,
      ...sources.routes,
      ...dsmRoutes,
    },
  };
}

async function openStep(
  step: string,
  heading: string,
  options: { hasCondition: boolean; delayMs?: number },
) {
  const fake = traumaApi(options);
  const { api } = mockSignedIn({ routes: fake.routes });
  renderApp({ path: `${BASE}/${step}` });
  expect(await screen.findByRole('heading', { level: 1, name: heading }, FIRST_LOAD)).toBeVisible();
  return { api, fake, user: userEvent.setup() };
}

describe('TraumaEventsStep', { timeout: 30_000 }, () => {
  it(
    'creates the condition on the first answer, then lists events',
    { timeout: 15_000 },
    async () => {
      const { api, fake, user } = await openStep('trauma-events', 'Traumatic events', {
        hasCondition: false,
      });
      expect(
        await screen.findByText(/Share as much or as little as you are ready to/),
      ).toBeVisible();
      expect(screen.getByText(/VA also accepts other evidence/)).toBeVisible();
      // Guessed from the title.
      const condition = await screen.findByRole('combobox', { name: 'Which condition?' });
      expect(condition).toHaveValue('ptsd');

      await user.click(
        screen.getByRole('checkbox', { name: 'Combat, or fear of enemy or terrorist attack' }),
      );
      await waitFor(() =>
        expect(api.calls('POST', `${BASE}/mental-health-conditions`)).toHaveLength(1),
      );
      expect(api.calls('POST', `${BASE}/mental-health-conditions`)[0]?.body).toMatchObject({
        condition: 'ptsd',
        stressor_types: ['combat'],
      });

      await user.click(await screen.findByRole('button', { name: 'Add an event' }));
      const card = await screen.findByRole('region', { name: 'Event 1' });
      const description = within(card).getByRole('textbox', { name: 'What happened?' });
      await waitFor(() => expect(description).toHaveFocus());
      await user.type(description, 'Our convoy was hit');
      await user.click(within(card).getByRole('checkbox', { name: 'The date is approximate' }));
      await waitFor(() => expect(fake.events.current()).toHaveLength(1));
      expect(fake.events.current()[0]).toMatchObject({
        description: 'Our convoy was hit',
        date_is_approximate: true,
        is_mst: false,
      });
      expect(api.calls('POST', `${BASE}/mental-health-conditions`)).toHaveLength(1);
    },
  );

  it('adding the first event starts the condition with the guessed one', async () => {
    const { api, fake, user } = await openStep('trauma-events', 'Traumatic events', {
      hasCondition: false,
    });
    await user.click(await screen.findByRole('button', { name: 'Add an event' }));

    const card = await screen.findByRole('region', { name: 'Event 1' });
    await waitFor(() =>
      expect(within(card).getByRole('textbox', { name: 'What happened?' })).toHaveFocus(),
    );
    expect(fake.conditions.current()).toMatchObject([{ condition: 'ptsd', stressor_types: [] }]);
    expect(api.calls('POST', `${BASE}/mental-health-conditions`)).toHaveLength(1);
  });
});

describe('TraumaBehaviorsStep', { timeout: 30_000 }, () => {
  it('ticking a change creates its record, its details are patched, unticking deletes it', async () => {
    const { api, fake, user } = await openStep('trauma-behaviors', 'Changes in behavior', {
      hasCondition: true,
    });
    const lethargy = await screen.findByRole('checkbox', { name: 'Lethargy' });
    await user.click(lethargy);
    await waitFor(() => expect(fake.behaviors.current()).toHaveLength(1));
    expect(api.calls('POST', `${CONDITION_BASE}/behavior-changes`)[0]?.body).toEqual({
      change: 'lethargy',
      description: null,
      noticed_on: null,
    });

    const details = screen.getByRole('group', { name: /What changed, and when: Lethargy/ });
    await user.type(
      within(details).getByRole('textbox', { name: 'What changed, and when? (optional)' }),
      'Slept all weekend',
    );
    await waitFor(() =>
      expect(fake.behaviors.current()[0]).toMatchObject({ description: 'Slept all weekend' }),
    );
    const id = fake.behaviors.current()[0]?.id ?? '';
    expect(api.calls('PATCH', `${CONDITION_BASE}/behavior-changes/${id}`).length).toBeGreaterThan(
      0,
    );

    await user.click(lethargy);
    await waitFor(() => expect(fake.behaviors.current()).toHaveLength(0));
    expect(api.calls('DELETE', `${CONDITION_BASE}/behavior-changes/${id}`)).toHaveLength(1);
    expect(api.calls('POST', `${CONDITION_BASE}/behavior-changes`)).toHaveLength(1);
  });

  it('quick ticks and unticks leave one record, as the box shows', async () => {
    const { api, fake, user } = await openStep('trauma-behaviors', 'Changes in behavior', {
      hasCondition: true,
      delayMs: 150,
    });
    const box = await screen.findByRole('checkbox', { name: 'Lethargy' });
    await user.click(box);
    await user.click(box);
    await user.click(box);
    await user.click(box);
    await user.click(box);
    expect(box).toBeChecked();

    await waitFor(() =>
      expect(api.calls('POST', `${CONDITION_BASE}/behavior-changes`).length).toBeGreaterThan(0),
    );
    // The page says "Saved" once every tick has reached the server.
    await waitFor(() =>
      expect(document.querySelector('[data-slot="autosave-status"]')).toHaveAttribute(
        'data-state',
        'saved',
      ),
    );
    expect(fake.behaviors.current()).toHaveLength(1);
    expect(fake.behaviors.current()[0]?.change).toBe('lethargy');
    // The first create ran alone: no second one while it was on its way.
    expect(api.calls('POST', `${CONDITION_BASE}/behavior-changes`).length).toBeLessThanOrEqual(2);
  });

  it('"Something else" is created once it is described', async () => {
    const { api, fake, user } = await openStep('trauma-behaviors', 'Changes in behavior', {
      hasCondition: true,
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Something else' }));
    const details = screen.getByRole('group', { name: /What changed, and when: Something else/ });
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(api.calls('POST', `${CONDITION_BASE}/behavior-changes`)).toHaveLength(0);

    await user.type(
      within(details).getByRole('textbox', { name: 'What changed?' }),
      'Stopped driving',
    );
    await waitFor(() => expect(fake.behaviors.current()).toHaveLength(1));
    expect(fake.behaviors.current()[0]).toMatchObject({
      change: 'other',
      description: 'Stopped driving',
    });
  });
});

describe('TraumaEvidencesStep', { timeout: 30_000 }, () => {
  it('without a condition, points to the events page and can start with the guessed one', async () => {
    const { fake, user } = await openStep('trauma-evidences', 'Reports and evidence', {
      hasCondition: false,
    });
    expect(await screen.findByRole('link', { name: 'Traumatic events' })).toHaveAttribute(
      'href',
      `${BASE}/trauma-events`,
    );
    await user.click(screen.getByRole('button', { name: 'Start these questions' }));
    expect(await screen.findByRole('button', { name: 'Add a report' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add a source' })).toBeVisible();
    expect(fake.conditions.current()).toMatchObject([{ condition: 'ptsd' }]);
  });
});

describe('TraumaCriteriaStep', { timeout: 30_000 }, () => {
  it('saves a criterion whole with PUT', async () => {
    const { api, user } = await openStep('trauma-criteria', 'PTSD criteria', {
      hasCondition: true,
    });
    expect(await screen.findByText('This is not a diagnosis.')).toBeVisible();
    const criterionB = await screen.findByRole('group', {
      name: 'B. The event comes back uninvited',
    });
    await user.click(within(criterionB).getByRole('radio', { name: 'Yes' }));
    await user.click(within(criterionB).getByRole('checkbox', { name: 'Nightmares about it' }));

    await waitFor(() =>
      expect(api.calls('PUT', `${CONDITION_BASE}/dsm-criteria/B`).at(-1)?.body).toEqual({
        met: 'yes',
        items: ['nightmares'],
        explanation: null,
      }),
    );
    expect(api.calls('PUT', `${CONDITION_BASE}/dsm-criteria/A`)).toHaveLength(0);
  });
});
