import { SEARCH_GROUP_LIMIT } from '@muster/contract/search';
import type { SearchProvider } from '#src/modules/search/search-provider.ts';
import { searchDisabilities } from './disabilities.service.ts';

/**
 * The palette's Disabilities group: the user's disabilities whose title contains the query, newest
 * first, each with its diagnosis (null when not diagnosed; the palette shows "Not diagnosed").
 */
export const disabilitySearchProvider: SearchProvider = {
  group: 'disabilities',
  async search({ db, userId, q }) {
    const rows = await searchDisabilities({ db, userId, q, limit: SEARCH_GROUP_LIMIT });
    return rows.map((row) => ({ id: row.id, title: row.title, diagnosis: row.diagnosis }));
  },
};
