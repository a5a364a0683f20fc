import { SEARCH_THREAD_LIMIT } from '@muster/contract/search';
import type { SearchProvider } from '#src/modules/search/search-provider.ts';
import { searchThreads } from './threads.repository.ts';

/** The palette's Threads group: the first 10 matches, newest first. */
export const threadSearchProvider: SearchProvider = {
  group: 'threads',
  async search({ db, userId, q }) {
    const rows = await searchThreads({ db, userId, q, limit: SEARCH_THREAD_LIMIT });
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      created_at: row.createdAt.toISOString(),
    }));
  },
};
