import type { SearchResult } from '@muster/contract/search';
import type { Db } from '@muster/db/client';
import { disabilitySearchProvider } from '#src/modules/disabilities/disabilities.search.ts';
import { documentSearchProvider } from '#src/modules/documents/documents.search.ts';
import { threadSearchProvider } from '#src/modules/threads/threads.search.ts';
import type { SearchProvider } from './search-provider.ts';

/**
 * One owner-scoped search for the palette. Each feature adds its group provider to the list below;
 * a group without a provider answers empty.
 */
export const searchProviders: readonly SearchProvider[] = [
  disabilitySearchProvider,
  documentSearchProvider,
  threadSearchProvider,
];

/** Every group's matches for `q`, the user's own rows only; the providers run side by side. */
export async function searchEverything({
  db,
  userId,
  q,
  providers = searchProviders,
}: {
  db: Db;
  userId: string;
  q: string;
  providers?: readonly SearchProvider[];
}): Promise<SearchResult> {
  const result: SearchResult = { disabilities: [], documents: [], threads: [] };
  const found = await Promise.all(providers.map((provider) => provider.search({ db, userId, q })));
  providers.forEach((provider, index) => {
    (result[provider.group] as unknown[]) = found[index] ?? [];
  });
  return result;
}
