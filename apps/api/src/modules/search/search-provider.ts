import type { SearchResult } from '@muster/contract/search';
import type { Db } from '@muster/db/client';

/**
 * One group of the palette's search, answered by the module that owns that data. The owner
 * scoping is the provider's job: it gets the signed-in user's id and returns only their rows.
 */
export type SearchProvider = {
  group: keyof SearchResult;
  search(options: { db: Db; userId: string; q: string }): Promise<SearchResult[keyof SearchResult]>;
};
