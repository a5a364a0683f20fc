import { ERR } from '@muster/contract/errors';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, json } from '@/testing/api-mock';
import { renderApp } from '@/testing/render-app';
import { mockSignedOut } from '@/testing/session';

const mail = {
  to: 'jane@example.com',
  subject: 'Your Muster sign-in code',
  text: 'Your Muster sign-in code\n\nEnter this code to sign in: 482913\n\nIt works once.',
  html: '<p>482913</p>',
  sentAt: '2026-11-21T12:00:00.000Z',
};

describe('/dev/outbox', () => {
  it('lists the kept mail, newest first, with the sign-in code visible', async () => {
    mockSignedOut({
      'GET /dev/outbox': json([mail, { ...mail, to: 'old@example.com', text: 'Hello' }]),
    });
    renderApp({ path: '/dev/outbox' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Developer outbox' }),
    ).toBeVisible();
    const mails = await screen.findAllByRole('article', { name: 'Your Muster sign-in code' });
    expect(mails).toHaveLength(2);
    expect(within(mails[0]!).getByText('jane@example.com')).toBeVisible();
    expect(within(mails[0]!).getByText('482913')).toBeVisible();
    expect(within(mails[0]!).getByText(/Enter this code to sign in: 482913/)).toBeVisible();
    expect(within(mails[1]!).queryByText('Sign-in code')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeVisible();
  });

  it('says the outbox is not available when the API answers 404', async () => {
    mockSignedOut({ 'GET /dev/outbox': apiError(404, ERR.NOT_FOUND) });
    renderApp({ path: '/dev/outbox' });
    expect(await screen.findByText(/The outbox is not available on this server/)).toBeVisible();
    expect(screen.queryByText('Not found')).not.toBeInTheDocument();
  });
});
