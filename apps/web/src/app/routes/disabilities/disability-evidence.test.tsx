import type { LaymanStatement } from '@muster/contract/layman-statements';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { json, type ApiRequest } from '@/testing/api-mock';
import { buildDisability } from '@/testing/factories';
import { renderApp } from '@/testing/render-app';
import { mockSignedIn } from '@/testing/session';

const KNEE_ID = '5d1f0c2a-7b3e-4c8d-9a1f-2b3c4d5e6f01';
const LETTER_ID = '7e2a0c11-3b4d-4e5f-8a9b-0c1d2e3f4a51';
const ASKED_ID = '6c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d1';
const SIGNED_ID = '6c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d2';
const KNEE = buildDisability({ id: KNEE_ID, title: 'Left knee strain', diagnosis: 'Tendinitis' });

const summary = {
  disability_id: KNEE_ID,
  expires_at: '2026-12-20T10:00:00.000Z',
  created_at: '2026-11-20T10:00:00.000Z',
};
const SIGNED: LaymanStatement = {
  ...summary,
  id: SIGNED_ID,
  name: 'Rosalind Ashcombe',
  relationship: 'Served in my platoon',
  status: 'submitted',
  submitted_at: '2026-11-22T15:00:00.000Z',
  email: null,
  witnessed: 'The fall from the truck',
  revoked_at: null,
  answers: null,
  statement: 'I saw him fall from the truck bed in 2004 and land on his knee.',
  signature: 'Rosalind Ashcombe',
  signer: null,
  certified_at: '2026-11-22T15:00:00.000Z',
  attachment_file_id: null,
  notes: null,
  updated_at: '2026-11-22T15:00:00.000Z',
};

function evidenceApi() {
  let notes: string | null = null;
  const patches: unknown[] = [];
  return {
    patches,
    routes: {
      [`GET /disabilities/${KNEE_ID}`]: json(KNEE),
      'GET /veterans': json({ results: [], meta: { page: 1, page_size: 100, total: 0 } }),
      [`GET /disabilities/${KNEE_ID}/nexus-letters`]: json({
        results: [
          {
            id: LETTER_ID,
            disability_id: KNEE_ID,
            disability_title: 'Left knee strain',
            status: 'requested',
            opinion_basis: 'caused',
            details: {
              diagnosis: 'Tendinitis',
              in_service_event: null,
              primary_condition: null,
              records_reviewed: [],
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
            created_at: '2026-11-21T10:00:00.000Z',
            updated_at: '2026-11-21T10:00:00.000Z',
          },
        ],
        meta: { page: 1, page_size: 50, total: 1 },
      }),
      'GET /layman-statements': (request: ApiRequest) => {
        expect(request.url.searchParams.get('disability_id')).toBe(KNEE_ID);
        return json({
          results: [
            {
              ...summary,
              id: ASKED_ID,
              name: 'Cedric Pemberton',
              relationship: 'Brother',
              status: 'requested',
              submitted_at: null,
            },
            { ...summary, ...SIGNED, notes: undefined, statement: undefined },
          ],
          meta: { page: 1, page_size: 50, total: 2 },
        });
      },
      [`GET /layman-statements/${SIGNED_ID}`]: () => json({ ...SIGNED, notes }),
      [`PATCH /layman-statements/${SIGNED_ID}`]: (request: ApiRequest) => {
        patches.push(request.body);
        notes = (request.body as { notes: string | null }).notes;
        return json({ ...SIGNED, notes, updated_at: '2026-11-23T09:00:00.000Z' });
      },
    },
  };
}

describe('/disabilities/{id}: evidence from other people', { timeout: 30_000 }, () => {
  it('lists the nexus letters and buddy statements, reads a signed statement and saves notes on it', async () => {
    const api = evidenceApi();
    mockSignedIn({ routes: api.routes });
    renderApp({ path: `/disabilities/${KNEE_ID}` });

    const letters = await screen.findByRole(
      'list',
      { name: 'Nexus letters for this disability' },
      { timeout: 15_000 },
    );
    expect(within(letters).getByRole('link')).toHaveAttribute('href', `/nexus/${LETTER_ID}`);
    expect(within(letters).getByText(/Sent to a provider/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Draft a nexus letter' })).toHaveAttribute(
      'href',
      `/nexus/new?disability=${KNEE_ID}`,
    );
    expect(screen.getByRole('link', { name: 'Ask someone for a statement' })).toHaveAttribute(
      'href',
      `/disabilities/buddy-statement/new?disability=${KNEE_ID}`,
    );

    const buddies = await screen.findByRole('list', {
      name: 'Buddy statements for this disability',
    });
    expect(
      within(buddies).getByText(/Waiting for their statement: the link works until/),
    ).toBeVisible();
    const read = within(buddies).getByRole('button', {
      name: 'Read Rosalind Ashcombe’s statement',
    });
    expect(read).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(read);
    expect(read).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText(SIGNED.statement!)).toBeVisible();
    expect(screen.getByRole('button', { name: 'VA Form 21-10210' })).toBeVisible();

    const save = screen.getByRole('button', { name: 'Save notes' });
    // Nothing typed yet: saving sends nothing.
    await userEvent.click(save);
    expect(api.patches).toEqual([]);
    await userEvent.type(
      screen.getByLabelText('Your notes'),
      'Ask her for the photo of the truck.',
    );
    await userEvent.click(save);
    expect(await screen.findByText('Notes saved')).toBeVisible();
    expect(api.patches).toEqual([{ notes: 'Ask her for the photo of the truck.' }]);
    expect(screen.getByLabelText('Your notes')).toHaveValue('Ask her for the photo of the truck.');
    // The button kept the focus, and saving again unchanged sends nothing more.
    expect(save).toHaveFocus();
    await userEvent.click(save);
    expect(api.patches).toHaveLength(1);
  });
});
