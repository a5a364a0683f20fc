import type { LaymanStatementSummary } from '@muster/contract/layman-statements';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { json, type ApiRequest } from '@/testing/api-mock';
import { renderApp } from '@/testing/render-app';
import { mockSignedIn } from '@/testing/session';

const FIRST_LOAD = { timeout: 15_000 };
const AT = '2026-11-20T12:00:00.000Z';
const KNEE = '5d1f0c2a-7b3e-4c8d-9a1f-2b3c4d5e6f01';
const REQUEST_ID = '9a000000-0000-4000-8000-000000000001';
const LINK = 'http://localhost:4100/layman-sign/tok_abcdefghijklmnopqrstuvwxyz0123456789ABCD';

const DISABILITIES = json({
  results: [
    {
      id: KNEE,
      title: 'Left knee strain',
      diagnostic_code: null,
      classification_code: null,
      side_of_body: null,
      diagnosis: null,
      claim_type: null,
      veteran_id: null,
      percent: null,
      wizard_step: null,
      created_at: AT,
      updated_at: AT,
    },
  ],
  meta: { page: 1, page_size: 100, total: 1 },
});

function summary(overrides: Partial<LaymanStatementSummary> = {}): LaymanStatementSummary {
  return {
    id: REQUEST_ID,
    disability_id: KNEE,
    name: 'Alex Moreno',
    relationship: 'served with me in Iraq',
    status: 'requested',
    expires_at: '2026-12-20T12:00:00.000Z',
    submitted_at: null,
    created_at: AT,
    ...overrides,
  };
}

describe('/disabilities/buddy-statement/new', { timeout: 30_000 }, () => {
  it('asks someone for a statement: the link is shown once, copied or emailed; requests listed', async () => {
    let requests: LaymanStatementSummary[] = [];
    const { api } = mockSignedIn({
      routes: {
        'GET /disabilities': DISABILITIES,
        'GET /layman-statements': () =>
          json({ results: requests, meta: { page: 1, page_size: 50, total: requests.length } }),
        'POST /layman-statements': (request: ApiRequest) => {
          requests = [summary({ name: (request.body as { name: string }).name })];
          return json(
            { id: REQUEST_ID, token_link: LINK, expires_at: '2026-12-20T12:00:00.000Z' },
            201,
          );
        },
        [`POST /layman-statements/${REQUEST_ID}/email`]: json({
          id: REQUEST_ID,
          token_link: LINK,
          expires_at: '2026-12-20T12:00:00.000Z',
        }),
        [`DELETE /layman-statements/${REQUEST_ID}/link`]: () => {
          requests = [summary({ status: 'revoked' })];
          return new Response(null, { status: 204 });
        },
      },
    });
    renderApp({ path: `/disabilities/buddy-statement/new?disability=${KNEE}` });
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Request a buddy statement' },
        FIRST_LOAD,
      ),
    ).toBeVisible();
    expect(await screen.findByText('No requests yet.')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Create the signing link' }));
    expect(api.calls('POST', '/layman-statements')).toHaveLength(0);

    await userEvent.type(screen.getByRole('textbox', { name: 'Their name' }), 'Alex Moreno');
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Their email (optional)' }),
      'alex@example.com',
    );
    await userEvent.type(
      screen.getByRole('textbox', { name: 'How they know you' }),
      'served with me in Iraq',
    );
    await userEvent.type(
      screen.getByRole('textbox', { name: 'What they saw' }),
      'Saw me fall from the truck.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create the signing link' }));
    await waitFor(() => expect(api.calls('POST', '/layman-statements')).toHaveLength(1));
    expect(api.calls('POST', '/layman-statements')[0]?.body).toEqual({
      disability_id: KNEE,
      name: 'Alex Moreno',
      email: 'alex@example.com',
      relationship: 'served with me in Iraq',
      witnessed: 'Saw me fall from the truck.',
    });
    expect(await screen.findByDisplayValue(LINK)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Email it to Alex Moreno' }));
    expect(await screen.findByRole('button', { name: 'Emailed' })).toBeDisabled();

    const list = await screen.findByRole('list', { name: 'Your statement requests' });
    const [item] = within(list).getAllByRole('listitem');
    expect(item).toHaveTextContent('Waiting for their statement');
    await userEvent.click(
      within(item!).getByRole('button', { name: 'Withdraw the link for Alex Moreno' }),
    );
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Your statement requests' })).getByText(
          'Link withdrawn',
        ),
      ).toBeVisible(),
    );
  });
});
