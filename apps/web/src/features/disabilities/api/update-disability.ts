import {
  disabilitySchema,
  type Disability,
  type UpdateDisabilityInput,
} from '@muster/contract/disabilities';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { QUERY_KEYS } from '@/lib/query-keys';

import { DISABILITIES_QUERY_KEY } from './get-disabilities';
import { disabilityQueryOptions } from './get-disability';

/** `PATCH /disabilities/{id}`: the fields sent change; null clears one. */
export function updateDisability({
  disabilityId,
  input,
}: {
  disabilityId: string;
  input: UpdateDisabilityInput;
}): Promise<Disability> {
  return api.patch(`/disabilities/${encodeURIComponent(disabilityId)}`, input, disabilitySchema);
}

/** Saves changes: the saved disability is cached at once; lists and the palette read again. */
export function useUpdateDisability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDisability,
    onSuccess: (disability) => {
      queryClient.setQueryData(disabilityQueryOptions(disability.id).queryKey, disability);
      void queryClient.invalidateQueries({ queryKey: [...DISABILITIES_QUERY_KEY, 'list'] });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.search });
    },
  });
}
