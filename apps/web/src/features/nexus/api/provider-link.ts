import type { CompleteLinkUploadInput, LinkUploadInput } from '@muster/contract/link-uploads';
import { PROVIDER_TOKEN_HEADER, providerRequestViewSchema } from '@muster/contract/nexus-letters';
import { storedFileSchema, uploadGrantSchema } from '@muster/contract/storage';
import { useMutation, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { authClient } from '@/lib/auth-client';
import { saveFile } from '@/utils/save-file';

/**
 * The physician's calls, through the link the veteran sent them. The token goes only in its
 * header, never in an address the API serves (and so never in its logs). They need a session: the
 * physician's own if they use Muster, otherwise an anonymous one made for the purpose.
 */
const withToken = (token: string) => ({ headers: { [PROVIDER_TOKEN_HEADER]: token } });

async function ensureSession(): Promise<void> {
  if (!authClient.getToken()) await authClient.signInAnonymously();
}

/** `GET /provider-requests/by-token`: who asks, for which condition, and until when. */
export function useProviderRequestView(token: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    enabled: options.enabled ?? true,
    queryKey: ['provider-upload', token],
    queryFn: async ({ signal }) => {
      await ensureSession();
      return api.get('/provider-requests/by-token', providerRequestViewSchema, {
        ...withToken(token),
        signal,
      });
    },
    throwOnError: false,
    retry: false,
    staleTime: Infinity,
  });
}

/** `GET /provider-requests/by-token/draft`: the letter to review, print and sign, as a PDF. */
export function useDownloadProviderDraft(token: string) {
  return useMutation({
    mutationFn: () =>
      api.download('/provider-requests/by-token/draft', { ...withToken(token), timeoutMs: 60_000 }),
    onSuccess: ({ blob, filename }) => saveFile(blob, filename ?? 'nexus-letter-draft.pdf'),
  });
}

/** The grant and finish of the signed copy's upload, for the upload runner. */
export function providerUploadCalls(token: string) {
  return {
    grant: (input: LinkUploadInput) =>
      api.post('/provider-requests/by-token/upload', input, uploadGrantSchema, withToken(token)),
    complete: (input: CompleteLinkUploadInput) =>
      api.post('/provider-requests/by-token/complete', input, storedFileSchema, {
        ...withToken(token),
        timeoutMs: 120_000,
      }),
  };
}
