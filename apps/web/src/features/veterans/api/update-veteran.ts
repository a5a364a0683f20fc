import { veteranSchema, type UpdateVeteranInput, type Veteran } from '@muster/contract/veterans';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { veteranQueryOptions } from './get-veteran';
import { VETERANS_QUERY_KEY } from './get-veterans';

/**
 * `PATCH /veterans/{id}`: the fields sent change (null clears one, lists are replaced whole);
 * `is_primary: true` makes the record the primary. Numbers answered masked.
 */
export function updateVeteran({
  veteranId,
  input,
}: {
  veteranId: string;
  input: UpdateVeteranInput;
}): Promise<Veteran> {
  return api.patch(`/veterans/${encodeURIComponent(veteranId)}`, input, veteranSchema);
}

/**
 * Saves changes to records. Making one the primary changes another too, so every veteran query is
 * read again; the saved record is cached for its page at once.
 */
export function useUpdateVeteran() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVeteran,
    onSuccess: (veteran) => {
      queryClient.setQueryData(veteranQueryOptions(veteran.id).queryKey, veteran);
      void queryClient.invalidateQueries({ queryKey: VETERANS_QUERY_KEY });
    },
  });
}
