import { ERR } from '@muster/contract/errors';
import type { Thread } from '@muster/contract/threads';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { apiError, json, type ApiRequest, type ApiRoutes } from '@/testing/api-mock';
import { renderApp } from '@/testing/render-app';
import { mockSignedIn } from '@/testing/session';

/** The pages' code loads lazily: the first page of a busy test run can take a while. */
const FIRST_LOAD = { timeout: 15_000 };

function buildThread(index: number, title: string | null = `Conversation ${index}`): Thread {
  const at = new Date(Date.UTC(2026, 10, 1, 12, 0, 0) - index * 60_000).toISOString();
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    title,
    created_at: at,
    updated_at: at,
  };
}

/** `GET /threads` paged like the API, newest first, and deletes that really delete. */
function threadsApi(initial: Thread[], options: { failDelete?: boolean } = {}) {
  let threads = [...initial];
  const routes: ApiRoutes = {
    'GET /threads': (request: ApiRequest) => {
      const page = Number(request.url.searchParams.get('page') ?? 1);
      const size = Number(request.url.searchParams.get('page_size') ?? 20);
      return json({
        results: threads.slice((page - 1) * size, page * size),
        meta: { page, page_size: size, total: threads.length },
      });
    },
  };
  for (const thread of initial) {
    routes[`DELETE /threads/${thread.id}`] = () => {
      if (options.failDelete) return apiError(500, ERR.INTERNAL);
      threads = threads.filter((candidate) => candidate.id !== thread.id);
      return new Response(null, { status: 204 });
    };
  }
  return { routes, current: () => threads };
}

async function openChats(path = '/chats') {
  const view = renderApp({ path });
  expect(await screen.findByRole('heading', { level: 1, name: 'Chats' }, FIRST_LOAD)).toBeVisible();
  return view;
}

describe('/chats (the conversations)', { timeout: 30_000 }, () => {
  it('lists the conversations newest first, 20 a page, each opening its chat', async () => {
    const all = Array.from({ length: 23 }, (_, index) => buildThread(index + 1));
    all[1] = buildThread(2, null);
    const { api } = mockSignedIn({ routes: threadsApi(all).routes });
    await openChats();

    const list = await screen.findByRole('list', { name: 'Conversations' });
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(20);
    expect(links.slice(0, 3).map((link) => link.textContent)).toEqual([
      'Conversation 1',
      'Unnamed thread',
      'Conversation 3',
    ]);
    expect(links[0]).toHaveAttribute('href', `/chats/${buildThread(1).id}`);
    expect(screen.getByRole('link', { name: 'New chat' })).toHaveAttribute('href', '/chats/new');
    expect(screen.getByRole('button', { name: 'Veterans Crisis Line' })).toBeVisible();
    const listRequest = api.requests.find(
      (request) =>
        request.path === '/threads' && request.url.searchParams.get('page_size') === '20',
    );
    expect(listRequest?.url.searchParams.get('page')).toBe('1');

    const pages = screen.getByRole('navigation', { name: 'Pages of conversations' });
    expect(pages).toHaveTextContent('Page 1 of 2');
    await userEvent.click(within(pages).getByRole('link', { name: 'Next page' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Conversations' })).getAllByRole('link'),
      ).toHaveLength(3),
    );
    expect(screen.getByRole('link', { name: 'Conversation 21' })).toBeVisible();
  });

  it('deletes a conversation after the confirmation, with the success toast', async () => {
    const store = threadsApi([buildThread(1), buildThread(2)]);
    mockSignedIn({ routes: store.routes });
    await openChats();
    const list = await screen.findByRole('list', { name: 'Conversations' });
    await userEvent.click(
      within(list).getByRole('button', { name: 'Delete conversation: Conversation 1' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Conversation' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete this conversation? This action cannot be undone.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Chat deleted')).toBeVisible();
    expect(screen.getByText('The conversation has been successfully deleted.')).toBeVisible();
    await waitFor(() =>
      expect(within(list).queryByRole('link', { name: 'Conversation 1' })).toBeNull(),
    );
    expect(store.current().map((thread) => thread.title)).toEqual(['Conversation 2']);
    // The sidebar's list read again too.
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    await waitFor(() =>
      expect(within(sidebar).queryByRole('link', { name: 'Conversation 1' })).toBeNull(),
    );
    expect(within(list).getByRole('link', { name: 'Conversation 2' })).toHaveFocus();
  });

  it('keeps the conversation and shows the error toast when deleting fails', async () => {
    mockSignedIn({ routes: threadsApi([buildThread(1)], { failDelete: true }).routes });
    await openChats();
    const list = await screen.findByRole('list', { name: 'Conversations' });
    await userEvent.click(
      within(list).getByRole('button', { name: 'Delete conversation: Conversation 1' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Conversation' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Error')).toBeVisible();
    expect(screen.getByText('Failed to delete the conversation. Please try again.')).toBeVisible();
    expect(within(list).getByRole('link', { name: 'Conversation 1' })).toBeVisible();
  });

  it('shows where to start when there are none', async () => {
    mockSignedIn();
    await openChats();
    expect(await screen.findByText('No conversations yet')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Start a new chat' })).toHaveAttribute(
      'href',
      '/chats/new',
    );
  });
});
