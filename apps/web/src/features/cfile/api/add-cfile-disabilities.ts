import {
  addedCfileDisabilitiesSchema,
  type AddCfileDisabilities,
  type AddedCfileDisabilities,
} from '@muster/contract/cfiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { QUERY_KEYS } from '@/lib/query-keys';

import { cfileConditionsQueryOptions } from './get-cfile-conditions';
import { cfilePath } from './get-cfile';

export type AddCfileDisabilitiesVariables = { cfileId: string; input: AddCfileDisabilities };

/** `POST /cfiles/{id}/disabilities`: found conditions become disabilities in one step. */
export function addCfileDisabilities({
  cfileId,
  input,
}: AddCfileDisabilitiesVariables): Promise<AddedCfileDisabilities> {
  return api.post(`${cfilePath(cfileId)}/disabilities`, input, addedCfileDisabilitiesSchema);
}

/**
 * Adds conditions as disabilities; the file's conditions read again (their claimed flags), and
 * so does every disability list (the page, the sidebar, the dashboard) and the palette.
 */
export function useAddCfileDisabilities() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCfileDisabilities,
    onSuccess: (_result, { cfileId }) => {
      void queryClient.invalidateQueries({
        queryKey: cfileConditionsQueryOptions(cfileId).queryKey,
      });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.disabilities });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.search });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.readiness });
    },
  });
}
