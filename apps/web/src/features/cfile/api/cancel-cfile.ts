import { cfileSchema, type Cfile } from '@muster/contract/cfiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { cfilePath, cfileQueryOptions } from './get-cfile';
import { CFILE_LISTS_QUERY_KEY } from './get-cfiles';

/** `POST /cfiles/{id}/cancel`: stop reading a C-file; the answer is the file as it stands. */
export function cancelCfile(cfileId: string): Promise<Cfile> {
  return api.post(`${cfilePath(cfileId)}/cancel`, undefined, cfileSchema);
}

/** Stops the reading; the page shows the answer at once and the lists read again. */
export function useCancelCfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelCfile,
    onSuccess: (cfile) => {
      queryClient.setQueryData(cfileQueryOptions(cfile.id).queryKey, cfile);
      void queryClient.invalidateQueries({ queryKey: CFILE_LISTS_QUERY_KEY });
    },
  });
}
