import { ERR } from '@muster/contract/errors';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { apiError, json, type ApiRequest } from '@/testing/api-mock';
import { renderApp } from '@/testing/render-app';
import { mockPublicPage } from '@/testing/session';

const FIRST_LOAD = { timeout: 15_000 };
const TOKEN = 'Tk_abcdefghijklmnopqrstuvwxyz0123456789ABCD';

const VIEW = {
  veteran_first_name: 'Sam',
  condition: 'left knee strain',
  relationship: 'served with him in Iraq',
  witnessed: 'Saw him fall from the truck in 2006.',
  prompts: [
    {
      key: 'onset',
      question: 'When did you first notice it?',
      hint: 'A date or a season is enough.',
    },
    { key: 'observed', question: 'What did you see?', hint: 'Describe it as you remember.' },
  ],
  expires_at: '2026-12-20T12:00:00.000Z',
};

describe('/layman-sign/{token}', { timeout: 30_000 }, () => {
  it('a witness answers, drafts, edits, signs and sends; the token travels only in its header', async () => {
    const api = mockPublicPage({
      'GET /layman-statements/by-token': json(VIEW),
      'POST /layman-statements/by-token/draft': (request: ApiRequest) =>
        json({
          statement: `I first noticed it ${(request.body as { answers: { onset: string } }).answers.onset}.`,
        }),
      'POST /layman-statements/by-token/submit': new Response(null, { status: 204 }),
    });
    renderApp({ path: `/layman-sign/${TOKEN}` });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign Layman Statement' }, FIRST_LOAD),
    ).toBeVisible();
    expect(
      await screen.findByText(
        'Sam asked you for a statement about their left knee strain. They describe you as: served with him in Iraq.',
      ),
    ).toBeVisible();
    expect(document.querySelector('meta[name="referrer"]')).toHaveAttribute(
      'content',
      'no-referrer',
    );

    // Nothing answered: no draft asked for.
    await userEvent.click(
      screen.getByRole('button', { name: 'Draft my statement from these answers' }),
    );
    expect(await screen.findByText('Answer at least one question first.')).toBeVisible();

    await userEvent.type(
      screen.getByRole('textbox', { name: 'When did you first notice it?' }),
      'in the spring of 2006',
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Draft my statement from these answers' }),
    );
    const statement = screen.getByRole('textbox', { name: 'Statement' });
    await waitFor(() => expect(statement).toHaveValue('I first noticed it in the spring of 2006.'));
    await userEvent.type(statement, ' He limped for weeks.');

    // Not signed or certified: refused where it happened.
    await userEvent.click(screen.getByRole('button', { name: 'Sign and send' }));
    expect(await screen.findByText('Type your full name to sign')).toBeVisible();
    expect(screen.getByText('Certify that your statement is true')).toBeVisible();

    await userEvent.type(screen.getByRole('textbox', { name: 'Your full name' }), 'Alex Moreno');
    await userEvent.click(
      screen.getByRole('checkbox', { name: /I certify that the statements above/ }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign and send' }));
    expect(await screen.findByText('Thank you. Your statement was sent.')).toBeVisible();

    const [submitted] = api.calls('POST', '/layman-statements/by-token/submit');
    expect(submitted?.body).toEqual({
      statement: 'I first noticed it in the spring of 2006. He limped for weeks.',
      signature: 'Alex Moreno',
      certify: true,
      signer: {},
      answers: { onset: 'in the spring of 2006' },
    });
    // Without a session of their own, the signer got an anonymous one, which every call carries.
    expect(api.calls('POST', '/auth/sign-in/anonymous')).toHaveLength(1);
    for (const request of api.requests.filter((r) => r.path.startsWith('/layman-statements'))) {
      expect(request.headers.get('x-layman-token')).toBe(TOKEN);
      expect(request.headers.get('authorization')).toBe('Bearer anon-token');
      expect(request.url.toString()).not.toContain(TOKEN);
    }
  });

  it('a used, expired or withdrawn link says it no longer works', async () => {
    mockPublicPage({ 'GET /layman-statements/by-token': apiError(404, ERR.NOT_FOUND) });
    renderApp({ path: `/layman-sign/${TOKEN}` });
    expect(await screen.findByText('This link no longer works', {}, FIRST_LOAD)).toBeVisible();
  });

  it('an address that holds no token asks nothing of the API', async () => {
    const api = mockPublicPage({});
    renderApp({ path: '/layman-sign/example-id' });
    expect(await screen.findByText('This link no longer works', {}, FIRST_LOAD)).toBeVisible();
    expect(api.requests.filter((request) => request.path.startsWith('/layman'))).toEqual([]);
    expect(api.calls('POST', '/auth/sign-in/anonymous')).toEqual([]);
  });
});
