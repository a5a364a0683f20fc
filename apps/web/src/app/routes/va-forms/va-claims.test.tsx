import { ERR } from '@muster/contract/errors';
import type { VaClaim, VaClaimList, VaClaimSummary } from '@muster/contract/va-claims';
import {
  VA_NOT_CONFIGURED_DETAIL,
  VA_NOT_CONNECTED_DETAIL,
} from '@muster/contract/va-integrations';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, json } from '@/testing/api-mock';
import { renderApp } from '@/testing/render-app';
import { mockSignedIn } from '@/testing/session';

const FIRST_LOAD = { timeout: 15_000 };
const CLAIM_ID = '600400123';

const OPEN: VaClaimSummary = {
  id: CLAIM_ID,
  claim_type: 'Compensation',
  claim_date: '2026-08-14',
  close_date: null,
  status: 'EVIDENCE_GATHERING_REVIEW_DECISION',
  status_label: 'Gathering evidence, reviewing and deciding',
  phase: 3,
  phase_label: 'Evidence gathering',
  phase_explanation: 'VA is collecting evidence from you, your doctors and government records.',
  phase_change_date: '2026-09-03',
  needs_action: true,
  development_letter_sent: true,
  decision_letter_sent: false,
};

const DONE: VaClaimSummary = {
  ...OPEN,
  id: '600100001',
  claim_date: '2025-02-01',
  close_date: '2025-06-30',
  status: 'COMPLETE',
  status_label: 'Complete',
  phase: 8,
  phase_label: 'Complete',
  phase_explanation: 'VA has finished your claim and sent your decision letter.',
  needs_action: false,
  decision_letter_sent: true,
};

const LABELS = [
  'Claim received',
  'Initial review',
  'Evidence gathering',
  'Review of evidence',
  'Preparation for decision',
  'Pending decision approval',
  'Preparation for notification',
  'Complete',
];

const DETAIL: VaClaim = {
  ...OPEN,
  contentions: ['knee strain (New)', 'tinnitus (New)'],
  tracked_items: [
    {
      id: 293442,
      name: 'DD214',
      description: null,
      status: 'ACCEPTED',
      status_label: 'Accepted by VA',
      needed_from_you: false,
      what_to_do: 'Nothing for you to do.',
      requested_date: '2026-09-05',
      due_date: '2026-10-05',
      received_date: '2026-09-10',
      closed_date: '2026-09-12',
      overdue: false,
    },
    {
      id: 293440,
      name: '21-4142/21-4142a',
      description: 'Tell us where you were treated for your knee after service.',
      status: 'NEEDED_FROM_YOU',
      status_label: 'Needed from you',
      needed_from_you: true,
      what_to_do: 'Send VA what it asks for by December 15, 2026: upload it on VA.gov or mail it.',
      requested_date: '2026-09-05',
      due_date: '2026-12-15',
      received_date: null,
      closed_date: null,
      overdue: false,
    },
  ],
  supporting_documents: [
    { id: '{A}', name: 'dd214.pdf', type: 'DD214', upload_date: '2026-09-10' },
  ],
  phases: LABELS.map((label, index) => ({
    phase: index + 1,
    label,
    explanation: `What happens in ${label}.`,
    state: index < 2 ? 'complete' : index === 2 ? 'current' : 'upcoming',
    completed_date: index === 0 ? '2026-08-20' : index === 1 ? '2026-09-03' : null,
  })),
};

const list = (overrides: Partial<VaClaimList> = {}): VaClaimList => ({
  va_configured: true,
  va_connected: true,
  results: [OPEN, DONE],
  ...overrides,
});

describe('VA claims', { timeout: 30_000 }, () => {
  it('/va-forms/claims lists each claim with its step in plain words and what VA waits for', async () => {
    mockSignedIn({ routes: { 'GET /va-forms/claims': json(list()) } });
    renderApp({ path: '/va-forms/claims' });
    const claims = await screen.findByRole('list', { name: 'Your claims at VA' }, FIRST_LOAD);
    const [open, done] = within(claims).getAllByRole('listitem');
    expect(
      within(open!).getByRole('link', { name: 'Compensation claim, filed August 14, 2026' }),
    ).toHaveAttribute('href', `/va-forms/claims/${CLAIM_ID}`);
    expect(open).toHaveTextContent('Filed August 14, 2026');
    expect(within(open!).getByText('Step 3 of 8: Evidence gathering')).toBeVisible();
    expect(within(open!).getByText('VA needs something from you')).toBeVisible();
    expect(within(done!).getByText('Step 8 of 8: Complete')).toBeVisible();
    expect(done).toHaveTextContent('Closed June 30, 2025');
    expect(done).toHaveTextContent('VA has sent the decision letter for this claim.');
    expect(within(done!).queryByText('VA needs something from you')).toBeNull();
  });

  it('/va-forms/claims without VA.gov on the server says so; not connected offers the connection', async () => {
    const { api } = mockSignedIn({
      routes: {
        'GET /va-forms/claims': json(
          list({ va_configured: false, va_connected: false, results: [] }),
        ),
      },
    });
    const first = renderApp({ path: '/va-forms/claims' });
    expect(
      await screen.findByRole(
        'heading',
        { name: 'VA.gov is not connected on this server' },
        FIRST_LOAD,
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Connect to VA.gov' })).toBeNull();
    first.unmount();

    api.use({ 'GET /va-forms/claims': json(list({ va_connected: false, results: [] })) });
    renderApp({ path: '/va-forms/claims' });
    expect(
      await screen.findByText(
        'Connect VA.gov to see your claims at VA and where each one stands.',
        {},
        FIRST_LOAD,
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Connect to VA.gov' })).toBeVisible();
  });

  it('/va-forms/claims/{id}: the steps with the current one marked, what to do, documents, conditions', async () => {
    mockSignedIn({ routes: { [`GET /va-forms/claims/${CLAIM_ID}`]: json(DETAIL) } });
    renderApp({ path: `/va-forms/claims/${CLAIM_ID}` });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Compensation claim' }, FIRST_LOAD),
    ).toBeVisible();
    const steps = screen.getByRole('list', { name: 'Claim steps' });
    expect(steps.tagName).toBe('OL');
    const items = within(steps).getAllByRole('listitem');
    expect(items).toHaveLength(8);
    expect(items.filter((item) => item.getAttribute('aria-current') === 'step')).toEqual([
      items[2],
    ]);
    expect(items[2]).toHaveTextContent('Step 3: Evidence gathering');
    expect(items[0]).toHaveTextContent('Finished August 20, 2026');

    const asked = screen.getByRole('list', { name: 'What VA asked for' });
    const [first, second] = within(asked).getAllByRole('article');
    // What the veteran must answer comes first.
    expect(first).toHaveAccessibleName('21-4142/21-4142a');
    expect(first).toHaveTextContent('Needed from you');
    expect(first).toHaveTextContent('DueDecember 15, 2026');
    expect(first).toHaveTextContent(
      'What to do: Send VA what it asks for by December 15, 2026: upload it on VA.gov or mail it.',
    );
    expect(second).toHaveAccessibleName('DD214');
    expect(screen.getByText('VA needs something from you')).toBeVisible();

    const documents = screen.getByRole('list', { name: 'Documents VA has' });
    expect(documents).toHaveTextContent('dd214.pdf');
    expect(documents).toHaveTextContent('DD214 · Uploaded September 10, 2026');
    expect(
      within(screen.getByRole('list', { name: 'Conditions claimed' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['knee strain (New)', 'tinnitus (New)']);
  });

  it('/va-forms/claims/{id}: not found, not connected and not configured each say so; a malformed id asks nothing', async () => {
    const { api } = mockSignedIn({
      routes: {
        [`GET /va-forms/claims/${CLAIM_ID}`]: apiError(404, ERR.NOT_FOUND),
        'GET /va-forms/claims/600400124': apiError(403, ERR.ACCESS_DENIED, {
          detail: VA_NOT_CONNECTED_DETAIL,
        }),
        'GET /va-forms/claims/600400125': apiError(503, ERR.SERVICE_UNAVAILABLE, {
          detail: VA_NOT_CONFIGURED_DETAIL,
        }),
      },
    });
    const missing = renderApp({ path: `/va-forms/claims/${CLAIM_ID}` });
    expect(await screen.findByText('VA has no such claim for you', {}, FIRST_LOAD)).toBeVisible();
    missing.unmount();

    const notConnected = renderApp({ path: '/va-forms/claims/600400124' });
    expect(
      await screen.findByText(
        'Connect VA.gov to see this claim and where it stands.',
        {},
        FIRST_LOAD,
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Connect to VA.gov' })).toBeVisible();
    notConnected.unmount();

    const notConfigured = renderApp({ path: '/va-forms/claims/600400125' });
    expect(
      await screen.findByRole(
        'heading',
        { name: 'VA.gov is not connected on this server' },
        FIRST_LOAD,
      ),
    ).toBeVisible();
    notConfigured.unmount();

    renderApp({ path: '/va-forms/claims/not-a-claim' });
    expect(await screen.findByText('VA has no such claim for you', {}, FIRST_LOAD)).toBeVisible();
    expect(api.requests.filter((r) => r.path.includes('not-a-claim'))).toEqual([]);
  });
});
