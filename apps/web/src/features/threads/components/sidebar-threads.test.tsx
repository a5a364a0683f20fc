import { ERR } from '@muster/contract/errors';
import type { Thread } from '@muster/contract/threads';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import { apiError, json, type ApiRequest } from '@/testing/api-mock';
import { renderApp } from '@/testing/render-app';
import { mockSignedIn } from '@/testing/session';

function buildThread(index: number, title: string | null = `Conversation ${index}`): Thread {
  const at = new Date(Date.UTC(2026, 10, 1, 12, 0, 0) - index * 60_000).toISOString();
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    title,
    created_at: at,
    updated_at: at,
  };
}

/** An API holding `threads` (newest first) that honours `page_size` and deletes for real. */
function threadsApi(
  initial: Thread[],
  options: { failDelete?: boolean; goneOnServer?: string[] } = {},
) {
  let threads = [...initial];
  return {
    current: () => threads,
    routes: {
      'GET /threads': (request: ApiRequest) => {
        const size = Number(request.url.searchParams.get('page_size') ?? 20);
        return json({
          results: threads.slice(0, size),
          meta: { page: 1, page_size: size, total: threads.length },
        });
      },
      ...Object.fromEntries(
        initial.map((thread) => [
          `DELETE /threads/${thread.id}`,
          () => {
            if (options.failDelete) return apiError(500, ERR.INTERNAL);
            threads = threads.filter((t) => t.id !== thread.id);
            if (options.goneOnServer?.includes(thread.id)) return apiError(404, ERR.NOT_FOUND);
            return new Response(null, { status: 204 });
          },
        ]),
      ),
    },
  };
}

afterEach(() => {
  document.cookie = 'sidebar_state=; path=/; max-age=0';
});

async function renderSidebar(path = '/dashboard') {
  renderApp({ path });
  return screen.findByRole('complementary', { name: 'Sidebar' });
}

describe('sidebar threads', () => {
  it('lists the 8 latest threads newest first, linking to their chats, asking the API for 8', async () => {
    const all = Array.from({ length: 11 }, (_, i) => buildThread(i + 1));
    all[1] = buildThread(2, null);
    const store = threadsApi(all);
    const { api } = mockSignedIn({ routes: store.routes });
    const sidebar = await renderSidebar();
    const list = await within(sidebar).findByRole('list', { name: 'Latest conversations' });
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(8);
    expect(links.map((link) => link.textContent)).toEqual([
      'Conversation 1',
      'Unnamed thread',
      'Conversation 3',
      'Conversation 4',
      'Conversation 5',
      'Conversation 6',
      'Conversation 7',
      'Conversation 8',
    ]);
    expect(links[0]).toHaveAttribute('href', `/chats/${buildThread(1).id}`);
    expect(within(list).getAllByRole('button', { name: /^Delete conversation: / })).toHaveLength(8);
    const request = api.requests.find((r) => r.method === 'GET' && r.path === '/threads');
    expect(request?.url.searchParams.get('page_size')).toBe('8');
  });

  it('deletes after the "Delete Conversation" confirmation, with the success toast, by keyboard', async () => {
    const store = threadsApi([buildThread(1), buildThread(2)]);
    const { api } = mockSignedIn({ routes: store.routes });
    const sidebar = await renderSidebar();
    const remove = await within(sidebar).findByRole('button', {
      name: 'Delete conversation: Conversation 1',
    });
    remove.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Conversation' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete this conversation? This action cannot be undone.',
    );
    // Cancel first: nothing is deleted and focus returns to the button.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(remove).toHaveFocus();
    expect(api.requests.some((r) => r.method === 'DELETE')).toBe(false);

    await userEvent.keyboard('{Enter}');
    const again = await screen.findByRole('alertdialog', { name: 'Delete Conversation' });
    await userEvent.click(within(again).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Chat deleted')).toBeVisible();
    expect(screen.getByText('The conversation has been successfully deleted.')).toBeVisible();
    await waitFor(() =>
      expect(within(sidebar).queryByRole('link', { name: 'Conversation 1' })).toBeNull(),
    );
    expect(within(sidebar).getByRole('link', { name: 'Conversation 2' })).toHaveFocus();
    expect(store.current().map((t) => t.title)).toEqual(['Conversation 2']);
  });

  it('a failed delete keeps the thread and shows the error toast', async () => {
    const store = threadsApi([buildThread(1)], { failDelete: true });
    mockSignedIn({ routes: store.routes });
    const sidebar = await renderSidebar();
    await userEvent.click(
      await within(sidebar).findByRole('button', { name: 'Delete conversation: Conversation 1' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Conversation' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Error')).toBeVisible();
    expect(screen.getByText('Failed to delete the conversation. Please try again.')).toBeVisible();
    expect(within(sidebar).getByRole('link', { name: 'Conversation 1' })).toBeVisible();
    // One toast only: the global error toaster stays quiet.
    expect(screen.queryByText('An unexpected error occurred')).toBeNull();
  });

  it('a thread already deleted elsewhere (404) counts as deleted', async () => {
    const gone = buildThread(1);
    const store = threadsApi([gone, buildThread(2)], { goneOnServer: [gone.id] });
    mockSignedIn({ routes: store.routes });
    const sidebar = await renderSidebar();
    await userEvent.click(
      await within(sidebar).findByRole('button', { name: 'Delete conversation: Conversation 1' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Conversation' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Chat deleted')).toBeVisible();
    expect(screen.queryByText('Error')).toBeNull();
    await waitFor(() =>
      expect(within(sidebar).queryByRole('link', { name: 'Conversation 1' })).toBeNull(),
    );
  });

  it('collapsing the sidebar while confirming still deletes and reports', async () => {
    const store = threadsApi([buildThread(1)]);
    mockSignedIn({ routes: store.routes });
    const sidebar = await renderSidebar();
    await userEvent.click(
      await within(sidebar).findByRole('button', { name: 'Delete conversation: Conversation 1' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Conversation' });
    await userEvent.keyboard('{Control>}b{/Control}');
    expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    expect(dialog).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(store.current()).toEqual([]));
    expect(await screen.findByText('Chat deleted')).toBeVisible();
  });

  it('deleting the open chat leaves its page for a new chat', async () => {
    const store = threadsApi([buildThread(1), buildThread(2)]);
    mockSignedIn({ routes: store.routes });
    const { router } = renderApp({ path: `/chats/${buildThread(1).id}` });
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    await userEvent.click(
      await within(sidebar).findByRole('button', { name: 'Delete conversation: Conversation 1' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Conversation' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Chat deleted');
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats/new'));
  });

  it('shows a Retry when the list cannot load', async () => {
    let calls = 0;
    mockSignedIn({
      routes: {
        'GET /threads': () => {
          calls += 1;
          return calls === 1
            ? apiError(500, ERR.INTERNAL)
            : json({ results: [buildThread(1)], meta: { page: 1, page_size: 8, total: 1 } });
        },
      },
    });
    const sidebar = await renderSidebar();
    await userEvent.click(await within(sidebar).findByRole('button', { name: 'Retry' }));
    expect(await within(sidebar).findByRole('link', { name: 'Conversation 1' })).toBeVisible();
  });
});
