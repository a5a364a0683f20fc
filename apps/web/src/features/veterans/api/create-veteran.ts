import { veteranSchema, type CreateVeteranInput, type Veteran } from '@muster/contract/veterans';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { veteranQueryOptions } from './get-veteran';
import { VETERANS_QUERY_KEY } from './get-veterans';

/** `POST /veterans`: a new record (the user's first becomes the primary); numbers answered masked. */
export function createVeteran(input: CreateVeteranInput): Promise<Veteran> {
  return api.post('/veterans', input, veteranSchema);
}

/** Creates a record; the lists are read again and the new record is cached for its page. */
export function useCreateVeteran() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVeteran,
    onSuccess: (veteran) => {
      queryClient.setQueryData(veteranQueryOptions(veteran.id).queryKey, veteran);
      void queryClient.invalidateQueries({ queryKey: [...VETERANS_QUERY_KEY, 'list'] });
    },
  });
}
