import { intentToFileStateSchema, type IntentToFileState } from '@muster/contract/intent-to-file';
import {
  vaAuthEndpointParametersSchema,
  type VaServiceName,
} from '@muster/contract/va-integrations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { saveFile } from '@/utils/save-file';

export const VA_QUERY_KEY = ['va'] as const;
const ITF_KEY = [...VA_QUERY_KEY, 'intent-to-file'] as const;

/**
 * `GET /va-forms/intent-to-file`: the Intent to File Muster holds, VA's active one when VA.gov is
 * connected, whether the 526EZ may be started, and whether this server has VA.gov set up at all.
 */
export function useIntentToFileState() {
  return useQuery({
    queryKey: ITF_KEY,
    queryFn: ({ signal }): Promise<IntentToFileState> =>
      api.get('/va-forms/intent-to-file', intentToFileStateSchema, { signal }),
    throwOnError: false,
    retry: false,
  });
}

/**
 * `POST /va-forms/intent-to-file`: files a compensation Intent to File through VA.gov. VA is asked
 * first for an active one, so a retry never files twice.
 */
export function useFileIntentToFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post('/va-forms/intent-to-file', { type: 'compensation' }, intentToFileStateSchema, {
        timeoutMs: 60_000,
      }),
    onSuccess: (state) => queryClient.setQueryData(ITF_KEY, state),
  });
}

/**
 * Starts connecting VA.gov: asks the API for the authorization address (with its one-time state)
 * and sends the browser there. VA sends it back to `/va-forms?message=…`.
 */
export function useConnectVa() {
  return useMutation({
    mutationFn: async (service: VaServiceName) => {
      const parameters = await api.get(
        `/va-integrations/get-auth-endpoint-parameters/${encodeURIComponent(service)}`,
        vaAuthEndpointParametersSchema,
      );
      window.location.assign(parameters.url);
    },
  });
}

/** `DELETE /va-integrations/{service}`: disconnects VA.gov (VA's grant is revoked). */
export function useDisconnectVa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (service: VaServiceName) =>
      api.delete(`/va-integrations/${encodeURIComponent(service)}`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['users'] });
      await queryClient.invalidateQueries({ queryKey: VA_QUERY_KEY });
    },
  });
}

/** `GET /va-forms/intent-to-file/pdf`: VA Form 21-0966 filled from the veteran record, to print. */
export function useDownloadIntentToFilePdf() {
  return useMutation({
    mutationFn: () => api.download('/va-forms/intent-to-file/pdf', { timeoutMs: 60_000 }),
    onSuccess: ({ blob, filename }) => saveFile(blob, filename ?? 'VA-21-0966-intent-to-file.pdf'),
  });
}
