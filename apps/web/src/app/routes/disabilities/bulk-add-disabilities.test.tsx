import type { CatalogueCondition } from '@muster/contract/conditions';
import type { CreateDisabilityInput, Disability } from '@muster/contract/disabilities';
import { ALREADY_IN_LIST, LISTED_TWICE } from '@muster/contract/disabilities';
import { ERR } from '@muster/contract/errors';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { apiError, json, type ApiRequest } from '@/testing/api-mock';
import { buildDisability } from '@/testing/factories';
import { renderApp } from '@/testing/render-app';
import { mockSignedIn } from '@/testing/session';

const EARS = buildDisability({ id: '5d1f0c2a-7b3e-4c8d-9a1f-2b3c4d5e6f02', title: 'Tinnitus' });
const KNEE: CatalogueCondition = {
  label: 'knee strain or sprain, left',
  side_of_body: 'left',
  classification: { code: '8997', name: 'Musculoskeletal - Knee' },
  diagnostic_codes: ['5260'],
  pact_presumptive: null,
};

/** An API holding disabilities, with the bulk add and a catalogue that knows one knee condition. */
function bulkApi(initial: Disability[], answerBulk?: (request: ApiRequest) => Response) {
  let records = [...initial];
  return {
    routes: {
      'GET /disabilities': (request: ApiRequest) => {
        const pageSize = Number(request.url.searchParams.get('page_size') ?? 20);
        return json({
          results: records.slice(0, pageSize),
          meta: { page: 1, page_size: pageSize, total: records.length },
        });
      },
      'GET /conditions': (request: ApiRequest) => {
        const q = (request.url.searchParams.get('q') ?? '').toLowerCase();
        return json({ results: q.includes('knee') ? [KNEE] : [] });
      },
      'POST /disabilities/bulk': (request: ApiRequest) => {
        if (answerBulk) return answerBulk(request);
        const { disabilities } = request.body as { disabilities: CreateDisabilityInput[] };
        const created = disabilities.map((input, index) =>
          buildDisability({
            ...input,
            id: `5d1f0c2a-7b3e-4c8d-9a1f-${String(index + 10).padStart(12, '0')}`,
            veteran_id: null,
          }),
        );
        records = [...created.toReversed(), ...records];
        return json({ results: created }, 201);
      },
    },
  };
}

function entryList() {
  return screen.getByRole('list', { name: 'Conditions to add' });
}

async function pasteList(text: string) {
  await userEvent.click(
    await screen.findByRole('textbox', { name: 'Paste a list, one condition per line' }),
  );
  await userEvent.paste(text);
  await userEvent.click(screen.getByRole('button', { name: 'Add these' }));
}

describe('/disabilities/bulk-add', () => {
  it('is offered where a disability is added', async () => {
    mockSignedIn({ routes: bulkApi([]).routes });
    renderApp({ path: '/disabilities/new' });
    expect(await screen.findByRole('link', { name: /Add several at once/ })).toHaveAttribute(
      'href',
      '/disabilities/bulk-add',
    );
  });

  it('flags repeats and titles already listed before sending; once fixed, sends one request and opens the list', async () => {
    const { api } = mockSignedIn({ routes: bulkApi([EARS]).routes });
    const { router } = renderApp({ path: '/disabilities/bulk-add' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Add many disabilities' }),
    ).toBeVisible();
    await waitFor(() =>
      expect(
        api
          .calls('GET', '/disabilities')
          .some((call) => call.url.searchParams.get('page_size') === '100'),
      ).toBe(true),
    );

    await pasteList('Back strain\n\n  knee strain or sprain, LEFT \nback  strain\ntinnitus\n');

    await waitFor(() => expect(within(entryList()).getAllByRole('listitem')).toHaveLength(4));
    const row = (number: number) => screen.getByRole('textbox', { name: `Condition ${number}` });
    expect(row(1)).toHaveValue('Back strain');
    expect(row(1)).toHaveAccessibleDescription('In your own words');
    // A line that is one of VA's labels becomes that condition, with its side.
    expect(row(2)).toHaveValue('knee strain or sprain, left');
    expect(row(2)).toHaveAccessibleDescription('VA’s condition · Side of the body: Left');
    await waitFor(() => expect(row(3)).toHaveAccessibleDescription(/Listed twice/));
    expect(row(3)).toHaveAttribute('aria-invalid', 'true');
    expect(row(4)).toHaveAccessibleDescription(new RegExp(ALREADY_IN_LIST));
    expect(row(1)).toHaveAttribute('aria-invalid', 'false');
    expect(
      screen.getByRole('textbox', { name: 'Paste a list, one condition per line' }),
    ).toHaveValue('');

    await userEvent.click(screen.getByRole('button', { name: 'Add 4 disabilities' }));
    await waitFor(() => expect(row(3)).toHaveFocus());
    expect(api.calls('POST', '/disabilities/bulk')).toHaveLength(0);

    await userEvent.clear(row(3));
    await userEvent.type(row(3), 'Migraines');
    await waitFor(() => expect(row(3)).toHaveAttribute('aria-invalid', 'false'));
    await userEvent.click(screen.getByRole('button', { name: 'Remove condition 4' }));
    expect(within(entryList()).getAllByRole('listitem')).toHaveLength(3);
    expect(row(3)).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Add 3 disabilities' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/disabilities'));
    expect(api.calls('POST', '/disabilities/bulk').map((call) => call.body)).toEqual([
      {
        disabilities: [
          { title: 'Back strain' },
          {
            title: 'knee strain or sprain, left',
            diagnostic_code: '5260',
            classification_code: '8997',
            side_of_body: 'left',
          },
          { title: 'Migraines' },
        ],
      },
    ]);
    expect(await screen.findByText('3 disabilities added')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Your disabilities' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4));
    expect(within(list).getByRole('link', { name: 'Migraines' })).toBeVisible();
  }, 20_000);

  it('adds from the catalogue box, and puts the API’s refusals under their rows, keeping the list', async () => {
    const { api } = mockSignedIn({
      routes: bulkApi([], () =>
        apiError(400, ERR.INVALID_INPUT, {
          validation: true,
          fields: { 'disabilities.1.title': LISTED_TWICE },
        }),
      ).routes,
    });
    const { router } = renderApp({ path: '/disabilities/bulk-add' });

    const box = await screen.findByRole('combobox', { name: 'Find a condition' });
    await userEvent.type(box, 'bad knee');
    await screen.findByRole('option', { name: /knee strain or sprain, left/ });
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(box).toHaveValue('');
    await userEvent.type(box, 'Hearing loss{Enter}');
    await waitFor(() => expect(within(entryList()).getAllByRole('listitem')).toHaveLength(2));
    expect(box).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Condition 1' })).toHaveValue(KNEE.label);
    expect(screen.getByRole('textbox', { name: 'Condition 2' })).toHaveValue('Hearing loss');

    await userEvent.click(screen.getByRole('button', { name: 'Add 2 disabilities' }));
    const second = screen.getByRole('textbox', { name: 'Condition 2' });
    await waitFor(() => expect(second).toHaveAccessibleDescription(/Listed twice/));
    expect(second).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(second).toHaveFocus());
    expect(second).toHaveValue('Hearing loss');
    expect(screen.getByRole('textbox', { name: 'Condition 1' })).toHaveAttribute(
      'aria-invalid',
      'false',
    );
    expect(api.calls('POST', '/disabilities/bulk')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/disabilities/bulk-add');
  }, 20_000);

  it('with nothing listed, says so and goes back to the search box', async () => {
    const { api } = mockSignedIn({ routes: bulkApi([]).routes });
    renderApp({ path: '/disabilities/bulk-add' });
    await userEvent.click(await screen.findByRole('button', { name: 'Add disabilities' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Add at least one condition');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Find a condition' })).toHaveFocus(),
    );
    expect(api.calls('POST', '/disabilities/bulk')).toHaveLength(0);

    await userEvent.type(
      screen.getByRole('combobox', { name: 'Find a condition' }),
      'Asthma{Enter}',
    );
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Add 1 disability' })).toBeEnabled();
  });

  it(`takes at most 50 at once and keeps the lines that did not fit`, async () => {
    mockSignedIn({ routes: bulkApi([]).routes });
    renderApp({ path: '/disabilities/bulk-add' });
    const lines = Array.from({ length: 52 }, (_, index) => `Condition number ${index + 1}`);
    await pasteList(lines.join('\n'));

    await waitFor(() => expect(within(entryList()).getAllByRole('listitem')).toHaveLength(50));
    expect(
      screen.getByRole('textbox', { name: 'Paste a list, one condition per line' }),
    ).toHaveValue('Condition number 51\nCondition number 52');
    expect(screen.getByText(/the most you can add at once/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add these' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add 50 disabilities' })).toBeEnabled();
  }, 20_000);
});
