import type { Disability } from '@muster/contract/disabilities';
import { ERR } from '@muster/contract/errors';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { apiError, json, type ApiRequest } from '@/testing/api-mock';
import { buildDisability, buildVeteran } from '@/testing/factories';
import { renderApp } from '@/testing/render-app';
import { mockSignedIn } from '@/testing/session';

const KNEE_ID = '5d1f0c2a-7b3e-4c8d-9a1f-2b3c4d5e6f01';
const EARS_ID = '5d1f0c2a-7b3e-4c8d-9a1f-2b3c4d5e6f02';
const NEW_ID = '5d1f0c2a-7b3e-4c8d-9a1f-2b3c4d5e6f03';
const ROSA_ID = '0b8a6c1e-1d2f-4a3b-8c4d-5e6f7a8b9c01';
const DANA_ID = '0b8a6c1e-1d2f-4a3b-8c4d-5e6f7a8b9c02';

const KNEE = buildDisability({
  id: KNEE_ID,
  title: 'knee strain or sprain, left',
  side_of_body: 'left',
  classification_code: '8997',
  diagnosis: 'Patellar tendinitis',
  claim_type: 'direct',
  percent: 10,
  created_at: '2026-11-02T10:00:00.000Z',
});
const EARS = buildDisability({ id: EARS_ID, title: 'Tinnitus' });

/** An API holding disabilities that behaves like the real one: newest first, `q` on titles. */
function disabilitiesApi(initial: Disability[]) {
  let records = [...initial];
  const perRecord = (id: string) => ({
    [`GET /disabilities/${id}`]: () => {
      const record = records.find((candidate) => candidate.id === id);
      return record ? json(record) : apiError(404, ERR.NOT_FOUND);
    },
    [`PATCH /disabilities/${id}`]: (request: ApiRequest) => {
      records = records.map((record) =>
        record.id === id ? { ...record, ...(request.body as Partial<Disability>) } : record,
      );
      return json(records.find((record) => record.id === id));
    },
    [`DELETE /disabilities/${id}`]: () => {
      records = records.filter((record) => record.id !== id);
      return new Response(null, { status: 204 });
    },
  });
  return {
    current: () => records,
    routes: {
      'GET /disabilities': (request: ApiRequest) => {
        const q = (request.url.searchParams.get('q') ?? '').toLowerCase();
        const pageSize = Number(request.url.searchParams.get('page_size') ?? 20);
        const page = Number(request.url.searchParams.get('page') ?? 1);
        const matching = records.filter((record) => record.title.toLowerCase().includes(q));
        return json({
          results: matching.slice((page - 1) * pageSize, page * pageSize),
          meta: { page, page_size: pageSize, total: matching.length },
        });
      },
      'POST /disabilities': (request: ApiRequest) => {
        const body = request.body as Partial<Disability>;
        if (body.diagnostic_code === '9999') {
          return apiError(400, ERR.INVALID_INPUT, {
            fields: { diagnostic_code: 'Not a diagnostic code of the rating schedule' },
          });
        }
        const created = buildDisability({
          ...body,
          id: NEW_ID,
          veteran_id: body.veteran_id ?? null,
        });
        records = [created, ...records];
        return json(created, 201);
      },
      'GET /veterans': json({
        results: [
          buildVeteran({ id: ROSA_ID, is_primary: true, first_name: 'Rosa', last_name: 'Diaz' }),
          buildVeteran({ id: DANA_ID, is_primary: false, first_name: 'Dana', last_name: 'Kim' }),
        ],
        meta: { page: 1, page_size: 100, total: 2 },
      }),
      'GET /conditions': json({
        results: [
          {
            label: 'knee strain or sprain, left',
            side_of_body: 'left',
            classification: { code: '8997', name: 'Musculoskeletal - Knee' },
            diagnostic_codes: ['5260'],
            pact_presumptive: null,
          },
        ],
      }),
      ...perRecord(KNEE_ID),
      ...perRecord(EARS_ID),
      ...perRecord(NEW_ID),
    },
  };
}

function listItems() {
  return within(screen.getByRole('list', { name: 'Your disabilities' })).getAllByRole('listitem');
}

describe('/disabilities', () => {
  it('lists each disability with its diagnosis or "Not diagnosed", claim type and rating', async () => {
    mockSignedIn({ routes: disabilitiesApi([KNEE, EARS]).routes });
    renderApp({ path: '/disabilities' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Disabilities' })).toBeVisible();
    await waitFor(() => expect(listItems()).toHaveLength(2));
    const [knee, ears] = listItems();
    expect(
      within(knee!).getByRole('link', { name: 'knee strain or sprain, left' }),
    ).toHaveAttribute('href', `/disabilities/${KNEE_ID}`);
    expect(knee).toHaveTextContent('Diagnosis:Patellar tendinitis');
    expect(knee).toHaveTextContent('Claim type:Direct: It started or happened during my service');
    expect(knee).toHaveTextContent('VA rating:10%');
    expect(ears).toHaveTextContent('Diagnosis:Not diagnosed');
    expect(ears).toHaveTextContent('VA rating:Not rated yet');
  });

  it('searches by title through the API and keeps the search in the address', async () => {
    const { api } = mockSignedIn({ routes: disabilitiesApi([KNEE, EARS]).routes });
    const { router } = renderApp({ path: '/disabilities' });
    await waitFor(() => expect(listItems()).toHaveLength(2));

    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Search your disabilities' }),
      'tinn',
    );
    await waitFor(() => expect(listItems()).toHaveLength(1));
    expect(listItems()[0]).toHaveTextContent('Tinnitus');
    expect(router.state.location.search).toBe('?q=tinn');
    expect(
      api.calls('GET', '/disabilities').some((call) => call.url.searchParams.get('q') === 'tinn'),
    ).toBe(true);

    await userEvent.clear(screen.getByRole('searchbox'));
    await userEvent.type(screen.getByRole('searchbox'), 'elbow{Enter}');
    expect(await screen.findByText('No disabilities match “elbow”.')).toBeVisible();
  });

  it('pages through a long list', async () => {
    const many = Array.from({ length: 25 }, (_, index) =>
      buildDisability({
        id: `5d1f0c2a-7b3e-4c8d-9a1f-${String(index).padStart(12, '0')}`,
        title: `Condition ${index + 1}`,
      }),
    );
    mockSignedIn({ routes: disabilitiesApi(many).routes });
    renderApp({ path: '/disabilities' });
    await waitFor(() => expect(listItems()).toHaveLength(20));
    const pages = screen.getByRole('navigation', { name: 'Pages of disabilities' });
    expect(pages).toHaveTextContent('Page 1 of 2');
    await userEvent.click(within(pages).getByRole('link', { name: 'Next page' }));
    await waitFor(() => expect(listItems()).toHaveLength(5));
    expect(listItems()[0]).toHaveTextContent('Condition 21');
  });

  it('with none, an empty state offers to add the first', async () => {
    mockSignedIn({ routes: disabilitiesApi([]).routes });
    renderApp({ path: '/disabilities' });
    expect(await screen.findByText('No disabilities yet')).toBeVisible();
    const adds = screen.getAllByRole('link', { name: 'Add a disability' });
    expect(adds.at(-1)).toHaveAttribute('href', '/disabilities/new');
  });

  it('delete asks first: Cancel keeps it, Delete removes it and says so', async () => {
    const store = disabilitiesApi([KNEE, EARS]);
    const { api } = mockSignedIn({ routes: store.routes });
    renderApp({ path: '/disabilities' });

    await userEvent.click(await screen.findByRole('button', { name: 'Delete Tinnitus' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this disability?' });
    expect(dialog).toHaveTextContent('Tinnitus and every answer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('DELETE', `/disabilities/${EARS_ID}`)).toHaveLength(0);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Delete Tinnitus' })).toHaveFocus(),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Delete Tinnitus' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Delete disability',
      }),
    );
    expect(await screen.findByText('Disability deleted')).toBeInTheDocument();
    expect(api.calls('DELETE', `/disabilities/${EARS_ID}`)).toHaveLength(1);
    await waitFor(() => expect(listItems()).toHaveLength(1));
    expect(store.current().map((record) => record.id)).toEqual([KNEE_ID]);
  });
});

describe('/disabilities/new and /disabilities/new/create', () => {
  it('offers adding one condition, which opens the form', async () => {
    mockSignedIn({ routes: disabilitiesApi([]).routes });
    const { router } = renderApp({ path: '/disabilities/new' });
    await userEvent.click(await screen.findByRole('link', { name: /Add one condition/ }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create disability' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/disabilities/new/create');
  });

  it('a picked suggestion fills the codes and side; the form posts and opens the new disability', async () => {
    const { api } = mockSignedIn({ routes: disabilitiesApi([]).routes });
    const { router } = renderApp({ path: '/disabilities/new/create' });

    const veteran = await screen.findByRole('combobox', { name: 'Veteran record' });
    expect(veteran).toHaveDisplayValue('Rosa Diaz (primary)');
    const condition = screen.getByRole('combobox', { name: 'Condition' });
    await userEvent.type(condition, 'bad knee');
    await userEvent.click(
      await screen.findByRole('option', { name: /knee strain or sprain, left/ }),
    );
    expect(condition).toHaveValue('knee strain or sprain, left');
    expect(screen.getByRole('combobox', { name: 'Side of the body' })).toHaveDisplayValue('Left');
    expect(screen.getByRole('textbox', { name: /Diagnostic code/ })).toHaveValue('5260');
    expect(screen.getByRole('textbox', { name: /VA classification/ })).toHaveValue('8997');

    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'How is it connected to your service?' }),
      'worsened_by_service',
    );
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Current VA rating' }),
      '20',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create disability' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/disabilities/${NEW_ID}`));
    expect(api.calls('POST', '/disabilities').map((call) => call.body)).toEqual([
      {
        title: 'knee strain or sprain, left',
        diagnosis: null,
        diagnostic_code: '5260',
        classification_code: '8997',
        side_of_body: 'left',
        claim_type: 'worsened_by_service',
        veteran_id: ROSA_ID,
        percent: 20,
      },
    ]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'knee strain or sprain, left' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: /Start the questions/ })).toHaveAttribute(
      'href',
      `/disabilities/${NEW_ID}/type`,
    );
  }, 15_000);

  it('checks the title before sending, and puts the API’s field errors on their fields', async () => {
    const { api } = mockSignedIn({ routes: disabilitiesApi([]).routes });
    renderApp({ path: '/disabilities/new/create' });
    const submit = await screen.findByRole('button', { name: 'Create disability' });
    await userEvent.click(submit);
    const condition = screen.getByRole('combobox', { name: 'Condition' });
    await waitFor(() => expect(condition).toHaveAttribute('aria-invalid', 'true'));
    expect(api.calls('POST', '/disabilities')).toHaveLength(0);

    await userEvent.type(condition, 'Tinnitus');
    await userEvent.type(screen.getByRole('textbox', { name: /Diagnostic code/ }), '9999');
    await userEvent.click(submit);
    const code = screen.getByRole('textbox', { name: /Diagnostic code/ });
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(/Not a diagnostic code of the rating schedule/),
    );
    expect(code).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(code).toHaveFocus());
    expect(condition).toHaveValue('Tinnitus');
  }, 15_000);
});

describe('/disabilities/{id}', () => {
  it('shows the overview, edits the diagnosis with PATCH, and deletes back to the list', async () => {
    const store = disabilitiesApi([KNEE, EARS]);
    const { api } = mockSignedIn({ routes: store.routes });
    const { router } = renderApp({ path: `/disabilities/${KNEE_ID}` });

    const details = await screen.findByRole('region', { name: 'Details' });
    expect(details).toHaveTextContent('Diagnosis:Patellar tendinitis');
    expect(details).toHaveTextContent('Side of the body:Left');
    expect(details).toHaveTextContent('VA classification:8997');

    await userEvent.click(within(details).getByRole('button', { name: 'Edit details' }));
    const diagnosis = screen.getByRole('textbox', { name: 'Diagnosis (optional)' });
    await userEvent.clear(diagnosis);
    await userEvent.type(diagnosis, 'Chondromalacia patella');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    const saved = await screen.findByRole('region', { name: 'Details' });
    expect(saved).toHaveTextContent('Diagnosis:Chondromalacia patella');
    expect(api.calls('PATCH', `/disabilities/${KNEE_ID}`).map((call) => call.body)).toEqual([
      expect.objectContaining({
        title: KNEE.title,
        diagnosis: 'Chondromalacia patella',
        percent: 10,
      }),
    ]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit details' })).toHaveFocus());

    await userEvent.click(screen.getByRole('button', { name: 'Delete disability' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Delete disability',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/disabilities'));
    expect(store.current().map((record) => record.id)).toEqual([EARS_ID]);
  }, 15_000);

  it('an unknown id says the disability was not found', async () => {
    mockSignedIn({ routes: disabilitiesApi([]).routes });
    renderApp({ path: `/disabilities/${NEW_ID}` });
    expect(await screen.findByText('We could not find this disability')).toBeVisible();
  });
});

describe('the dashboard and the sidebar', () => {
  it('list the latest disabilities, each linking to its page', async () => {
    mockSignedIn({ routes: disabilitiesApi([KNEE, EARS]).routes });
    renderApp({ path: '/dashboard' });
    const panel = await screen.findByRole('region', { name: 'Your disabilities' });
    const latest = await within(panel).findByRole('list', { name: 'Latest disabilities' });
    expect(
      within(latest).getByRole('link', { name: /knee strain or sprain, left/ }),
    ).toHaveAttribute('href', `/disabilities/${KNEE_ID}`);
    expect(within(latest).getAllByRole('link')[1]).toHaveTextContent('TinnitusNot diagnosed');

    const nav = screen.getByRole('navigation', { name: 'Main' });
    const sidebarList = await within(nav).findByRole('list', { name: 'Latest disabilities' });
    expect(
      within(sidebarList)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['knee strain or sprain, left', 'Tinnitus']);
    expect(within(nav).getByRole('link', { name: 'View all disabilities' })).toHaveAttribute(
      'href',
      '/disabilities',
    );
  });
});
