import type { Claim, ClaimReview } from '@muster/contract/claims';
import { ERR } from '@muster/contract/errors';
import type { VaClaimSummary } from '@muster/contract/va-claims';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { apiError, json, type ApiRequest } from '@/testing/api-mock';
import { renderApp } from '@/testing/render-app';
import { mockSignedIn } from '@/testing/session';

const FIRST_LOAD = { timeout: 15_000 };
const AT = '2026-11-20T12:00:00.000Z';
const KNEE = '5d1f0c2a-7b3e-4c8d-9a1f-2b3c4d5e6f01';
const TINNITUS = '5d1f0c2a-7b3e-4c8d-9a1f-2b3c4d5e6f02';
const CLAIM_ID = '6c000000-0000-4000-8000-000000000001';

function disability(id: string, title: string) {
  return {
    id,
    title,
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
  };
}

const DISABILITIES = json({
  results: [disability(KNEE, 'Left knee strain'), disability(TINNITUS, 'Tinnitus')],
  meta: { page: 1, page_size: 100, total: 2 },
});

function buildClaim(overrides: Partial<Claim> = {}): Claim {
  return {
    id: CLAIM_ID,
    name: 'Knees and ears',
    status: 'draft',
    veteran_id: null,
    disabilities: [
      { id: KNEE, title: 'Left knee strain', percent: null, diagnostic_code: '5260' },
      { id: TINNITUS, title: 'Tinnitus', percent: 10, diagnostic_code: '6260' },
    ],
    created_at: AT,
    updated_at: AT,
    ...overrides,
  };
}

const REVIEW: ClaimReview = {
  claim_id: CLAIM_ID,
  ready: false,
  totals: {
    disabilities: 1,
    ready: 0,
    with_statement: 0,
    elements_met: 1,
    elements_weak: 0,
    elements_missing: 2,
  },
  next_step: {
    action: 'nexus_letter',
    text: 'Ask your doctor for a nexus letter linking it to your service.',
    path: '/nexus/new',
  },
  missing: [],
  results: [
    {
      disability: { id: KNEE, title: 'Left knee strain', percent: null, diagnostic_code: '5260' },
      readiness: {
        disability_id: KNEE,
        ready: false,
        basis: 'direct',
        elements: [
          {
            element: 'diagnosis',
            status: 'met',
            supports: ['Diagnosis recorded'],
            next_step: null,
          },
          { element: 'in_service', status: 'missing', supports: [], next_step: null },
          { element: 'nexus', status: 'missing', supports: [], next_step: null },
        ],
        next_step: {
          action: 'nexus_letter',
          text: 'Ask your doctor for a nexus letter linking it to your service.',
          path: '/nexus/new',
        },
      },
      statements: [],
      buddy_statements: [
        {
          id: '3a4b5c6d-7e8f-4a0b-8c1d-2e3f4a5b6c71',
          name: 'Rosalind Ashcombe',
          status: 'submitted',
          submitted_at: '2026-11-22T15:00:00.000Z',
        },
        {
          id: '3a4b5c6d-7e8f-4a0b-8c1d-2e3f4a5b6c72',
          name: 'Cedric Pemberton',
          status: 'requested',
          submitted_at: null,
        },
      ],
      nexus_letters: [],
      missing: ['No in-service event is described yet.', 'No medical link to service yet.'],
    },
  ],
};

/** A server without VA.gov: the claims at VA show nothing. */
const NO_VA = json({ va_configured: false, va_connected: false, results: [] });

const EMPTY_CLAIMS = json({ results: [], meta: { page: 1, page_size: 20, total: 0 } });

const VA_CLAIM: VaClaimSummary = {
  id: '600400123',
  claim_type: 'Compensation',
  claim_date: '2026-08-14',
  close_date: null,
  status: 'EVIDENCE_GATHERING_REVIEW_DECISION',
  status_label: 'Gathering evidence, reviewing and deciding',
  phase: 3,
  phase_label: 'Evidence gathering',
  phase_explanation: 'VA is collecting evidence.',
  phase_change_date: '2026-09-03',
  needs_action: true,
  development_letter_sent: true,
  decision_letter_sent: false,
};

describe('claims', { timeout: 30_000 }, () => {
  it('/claims: a claim is put together from the disabilities chosen, listed, and its status changed', async () => {
    let claims: Claim[] = [];
    const { api } = mockSignedIn({
      routes: {
        'GET /disabilities': DISABILITIES,
        'GET /va-forms/claims': NO_VA,
        'GET /claims': () =>
          json({ results: claims, meta: { page: 1, page_size: 20, total: claims.length } }),
        'POST /claims': (request: ApiRequest) => {
          const body = request.body as { name: string };
          claims = [buildClaim({ name: body.name })];
          return json(claims[0], 201);
        },
        [`PATCH /claims/${CLAIM_ID}`]: (request: ApiRequest) => {
          claims = [buildClaim({ ...(request.body as Partial<Claim>) })];
          return json(claims[0]);
        },
      },
    });
    renderApp({ path: '/claims' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Claims' }, FIRST_LOAD),
    ).toBeVisible();
    expect(await screen.findByText('No claims yet')).toBeVisible();

    // Nothing chosen: refused where it happened, nothing sent.
    await userEvent.type(screen.getByRole('textbox', { name: 'Claim name' }), 'Knees and ears');
    await userEvent.click(screen.getByRole('button', { name: 'Create claim' }));
    expect(await screen.findByText('Add at least one disability')).toBeVisible();
    expect(api.calls('POST', '/claims')).toHaveLength(0);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Tinnitus' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Left knee strain' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create claim' }));
    await waitFor(() => expect(api.calls('POST', '/claims')).toHaveLength(1));
    expect(api.calls('POST', '/claims')[0]?.body).toEqual({
      name: 'Knees and ears',
      disability_ids: [TINNITUS, KNEE],
    });

    const list = await screen.findByRole('list', { name: 'Your claims' });
    const [item] = within(list).getAllByRole('listitem');
    expect(item).toHaveTextContent('Left knee strain, Tinnitus');
    expect(within(item!).getByRole('link', { name: 'Review Knees and ears' })).toHaveAttribute(
      'href',
      `/review?claim=${CLAIM_ID}`,
    );
    await userEvent.selectOptions(within(item!).getByRole('combobox', { name: 'Status' }), 'ready');
    await waitFor(() =>
      expect(api.calls('PATCH', `/claims/${CLAIM_ID}`)[0]?.body).toEqual({ status: 'ready' }),
    );
  });

  it('/review: the latest claim, each disability with what it still lacks and the next step', async () => {
    mockSignedIn({
      routes: {
        'GET /claims': json({ results: [buildClaim()], meta: { page: 1, page_size: 1, total: 1 } }),
        [`GET /claims/${CLAIM_ID}/review`]: json(REVIEW),
      },
    });
    renderApp({ path: '/review' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Review' }, FIRST_LOAD),
    ).toBeVisible();
    const knee = await screen.findByRole('article', { name: 'Left knee strain' });
    expect(knee).toHaveTextContent('Current diagnosis: Met');
    expect(knee).toHaveTextContent('Link to service: Missing');
    expect(within(knee).getByText('No in-service event is described yet.')).toBeVisible();
    expect(
      within(knee).getByRole('link', {
        name: 'Ask your doctor for a nexus letter linking it to your service.',
      }),
    ).toHaveAttribute('href', '/nexus/new');
    expect(knee).toHaveTextContent('Buddy statements: 1 signed (Rosalind Ashcombe), 1 waiting.');
    expect(within(knee).getByRole('link', { name: 'Draft a nexus letter' })).toHaveAttribute(
      'href',
      `/nexus/new?disability=${KNEE}`,
    );
    expect(within(knee).getByRole('link', { name: 'Ask someone for a statement' })).toHaveAttribute(
      'href',
      `/disabilities/buddy-statement/new?disability=${KNEE}`,
    );
    expect(screen.getByText('Disabilities ready').nextElementSibling).toHaveTextContent('0 of 1');
    expect(
      screen.getByText('Elements of service connection met').nextElementSibling,
    ).toHaveTextContent('1 of 3');
  });

  it('/review makes the claim packet with the vault documents ticked, in order, and shows its index', async () => {
    const PDF_ID = '7d000000-0000-4000-8000-000000000001';
    const PNG_ID = '7d000000-0000-4000-8000-000000000002';
    const vaultDocument = (id: string, name: string, contentType: string, extension: string) => ({
      id,
      file_id: id,
      name,
      extension,
      content_type: contentType,
      size: 1000,
      doc_type: null,
      doc_type_label: null,
      created_at: AT,
      updated_at: AT,
    });
    const { api } = mockSignedIn({
      routes: {
        'GET /claims': json({ results: [buildClaim()], meta: { page: 1, page_size: 1, total: 1 } }),
        [`GET /claims/${CLAIM_ID}/review`]: json(REVIEW),
        'GET /documents': json({
          results: [
            vaultDocument(PDF_ID, 'DD-214', 'application/pdf', 'pdf'),
            vaultDocument(
              '7d000000-0000-4000-8000-000000000003',
              'Notes',
              'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
              'docx',
            ),
            vaultDocument(PNG_ID, 'Knee photo', 'image/png', 'png'),
          ],
          meta: { page: 1, page_size: 100, total: 3 },
        }),
        [`POST /claims/${CLAIM_ID}/packet`]: json(
          {
            document_id: '7e000000-0000-4000-8000-000000000001',
            file_id: '7e000000-0000-4000-8000-000000000002',
            pages: 6,
            index: [
              {
                title: 'Buddy statement: Rosalind Ashcombe',
                disability_id: KNEE,
                page: 3,
                pages: 1,
                included: true,
              },
              { title: 'Knee photo', disability_id: null, page: 4, pages: 1, included: true },
              { title: 'DD-214', disability_id: null, page: 5, pages: 2, included: true },
            ],
          },
          201,
        ),
      },
    });
    renderApp({ path: '/review' });
    const packet = await screen.findByRole('region', { name: 'Claim packet' }, FIRST_LOAD);
    await userEvent.click(await within(packet).findByRole('checkbox', { name: 'Knee photo' }));
    // Only what a packet can hold is offered: no Word file.
    expect(within(packet).queryByText('Notes')).toBeNull();
    await userEvent.click(within(packet).getByRole('checkbox', { name: 'DD-214' }));
    expect(within(packet).getByRole('checkbox', { name: '2. DD-214' })).toBeChecked();
    await userEvent.click(within(packet).getByRole('button', { name: 'Make the packet (PDF)' }));
    expect(await within(packet).findByText(/Your packet is ready: 6 pages/)).toBeVisible();
    expect(api.calls('POST', `/claims/${CLAIM_ID}/packet`)[0]?.body).toEqual({
      document_ids: [PNG_ID, PDF_ID],
    });
    const index = within(packet).getByRole('list', { name: 'The packet’s index' });
    expect(
      within(index)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Buddy statement: Rosalind Ashcombepage 3', 'Knee photopage 4', 'DD-214page 5']);
    expect(within(packet).getByRole('button', { name: 'Download the packet' })).toBeEnabled();
  });

  it('/review with no claim says where to start', async () => {
    mockSignedIn({
      routes: { 'GET /claims': json({ results: [], meta: { page: 1, page_size: 1, total: 0 } }) },
    });
    renderApp({ path: '/review' });
    expect(await screen.findByText('No claim to review yet', {}, FIRST_LOAD)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Put a claim together' })).toHaveAttribute(
      'href',
      '/claims',
    );
  });
  it('/claims: the claims at VA.gov beside the local ones, each linking to its page', async () => {
    mockSignedIn({
      routes: {
        'GET /claims': EMPTY_CLAIMS,
        'GET /va-forms/claims': json({
          va_configured: true,
          va_connected: true,
          results: [VA_CLAIM],
        }),
      },
    });
    renderApp({ path: '/claims' });
    const atVa = await screen.findByRole('list', { name: 'Claims at VA.gov' }, FIRST_LOAD);
    const [item] = within(atVa).getAllByRole('listitem');
    expect(
      within(item!).getByRole('link', { name: 'Compensation claim, filed August 14, 2026' }),
    ).toHaveAttribute('href', '/va-forms/claims/600400123');
    expect(item).toHaveTextContent('Step 3 of 8: Evidence gathering');
    expect(item).toHaveTextContent('VA needs something from you');
    expect(await screen.findByText('No claims yet')).toBeVisible();
  });

  it('/claims: VA.gov set up but not connected offers one line to connect; not set up shows nothing', async () => {
    const { api } = mockSignedIn({
      routes: {
        'GET /claims': EMPTY_CLAIMS,
        'GET /va-forms/claims': json({ va_configured: true, va_connected: false, results: [] }),
      },
    });
    const first = renderApp({ path: '/claims' });
    expect(
      await screen.findByRole(
        'link',
        { name: 'Connect VA.gov to see your claims at VA' },
        FIRST_LOAD,
      ),
    ).toHaveAttribute('href', '/va-forms');
    expect(screen.getByRole('heading', { level: 2, name: 'Claims at VA.gov' })).toBeVisible();
    first.unmount();

    api.use({ 'GET /va-forms/claims': NO_VA });
    const { queryClient } = renderApp({ path: '/claims' });
    expect(await screen.findByText('No claims yet', {}, FIRST_LOAD)).toBeVisible();
    // VA's answer is in, and it shows nothing.
    await waitFor(() =>
      expect(queryClient.getQueryState(['va', 'claims', 'list'])?.status).toBe('success'),
    );
    expect(screen.queryByRole('heading', { name: 'Claims at VA.gov' })).toBeNull();
    expect(screen.queryByText(/claims at VA/)).toBeNull();
  });

  it('/claims: VA.gov not answering is a quiet line, not an alert', async () => {
    mockSignedIn({
      routes: {
        'GET /claims': EMPTY_CLAIMS,
        'GET /va-forms/claims': apiError(502, ERR.BAD_GATEWAY),
      },
    });
    renderApp({ path: '/claims' });
    expect(
      await screen.findByText(/VA\.gov did not answer just now/, {}, FIRST_LOAD),
    ).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(await screen.findByText('No claims yet')).toBeVisible();
  });
});
