import { ERR } from '@muster/contract/errors';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { STORAGE_KEYS } from '@/config/constants';
import { apiError, json } from '@/testing/api-mock';
import { buildProfile, buildUsage } from '@/testing/factories';
import { renderApp } from '@/testing/render-app';
import { mockSignedIn } from '@/testing/session';

function renderAccount(options: Parameters<typeof mockSignedIn>[0] = {}) {
  const context = mockSignedIn({
    ...options,
    routes: {
      'GET /usage': json(buildUsage()),
      'GET /ai/settings': json({ consent: 'ask', provider: null }),
      'GET /va-forms/intent-to-file': json({
        va_configured: false,
        intent_to_file: null,
        va_active: null,
        va_connected: false,
        can_access_526ez: false,
      }),
      ...options.routes,
    },
  });
  const view = renderApp({ path: '/profile' });
  return { ...context, ...view };
}

describe('/profile (Account)', () => {
  it('shows the VA.gov connection: "VA Connected" with Disconnect, or why there is none', async () => {
    const { api } = renderAccount({
      routes: {
        'GET /va-forms/intent-to-file': json({
          va_configured: true,
          intent_to_file: null,
          va_active: null,
          va_connected: true,
          can_access_526ez: false,
        }),
        'DELETE /va-integrations/benefit-claims': new Response(null, { status: 204 }),
      },
    });
    expect(await screen.findByText('VA Connected', {}, { timeout: 15_000 })).toBeVisible();
    const section = screen.getByRole('region', { name: 'VA.gov connection' });
    await userEvent.click(within(section).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() =>
      expect(api.calls('DELETE', '/va-integrations/benefit-claims')).toHaveLength(1),
    );
  });

  it('says when this server has no VA.gov connection set up', async () => {
    renderAccount();
    expect(
      await screen.findByText(
        'This server has no connection to VA.gov set up, so there is nothing to connect here.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeVisible();
  });

  it('shows the details, the plan with this month’s usage, export and deletion', async () => {
    renderAccount({ profile: { served_branches: [{ branch: 'Army' }] } });

    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    expect(screen.getByText('jane@example.com')).toBeVisible();
    expect(screen.getByLabelText('First name')).toHaveValue('Jane');
    expect(screen.getByLabelText('Last name')).toHaveValue('Doe');
    expect(
      within(screen.getByRole('list', { name: 'Served in' })).getByText('U.S. Army'),
    ).toBeVisible();

    const plan = screen.getByRole('region', { name: 'Plan and usage' });
    expect(plan).toHaveTextContent('Your plan: Free');
    expect(await within(plan).findByText('1 of 1 used')).toBeVisible();
    expect(within(plan).getByText('12 of 30 used')).toBeVisible();
    expect(within(plan).getByText(/resets on December 1, 2026/)).toBeVisible();
    expect(within(plan).getByRole('progressbar', { name: /AI messages/ })).toBeVisible();
    expect(within(plan).getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute(
      'href',
      '/plan-selection',
    );
    expect(within(plan).getByRole('link', { name: 'Get Lifetime Access' })).toHaveAttribute(
      'href',
      '/redirect-to-stripe?to=checkout&plan=LIFETIME',
    );
    expect(screen.getByRole('button', { name: 'Export all my data' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Delete my account' })).toBeVisible();
  });

  it('shows the usage failure inside its section, with Retry', async () => {
    const { api } = renderAccount({ routes: { 'GET /usage': apiError(500, ERR.INTERNAL) } });
    expect(
      await screen.findByRole('heading', { name: 'We could not load your usage' }),
    ).toBeVisible();
    api.use({ 'GET /usage': json(buildUsage()) });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('12 of 30 used')).toBeVisible();
  });

  it('says when no outside AI model is set up for chat', async () => {
    renderAccount();
    const section = await screen.findByRole('region', { name: 'AI assistant' });
    expect(
      await within(section).findByText(
        'No outside AI model is set up; the assistant answers from Muster’s built-in knowledge base.',
      ),
    ).toBeVisible();
    expect(within(section).queryByRole('radio')).toBeNull();
  });

  it('shows the chat’s AI choice and switches it between the provider and offline-only', async () => {
    const provider = { name: 'OpenAI', model: 'gpt-4o-mini', host: 'api.openai.com' };
    const { api } = renderAccount({
      routes: {
        'GET /ai/settings': json({ consent: 'provider', provider }),
        'PATCH /ai/settings': ({ body }) => json({ ...(body as object), provider }),
      },
    });
    const section = await screen.findByRole('region', { name: 'AI assistant' });
    expect(
      await within(section).findByText('Chat uses OpenAI (gpt-4o-mini at api.openai.com).'),
    ).toBeVisible();
    const group = within(section).getByRole('group', { name: 'Where chat may send your messages' });
    const useProvider = within(group).getByRole('radio', { name: 'Use OpenAI' });
    expect(useProvider).toBeChecked();
    expect(useProvider).toHaveAccessibleDescription(
      /go to OpenAI at api\.openai\.com, using gpt-4o-mini\. So do the decisions read from a decision letter you analyze \(never the letter’s text\), for a plain-language summary\. Text about drug or alcohol treatment, HIV or sickle cell is never sent\./,
    );

    await userEvent.click(within(group).getByRole('radio', { name: 'Keep chat offline-only' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Save choice' }));
    await waitFor(() => expect(api.calls('PATCH', '/ai/settings')).toHaveLength(1));
    expect(api.calls('PATCH', '/ai/settings')[0]?.body).toEqual({ consent: 'offline' });
    expect(await screen.findByText('Chat will stay offline-only')).toBeInTheDocument();
    expect(
      await within(section).findByText('Chat stays offline-only: nothing leaves Muster.'),
    ).toBeVisible();
  });

  it('saves the name and branches, accepting aliases and refusing unknown branches', async () => {
    const { api } = renderAccount({
      routes: {
        'PATCH /users/user-1': ({ body }) =>
          json(buildProfile({ ...(body as object), full_name: 'Janet Doe-Smith' })),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Account' });

    const branch = screen.getByLabelText('Branch of service');
    await userEvent.type(branch, 'Starfleet');
    await userEvent.click(screen.getByRole('button', { name: 'Add branch' }));
    expect(await screen.findByText('Starfleet is not a recognized military branch')).toBeVisible();
    expect(branch).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(branch);
    await userEvent.type(branch, 'usmc{Enter}');
    await userEvent.type(branch, 'U.S. Coast Guard');
    await userEvent.click(screen.getByRole('button', { name: 'Add branch' }));
    // The same branch twice is listed once.
    await userEvent.type(branch, 'Marines{Enter}');
    const list = screen.getByRole('list', { name: 'Served in' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['U.S. Marine Corps', 'U.S. Coast Guard']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove U.S. Coast Guard' }));

    await userEvent.clear(screen.getByLabelText('First name'));
    await userEvent.type(screen.getByLabelText('First name'), 'Janet');
    await userEvent.clear(screen.getByLabelText('Last name'));
    await userEvent.type(screen.getByLabelText('Last name'), 'Doe-Smith');
    // A branch typed but not added is saved too.
    await userEvent.type(branch, 'navy');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(api.calls('PATCH', '/users/user-1')).toHaveLength(1));
    expect(api.calls('PATCH', '/users/user-1')[0]?.body).toEqual({
      first_name: 'Janet',
      last_name: 'Doe-Smith',
      served_branches: [{ branch: 'Marine Corps' }, { branch: 'Navy' }],
    });
    expect(await screen.findByText('Your profile is saved')).toBeInTheDocument();
  });

  it('validates names with the contract and shows server field errors on the form', async () => {
    const { api } = renderAccount({
      routes: {
        'PATCH /users/user-1': apiError(400, ERR.INVALID_INPUT, {
          validation: true,
          fields: { served_branches: 'Klingon is not a recognized military branch' },
        }),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Account' });

    await userEvent.clear(screen.getByLabelText('First name'));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Required')).toBeVisible();
    expect(api.calls('PATCH', '/users/user-1')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('First name'), 'Jane');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Klingon is not a recognized military branch')).toBeVisible();
    expect(await screen.findByText('Invalid input provided')).toBeInTheDocument();
  });

  it('exports all the data as a download', async () => {
    const createObjectURL = vi.fn(() => 'blob:export');
    const revokeObjectURL = vi.fn();
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL;
        static override revokeObjectURL = revokeObjectURL;
      },
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { api } = renderAccount({
      routes: {
        'GET /users/user-1/export': new Response('zip', {
          headers: {
            'content-type': 'application/zip',
            'content-disposition': 'attachment; filename="muster-export.zip"',
          },
        }),
      },
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Export all my data' }));

    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(api.calls('GET', '/users/user-1/export')[0]?.headers.get('Authorization')).toBe(
      'Bearer token-1',
    );
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('muster-export.zip');
    expect(createObjectURL).toHaveBeenCalled();
  });

  it('deleting asks for confirmation stating the 30-day grace period, then signs out', async () => {
    const { api } = renderAccount({
      routes: {
        'POST /users/user-1/request-deletion': json({
          is_deleted: true,
          deletion_scheduled_for: '2026-12-21T12:00:00.000Z',
        }),
      },
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    expect(dialog).toHaveTextContent('30-day grace period');
    expect(dialog).toHaveTextContent('Keep my account');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('POST', '/users/user-1/request-deletion')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Yes, delete my account',
      }),
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(api.calls('POST', '/users/user-1/request-deletion')).toHaveLength(1);
    expect(window.localStorage.getItem(STORAGE_KEYS.AUTH_TOKEN)).toBeNull();
    expect(await screen.findByText('Your account is scheduled for deletion')).toBeInTheDocument();
    // The server already ended every session.
    expect(api.calls('POST', '/auth/sign-out')).toHaveLength(0);
  });
});

describe('/welcome and /welcome/profile', () => {
  it('welcomes a new member and saves their profile, leaving placeholder names empty', async () => {
    const { api } = mockSignedIn({
      profile: {
        first_name: 'Veteran',
        last_name: 'Tango',
        full_name: 'Veteran Tango',
        has_name: false,
      },
      routes: {
        'PATCH /users/user-1': ({ body }) => json(buildProfile(body as object)),
      },
    });
    const { router } = renderApp({ path: '/welcome' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome to Muster' }),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('link', { name: 'Set up your profile' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set up your profile' }),
    ).toBeVisible();
    expect(screen.getByLabelText('First name')).toHaveValue('');
    await userEvent.type(screen.getByLabelText('First name'), 'Ray');
    await userEvent.type(screen.getByLabelText('Last name'), 'Santos');
    await userEvent.type(screen.getByLabelText('Branch of service'), 'USAF{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(api.calls('PATCH', '/users/user-1')[0]?.body).toEqual({
      first_name: 'Ray',
      last_name: 'Santos',
      served_branches: [{ branch: 'Air Force' }],
    });
  });
});
