import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { readSidebarCookie } from '@/components/layouts/sidebar-state';
import { MILITARY_THEME_KEYS } from '@/features/military-theme/utils/theme-storage';
import { json, type ApiRequest, type ApiRoutes } from '@/testing/api-mock';
import { setMobileViewport } from '@/testing/match-media';
import { renderApp } from '@/testing/render-app';
import { mockSignedIn } from '@/testing/session';

const EMPTY_SEARCH = { disabilities: [], documents: [], threads: [] };

function clearSidebarCookie() {
  document.cookie = 'sidebar_state=; path=/; max-age=0';
}

async function renderShell(routes: ApiRoutes = {}) {
  clearSidebarCookie();
  const session = mockSignedIn({ routes });
  const view = renderApp({ path: '/dashboard' });
  await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
  const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
  return { ...view, ...session, sidebar };
}

describe('sidebar shell', () => {
  it('shows the plan label and the navigation groups with an empty chat state', async () => {
    const { sidebar } = await renderShell();
    expect(await within(sidebar).findByText('Free')).toBeVisible();
    const nav = within(sidebar).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Create new chat' })).toHaveAttribute(
      'href',
      '/chats/new',
    );
    expect(within(nav).getByText(/No conversations yet/)).toBeVisible();
    expect(within(nav).getByRole('link', { name: 'Add Disability' })).toHaveAttribute(
      'href',
      '/disabilities/new',
    );
    expect(within(nav).getByRole('link', { name: 'Add Many Disabilities' })).toBeVisible();
    // Both read "View All"; each is named for what it lists.
    expect(within(nav).getByRole('link', { name: 'View all disabilities' })).toHaveTextContent(
      'View All',
    );
    expect(within(nav).getByRole('link', { name: 'View all decision letters' })).toHaveAttribute(
      'href',
      '/decision-letters',
    );
    expect(within(nav).getByRole('link', { name: 'Analyze New' })).toHaveAttribute(
      'href',
      '/decision-letter',
    );
    expect(within(nav).getByRole('link', { name: 'File Vault' })).toHaveAttribute('href', '/vault');
    expect(within(nav).getByRole('link', { name: 'Documents' })).toHaveAttribute(
      'href',
      '/documents',
    );
    expect(within(nav).getByRole('link', { name: /Join our Discord/ })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(await within(sidebar).findByRole('button', { name: 'Account menu' })).toBeVisible();
    expect(within(sidebar).getByRole('group', { name: 'Color mode' })).toBeVisible();
    expect(await within(sidebar).findByRole('button', { name: 'Military theme' })).toBeVisible();
    expect(within(sidebar).getByRole('link', { name: /Follow Muster/ })).toHaveAttribute(
      'rel',
      'noreferrer',
    );
  });

  it('collapses to icons with the toggle and Ctrl/Cmd+B, and remembers it in a cookie', async () => {
    const { sidebar } = await renderShell();
    const toggle = screen.getByRole('button', { name: 'Toggle sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(sidebar).toHaveAttribute('data-state', 'expanded');
    expect(sidebar).toHaveStyle({ width: '16rem' });

    await userEvent.click(toggle);
    expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    expect(sidebar).toHaveStyle({ width: '3rem' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(readSidebarCookie()).toBe(false);
    // Labels stay available to assistive technology.
    expect(within(sidebar).getByRole('link', { name: 'File Vault' })).toBeInTheDocument();

    await userEvent.keyboard('{Control>}b{/Control}');
    expect(sidebar).toHaveAttribute('data-state', 'expanded');
    expect(readSidebarCookie()).toBe(true);

    await userEvent.keyboard('{Meta>}b{/Meta}');
    expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    expect(document.cookie).toContain('sidebar_state=false');
  });

  it('starts collapsed when the cookie says so', async () => {
    mockSignedIn();
    document.cookie = 'sidebar_state=false; path=/';
    renderApp({ path: '/dashboard' });
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    clearSidebarCookie();
  });
});

describe('mobile drawer', () => {
  it('below 768 px the sidebar is a drawer opened by the toggle and Ctrl/Cmd+B', async () => {
    setMobileViewport(true);
    clearSidebarCookie();
    mockSignedIn();
    renderApp({ path: '/dashboard' });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument();

    const toggle = screen.getByRole('button', { name: 'Toggle sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    const drawer = await screen.findByRole('dialog', { name: 'Sidebar' });
    expect(within(drawer).getByRole('link', { name: 'File Vault' })).toBeVisible();

    await userEvent.click(within(drawer).getByRole('link', { name: 'File Vault' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Sidebar' })).not.toBeInTheDocument(),
    );
    await userEvent.keyboard('{Control>}b{/Control}');
    expect(await screen.findByRole('dialog', { name: 'Sidebar' })).toBeVisible();
    // The desktop state (cookie) is not touched by the drawer.
    expect(document.cookie).not.toContain('sidebar_state=false');
  });
});

describe('search palette', () => {
  it('opens with Ctrl/Cmd+J and groups the results', async () => {
    const { api } = await renderShell({
      'GET /search': json({
        disabilities: [
          { id: 'd1', title: 'Tinnitus', diagnosis: 'Chronic tinnitus' },
          { id: 'd2', title: 'Knee pain', diagnosis: null },
        ],
        documents: [{ id: 'f1', name: 'DD214', extension: 'pdf' }],
        threads: Array.from({ length: 12 }, (_, index) => ({
          id: `t${index}`,
          title: `Thread ${index}`,
          created_at: '2026-01-01T00:00:00Z',
        })),
      }),
    });
    await userEvent.keyboard('{Control>}j{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Search' });
    expect(within(dialog).getByRole('combobox', { name: 'Search Anything' })).toHaveFocus();

    expect(await within(dialog).findByText('Tinnitus')).toBeVisible();
    expect(within(dialog).getByText('Diagnosis: Chronic tinnitus')).toBeVisible();
    expect(within(dialog).getByText('Not diagnosed')).toBeVisible();
    expect(within(dialog).getByText('DD214')).toBeVisible();
    expect(within(dialog).getByText('pdf')).toBeVisible();
    expect(within(dialog).getAllByText(/^Thread \d+$/)).toHaveLength(10);
    expect(api.calls('GET', '/search')[0]?.url.searchParams.get('q')).toBe('');
  });

  it('says "No results found." and navigates to a result', async () => {
    const { router, api } = await renderShell({
      'GET /search': (request: ApiRequest) =>
        request.url.searchParams.get('q') === 'knee'
          ? json({
              ...EMPTY_SEARCH,
              disabilities: [{ id: 'd2', title: 'Knee pain', diagnosis: null }],
            })
          : json(EMPTY_SEARCH),
    });
    await userEvent.click(screen.getByRole('button', { name: /Search Anything/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Search' });
    expect(await within(dialog).findByText('No results found.')).toBeVisible();

    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Search Anything' }), 'knee');
    await userEvent.click(await within(dialog).findByText('Knee pain'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/disabilities/d2'));
    expect(screen.queryByRole('dialog', { name: 'Search' })).not.toBeInTheDocument();
    expect(
      api.calls('GET', '/search').some((call) => call.url.searchParams.get('q') === 'knee'),
    ).toBe(true);
  });
});

describe('military theme menu', () => {
  const PATH = '/user-profiles/user-1/theme-preferences';
  const prefs = (theme_enabled: boolean, selected_theme_branch: string | null) => ({
    theme_enabled,
    selected_theme_branch,
    branches_served: [{ branch: 'Navy' }],
  });

  it('choosing a branch enables it, applies its colours and saves (POST first, then PATCH)', async () => {
    const { api, sidebar } = await renderShell({
      [`GET ${PATH}`]: json(prefs(false, null)),
      [`POST ${PATH}`]: (request: ApiRequest) =>
        json({ ...prefs(false, null), ...(request.body as object) }),
      [`PATCH ${PATH}`]: (request: ApiRequest) =>
        json({ ...prefs(true, 'army'), ...(request.body as object) }),
    });
    await userEvent.click(await within(sidebar).findByRole('button', { name: 'Military theme' }));
    expect(await screen.findByRole('menuitemradio', { name: /U.S. Navy.*Served/ })).toBeVisible();
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'U.S. Army' }));

    await waitFor(() => expect(document.documentElement.dataset.militaryTheme).toBe('army'));
    expect(document.documentElement.style.getPropertyValue('--primary')).not.toBe('');
    await waitFor(() => expect(api.calls('POST', PATH)).toHaveLength(1));
    expect(api.calls('POST', PATH)[0]?.body).toEqual({
      theme_enabled: true,
      selected_theme_branch: 'army',
    });
    expect(window.localStorage.getItem(MILITARY_THEME_KEYS.snapshot)).toBe('army');

    // Toggle off, then reset: PATCH each time.
    await userEvent.click(within(sidebar).getByRole('button', { name: 'Military theme' }));
    await userEvent.click(
      await screen.findByRole('menuitemcheckbox', { name: 'Use military theme' }),
    );
    await waitFor(() => expect(document.documentElement.dataset.militaryTheme).toBeUndefined());
    await userEvent.click(within(sidebar).getByRole('button', { name: 'Military theme' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Reset theme' }));
    await waitFor(() => expect(api.calls('PATCH', PATH)).toHaveLength(2));
    expect(api.calls('PATCH', PATH)[1]?.body).toEqual({
      theme_enabled: false,
      selected_theme_branch: null,
    });
    expect(document.documentElement.style.getPropertyValue('--primary')).toBe('');
  });

  it("lists the veteran's own branches first, then the rest, and badges the active branch", async () => {
    const { sidebar } = await renderShell({
      [`GET ${PATH}`]: json({
        theme_enabled: true,
        selected_theme_branch: 'navy',
        branches_served: [{ branch: 'USCG' }, { branch: 'Army' }],
      }),
    });
    await waitFor(() => expect(document.documentElement.dataset.militaryTheme).toBe('navy'));
    expect(within(sidebar).getByText('USN')).toBeVisible();
    expect(within(sidebar).getByText(/Theme: U\.S\. Navy/)).toBeInTheDocument();
    await userEvent.click(within(sidebar).getByRole('button', { name: 'Military theme' }));
    const items = await screen.findAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual([
      'U.S. Coast GuardServed',
      'U.S. ArmyServed',
      'U.S. Marine Corps',
      'U.S. Navy',
      'U.S. Air Force',
      'U.S. Space Force',
    ]);
  });

  it('adopts the server preferences when nothing is stored on the device', async () => {
    await renderShell({ [`GET ${PATH}`]: json(prefs(true, 'coast-guard')) });
    await waitFor(() => expect(document.documentElement.dataset.militaryTheme).toBe('coast-guard'));
  });

  it('a load failure resets the theme', async () => {
    window.sessionStorage.setItem(
      MILITARY_THEME_KEYS.session,
      JSON.stringify({ theme_enabled: true, selected_theme_branch: 'navy' }),
    );
    await renderShell({ [`GET ${PATH}`]: json({ message: 'down' }, 500) });
    await waitFor(() => expect(document.documentElement.dataset.militaryTheme).toBeUndefined());
  });

  it('keeps the choice locally when saving fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { sidebar } = await renderShell({
      [`GET ${PATH}`]: json(prefs(false, null)),
      [`POST ${PATH}`]: json({ message: 'down' }, 500),
    });
    await userEvent.click(await within(sidebar).findByRole('button', { name: 'Military theme' }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'U.S. Space Force' }));
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(document.documentElement.dataset.militaryTheme).toBe('space-force');
    expect(window.localStorage.getItem(MILITARY_THEME_KEYS.local('user-1'))).toContain(
      'space-force',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
