import { ERR } from '@muster/contract/errors';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { apiError, json } from '@/testing/api-mock';
import { installFakeXhr } from '@/testing/fake-xhr';
import { renderApp } from '@/testing/render-app';
import { mockPublicPage } from '@/testing/session';

const FIRST_LOAD = { timeout: 15_000 };
const TOKEN = 'Pv_abcdefghijklmnopqrstuvwxyz0123456789ABCD';
const FILE_ID = '4f0c2a7b-3e4c-4d9a-8f1e-2b3c4d5e6f70';

describe('/provider-upload/{token}', { timeout: 30_000 }, () => {
  it('a physician reads who asks, then uploads the signed letter; the token travels only in its header', async () => {
    const api = mockPublicPage({
      'GET /provider-requests/by-token': json({
        provider_name: 'Dr. Ingeborg Tallqvist',
        veteran_first_name: 'Sam',
        condition: 'Left knee strain',
        expires_at: '2026-12-26T12:00:00.000Z',
      }),
      'POST /provider-requests/by-token/upload': json(
        {
          file_id: FILE_ID,
          method: 'single',
          url: 'https://storage.test/whole',
          headers: { 'content-type': 'application/pdf' },
          expires_at: '2099-01-01T00:00:00.000Z',
        },
        201,
      ),
      'POST /provider-requests/by-token/complete': json({
        id: FILE_ID,
        kind: 'document',
        filename: 'signed-letter.pdf',
        content_type: 'application/pdf',
        size: 10,
        status: 'ready',
        rejection_reason: null,
        created_at: '2026-11-26T12:00:00.000Z',
      }),
    });
    installFakeXhr({ autoRespond: (request) => request.respond({ etag: '"whole"' }) });
    renderApp({ path: `/provider-upload/${TOKEN}` });
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Upload a Signed Nexus Letter' },
        FIRST_LOAD,
      ),
    ).toBeVisible();
    expect(
      await screen.findByText(
        'Dr. Ingeborg Tallqvist, Sam asked you to review and sign a medical opinion (nexus letter) about their Left knee strain.',
      ),
    ).toBeVisible();
    expect(document.querySelector('meta[name="referrer"]')).toHaveAttribute(
      'content',
      'no-referrer',
    );
    const input = screen.getByLabelText('Choose the signed letter');
    expect(input).toHaveAccessibleDescription(/PDF, JPEG or PNG, up to 500 MB/);

    const user = userEvent.setup({ applyAccept: false });
    // A Word file is refused before anything is sent.
    await user.upload(
      input,
      new File(['PK'], 'letter.docx', {
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      }),
    );
    expect(await screen.findByText(/Attached files must be one of/)).toBeVisible();
    expect(api.calls('POST', '/provider-requests/by-token/upload')).toEqual([]);

    await user.upload(
      screen.getByLabelText('Choose the signed letter'),
      new File([new Uint8Array(10).fill(1)], 'signed-letter.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText('Thank you. The signed letter was sent.')).toBeVisible();
    expect(api.calls('POST', '/provider-requests/by-token/upload')[0]?.body).toEqual({
      filename: 'signed-letter.pdf',
      size: 10,
      content_type: 'application/pdf',
    });
    expect(api.calls('POST', '/provider-requests/by-token/complete')[0]?.body).toEqual({
      file_id: FILE_ID,
    });
    for (const request of api.requests.filter((r) => r.path.startsWith('/provider-requests'))) {
      expect(request.headers.get('x-provider-token')).toBe(TOKEN);
      expect(request.headers.get('authorization')).toBe('Bearer anon-token');
      expect(request.url.toString()).not.toContain(TOKEN);
    }
    // Nothing is asked of the owner's upload routes, which the physician cannot reach.
    expect(api.requests.filter((r) => r.path.startsWith('/uploads'))).toEqual([]);
  });

  it('a used, expired or withdrawn link says it no longer works', async () => {
    mockPublicPage({ 'GET /provider-requests/by-token': apiError(404, ERR.NOT_FOUND) });
    renderApp({ path: `/provider-upload/${TOKEN}` });
    expect(await screen.findByText('This link no longer works', {}, FIRST_LOAD)).toBeVisible();
  });

  it('an address that holds no token asks nothing of the API', async () => {
    const api = mockPublicPage({});
    renderApp({ path: '/provider-upload/not-a-token' });
    expect(await screen.findByText('This link no longer works', {}, FIRST_LOAD)).toBeVisible();
    expect(api.requests.filter((request) => request.path.startsWith('/provider'))).toEqual([]);
    expect(api.calls('POST', '/auth/sign-in/anonymous')).toEqual([]);
  });
});
