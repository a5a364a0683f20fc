import type { Disability } from '@muster/contract/disabilities';
import { DISABILITY_RECORDS, type Exposure } from '@muster/contract/disability-records';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { json, type ApiRequest, type ApiRoutes } from '@/testing/api-mock';
import { buildDisability } from '@/testing/factories';
import { renderApp } from '@/testing/render-app';
import { mockSignedIn } from '@/testing/session';

/** The page's code loads lazily: the first page of a busy test run can take a while. */
const FIRST_LOAD = { timeout: 15_000 };
const DISABILITY_ID = '5d1f0c2a-7b3e-4c8d-9a1f-2b3c4d5e6f01';
const BASE = `/disabilities/${DISABILITY_ID}`;
const NEW_ID = '7b000000-0000-4000-8000-000000000001';
const SAVED_ID = '7b000000-0000-4000-8000-0000000000aa';

function exposure(overrides: Partial<Exposure> = {}): Exposure {
  return DISABILITY_RECORDS.exposures.item.parse({
    id: SAVED_ID,
    disability_id: DISABILITY_ID,
    kind: 'gulf_war_2001',
    location: 'djibouti',
    hazard: null,
    location_details: null,
    start_date: '2003-01-01',
    end_date: '2004-06-30',
    description: null,
    additional_hazards: [],
    additional_hazards_details: null,
    created_at: '2026-01-01T10:00:00.000Z',
    updated_at: '2026-01-01T10:00:00.000Z',
    ...overrides,
  });
}

/** The disability and an exposures collection that keeps what is posted and patched. */
function exposuresApi(disability: Disability, initial: Exposure[] = []) {
  let records = [...initial];
  const routes: ApiRoutes = {
    [`GET ${BASE}`]: json(disability),
    [`PATCH ${BASE}`]: (request: ApiRequest) =>
      json({ ...disability, ...(request.body as object) }),
    [`GET ${BASE}/exposures`]: () =>
      json({ results: records, meta: { page: 1, page_size: 100, total: records.length } }),
    [`POST ${BASE}/exposures`]: (request: ApiRequest) => {
      const input = DISABILITY_RECORDS.exposures.create.parse(request.body);
      const record = exposure({ ...input, id: NEW_ID, created_at: '2026-02-01T10:00:00.000Z' });
      records = [...records, record];
      return json(record, 201);
    },
    [`PATCH ${BASE}/exposures/${NEW_ID}`]: (request: ApiRequest) => {
      const changes = DISABILITY_RECORDS.exposures.update.parse(request.body);
      records = records.map((record) =>
        record.id === NEW_ID ? { ...record, ...changes } : record,
      );
      return json(records.find((record) => record.id === NEW_ID));
    },
  };
  return { routes };
}

async function openExposures(disability: Disability, initial: Exposure[] = []) {
  const { api } = mockSignedIn({ routes: exposuresApi(disability, initial).routes });
  renderApp({ path: `${BASE}/exposures` });
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Exposures' }, FIRST_LOAD),
  ).toBeVisible();
  await screen.findByRole('button', { name: 'Add an exposure' });
  return api;
}

const verdict = () =>
  screen.getByRole('region', { name: 'Does VA presume this condition comes from your service?' });

describe('ExposuresStep', { timeout: 30_000 }, () => {
  it('records a post-9/11 exposure and finds asthma presumptive', async () => {
    const api = await openExposures(
      buildDisability({ id: DISABILITY_ID, title: 'Asthma', claim_type: 'presumptive' }),
    );
    const user = userEvent.setup();
    // On the list, but no exposure yet.
    expect(within(verdict()).getByText(/This condition is on presumptive lists/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Add an exposure' }));
    const card = screen.getByRole('region', { name: 'Exposure 1' });
    const kind = within(card).getByRole('combobox', { name: 'What were you exposed to?' });
    expect(kind).toHaveFocus();
    await user.selectOptions(kind, 'Post-9/11 (from September 2001)');
    // The place is required for this kind, and offers this kind's places.
    expect(await within(card).findByText('Choose where it was')).toBeVisible();
    const where = within(card).getByRole('combobox', { name: 'Where?' });
    expect(within(where).getByRole('option', { name: 'Yemen' })).toBeInTheDocument();
    expect(within(where).queryByRole('option', { name: 'Iraq' })).not.toBeInTheDocument();
    await user.selectOptions(where, 'Djibouti');
    await user.type(within(card).getByLabelText('From'), '2003-01-01');

    await waitFor(() => expect(api.calls('POST', `${BASE}/exposures`)).toHaveLength(1));
    expect(api.calls('POST', `${BASE}/exposures`)[0]?.body).toMatchObject({
      kind: 'gulf_war_2001',
      location: 'djibouti',
    });

    const region = verdict();
    expect(await within(region).findByText('Presumptive — no nexus needed')).toBeVisible();
    expect(
      within(region).getAllByText(
        'Diseases associated with fine particulate matter (burn pits and airborne hazards) (38 CFR 3.320)',
      )[0],
    ).toBeVisible();
    expect(within(region).getAllByText(/Qualifying place: Djibouti/)[0]).toBeVisible();
  });

  it('finds a radiation cancer presumptive for a nuclear test participant', async () => {
    await openExposures(buildDisability({ id: DISABILITY_ID, title: 'Thyroid cancer' }), [
      exposure({
        kind: 'radiation',
        location: 'nuclear_test',
        start_date: '1957-05-01',
        end_date: '1957-10-31',
      }),
    ]);
    const card = screen.getByRole('region', { name: 'Exposure 1' });
    expect(within(card).getByRole('combobox', { name: 'Where?' })).toHaveValue('nuclear_test');
    expect(await within(verdict()).findByText('Presumptive — no nexus needed')).toBeVisible();
  });

  it('resets the place when the kind changes', async () => {
    await openExposures(buildDisability({ id: DISABILITY_ID, title: 'Asthma' }), [exposure()]);
    const user = userEvent.setup();
    const card = screen.getByRole('region', { name: 'Exposure 1' });
    expect(within(card).getByRole('combobox', { name: 'Where?' })).toHaveValue('djibouti');

    await user.selectOptions(
      within(card).getByRole('combobox', { name: 'What were you exposed to?' }),
      'Herbicide (Agent Orange)',
    );
    expect(within(card).getByRole('combobox', { name: 'Where?' })).toHaveValue('');
    expect(within(card).getByText('Choose where it was')).toBeVisible();
  });

  it('says why the exposures miss when the condition is listed', async () => {
    await openExposures(buildDisability({ id: DISABILITY_ID, title: 'Asthma' }), [
      exposure({ location: 'yemen', start_date: '1999-01-01', end_date: '2000-06-30' }),
    ]);
    expect(
      within(verdict()).getByText('The exposures saved above do not qualify yet:'),
    ).toBeVisible();
    expect(
      within(verdict()).getByText('“Yemen” is not one of the places of 38 CFR 3.320.'),
    ).toBeVisible();
    expect(within(verdict()).queryByText('Presumptive — no nexus needed')).not.toBeInTheDocument();
  });

  it('says a presumption does not apply when no list names the condition', async () => {
    await openExposures(buildDisability({ id: DISABILITY_ID, title: 'Tinnitus' }), [exposure()]);
    expect(
      within(verdict()).getByText(
        /No presumptive list names this condition, so a presumption does not apply/,
      ),
    ).toBeVisible();
  });
});
