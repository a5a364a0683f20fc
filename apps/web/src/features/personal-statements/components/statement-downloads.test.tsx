import type { Disability } from '@muster/contract/disabilities';
import { DISABILITY_RECORDS } from '@muster/contract/disability-records';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { json } from '@/testing/api-mock';
import { buildDisability } from '@/testing/factories';
import { renderApp } from '@/testing/render-app';
import { mockSignedIn } from '@/testing/session';

import { STATEMENT_IDS, statementsApi } from '../testing/statements-api';

/** The page's code loads lazily: the first page of a busy test run can take a while. */
const FIRST_LOAD = { timeout: 15_000 };
const DISABILITY_ID = '5d1f0c2a-7b3e-4c8d-9a1f-2b3c4d5e6f01';
const BASE = `/disabilities/${DISABILITY_ID}`;
const STATEMENT_ID = STATEMENT_IDS[0] ?? '';
const WRITTEN = [
  {
    id: STATEMENT_ID,
    versions: [
      { version: 1, source: 'composer' as const, body: 'I hurt my knee in service.' },
      { version: 2, source: 'veteran' as const, body: 'I hurt my left knee in service.' },
    ],
  },
];
const KNEE = buildDisability({
  id: DISABILITY_ID,
  title: 'Knee strain, left',
  classification_code: '8997',
  diagnostic_code: '5260',
  claim_type: 'direct',
});
const TINNITUS = buildDisability({
  id: DISABILITY_ID,
  title: 'Tinnitus',
  diagnostic_code: '6260',
  claim_type: 'direct',
});
const PTSD = buildDisability({
  id: DISABILITY_ID,
  title: 'PTSD (post-traumatic stress disorder)',
  classification_code: '8989',
  diagnostic_code: '9411',
  claim_type: 'direct',
});

/** A depression recorded under a condition that is not itself rated as mental health. */
const DEPRESSION = DISABILITY_RECORDS['mental-health-conditions'].item.parse({
  id: '7c000000-0000-4000-8000-0000000000c1',
  disability_id: DISABILITY_ID,
  condition: 'depression',
  condition_details: null,
  stressor_types: [],
  notes: null,
  created_at: '2026-11-20T12:00:00.000Z',
  updated_at: '2026-11-20T12:00:00.000Z',
});

async function openDownload(options: {
  disability: Disability;
  initial?: typeof WRITTEN;
  hasMentalHealthRecord?: boolean;
}) {
  const fake = statementsApi({
    disability: options.disability,
    composed: '',
    initial: options.initial,
  });
  const { api } = mockSignedIn({
    routes: {
      ...fake.routes,
      ...(options.hasMentalHealthRecord
        ? {
            [`GET ${BASE}/mental-health-conditions`]: json({
              results: [DEPRESSION],
              meta: { page: 1, page_size: 100, total: 1 },
            }),
          }
        : {}),
    },
  });
  renderApp({ path: `${BASE}/download` });
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Download your answers' }, FIRST_LOAD),
  ).toBeVisible();
  return { api, region: screen.getByRole('region', { name: 'Your statement and VA forms' }) };
}

describe('the download step', { timeout: 30_000 }, () => {
  it('offers the statement and VA Form 21-4138, not 21-0781, for a knee', async () => {
    const { region } = await openDownload({ disability: KNEE, initial: WRITTEN });
    const pdf = await within(region).findByRole('button', { name: 'Statement (PDF)' });
    expect(pdf).toHaveAccessibleDescription(/ready to print/);
    expect(within(region).getByRole('button', { name: 'Statement (Word)' })).toBeVisible();
    expect(
      within(region).getByRole('button', { name: 'VA Form 21-4138' }),
    ).toHaveAccessibleDescription(/Statement in Support of Claim/);
    expect(within(region).queryByRole('button', { name: 'VA Form 21-0781' })).toBeNull();
    expect(region).toHaveTextContent('version 2');
    expect(region).toHaveTextContent('VA forms are left unsigned');
  });

  it('adds VA Form 21-0781 for a mental-health condition, and saves the file the API names', async () => {
    const createObjectURL = vi.fn(() => 'blob:statement');
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL;
        static override revokeObjectURL = vi.fn();
      },
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { api, region } = await openDownload({ disability: PTSD, initial: WRITTEN });

    const form = await within(region).findByRole('button', { name: 'VA Form 21-0781' });
    expect(form).toHaveAccessibleDescription(/traumatic events/);
    expect(
      within(region)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Statement (PDF)', 'Statement (Word)', 'VA Form 21-4138', 'VA Form 21-0781']);

    await userEvent.click(form);
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const [request] = api.calls(
      'GET',
      `${BASE}/personal-statements/${STATEMENT_ID}/download-statement`,
    );
    expect(request?.url.searchParams.get('format')).toBe('va-21-0781');
    expect(request?.headers.get('Authorization')).toBe('Bearer token-1');
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('va-21-0781-statement-v1.pdf');
    expect(createObjectURL).toHaveBeenCalled();
    expect(await screen.findByText('VA Form 21-0781 downloaded.')).toBeInTheDocument();
  });

  it('adds VA Form 21-0781 when a mental-health record is kept under the condition', async () => {
    const { region } = await openDownload({
      disability: TINNITUS,
      initial: WRITTEN,
      hasMentalHealthRecord: true,
    });
    expect(await within(region).findByRole('button', { name: 'VA Form 21-0781' })).toBeVisible();
  });

  it('says there is nothing to download yet, with the way to write the statement', async () => {
    const { region } = await openDownload({ disability: KNEE });
    expect(
      await within(region).findByRole('link', { name: 'Write your statement' }),
    ).toHaveAttribute('href', `${BASE}/generate`);
    expect(within(region).queryByRole('button', { name: 'Statement (PDF)' })).toBeNull();
  });
});
