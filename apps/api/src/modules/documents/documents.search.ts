import { SEARCH_GROUP_LIMIT } from '@muster/contract/search';
import type { SearchProvider } from '#src/modules/search/search-provider.ts';
import { searchDocuments } from './documents.service.ts';

/** The palette's Documents group: the vault's documents whose name contains the query, newest first. */
export const documentSearchProvider: SearchProvider = {
  group: 'documents',
  async search({ db, userId, q }) {
    return searchDocuments({ db, userId, q, limit: SEARCH_GROUP_LIMIT });
  },
};
