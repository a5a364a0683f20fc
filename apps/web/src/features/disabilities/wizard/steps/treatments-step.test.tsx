import { DISABILITY_RECORDS, type Treatment } from '@muster/contract/disability-records';
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
const NEW_IDS = ['7a000000-0000-4000-8000-000000000001', '7a000000-0000-4000-8000-000000000002'];
const SAVED_ID = '7a000000-0000-4000-8000-0000000000aa';

const KNEE = buildDisability({ id: DISABILITY_ID, title: 'Knee strain', claim_type: 'direct' });

function savedTreatment(overrides: Partial<Treatment> = {}): Treatment {
  return DISABILITY_RECORDS.treatments.item.parse({
    id: SAVED_ID,
    disability_id: DISABILITY_ID,
    facility_name: 'VA Boston',
    facility_type: 'va',
    provider_name: null,
    start_date: '2020-01-01',
    end_date: null,
    medications: [],
    notes: null,
    created_at: '2026-01-01T10:00:00.000Z',
    updated_at: '2026-01-01T10:00:00.000Z',
    ...overrides,
  });
}

/** The disability and a treatments collection that behaves like the API's. */
function treatmentsApi(initial: Treatment[] = []) {
  let records = [...initial];
  let created = 0;
  const one = (id: string): ApiRoutes => ({
    [`PATCH ${BASE}/treatments/${id}`]: (request: ApiRequest) => {
      const current = records.find((record) => record.id === id);
      if (!current) return apiError(404, ERR.NOT_FOUND);
      const changes = DISABILITY_RECORDS.treatments.update.parse(request.body);
      const next = { ...current, ...changes };
      records = records.map((record) => (record.id === id ? next : record));
      return json(next);
    },
    [`DELETE ${BASE}/treatments/${id}`]: () => {
      records = records.filter((record) => record.id !== id);
      return new Response(null, { status: 204 });
    },
  });
  const routes: ApiRoutes = {
    [`GET ${BASE}`]: json(KNEE),
    [`PATCH ${BASE}`]: (request: ApiRequest) => json({ ...KNEE, ...(request.body as object) }),
    [`GET ${BASE}/exposures`]: json({ results: [], meta: { page: 1, page_size: 100, total: 0 } }),
    [`GET ${BASE}/treatments`]: () =>
      json({ results: records, meta: { page: 1, page_size: 100, total: records.length } }),
    [`POST ${BASE}/treatments`]: (request: ApiRequest) => {
      const input = DISABILITY_RECORDS.treatments.create.parse(request.body);
      const record = savedTreatment({
        ...input,
        id: NEW_IDS[created] ?? 'no-more-ids',
        created_at: `2026-02-0${created + 1}T10:00:00.000Z`,
      });
      created += 1;
      records = [...records, record];
      return json(record, 201);
    },
    ...one(SAVED_ID),
    ...NEW_IDS.reduce<ApiRoutes>((all, id) => ({ ...all, ...one(id) }), {}),
  };
  return { routes, current: () => records };
}

async function openTreatments(initial: Treatment[] = []) {
  const fake = treatmentsApi(initial);
  const { api } = mockSignedIn({ routes: fake.routes });
  renderApp({ path: `${BASE}/treatments` });
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Treatment' }, FIRST_LOAD),
  ).toBeVisible();
  await screen.findByRole('button', { name: 'Add a treatment' });
  return { api, fake };
}

describe('TreatmentsStep', { timeout: 30_000 }, () => {
  it('creates a treatment once its facility is named, then changes it', async () => {
    const { api, fake } = await openTreatments();
    const user = userEvent.setup();
    expect(screen.getByText(/No treatments yet/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Add a treatment' }));
    const card = screen.getByRole('region', { name: 'Treatment 1' });
    const facility = within(card).getByRole('textbox', { name: 'Where were you treated?' });
    expect(facility).toHaveFocus();
    // Nothing typed yet: nothing to complain about.
    expect(within(card).queryByText('Give the name of the place')).not.toBeInTheDocument();

    await user.type(facility, 'Walter Reed');
    await waitFor(() => expect(api.calls('POST', `${BASE}/treatments`)).toHaveLength(1));
    expect(api.calls('POST', `${BASE}/treatments`)[0]?.body).toMatchObject({
      facility_name: 'Walter Reed',
      medications: [],
    });

    await user.type(within(card).getByRole('textbox', { name: 'Who treated you?' }), 'Dr. Lee');
    await waitFor(() =>
      expect(fake.current()[0]).toMatchObject({
        facility_name: 'Walter Reed',
        provider_name: 'Dr. Lee',
      }),
    );
    expect(api.calls('PATCH', `${BASE}/treatments/${NEW_IDS[0]}`).at(-1)?.body).toMatchObject({
      facility_name: 'Walter Reed',
      provider_name: 'Dr. Lee',
    });
    expect(api.calls('POST', `${BASE}/treatments`)).toHaveLength(1);
    expect(await screen.findByText(/^Saved at/)).toBeVisible();
  });

  it('sends a create again after a lost answer with the same key, so one record is made', async () => {
    const fake = treatmentsApi();
    const create = fake.routes[`POST ${BASE}/treatments`] as (request: ApiRequest) => Response;
    // Like the API: a create whose key was seen answers the record made then.
    const made = new Map<string, unknown>();
    let isFirst = true;
    const { api } = mockSignedIn({
      routes: {
        ...fake.routes,
        [`POST ${BASE}/treatments`]: async (request: ApiRequest) => {
          const key = request.headers.get('idempotency-key') ?? '';
          if (made.has(key)) return json(made.get(key), 200);
          made.set(key, await create(request).json());
          if (!isFirst) return json(made.get(key), 201);
          // The server made the record, but its answer is lost on the way back.
          isFirst = false;
          return apiError(504, ERR.SERVICE_UNAVAILABLE);
        },
      },
    });
    renderApp({ path: `${BASE}/treatments` });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a treatment' }, FIRST_LOAD));
    const card = screen.getByRole('region', { name: 'Treatment 1' });
    await user.type(
      within(card).getByRole('textbox', { name: 'Where were you treated?' }),
      'Walter Reed',
    );
    await waitFor(() => expect(api.calls('POST', `${BASE}/treatments`)).toHaveLength(2), {
      timeout: 5_000,
    });
    const [first, second] = api.calls('POST', `${BASE}/treatments`);
    const key = first?.headers.get('idempotency-key');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.headers.get('idempotency-key')).toBe(key);
    expect(fake.current()).toHaveLength(1);
    expect(await screen.findByText(/^Saved at/, {}, { timeout: 5_000 })).toBeVisible();
  });

  it('shows what is missing once the veteran types, and sends nothing until it is fixed', async () => {
    const { api } = await openTreatments();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add a treatment' }));
    const card = screen.getByRole('region', { name: 'Treatment 1' });

    await user.type(within(card).getByRole('textbox', { name: 'Who treated you?' }), 'Dr. Lee');
    expect(within(card).getByText('Give the name of the place')).toBeVisible();
    expect(within(card).getByRole('textbox', { name: 'Where were you treated?' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    // Shown, and (a failure) announced.
    await waitFor(() =>
      expect(document.querySelector('[data-slot="autosave-status"]')).toHaveTextContent(
        'Not saved: correct the answer marked below',
      ),
    );
    expect(
      screen
        .getAllByRole('status')
        .some((region) => region.textContent === 'Not saved: correct the answer marked below'),
    ).toBe(true);
    expect(api.calls('POST', `${BASE}/treatments`)).toHaveLength(0);
  });

  it('lists medicines as rows that can be added and removed', async () => {
    const { api } = await openTreatments([savedTreatment()]);
    const user = userEvent.setup();
    const card = screen.getByRole('region', { name: 'Treatment 1' });
    expect(within(card).getByRole('textbox', { name: 'Where were you treated?' })).toHaveValue(
      'VA Boston',
    );

    await user.click(within(card).getByRole('button', { name: 'Add a medicine' }));
    const medicine = within(card).getByRole('textbox', { name: 'Medicine 1' });
    expect(medicine).toHaveFocus();
    await user.type(medicine, 'Sertraline');
    await user.type(within(card).getByRole('textbox', { name: 'Dose of medicine 1' }), '50 mg');
    await waitFor(() =>
      expect(api.calls('PATCH', `${BASE}/treatments/${SAVED_ID}`).at(-1)?.body).toMatchObject({
        medications: [{ name: 'Sertraline', dosage: '50 mg' }],
      }),
    );

    await user.click(within(card).getByRole('button', { name: 'Remove medicine 1' }));
    expect(within(card).getByRole('button', { name: 'Add a medicine' })).toHaveFocus();
    await waitFor(() =>
      expect(api.calls('PATCH', `${BASE}/treatments/${SAVED_ID}`).at(-1)?.body).toMatchObject({
        medications: [],
      }),
    );
  });

  it('asks before deleting a saved treatment, then returns focus to "Add a treatment"', async () => {
    const { api, fake } = await openTreatments([savedTreatment()]);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Delete treatment 1' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this treatment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('region', { name: 'Treatment 1' })).toBeVisible();
    expect(api.calls('DELETE', `${BASE}/treatments/${SAVED_ID}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete treatment 1' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Delete treatment',
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Treatment 1' })).not.toBeInTheDocument(),
    );
    expect(api.calls('DELETE', `${BASE}/treatments/${SAVED_ID}`)).toHaveLength(1);
    expect(fake.current()).toHaveLength(0);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Add a treatment' })).toHaveFocus(),
    );
  });

  it('removes a blank treatment without asking', async () => {
    const { api } = await openTreatments();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add a treatment' }));
    await user.click(screen.getByRole('button', { name: 'Delete treatment 1' }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Treatment 1' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a treatment' })).toHaveFocus();
    expect(api.calls('POST', `${BASE}/treatments`)).toHaveLength(0);
  });
});
