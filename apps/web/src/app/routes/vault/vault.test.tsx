import { ERR } from '@muster/contract/errors';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { STORAGE_URL, buildDocument, vaultApi } from '@/features/vault/testing/vault-api';
import { apiError } from '@/testing/api-mock';
import { installFakeXhr } from '@/testing/fake-xhr';
import { renderApp } from '@/testing/render-app';
import { mockSignedIn } from '@/testing/session';

/** The page's code loads lazily: the first page of a busy test run can take a while. */
const FIRST_LOAD = { timeout: 15_000 };
const MB = 1024 * 1024;

const DD214 = buildDocument({
  id: '2c000000-0000-4000-8000-000000000001',
  name: 'DD214.pdf',
  size: 1.5 * MB,
  doc_type: 'L029',
});
const PHOTO = buildDocument({
  id: '2c000000-0000-4000-8000-000000000002',
  name: 'knee-photo.heic',
  content_type: 'image/heic',
  size: 1.5 * MB,
});

async function openVault(options: Parameters<typeof vaultApi>[0] = {}, path = '/vault') {
  const vault = vaultApi(options);
  const session = mockSignedIn({ routes: vault.routes });
  const view = renderApp({ path });
  expect(
    await screen.findByRole('heading', { level: 1, name: 'File Vault' }, FIRST_LOAD),
  ).toBeVisible();
  return { ...session, ...view, vault, user: userEvent.setup({ applyAccept: false }) };
}

function documentItems() {
  return within(screen.getByRole('list', { name: 'Your documents' })).getAllByRole('listitem');
}

describe('/vault', { timeout: 30_000 }, () => {
  it('starts empty: the storage line, the picker and a word on what to keep', async () => {
    await openVault({ limitBytes: 500 * MB });
    expect(await screen.findByText('No documents yet')).toBeVisible();
    expect(screen.getByText('0 bytes of 500 MB used')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Storage used' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    expect(screen.getByLabelText('Choose a file')).toHaveAttribute('type', 'file');
  });

  it('lists each document with its extension, VA type, size and date', async () => {
    await openVault({ initial: [DD214, PHOTO], limitBytes: null });
    await waitFor(() => expect(documentItems()).toHaveLength(2));
    const [dd214, photo] = documentItems();
    expect(within(dd214!).getByRole('heading', { level: 3, name: 'DD214.pdf' })).toBeVisible();
    expect(dd214).toHaveTextContent('File type: PDF');
    expect(dd214).toHaveTextContent('VA document type:Copy of a DD214');
    expect(dd214).toHaveTextContent('Size:1.5 MB');
    expect(dd214).toHaveTextContent(/Added:Nov 2[45], 2026/);
    expect(within(dd214!).getByRole('button', { name: /^Preview DD214\.pdf/ })).toBeVisible();
    // A HEIC photo cannot be shown by a browser: no preview, a download.
    expect(photo).toHaveTextContent('VA document type:Not set');
    expect(within(photo!).queryByRole('button', { name: /^Preview/ })).toBeNull();
    expect(within(photo!).getByRole('button', { name: 'Download knee-photo.heic' })).toBeVisible();
    // No cap (billing off): only what is used.
    expect(screen.getByText('3 MB used')).toBeVisible();
    expect(screen.queryByRole('progressbar', { name: 'Storage used' })).toBeNull();
  });

  it('uploads a file, files it under its name, and lists it', async () => {
    const { api, user } = await openVault();
    const xhr = installFakeXhr({ autoRespond: (request) => request.respond({ etag: '"x"' }) });
    await screen.findByText('No documents yet');

    const file = new File(['%PDF-1.7 a record'], 'STR 2009.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Choose a file'), file);

    expect(await screen.findByText('STR 2009.pdf was added to your vault.')).toBeVisible();
    expect(xhr.requests.map((request) => request.url)).toEqual([STORAGE_URL]);
    expect(api.calls('POST', '/documents')[0]?.body).toEqual({
      file_id: '1b6f4b8e-3f0a-4c47-9a0e-2f0f6d3f9a01',
      name: 'STR 2009.pdf',
    });
    await waitFor(() => expect(documentItems()).toHaveLength(1));
    expect(documentItems()[0]).toHaveTextContent('STR 2009.pdf');
    expect(await screen.findByText(`${file.size} bytes of 500 MB used`)).toBeVisible();
  });

  it('opens the upgrade dialog when the storage is full', async () => {
    const { api, user } = await openVault();
    api.use({
      'POST /uploads': apiError(403, ERR.FORBIDDEN, {
        detail: 'vault storage quota reached',
        quota: {
          feature: 'vault_storage_mb',
          used: 500,
          limit: 500,
          resets_at: '2026-12-01T00:00:00.000Z',
        },
      }),
    });
    await user.upload(
      screen.getByLabelText('Choose a file'),
      new File(['%PDF-1.7'], 'big.pdf', { type: 'application/pdf' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Maybe Later' })).toBeVisible();
    expect(screen.getByText(/^Your storage is full/)).toBeInTheDocument();
  });

  it('searches by name through the API and keeps the search in the address', async () => {
    const { api, router, user } = await openVault({ initial: [DD214, PHOTO] });
    await waitFor(() => expect(documentItems()).toHaveLength(2));

    await user.type(screen.getByRole('searchbox', { name: 'Search your documents' }), 'dd2');
    await waitFor(() => expect(documentItems()).toHaveLength(1));
    expect(documentItems()[0]).toHaveTextContent('DD214.pdf');
    expect(router.state.location.search).toBe('?q=dd2');
    expect(
      api.calls('GET', '/documents').some((call) => call.url.searchParams.get('q') === 'dd2'),
    ).toBe(true);

    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'nexus{Enter}');
    expect(await screen.findByText('No documents match “nexus”.')).toBeVisible();
  });

  it('pages through a long list', async () => {
    const many = Array.from({ length: 25 }, (_, index) =>
      buildDocument({
        id: `2c000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
        name: `Record ${index + 1}.pdf`,
      }),
    );
    const { user } = await openVault({ initial: many });
    await waitFor(() => expect(documentItems()).toHaveLength(20));
    const pages = screen.getByRole('navigation', { name: 'Pages of documents' });
    expect(pages).toHaveTextContent('Page 1 of 2');
    await user.click(within(pages).getByRole('link', { name: 'Next page' }));
    await waitFor(() => expect(documentItems()).toHaveLength(5));
    expect(documentItems()[0]).toHaveTextContent('Record 21.pdf');
  });

  it('renames a document in a dialog, and shows a refused name on the field', async () => {
    const { api, user } = await openVault({ initial: [DD214] });
    await user.click(await screen.findByRole('button', { name: 'Rename DD214.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename document' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('DD214.pdf');

    await user.clear(name);
    await user.type(name, 'a/b.pdf');
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(await within(dialog).findByText('Must not contain slashes')).toBeVisible();
    expect(api.calls('PATCH', `/documents/${DD214.id}`)).toHaveLength(0);

    await user.clear(name);
    await user.type(name, 'DD214 (member 4).pdf');
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls('PATCH', `/documents/${DD214.id}`)[0]?.body).toEqual({
      name: 'DD214 (member 4).pdf',
    });
    expect(
      await screen.findByRole('heading', { level: 3, name: 'DD214 (member 4).pdf' }),
    ).toBeVisible();
    expect(await screen.findByText('Document renamed')).toBeInTheDocument();
    // Focus goes back where it was.
    expect(screen.getByRole('button', { name: 'Rename DD214 (member 4).pdf' })).toHaveFocus();
  });

  it('tags a document with one of VA’s document types, and clears it', async () => {
    const { api, user } = await openVault({ initial: [PHOTO] });
    await user.click(await screen.findByRole('button', { name: 'VA type of knee-photo.heic' }));
    const dialog = await screen.findByRole('dialog', { name: 'VA document type' });
    const select = within(dialog).getByRole('combobox', { name: 'Document type' });
    expect(select).toHaveValue('');
    expect(within(select).getAllByRole('option')).toHaveLength(27);

    await user.selectOptions(select, 'Photographs');
    await user.click(within(dialog).getByRole('button', { name: 'Save type' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls('PATCH', `/documents/${PHOTO.id}`)[0]?.body).toEqual({ doc_type: 'L070' });
    await waitFor(() =>
      expect(documentItems()[0]).toHaveTextContent('VA document type:Photographs'),
    );

    await user.click(screen.getByRole('button', { name: 'VA type of knee-photo.heic' }));
    const again = await screen.findByRole('dialog', { name: 'VA document type' });
    expect(within(again).getByRole('combobox', { name: 'Document type' })).toHaveValue('L070');
    await user.selectOptions(within(again).getByRole('combobox'), 'No type');
    await user.click(within(again).getByRole('button', { name: 'Save type' }));
    await waitFor(() => expect(documentItems()[0]).toHaveTextContent('VA document type:Not set'));
    expect(api.calls('PATCH', `/documents/${PHOTO.id}`)[1]?.body).toEqual({ doc_type: null });
  });

  it('previews in a new tab and downloads through short-lived links', async () => {
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { api, user } = await openVault({ initial: [DD214] });

    await user.click(await screen.findByRole('button', { name: /^Preview DD214\.pdf/ }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() =>
      expect(tab.location.href).toBe(`https://storage.test/get/${DD214.id}?disposition=inline`),
    );
    expect(tab.opener).toBeNull();
    expect(
      api.calls('GET', `/documents/${DD214.id}/download`)[0]?.url.searchParams.get('disposition'),
    ).toBe('inline');

    await user.click(screen.getByRole('button', { name: 'Download DD214.pdf' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).href).toBe(
      `https://storage.test/get/${DD214.id}?disposition=attachment`,
    );
  });

  it('deletes a document after a confirmation, and says so', async () => {
    const { api, user } = await openVault({ initial: [DD214] });
    await user.click(await screen.findByRole('button', { name: 'Delete DD214.pdf' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this document?' });
    expect(dialog).toHaveTextContent('DD214.pdf and its file will be deleted from your vault.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete document' }));

    expect(await screen.findByText('Document deleted')).toBeInTheDocument();
    expect(api.calls('DELETE', `/bucket/delete/${DD214.id}`)).toHaveLength(1);
    expect(await screen.findByText('No documents yet')).toBeVisible();
  });
});
