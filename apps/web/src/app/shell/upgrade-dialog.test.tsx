import { ERR } from '@muster/contract/errors';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/api-error';
import { toastError } from '@/lib/toast';
import { apiError, json } from '@/testing/api-mock';
import { renderApp } from '@/testing/render-app';
import { mockSignedIn, type SignedInOptions } from '@/testing/session';

function quotaAnswer(feature: string, detail: string) {
  return new ApiError({
    status: 403,
    code: ERR.FORBIDDEN,
    detail,
    quota: {
      feature: feature as 'nexus_letters',
      used: 0,
      limit: 0,
      resets_at: '2026-12-01T00:00:00.000Z',
    },
  });
}

async function openWith(error: unknown, options: SignedInOptions = {}) {
  const context = mockSignedIn(options);
  const view = renderApp({ path: '/vault' });
  await screen.findByRole('heading', { level: 1, name: 'File Vault' });
  act(() => toastError(error));
  const dialog = await screen.findByRole('dialog');
  return { ...context, ...view, dialog };
}

function mockAssign() {
  const assign = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
  return assign;
}

describe('the upgrade dialog', () => {
  it('decision letter quota: "Decision Letter Limit Reached"; Maybe Later closes it', async () => {
    const { dialog } = await openWith(
      quotaAnswer('decision_letters', 'decision letter quota reached'),
    );

    expect(
      within(dialog).getByRole('heading', { name: 'Decision Letter Limit Reached' }),
    ).toBeVisible();
    expect(dialog).toHaveTextContent('monthly decision letter analysis limit');
    expect(within(dialog).getByRole('button', { name: 'Upgrade Plan' })).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Maybe Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText("You don't have permission to perform this action")).toBeNull();
  });

  it('finds the feature in the text when the answer has no quota object', async () => {
    const { dialog } = await openWith(
      new ApiError({ status: 403, code: ERR.FORBIDDEN, detail: 'decision letter quota reached' }),
    );
    expect(
      within(dialog).getByRole('heading', { name: 'Decision Letter Limit Reached' }),
    ).toBeVisible();
  });

  it('plan objects: title, description, "Upgrade now…", the plan’s button; upgrading opens the portal', async () => {
    const assign = mockAssign();
    const { dialog, api } = await openWith(
      quotaAnswer('nexus_letters', 'nexus letter quota reached'),
      {
        routes: {
          'POST /stripe/upgrade-subscription-portal': json({ url: 'https://billing.example/up' }),
        },
      },
    );

    expect(
      within(dialog).getByRole('heading', { name: 'Nexus Letter Limit Reached' }),
    ).toBeVisible();
    expect(dialog).toHaveTextContent('You have used this month’s nexus letter drafts.');
    expect(dialog).toHaveTextContent('Upgrade now to continue using all features!');
    expect(within(dialog).getByRole('button', { name: 'Maybe Later' })).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upgrade to Nexus Plan' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.example/up'));
    expect(api.calls('POST', '/stripe/upgrade-subscription-portal')[0]?.body).toEqual({
      return_url: `${window.location.origin}/vault`,
    });
  });

  it.each([
    ['chat', 'ai_messages', 'AI message quota reached', 'Upgrade Chat Plan'],
    ['buddy', 'buddy_requests', 'buddy statement request quota reached', 'Upgrade to Buddy Plan'],
    [
      'personal',
      'personal_statements',
      'personal statement quota reached',
      'Upgrade to Personal Plan',
    ],
  ])('plan object %s has its button', async (_object, feature, detail, button) => {
    const { dialog } = await openWith(quotaAnswer(feature, detail));
    expect(within(dialog).getByRole('button', { name: button })).toBeVisible();
  });

  it('paying users: "Monthly Limit Reached" with only "Ok..."', async () => {
    const { dialog } = await openWith(quotaAnswer('ai_messages', 'AI message quota reached'), {
      profile: {
        subscription_status: 'active',
        plan: 'PRO_MONTHLY',
        price_id: 'price_pro_monthly',
      },
    });

    expect(within(dialog).getByRole('heading', { name: 'Monthly Limit Reached' })).toBeVisible();
    expect(dialog).toHaveTextContent('We are sorry but you have exceeded your monthly AI usage.');
    expect(within(dialog).queryByRole('button', { name: 'Maybe Later' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ok...' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('other permission refusals: "Join Our Veteran Community"; the close button closes it', async () => {
    const { dialog } = await openWith(new ApiError({ status: 403, code: ERR.FORBIDDEN }));
    expect(
      within(dialog).getByRole('heading', { name: 'Join Our Veteran Community' }),
    ).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it.each([404, 400])(
    'an upgrade portal answering %i sends the user to sign-up',
    async (status) => {
      const { dialog, router } = await openWith(
        quotaAnswer('nexus_letters', 'nexus letter quota reached'),
        {
          routes: {
            'POST /stripe/upgrade-subscription-portal': apiError(
              status,
              status === 404 ? ERR.NOT_FOUND : ERR.INVALID_INPUT,
            ),
          },
        },
      );
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      await userEvent.click(within(dialog).getByRole('button', { name: 'Upgrade to Nexus Plan' }));

      // /sign-up forwards a signed-in user to plan selection.
      await waitFor(() => expect(router.state.location.pathname).toBe('/plan-selection'));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    },
  );

  it('other upgrade portal failures are only logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { dialog, router } = await openWith(
      quotaAnswer('nexus_letters', 'nexus letter quota reached'),
      { routes: { 'POST /stripe/upgrade-subscription-portal': apiError(500, ERR.INTERNAL) } },
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upgrade to Nexus Plan' }));

    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(router.state.location.pathname).toBe('/vault');
    expect(screen.getByRole('dialog')).toBeVisible();
    expect(screen.queryByText('An unexpected error occurred')).not.toBeInTheDocument();
  });

  it('with billing off, upgrading leads to plan selection', async () => {
    const { dialog, router, api } = await openWith(
      quotaAnswer('nexus_letters', 'nexus letter quota reached'),
      { billing: { enabled: false } },
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upgrade to Nexus Plan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/plan-selection'));
    expect(api.calls('POST', '/stripe/upgrade-subscription-portal')).toHaveLength(0);
  });

  it('opens from any failed mutation, e.g. saving the profile', async () => {
    mockSignedIn({
      routes: {
        'PATCH /users/user-1': json(
          {
            code: ERR.FORBIDDEN,
            message: "You don't have permission to perform this action",
            detail: 'personal statement quota reached',
            quota: {
              feature: 'personal_statements',
              used: 1,
              limit: 1,
              resets_at: '2026-12-01T00:00:00.000Z',
            },
          },
          403,
        ),
      },
    });
    renderApp({ path: '/profile' });
    await userEvent.click(await screen.findByRole('button', { name: 'Save changes' }));

    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByRole('heading', { name: 'Personal Statement Limit Reached' }),
    ).toBeVisible();
  });
});
