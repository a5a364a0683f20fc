import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { buildGeneratedDocument, vaultApi } from '@/features/vault/testing/vault-api';
import { renderApp } from '@/testing/render-app';
import { mockSignedIn } from '@/testing/session';

/** The page's code loads lazily: the first page of a busy test run can take a while. */
const FIRST_LOAD = { timeout: 15_000 };

const TINNITUS = buildGeneratedDocument();
const PTSD = buildGeneratedDocument({
  id: '5a000000-0000-4000-8000-000000000002',
  title: 'Personal statement: PTSD',
  disability_id: '5d1f0c2a-7b3e-4c8d-9a1f-2b3c4d5e6f02',
  disability_title: 'PTSD',
  version: 1,
  formats: ['pdf', 'docx', 'va-21-4138', 'va-21-0781'],
});

async function openDocuments(generated = [TINNITUS, PTSD]) {
  const { api } = mockSignedIn({
    routes: {
      ...vaultApi({ generated }).routes,
      [`GET /disabilities/${PTSD.disability_id}/personal-statements/${PTSD.id}/download-statement`]:
        () =>
          new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
            headers: {
              'content-type': 'application/pdf',
              'content-disposition': 'attachment; filename="va-21-0781-ptsd-v1.pdf"',
            },
          }),
    },
  });
  renderApp({ path: '/documents' });
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Documents' }, FIRST_LOAD),
  ).toBeVisible();
  return { api };
}

describe('/documents', { timeout: 30_000 }, () => {
  it('lists each statement Muster prepared with the formats it comes in', async () => {
    await openDocuments();
    const list = await screen.findByRole('list', { name: 'Prepared documents' });
    const [tinnitus, ptsd] = within(list).getAllByRole('listitem');
    expect(
      within(tinnitus!).getByRole('heading', { name: 'Personal statement: Tinnitus' }),
    ).toBeVisible();
    expect(tinnitus).toHaveTextContent(/Version 2, saved Nov 2[45], 2026, for Tinnitus\./);
    expect(within(tinnitus!).getByRole('link', { name: 'Tinnitus' })).toHaveAttribute(
      'href',
      `/disabilities/${TINNITUS.disability_id}`,
    );
    expect(
      within(tinnitus!)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Statement (PDF)', 'Statement (Word)', 'VA Form 21-4138']);
    expect(
      within(ptsd!).getByRole('button', { name: 'VA Form 21-0781: Personal statement: PTSD' }),
    ).toBeVisible();
  });

  it('downloads a format again, saving the file the API names', async () => {
    const createObjectURL = vi.fn(() => 'blob:statement');
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL;
        static override revokeObjectURL = vi.fn();
      },
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { api } = await openDocuments();

    await userEvent.click(
      await screen.findByRole('button', { name: 'VA Form 21-0781: Personal statement: PTSD' }),
    );
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const [request] = api.calls(
      'GET',
      `/disabilities/${PTSD.disability_id}/personal-statements/${PTSD.id}/download-statement`,
    );
    expect(request?.url.searchParams.get('format')).toBe('va-21-0781');
    expect(request?.headers.get('Authorization')).toBe('Bearer token-1');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('va-21-0781-ptsd-v1.pdf');
    expect(await screen.findByText('VA Form 21-0781 downloaded.')).toBeInTheDocument();
  });

  it('says nothing is prepared yet, with the way to the disabilities', async () => {
    await openDocuments([]);
    expect(await screen.findByText('Nothing prepared yet')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to your disabilities' })).toHaveAttribute(
      'href',
      '/disabilities',
    );
  });
});
