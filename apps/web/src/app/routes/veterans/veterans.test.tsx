import { ERR } from '@muster/contract/errors';
import type { Veteran } from '@muster/contract/veterans';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { apiError, json, type ApiRequest } from '@/testing/api-mock';
import { buildVeteran } from '@/testing/factories';
import { renderApp } from '@/testing/render-app';
import { mockSignedIn } from '@/testing/session';

const ROSA_ID = '0b8a6c1e-1d2f-4a3b-8c4d-5e6f7a8b9c01';
const DANA_ID = '0b8a6c1e-1d2f-4a3b-8c4d-5e6f7a8b9c02';
const NEW_ID = '0b8a6c1e-1d2f-4a3b-8c4d-5e6f7a8b9c03';

const FULL_NUMBERS: Record<string, { ssn: string | null; va_file_number: string | null }> = {
  [ROSA_ID]: { ssn: '123-45-6789', va_file_number: 'C23456789' },
  [DANA_ID]: { ssn: null, va_file_number: null },
};

const ROSA = buildVeteran({
  id: ROSA_ID,
  is_primary: true,
  first_name: 'Rosa',
  last_name: 'Diaz',
  ssn: '***-**-6789',
  va_file_number: '*****6789',
  date_of_birth: '1980-04-12',
  service_periods: [
    {
      branch: 'Marine Corps',
      component: 'active',
      start_date: '1998-06-01',
      end_date: '2004-05-31',
      character_of_discharge: 'honorable',
    },
  ],
});
const DANA = buildVeteran({
  id: DANA_ID,
  is_primary: false,
  first_name: 'Dana',
  last_name: 'Kim',
  created_at: '2026-11-02T10:00:00.000Z',
});

/**
 * An API holding veteran records that behaves like the real one: the primary first, numbers masked
 * unless `?reveal=true`, one primary at a time, deletes for real.
 */
function veteransApi(initial: Veteran[]) {
  let records = [...initial];
  const ordered = () => [
    ...records.filter((record) => record.is_primary),
    ...records.filter((record) => !record.is_primary),
  ];
  const perRecord = (id: string) => ({
    [`GET /veterans/${id}`]: (request: ApiRequest) => {
      const record = records.find((candidate) => candidate.id === id);
      if (!record) return apiError(404, ERR.NOT_FOUND);
      const reveal = request.url.searchParams.get('reveal') === 'true';
      return json(reveal ? { ...record, ...FULL_NUMBERS[id] } : record);
    },
    [`PATCH /veterans/${id}`]: (request: ApiRequest) => {
      const { is_primary: isPrimary, ...fields } = request.body as Partial<Veteran>;
      records = records.map((record) => {
        if (record.id === id)
          return { ...record, ...fields, is_primary: isPrimary ?? record.is_primary };
        return isPrimary ? { ...record, is_primary: false } : record;
      });
      return json(records.find((record) => record.id === id));
    },
    [`DELETE /veterans/${id}`]: () => {
      records = records.filter((record) => record.id !== id);
      return new Response(null, { status: 204 });
    },
  });
  return {
    current: () => ordered(),
    routes: {
      'GET /veterans': () =>
        json({ results: ordered(), meta: { page: 1, page_size: 20, total: records.length } }),
      ...perRecord(ROSA_ID),
      ...perRecord(DANA_ID),
      ...perRecord(NEW_ID),
    },
  };
}

function listItems() {
  return within(screen.getByRole('list', { name: 'Veteran records' })).getAllByRole('listitem');
}

/** Names of the records in the order the list shows them. */
function shownNames() {
  return listItems().map((item) => within(item).getByRole('heading').textContent);
}

describe('/veterans (Veteran records)', () => {
  it('lists the primary first, marked "Primary", with numbers masked', async () => {
    const store = veteransApi([DANA, ROSA]);
    mockSignedIn({ routes: store.routes });
    renderApp({ path: '/veterans' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Veteran records' })).toBeVisible();
    await waitFor(() => expect(shownNames()).toEqual(['Rosa Diaz', 'Dana Kim']));
    const [rosa, dana] = listItems();
    expect(within(rosa!).getByText('Primary')).toBeVisible();
    expect(within(dana!).queryByText('Primary')).not.toBeInTheDocument();
    expect(within(rosa!).getByText('SSN:').nextElementSibling).toHaveTextContent('ending in 6789');
    expect(within(rosa!).getByText('VA file number:').nextElementSibling).toHaveTextContent(
      'ending in 6789',
    );
    expect(rosa).toHaveTextContent('U.S. Marine Corps, Jun 1, 1998 to May 31, 2004');
    expect(within(rosa!).getByRole('link', { name: 'Rosa Diaz' })).toHaveAttribute(
      'href',
      `/veterans/${ROSA_ID}`,
    );
    // The primary cannot be made primary again; the other can.
    expect(within(rosa!).queryByRole('button', { name: /Make primary/ })).not.toBeInTheDocument();
    expect(within(dana!).getByRole('button', { name: 'Make primary: Dana Kim' })).toBeVisible();
    expect(document.body.innerHTML).not.toContain('123-45-6789');
  });

  it('with no records, an empty state offers to add the first', async () => {
    mockSignedIn({ routes: veteransApi([]).routes });
    const { router } = renderApp({ path: '/veterans' });

    expect(await screen.findByText('No veteran records yet')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Veteran records' })).not.toBeInTheDocument();
    const adds = screen.getAllByRole('link', { name: 'Add a veteran record' });
    await userEvent.click(adds.at(-1)!);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Add a veteran record' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/veterans/new');
  });

  it('"Make primary" makes another record the primary and moves it first', async () => {
    const store = veteransApi([ROSA, DANA]);
    const { api } = mockSignedIn({ routes: store.routes });
    renderApp({ path: '/veterans' });

    await userEvent.click(await screen.findByRole('button', { name: 'Make primary: Dana Kim' }));

    expect(await screen.findByText('Dana Kim is now the primary record')).toBeInTheDocument();
    expect(api.calls('PATCH', `/veterans/${DANA_ID}`).map((call) => call.body)).toEqual([
      { is_primary: true },
    ]);
    await waitFor(() => expect(shownNames()).toEqual(['Dana Kim', 'Rosa Diaz']));
    const [dana, rosa] = listItems();
    expect(within(dana!).getByText('Primary')).toBeVisible();
    expect(within(rosa!).queryByText('Primary')).not.toBeInTheDocument();
    expect(within(rosa!).getByRole('button', { name: 'Make primary: Rosa Diaz' })).toBeVisible();
  });

  it('delete asks first: Cancel keeps the record, Delete removes it and says so', async () => {
    const store = veteransApi([ROSA, DANA]);
    const { api } = mockSignedIn({ routes: store.routes });
    renderApp({ path: '/veterans' });

    await userEvent.click(await screen.findByRole('button', { name: 'Delete Dana Kim' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this veteran record?' });
    expect(dialog).toHaveTextContent('Dana Kim’s details and service history will be deleted.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('DELETE', `/veterans/${DANA_ID}`)).toHaveLength(0);
    // Back where the user was.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Delete Dana Kim' })).toHaveFocus(),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Delete Dana Kim' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete record' }),
    );

    expect(await screen.findByText('Veteran record deleted')).toBeInTheDocument();
    expect(api.calls('DELETE', `/veterans/${DANA_ID}`)).toHaveLength(1);
    await waitFor(() => expect(shownNames()).toEqual(['Rosa Diaz']));
    // Its buttons are gone: focus moves to the first record left.
    await waitFor(() => expect(screen.getByRole('link', { name: 'Rosa Diaz' })).toHaveFocus());

    // Deleting the primary says what happens to the primary.
    await userEvent.click(screen.getByRole('button', { name: 'Delete Rosa Diaz' }));
    const last = await screen.findByRole('alertdialog');
    expect(last).toHaveTextContent('This is the primary record');
    await userEvent.click(within(last).getByRole('button', { name: 'Delete record' }));
    expect(await screen.findByText('No veteran records yet')).toBeVisible();
    expect(store.current()).toEqual([]);
  });

  it('shows a failed load inside the page, with Retry', async () => {
    const store = veteransApi([ROSA]);
    const { api } = mockSignedIn({
      routes: { ...store.routes, 'GET /veterans': apiError(500, ERR.INTERNAL) },
    });
    renderApp({ path: '/veterans' });

    expect(
      await screen.findByRole('heading', { name: 'We could not load your veteran records' }),
    ).toBeVisible();
    api.use({ 'GET /veterans': store.routes['GET /veterans'] });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Rosa Diaz' })).toBeVisible();
  });
});

describe('/veterans/new (Add a veteran record)', () => {
  it(
    'checks the form with the contract before sending, under each field',
    { timeout: 20_000 },
    async () => {
      const { api } = mockSignedIn({ routes: veteransApi([]).routes });
      renderApp({ path: '/veterans/new' });
      await screen.findByRole('heading', { level: 1, name: 'Add a veteran record' });

      await userEvent.click(screen.getByRole('button', { name: 'Save record' }));
      const first = screen.getByLabelText('First name');
      await waitFor(() => expect(first).toHaveAttribute('aria-invalid', 'true'));
      expect(first).toHaveAccessibleDescription('Required');
      expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription('Required');
      expect(first).toHaveFocus();

      await userEvent.type(first, 'Rosa');
      await userEvent.type(screen.getByLabelText('Last name'), 'Diaz');
      await userEvent.type(screen.getByLabelText('Social Security number'), '123-45-678');
      await userEvent.click(screen.getByRole('button', { name: 'Add service period' }));
      const period = screen.getByRole('group', { name: 'Service period 1' });
      expect(within(period).getByLabelText('Branch')).toHaveFocus();
      await userEvent.type(within(period).getByLabelText('Start date'), '2004-01-01');
      await userEvent.type(within(period).getByLabelText('End date'), '2000-01-01');
      await userEvent.click(screen.getByRole('button', { name: 'Save record' }));

      expect(await screen.findByText('Must be 9 digits (123-45-6789)')).toBeVisible();
      expect(within(period).getByLabelText('Branch')).toHaveAccessibleDescription('Required');
      expect(within(period).getByLabelText('End date')).toHaveAccessibleDescription(
        'Still serving? Give your separation date if you know it (up to a year ahead), or leave it empty. Must be on or after the start date',
      );
      expect(api.calls('POST', '/veterans')).toHaveLength(0);

      // A row removed takes its problems with it.
      await userEvent.click(
        within(period).getByRole('button', { name: 'Remove service period 1' }),
      );
      expect(screen.queryByRole('group', { name: 'Service period 1' })).not.toBeInTheDocument();
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Add service period' })).toHaveFocus(),
      );
    },
  );

  // Fills in every control by keyboard, which takes a while on a busy machine.
  it(
    'saves every part of the record, then opens it with the numbers masked',
    { timeout: 30_000 },
    async () => {
      const store = veteransApi([]);
      const { api } = mockSignedIn({
        routes: {
          ...store.routes,
          'POST /veterans': ({ body }) => {
            const input = body as Partial<Veteran>;
            FULL_NUMBERS[NEW_ID] = { ssn: '123-45-6789', va_file_number: null };
            const saved = buildVeteran({
              ...input,
              id: NEW_ID,
              ssn: '***-**-6789',
              phone: '5125550142',
            } as Partial<Veteran>);
            api.use({ [`GET /veterans/${NEW_ID}`]: json(saved) });
            return json(saved, 201);
          },
        },
      });
      const { router } = renderApp({ path: '/veterans/new' });
      await screen.findByRole('heading', { level: 1, name: 'Add a veteran record' });

      await userEvent.type(screen.getByLabelText('First name'), 'Rosa');
      await userEvent.type(screen.getByLabelText('Last name'), 'Diaz');
      await userEvent.type(screen.getByLabelText('Social Security number'), '123-45-6789');
      await userEvent.type(screen.getByLabelText('Date of birth'), '1980-04-12');
      await userEvent.type(screen.getByLabelText('Street address'), 'Unit 2050 Box 4190');
      await userEvent.type(screen.getByLabelText('City'), 'APO');
      await userEvent.selectOptions(screen.getByLabelText('State or territory'), 'AP');
      await userEvent.type(screen.getByLabelText('ZIP code'), '96278');
      await userEvent.type(screen.getByLabelText('Phone'), '(512) 555-0142');
      await userEvent.type(screen.getByLabelText('Email'), 'rosa@example.com');

      await userEvent.click(screen.getByRole('button', { name: 'Add service period' }));
      const period = screen.getByRole('group', { name: 'Service period 1' });
      await userEvent.selectOptions(within(period).getByLabelText('Branch'), 'U.S. Marine Corps');
      await userEvent.selectOptions(within(period).getByLabelText('Component'), 'Reserve');
      await userEvent.type(within(period).getByLabelText('Start date'), '1998-06-01');
      await userEvent.type(within(period).getByLabelText('End date'), '2004-05-31');
      await userEvent.selectOptions(
        within(period).getByLabelText('Character of discharge'),
        'Honorable',
      );
      await userEvent.click(screen.getByRole('button', { name: 'Add deployment' }));
      const deployment = screen.getByRole('group', { name: 'Deployment 1' });
      await userEvent.type(within(deployment).getByLabelText('Location'), 'Al Asad Air Base, Iraq');
      await userEvent.type(within(deployment).getByLabelText('Start date'), '2003-03-01');

      await userEvent.click(screen.getByRole('button', { name: 'Save record' }));

      expect(await screen.findByText('Veteran record saved')).toBeInTheDocument();
      expect(api.calls('POST', '/veterans').map((call) => call.body)).toEqual([
        {
          first_name: 'Rosa',
          middle_name: null,
          last_name: 'Diaz',
          ssn: '123-45-6789',
          va_file_number: null,
          date_of_birth: '1980-04-12',
          address: {
            line1: 'Unit 2050 Box 4190',
            line2: null,
            line3: null,
            city: 'APO',
            state: 'AP',
            zip_code: '96278',
          },
          phone: '(512) 555-0142',
          email: 'rosa@example.com',
          // The record lists the branch its period of service names.
          branches: ['Marine Corps'],
          service_periods: [
            {
              branch: 'Marine Corps',
              component: 'reserve',
              start_date: '1998-06-01',
              end_date: '2004-05-31',
              character_of_discharge: 'honorable',
            },
          ],
          deployments: [
            { location: 'Al Asad Air Base, Iraq', start_date: '2003-03-01', end_date: null },
          ],
          notes: null,
        },
      ]);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Veteran record' }),
      ).toBeVisible();
      expect(router.state.location.pathname).toBe(`/veterans/${NEW_ID}`);
      expect(screen.getByRole('group', { name: 'Social Security number' })).toHaveTextContent(
        'Saved, ending in 6789',
      );
      expect(
        screen.queryByRole('textbox', { name: 'Social Security number' }),
      ).not.toBeInTheDocument();
      expect(document.body.innerHTML).not.toContain('123-45-6789');
    },
  );

  it('shows the API’s refusals under their fields, keeps what was typed, and shows it is saving', async () => {
    let answer: (response: Response) => void = () => {};
    const { api } = mockSignedIn({
      routes: {
        ...veteransApi([]).routes,
        'POST /veterans': () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      },
    });
    renderApp({ path: '/veterans/new' });
    await screen.findByRole('heading', { level: 1, name: 'Add a veteran record' });

    await userEvent.type(screen.getByLabelText('First name'), 'Rosa');
    await userEvent.type(screen.getByLabelText('Last name'), 'Diaz');
    await userEvent.type(screen.getByLabelText('Date of birth'), '2001-05-05');
    await userEvent.click(screen.getByRole('button', { name: 'Add service period' }));
    const period = screen.getByRole('group', { name: 'Service period 1' });
    await userEvent.selectOptions(within(period).getByLabelText('Branch'), 'Army');
    await userEvent.type(within(period).getByLabelText('Start date'), '2000-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Save record' }));

    expect(await screen.findByRole('button', { name: 'Saving…' })).toBeDisabled();
    expect(screen.getByText('Saving the record…')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toBeDisabled();
    expect(api.calls('POST', '/veterans')).toHaveLength(1);

    answer(
      apiError(400, ERR.INVALID_INPUT, {
        fields: { 'service_periods.0.start_date': 'Must be after the date of birth' },
      }),
    );

    const start = within(period).getByLabelText('Start date');
    await waitFor(() =>
      expect(start).toHaveAccessibleDescription('Must be after the date of birth'),
    );
    expect(start).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(start).toHaveFocus());
    expect(await screen.findByText('Invalid input provided')).toBeInTheDocument();
    // Nothing typed is lost, and the form can be sent again.
    expect(screen.getByLabelText('First name')).toHaveValue('Rosa');
    expect(screen.getByLabelText('Date of birth')).toHaveValue('2001-05-05');
    expect(within(period).getByLabelText('Branch')).toHaveValue('Army');
    expect(start).toHaveValue('2000-01-01');
    expect(screen.getByRole('button', { name: 'Save record' })).toBeEnabled();
  });
});

describe('/veterans/{id} (Veteran record)', () => {
  it('keeps numbers masked until Show, sends a kept number back never, saves changes', async () => {
    const store = veteransApi([ROSA, DANA]);
    const { api } = mockSignedIn({ routes: store.routes });
    renderApp({ path: `/veterans/${ROSA_ID}` });

    expect(await screen.findByRole('heading', { level: 1, name: 'Veteran record' })).toBeVisible();
    expect(await screen.findByText(/Rosa Diaz: the primary record/)).toBeVisible();
    expect(screen.getByLabelText('First name')).toHaveValue('Rosa');
    const ssn = screen.getByRole('group', { name: 'Social Security number' });
    expect(ssn).toHaveTextContent('Saved, ending in 6789');
    expect(
      screen.queryByRole('textbox', { name: 'Social Security number' }),
    ).not.toBeInTheDocument();
    expect(document.body.innerHTML).not.toContain('123-45-6789');
    expect(document.body.innerHTML).not.toContain('C23456789');
    const period = screen.getByRole('group', { name: 'Service period 1' });
    expect(within(period).getByLabelText('Branch')).toHaveValue('Marine Corps');
    expect(within(period).getByLabelText('Character of discharge')).toHaveValue('honorable');

    await userEvent.click(within(ssn).getByRole('button', { name: 'Show Social Security number' }));
    const input = await screen.findByRole('textbox', { name: 'Social Security number' });
    expect(input).toHaveValue('123-45-6789');
    expect(
      api.calls('GET', `/veterans/${ROSA_ID}`).map((call) => call.url.searchParams.get('reveal')),
    ).toContain('true');
    // Only the number asked for is shown.
    expect(document.body.innerHTML).not.toContain('C23456789');

    await userEvent.click(screen.getByRole('button', { name: 'Hide Social Security number' }));
    expect(
      screen.queryByRole('textbox', { name: 'Social Security number' }),
    ).not.toBeInTheDocument();
    expect(document.body.innerHTML).not.toContain('123-45-6789');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Show Social Security number' })).toHaveFocus(),
    );

    // A new VA file number replaces the saved one.
    await userEvent.click(screen.getByRole('button', { name: 'Change VA file number' }));
    const fileNumber = screen.getByRole('textbox', { name: 'VA file number' });
    expect(fileNumber).toHaveValue('');
    await waitFor(() => expect(fileNumber).toHaveFocus());
    await userEvent.type(fileNumber, '7654321');

    const last = screen.getByLabelText('Last name');
    await userEvent.clear(last);
    await userEvent.type(last, 'Diaz-Lopez');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Veteran record saved')).toBeInTheDocument();
    const [patch] = api.calls('PATCH', `/veterans/${ROSA_ID}`);
    const body = patch?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      first_name: 'Rosa',
      last_name: 'Diaz-Lopez',
      va_file_number: '7654321',
      date_of_birth: '1980-04-12',
      service_periods: [
        {
          branch: 'Marine Corps',
          component: 'active',
          start_date: '1998-06-01',
          end_date: '2004-05-31',
          character_of_discharge: 'honorable',
        },
      ],
    });
    // The kept SSN is not sent (null would erase it).
    expect(body).not.toHaveProperty('ssn');
  });

  it('says a record is not found: an id that is not a record id asks the API nothing', async () => {
    const { api } = mockSignedIn({ routes: veteransApi([ROSA]).routes });
    renderApp({ path: '/veterans/example-id' });
    expect(await screen.findByText('We could not find this veteran record')).toBeVisible();
    expect(api.requests.some((request) => request.path.startsWith('/veterans'))).toBe(false);
  });

  it('says a record is not found when the API answers 404', async () => {
    mockSignedIn({ routes: veteransApi([ROSA]).routes });
    renderApp({ path: `/veterans/${DANA_ID}` });
    expect(await screen.findByText('We could not find this veteran record')).toBeVisible();
    expect(screen.getByRole('link', { name: 'See your veteran records' })).toHaveAttribute(
      'href',
      '/veterans',
    );
  });
});
