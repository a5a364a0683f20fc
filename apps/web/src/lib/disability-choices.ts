import { MAX_PAGE_SIZE } from '@muster/contract/common';
import { disabilityPageSchema } from '@muster/contract/disabilities';
import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { QUERY_KEYS } from '@/lib/query-keys';

/**
 * The veteran's disabilities by title (the first 100), for the features that pick one: a claim,
 * a nexus letter, a buddy statement. One cache entry serves them all; the page shows a failure.
 */
export function useDisabilityChoices() {
  return useQuery({
    queryKey: [...QUERY_KEYS.disabilities, 'choices'],
    queryFn: ({ signal }) =>
      api.get('/disabilities', disabilityPageSchema, {
        query: { page: 1, page_size: MAX_PAGE_SIZE, sort: 'title' },
        signal,
      }),
    throwOnError: false,
  });
}
