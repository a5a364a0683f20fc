import {
  disabilitySchema,
  type CreateDisabilityInput,
  type Disability,
} from '@muster/contract/disabilities';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { QUERY_KEYS } from '@/lib/query-keys';

import { DISABILITIES_QUERY_KEY } from './get-disabilities';
import { disabilityQueryOptions } from './get-disability';

/** `POST /disabilities/`: a new disability (at least its title). */
export function createDisability(input: CreateDisabilityInput): Promise<Disability> {
  return api.post('/disabilities', input, disabilitySchema);
}

/**
 * Creates a disability: it is cached for its own page, and the lists (page, sidebar, dashboard) and
 * the search palette read again.
 */
export function useCreateDisability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDisability,
    onSuccess: (disability) => {
      queryClient.setQueryData(disabilityQueryOptions(disability.id).queryKey, disability);
      void queryClient.invalidateQueries({ queryKey: [...DISABILITIES_QUERY_KEY, 'list'] });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.search });
    },
  });
}
