import { cfileCreatedSchema, type CreateCfile } from '@muster/contract/cfiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { opensUpgradePrompt } from '@/lib/toast';

import { CFILE_LISTS_QUERY_KEY } from './get-cfiles';

/** `POST /cfiles`: an uploaded C-file (a PDF), to be read in the background. */
export function createCfile(input: CreateCfile) {
  return api.post('/cfiles', input, cfileCreatedSchema);
}

/**
 * Sends an uploaded C-file to be read; the lists read again. A plan's limit opens the upgrade
 * dialog; other failures show where the file was uploaded.
 */
export function useCreateCfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCfile,
    meta: { errorToast: opensUpgradePrompt },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: CFILE_LISTS_QUERY_KEY });
    },
  });
}
