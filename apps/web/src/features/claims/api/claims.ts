import {
  claimPageSchema,
  claimReviewSchema,
  claimSchema,
  type Claim,
  type ClaimPage,
  type ClaimReview,
  type CreateClaimInput,
  type UpdateClaimInput,
} from '@muster/contract/claims';
import { ERR } from '@muster/contract/errors';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';

/** Every claim query starts with this key: the lists, then one claim's review. */
export const CLAIMS_QUERY_KEY = ['claims'] as const;
const CLAIM_LISTS_QUERY_KEY = [...CLAIMS_QUERY_KEY, 'list'] as const;

const claimPath = (claimId: string) => `/claims/${encodeURIComponent(claimId)}`;

export type ClaimListParams = { page: number; pageSize: number };

/** `GET /claims`: the veteran's claims, newest first. */
export function getClaims(params: ClaimListParams, signal?: AbortSignal): Promise<ClaimPage> {
  return api.get('/claims', claimPageSchema, {
    query: { page: params.page, page_size: params.pageSize },
    signal,
  });
}

export function claimsQueryOptions(params: ClaimListParams) {
  return queryOptions({
    queryKey: [...CLAIM_LISTS_QUERY_KEY, params],
    queryFn: ({ signal }) => getClaims(params, signal),
  });
}

/** One page of claims; the page shows a failure itself. */
export function useClaims(params: ClaimListParams) {
  return useQuery({
    ...claimsQueryOptions(params),
    throwOnError: false,
    placeholderData: keepPreviousData,
  });
}

/** `GET /claims/{id}/review`: each disability of the claim with its readiness and what it lacks. */
export function useClaimReview(claimId: string | null) {
  return useQuery({
    queryKey: [...CLAIMS_QUERY_KEY, 'review', claimId],
    queryFn: ({ signal }): Promise<ClaimReview> =>
      api.get(`${claimPath(claimId ?? '')}/review`, claimReviewSchema, { signal }),
    enabled: claimId !== null,
    throwOnError: false,
  });
}

function useInvalidateClaims() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: CLAIMS_QUERY_KEY });
}

/** `POST /claims`: a new claim (a draft) gathering the disabilities chosen. */
export function useCreateClaim() {
  const invalidate = useInvalidateClaims();
  return useMutation({
    mutationFn: (input: CreateClaimInput): Promise<Claim> =>
      api.post('/claims', input, claimSchema),
    onSuccess: invalidate,
  });
}

/** `PATCH /claims/{id}`: its name, status, disabilities or veteran record. */
export function useUpdateClaim() {
  const invalidate = useInvalidateClaims();
  return useMutation({
    mutationFn: ({ claimId, input }: { claimId: string; input: UpdateClaimInput }) =>
      api.patch(claimPath(claimId), input, claimSchema),
    onSuccess: invalidate,
  });
}

/** `DELETE /claims/{id}`: the claim goes; its disabilities stay. */
export function useDeleteClaim() {
  const invalidate = useInvalidateClaims();
  return useMutation({
    mutationFn: async (claimId: string) => {
      try {
        await api.delete(claimPath(claimId));
      } catch (error) {
        // Already gone (deleted in another tab): that is what was asked for.
        if (isApiError(error) && error.code === ERR.NOT_FOUND) return;
        throw error;
      }
    },
    onSuccess: invalidate,
  });
}
