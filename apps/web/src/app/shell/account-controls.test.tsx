import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { json } from '@/testing/api-mock';
import { renderApp } from '@/testing/render-app';
import { mockSignedIn } from '@/testing/session';

async function openMenu() {
  await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
  await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
  await screen.findByRole('menuitem', { name: 'Log out' });
  return screen.getAllByRole('menuitem').map((item) => item.textContent);
}

const BANNER = 'Upgrade to Support Development';

describe('header account menu and upgrade banner', () => {
  it('free member: Get Lifetime Access and Upgrade to Pro, and the banner', async () => {
    mockSignedIn();
    renderApp({ path: '/dashboard' });
    expect(await screen.findByRole('button', { name: BANNER })).toBeVisible();
    expect(await openMenu()).toEqual([
      'Get Lifetime Access',
      'Upgrade to Pro',
      'Account',
      'Contact us',
      'Log out',
    ]);
  });

  it('paying member: Get Lifetime Access, Upgrade to lifetime and Billing; no banner', async () => {
    mockSignedIn({
      profile: {
        subscription_status: 'active',
        plan: 'PRO_MONTHLY',
        price_id: 'price_pro_monthly',
      },
    });
    renderApp({ path: '/dashboard' });
    expect(await openMenu()).toEqual([
      'Get Lifetime Access',
      'Upgrade to lifetime',
      'Billing',
      'Account',
      'Contact us',
      'Log out',
    ]);
    expect(screen.queryByRole('button', { name: BANNER })).not.toBeInTheDocument();
  });

  it('lifetime member: no billing items, no banner', async () => {
    mockSignedIn({
      profile: { subscription_status: 'lifetime', plan: 'LIFETIME', price_id: 'price_lifetime' },
    });
    renderApp({ path: '/dashboard' });
    expect(await openMenu()).toEqual(['Account', 'Contact us', 'Log out']);
    expect(screen.queryByRole('button', { name: BANNER })).not.toBeInTheDocument();
  });

  it('billing off: no billing items and no banner', async () => {
    mockSignedIn({ billing: { enabled: false } });
    renderApp({ path: '/dashboard' });
    expect(await openMenu()).toEqual(['Account', 'Contact us', 'Log out']);
    expect(screen.queryByRole('button', { name: BANNER })).not.toBeInTheDocument();
  });

  it('the banner opens the upgrade portal, or plan selection for a member with nothing to upgrade', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { api } = mockSignedIn({
      routes: {
        'POST /stripe/upgrade-subscription-portal': json({ url: 'https://billing.example/up' }),
      },
    });
    const { router } = renderApp({ path: '/dashboard' });

    await userEvent.click(await screen.findByRole('button', { name: BANNER }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.example/up'));

    api.use({
      'POST /stripe/upgrade-subscription-portal': json({ code: 3002, message: 'Not found' }, 404),
    });
    await userEvent.click(screen.getByRole('button', { name: BANNER }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/plan-selection'));
  });

  it('"Contact us" opens the contact form, prefilled; closing it returns focus to the menu button', async () => {
    mockSignedIn();
    renderApp({ path: '/dashboard' });
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Contact us' }));

    const dialog = await screen.findByRole('dialog', { name: 'Contact us' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Your name')).toHaveValue('Jane Doe');
    expect(within(dialog).getByLabelText('Email')).toHaveValue('jane@example.com');
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Account menu' })).toHaveFocus());
  });

  it('shows the name and email of a named member', async () => {
    mockSignedIn();
    renderApp({ path: '/dashboard' });
    await openMenu();
    const menu = screen.getByRole('menu');
    expect(within(menu).getByText('Jane Doe')).toBeVisible();
    expect(within(menu).getByText('jane@example.com')).toBeVisible();
    expect(within(menu).queryByRole('menuitem', { name: 'Add your name' })).not.toBeInTheDocument();
  });

  it('shows the email, not the sign-up placeholder, and offers "Add your name" until a name is given', async () => {
    mockSignedIn({
      profile: {
        first_name: 'Veteran',
        last_name: 'Tango',
        full_name: 'Veteran Tango',
        has_name: false,
      },
    });
    const { router } = renderApp({ path: '/dashboard' });
    expect(await openMenu()).toContain('Add your name');
    const menu = screen.getByRole('menu');
    expect(within(menu).queryByText(/Veteran|Tango/)).not.toBeInTheDocument();
    expect(within(menu).getByText('jane@example.com')).toBeVisible();

    screen.getByRole('menuitem', { name: 'Add your name' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(await screen.findByLabelText('First name')).toHaveValue('');
    expect(screen.getByLabelText('Last name')).toHaveValue('');
  });

  it('"Contact us" leaves the name empty while the profile has the sign-up placeholder', async () => {
    mockSignedIn({
      profile: {
        first_name: 'Veteran',
        last_name: 'Tango',
        full_name: 'Veteran Tango',
        has_name: false,
      },
    });
    renderApp({ path: '/dashboard' });
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Contact us' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact us' });
    expect(within(dialog).getByLabelText('Your name')).toHaveValue('');
    expect(within(dialog).getByLabelText('Email')).toHaveValue('jane@example.com');
  });

  it('shows no account menu when signed out', async () => {
    const { mockSignedOut } = await import('@/testing/session');
    mockSignedOut();
    renderApp({ path: '/privacy-policy' });
    await screen.findByRole('heading', { level: 1, name: 'Privacy policy' });
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
  });
});
