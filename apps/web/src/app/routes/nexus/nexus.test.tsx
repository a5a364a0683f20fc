import type { NexusLetter } from '@muster/contract/nexus-letters';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { json, type ApiRequest } from '@/testing/api-mock';
import { renderApp } from '@/testing/render-app';
import { mockSignedIn } from '@/testing/session';

const FIRST_LOAD = { timeout: 15_000 };
const AT = '2026-11-20T12:00:00.000Z';
const KNEE = '5d1f0c2a-7b3e-4c8d-9a1f-2b3c4d5e6f01';
const LETTER_ID = '8e000000-0000-4000-8000-000000000001';
const BASE = `/disabilities/${KNEE}/nexus-letters/${LETTER_ID}`;

function buildLetter(overrides: Partial<NexusLetter> = {}): NexusLetter {
  return {
    id: LETTER_ID,
    disability_id: KNEE,
    disability_title: 'Left knee strain',
    status: 'draft',
    opinion_basis: 'caused',
    details: {
      diagnosis: 'Patellofemoral pain syndrome',
      in_service_event: 'Injured the knee on a ruck march in 2006.',
      primary_condition: null,
      records_reviewed: ['Service treatment records'],
      provider: {
        name: null,
        credentials: null,
        specialty: null,
        license_number: null,
        address: null,
        phone: null,
      },
    },
    negative_conditions: [],
    content: null,
    signed_file_id: null,
    created_at: AT,
    updated_at: AT,
    ...overrides,
  };
}

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

describe('nexus letters', { timeout: 30_000 }, () => {
  it('/nexus/new → /nexus/{id}: started from a disability, completed, drafted and downloaded', async () => {
    let letter = buildLetter();
    const createObjectURL = vi.fn(() => 'blob:letter');
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL;
        static override revokeObjectURL = vi.fn();
      },
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { api } = mockSignedIn({
      routes: {
        'GET /disabilities': DISABILITIES,
        [`POST /disabilities/${KNEE}/nexus-letters`]: () => json(letter, 201),
        [`GET /nexus-letters/${LETTER_ID}`]: () => json(letter),
        [`PATCH ${BASE}`]: (request: ApiRequest) => {
          const body = request.body as Partial<NexusLetter> & { details?: object };
          letter = {
            ...letter,
            ...(body.opinion_basis ? { opinion_basis: body.opinion_basis } : {}),
            ...(body.details ? { details: body.details as NexusLetter['details'] } : {}),
            ...('content' in body ? { content: body.content ?? null } : {}),
          };
          return json(letter);
        },
        [`PUT ${BASE}/negative-conditions`]: (request: ApiRequest) => {
          letter = { ...letter, ...(request.body as Pick<NexusLetter, 'negative_conditions'>) };
          return json({ negative_conditions: letter.negative_conditions });
        },
        [`POST ${BASE}/generate-content`]: () => {
          letter = {
            ...letter,
            content:
              'It is my medical opinion that the condition is at least as likely as not (50 percent or greater probability) caused by or a result of military service.',
          };
          return json(letter);
        },
        [`GET ${BASE}/generate-letter-document`]: () =>
          new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
            headers: {
              'content-type': 'application/pdf',
              'content-disposition': 'attachment; filename="nexus-letter-left-knee-strain.pdf"',
            },
          }),
      },
    });
    renderApp({ path: '/nexus/new' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Request a nexus letter' }, FIRST_LOAD),
    ).toBeVisible();
    await userEvent.click(await screen.findByRole('button', { name: 'Start the letter' }));
    expect(api.calls('POST', `/disabilities/${KNEE}/nexus-letters`)[0]?.body).toEqual({});
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Nexus letter: Left knee strain' },
        FIRST_LOAD,
      ),
    ).toBeVisible();

    // The opinion's wording follows the basis chosen.
    expect(
      screen.getByText(
        /at least as likely as not \(50 percent or greater probability\) caused by or a result of military service/,
      ),
    ).toBeVisible();
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'The opinion' }),
      'aggravated',
    );
    expect(
      screen.getByText(/aggravated beyond its natural progression by military service/),
    ).toBeVisible();
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Dana Reyes');
    await userEvent.type(screen.getByRole('textbox', { name: 'Credentials' }), 'MD');
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(api.calls('PATCH', BASE)).toHaveLength(1));
    expect(api.calls('PATCH', BASE)[0]?.body).toMatchObject({
      opinion_basis: 'aggravated',
      details: {
        diagnosis: 'Patellofemoral pain syndrome',
        records_reviewed: ['Service treatment records'],
        provider: { name: 'Dana Reyes', credentials: 'MD', specialty: null },
      },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Add a fact' }));
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Fact 1 against the claim' }),
      'Normal knee exam at separation',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save facts' }));
    await waitFor(() =>
      expect(api.calls('PUT', `${BASE}/negative-conditions`)[0]?.body).toEqual({
        negative_conditions: [{ description: 'Normal knee exam at separation', response: null }],
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Draft the letter' }));
    const content = await screen.findByRole('textbox', { name: 'The letter' });
    expect(content).toHaveValue(
      'It is my medical opinion that the condition is at least as likely as not (50 percent or greater probability) caused by or a result of military service.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(
      api.calls('GET', `${BASE}/generate-letter-document`)[0]?.url.searchParams.get('format'),
    ).toBe('pdf');

    // Deleted after the confirmation, back to the list.
    api.use({
      [`DELETE ${BASE}`]: new Response(null, { status: 204 }),
      'GET /nexus-letters': json({ results: [], meta: { page: 1, page_size: 20, total: 0 } }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Delete this letter' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this nexus letter?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete letter' }));
    expect(await screen.findByText('No nexus letters yet')).toBeVisible();
    expect(api.calls('DELETE', BASE)).toHaveLength(1);
  });

  it('/nexus: the letters, each opening its page; none yet says where to start', async () => {
    const { api } = mockSignedIn({
      routes: {
        'GET /nexus-letters': json({
          results: [buildLetter()],
          meta: { page: 1, page_size: 20, total: 1 },
        }),
      },
    });
    renderApp({ path: '/nexus' });
    const list = await screen.findByRole('list', { name: 'Your nexus letters' }, FIRST_LOAD);
    expect(
      within(list).getByRole('link', { name: 'Nexus letter: Left knee strain' }),
    ).toHaveAttribute('href', `/nexus/${LETTER_ID}`);
    expect(list).toHaveTextContent('Draft · Caused by service (direct)');
    expect(api.calls('GET', '/nexus-letters')).toHaveLength(1);
  });
});
