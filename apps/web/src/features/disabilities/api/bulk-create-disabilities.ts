import {
  createdDisabilitiesSchema,
  type BulkCreateDisabilitiesInput,
  type CreatedDisabilities,
} from '@muster/contract/disabilities';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { QUERY_KEYS } from '@/lib/query-keys';

import { DISABILITIES_QUERY_KEY } from './get-disabilities';
import { disabilityQueryOptions } from './get-disability';

/**
 * `POST /disabilities/bulk`: several disabilities in one request, all or none. The answer lists them
 * in the order sent.
 */
export function bulkCreateDisabilities(
  input: BulkCreateDisabilitiesInput,
): Promise<CreatedDisabilities> {
  return api.post('/disabilities/bulk', input, createdDisabilitiesSchema);
}

/**
 * Adds several disabilities: each is cached for its own page, and the lists (page, sidebar,
 * dashboard) and the search palette read again.
 */
export function useBulkCreateDisabilities() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkCreateDisabilities,
    onSuccess: ({ results }) => {
      for (const disability of results) {
        queryClient.setQueryData(disabilityQueryOptions(disability.id).queryKey, disability);
      }
      void queryClient.invalidateQueries({ queryKey: [...DISABILITIES_QUERY_KEY, 'list'] });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.search });
    },
  });
}
