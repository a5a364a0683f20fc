import { ERR } from '@muster/contract/errors';
import type { StoredFile, UploadGrant } from '@muster/contract/storage';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { upgradePrompt } from '@/lib/upgrade-prompt';
import { apiError, json, type ApiRoutes } from '@/testing/api-mock';
import { installFakeXhr, type FakeXhrRequest } from '@/testing/fake-xhr';
import { renderApp } from '@/testing/render-app';
import { mockSignedIn } from '@/testing/session';

import { FileUpload, type FileUploadProps } from './file-upload';
import { pendingUploadKey, type PendingUpload } from './pending-upload-store';

const FILE_ID = '1b6f4b8e-3f0a-4c47-9a0e-2f0f6d3f9a01';
const FUTURE = '2099-01-01T00:00:00.000Z';
const KEY = pendingUploadKey('user-1', 'document');
const WHOLE_URL = 'https://storage.test/whole';
const partUrl = (n: number) => `https://storage.test/part/${n}`;

const SINGLE: UploadGrant = {
  file_id: FILE_ID,
  method: 'single',
  url: WHOLE_URL,
  headers: { 'content-type': 'application/pdf' },
  expires_at: FUTURE,
};

function multipart(size: number, partSize: number, expiresAt = FUTURE): UploadGrant {
  return {
    file_id: FILE_ID,
    method: 'multipart',
    headers: {},
    part_size: partSize,
    parts: Array.from({ length: Math.ceil(size / partSize) }, (_, index) => ({
      part_number: index + 1,
      url: partUrl(index + 1),
    })),
    expires_at: expiresAt,
  };
}

function stored(status: StoredFile['status'] = 'ready'): StoredFile {
  return {
    id: FILE_ID,
    kind: 'document',
    filename: 'c-file.pdf',
    content_type: 'application/pdf',
    size: 10,
    status,
    rejection_reason: null,
    created_at: '2026-11-25T12:00:00.000Z',
  };
}

function pdf(size = 10, name = 'c-file.pdf', lastModified = 1000) {
  return new File([new Uint8Array(size).fill(1)], name, { type: 'application/pdf', lastModified });
}

/** Answers every PUT at once with its part's ETag. */
const answerAll = (request: FakeXhrRequest) =>
  request.respond({ etag: `"etag-${request.url.split('/').pop() ?? ''}"` });

async function renderUpload({
  grant = SINGLE,
  routes = {},
  autoRespond,
  props = {},
}: {
  grant?: UploadGrant;
  routes?: ApiRoutes;
  autoRespond?: (request: FakeXhrRequest) => void;
  props?: Partial<FileUploadProps>;
} = {}) {
  const { api } = mockSignedIn({
    routes: {
      'POST /uploads': json(grant, 201),
      [`POST /uploads/${FILE_ID}/complete`]: json(stored()),
      [`GET /uploads/${FILE_ID}`]: json(stored('pending')),
      [`DELETE /uploads/${FILE_ID}`]: () => new Response(null, { status: 204 }),
      ...routes,
    },
  });
  const xhr = installFakeXhr({ autoRespond });
  const onUploaded = vi.fn<FileUploadProps['onUploaded']>(async () => undefined);
  renderApp({
    path: '/',
    routes: [
      { path: '/', element: <FileUpload kind="document" onUploaded={onUploaded} {...props} /> },
    ],
  });
  const input = await screen.findByLabelText('Choose a file');
  return { api, xhr, onUploaded, input, user: userEvent.setup({ applyAccept: false }) };
}

/** Where progress is announced (off screen). */
function progressAnnouncer() {
  return document.querySelector('p.sr-only[aria-live="polite"]');
}

/** Where messages show, announced politely. */
function messageRegion() {
  return screen
    .getAllByRole('status')
    .find((element) => element.getAttribute('aria-live') === 'polite');
}

describe('FileUpload', () => {
  it('takes a file from a keyboard-reachable picker, shows its progress, then hands it over', async () => {
    const { api, xhr, onUploaded, input, user } = await renderUpload();
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAccessibleDescription(
      /PDF, JPEG, PNG, WebP, HEIC, Word \(\.docx\) or plain text, up to 500 MB/,
    );
    await user.tab();
    expect(input).toHaveFocus();

    const file = pdf();
    await user.upload(input, file);
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    expect(api.calls('POST', '/uploads')[0]?.body).toEqual({
      kind: 'document',
      filename: 'c-file.pdf',
      content_type: 'application/pdf',
      size: 10,
    });
    const [put] = xhr.requests;
    expect(put).toMatchObject({
      method: 'PUT',
      url: WHOLE_URL,
      headers: { 'content-type': 'application/pdf' },
    });

    put?.progress(5);
    const bar = await screen.findByRole('progressbar', { name: 'Upload of c-file.pdf' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
    expect(screen.getByText('Uploading… 50% (5 bytes of 10 bytes)')).toBeVisible();
    expect(progressAnnouncer()).toHaveTextContent('Uploading c-file.pdf: 50%.');

    // The picker went away while the file is sent: focus is on what took its place.
    expect(screen.getByRole('group', { name: 'c-file.pdf' })).toHaveFocus();

    put?.respond({ etag: '"whole"' });
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(stored(), file));
    expect(await screen.findByText('c-file.pdf was uploaded.')).toBeVisible();
    // And back on the picker once it is done.
    expect(screen.getByLabelText('Choose a file')).toHaveFocus();
    expect(api.calls('POST', `/uploads/${FILE_ID}/complete`)[0]?.body).toEqual({});
  });

  it('refuses a file the kind does not take with the API’s own words, sending nothing', async () => {
    const { api, xhr, input, user } = await renderUpload();
    await user.upload(input, new File(['PK'], 'notes.zip', { type: 'application/zip' }));
    expect(
      await screen.findByText(/^document files must be one of: application\/pdf, image\/jpeg/),
    ).toBeVisible();
    expect(api.calls('POST', '/uploads')).toHaveLength(0);
    expect(xhr.requests).toHaveLength(0);
    expect(messageRegion()).toHaveTextContent(/document files must be one of/);
  });

  it('shows the API’s reason plainly when it refuses the finished file', async () => {
    const reason =
      "The file's content is image/png, but it was sent as application/pdf. Check the file and upload it again.";
    const { onUploaded, input, user } = await renderUpload({
      autoRespond: answerAll,
      routes: {
        [`POST /uploads/${FILE_ID}/complete`]: apiError(400, ERR.INVALID_FORMAT, {
          detail: reason,
          fields: { content_type: reason },
        }),
      },
    });
    await user.upload(input, pdf());
    expect(await screen.findByText('We could not upload “c-file.pdf”')).toBeVisible();
    expect(screen.getByText(reason)).toBeVisible();
    expect(messageRegion()).toHaveTextContent(reason);
    expect(onUploaded).not.toHaveBeenCalled();
    // Another file can be chosen at once.
    expect(screen.getByLabelText('Choose a file')).toBeEnabled();
  });

  it('opens the upgrade dialog when the storage is full', async () => {
    const { input, user } = await renderUpload({
      routes: {
        'POST /uploads': apiError(403, ERR.FORBIDDEN, {
          detail: 'vault storage quota reached',
          quota: { feature: 'vault_storage_mb', used: 499, limit: 500, resets_at: FUTURE },
        }),
      },
    });
    await user.upload(input, pdf());
    expect(await screen.findByText(/^Your storage is full/)).toBeVisible();
    expect(upgradePrompt.get()).toMatchObject({ feature: 'vault_storage_mb' });
  });

  it('cancels: the PUT is aborted and the API drops the upload', async () => {
    const { api, xhr, onUploaded, input, user } = await renderUpload();
    await user.upload(input, pdf());
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(xhr.requests[0]?.isAborted).toBe(true);
    await waitFor(() => expect(api.calls('DELETE', `/uploads/${FILE_ID}`)).toHaveLength(1));
    expect(await screen.findByText('Upload cancelled.')).toBeVisible();
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('sends again only the part that failed', async () => {
    const { api, xhr, onUploaded, input, user } = await renderUpload({
      grant: multipart(10, 4),
      autoRespond: (request) => {
        if (request.url === partUrl(2) && xhr.to(partUrl(2)).length === 1) request.fail();
        else answerAll(request);
      },
    });
    await user.upload(input, pdf());
    expect(
      await screen.findByText(
        'Part 2 of 3 could not be sent: The connection was lost while sending the file.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Upload of c-file.pdf' })).toHaveAttribute(
      'aria-valuenow',
      '60',
    );
    expect(api.calls('POST', `/uploads/${FILE_ID}/complete`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledTimes(1));
    expect(xhr.requests.map((request) => request.url)).toEqual([
      partUrl(1),
      partUrl(2),
      partUrl(3),
      partUrl(2),
    ]);
    expect(api.calls('POST', `/uploads/${FILE_ID}/complete`)[0]?.body).toEqual({
      parts: [
        { part_number: 1, etag: '"etag-1"' },
        { part_number: 2, etag: '"etag-2"' },
        { part_number: 3, etag: '"etag-3"' },
      ],
    });
  });

  describe('after a reload', () => {
    function keep(grant: UploadGrant) {
      const record: PendingUpload = {
        version: 1,
        file_id: FILE_ID,
        kind: 'document',
        content_type: 'application/pdf',
        grant,
        file: { name: 'c-file.pdf', size: 10, lastModified: 1000 },
        etags: [{ part_number: 1, etag: '"kept-1"' }],
      };
      window.localStorage.setItem(KEY, JSON.stringify(record));
    }

    it('resumes with the same file picked again, skipping the parts already sent', async () => {
      keep(multipart(10, 4));
      const { api, xhr, onUploaded, input, user } = await renderUpload({
        grant: multipart(10, 4),
        autoRespond: answerAll,
      });
      expect(
        await screen.findByText('Resume your upload of “c-file.pdf” (10 bytes)'),
      ).toBeVisible();
      expect(screen.getByText(/1 of 3 parts were sent/)).toBeVisible();

      // Another file is not the interrupted one.
      await user.upload(input, pdf(10, 'c-file.pdf', 2000));
      expect(await screen.findByText(/is not the file whose upload was interrupted/)).toBeVisible();
      expect(xhr.requests).toHaveLength(0);

      await user.upload(screen.getByLabelText('Choose a file'), pdf());
      await waitFor(() => expect(onUploaded).toHaveBeenCalledTimes(1));
      expect(api.calls('POST', '/uploads')).toHaveLength(0);
      expect(xhr.requests.map((request) => request.url)).toEqual([partUrl(2), partUrl(3)]);
      expect(api.calls('POST', `/uploads/${FILE_ID}/complete`)[0]?.body).toEqual({
        parts: [
          { part_number: 1, etag: '"kept-1"' },
          { part_number: 2, etag: '"etag-2"' },
          { part_number: 3, etag: '"etag-3"' },
        ],
      });
      expect(window.localStorage.getItem(KEY)).toBeNull();
    });

    it('drops an interrupted upload whose links expired, and says so', async () => {
      keep(multipart(10, 4, '2000-01-01T00:00:00.000Z'));
      const { api } = await renderUpload();
      expect(
        await screen.findByText(
          'The interrupted upload of “c-file.pdf” can no longer be resumed: its upload links have expired. Upload the file again.',
        ),
      ).toBeVisible();
      expect(screen.queryByText(/Resume your upload/)).toBeNull();
      await waitFor(() => expect(api.calls('DELETE', `/uploads/${FILE_ID}`)).not.toHaveLength(0));
      expect(window.localStorage.getItem(KEY)).toBeNull();
    });

    it('can discard the interrupted upload', async () => {
      keep(multipart(10, 4));
      const { api, user } = await renderUpload();
      await user.click(
        await screen.findByRole('button', { name: 'Discard the interrupted upload' }),
      );
      expect(await screen.findByText('The interrupted upload was discarded.')).toBeVisible();
      await waitFor(() => expect(api.calls('DELETE', `/uploads/${FILE_ID}`)).toHaveLength(1));
      expect(window.localStorage.getItem(KEY)).toBeNull();
    });
  });
});
