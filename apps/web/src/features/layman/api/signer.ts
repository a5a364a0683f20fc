import {
  LAYMAN_TOKEN_HEADER,
  laymanDraftSchema,
  laymanSignerViewSchema,
  type LaymanAnswers,
  type SubmitLaymanStatementInput,
} from '@muster/contract/layman-statements';
import type { CompleteLinkUploadInput, LinkUploadInput } from '@muster/contract/link-uploads';
import { storedFileSchema, uploadGrantSchema } from '@muster/contract/storage';
import { useMutation, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { authClient } from '@/lib/auth-client';

/**
 * The signer's calls. The link's token goes only in its header, never in an address the API
 * serves (and so never in its logs).
 */
const withToken = (token: string) => ({ headers: { [LAYMAN_TOKEN_HEADER]: token } });

/**
 * The signer's calls need a session: theirs when they are signed in to Muster, otherwise an
 * anonymous one made for the purpose (no account, no profile).
 */
async function ensureSession(): Promise<void> {
  if (!authClient.getToken()) await authClient.signInAnonymously();
}

/** `GET /layman-statements/by-token`: what the veteran asked of this person. */
export function useSignerView(token: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    enabled: options.enabled ?? true,
    queryKey: ['layman-sign', token],
    queryFn: async ({ signal }) => {
      await ensureSession();
      return api.get('/layman-statements/by-token', laymanSignerViewSchema, {
        ...withToken(token),
        signal,
      });
    },
    throwOnError: false,
    retry: false,
    // The request does not change under the signer; asking again would only spend the link's budget.
    staleTime: Infinity,
  });
}

/** `POST /layman-statements/by-token/draft`: a first-person draft from their answers. */
export function useDraftStatement(token: string) {
  return useMutation({
    mutationFn: (answers: LaymanAnswers) =>
      api.post(
        '/layman-statements/by-token/draft',
        { answers },
        laymanDraftSchema,
        withToken(token),
      ),
  });
}

/** `POST /layman-statements/by-token/submit`: the signed statement, once. */
export function useSubmitStatement(token: string) {
  return useMutation({
    mutationFn: (input: SubmitLaymanStatementInput) =>
      api.request('/layman-statements/by-token/submit', {
        method: 'POST',
        body: input,
        ...withToken(token),
      }),
  });
}

/** The grant and finish of the witness's attachment, for the upload runner. */
export function attachmentUploadCalls(token: string) {
  return {
    grant: (input: LinkUploadInput) =>
      api.post('/layman-statements/by-token/upload', input, uploadGrantSchema, withToken(token)),
    complete: (input: CompleteLinkUploadInput) =>
      api.post('/layman-statements/by-token/upload/complete', input, storedFileSchema, {
        ...withToken(token),
        timeoutMs: 120_000,
      }),
  };
}
