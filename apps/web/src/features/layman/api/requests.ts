import {
  laymanLinkSchema,
  laymanStatementPageSchema,
  laymanStatementSchema,
  type CreateLaymanStatementInput,
} from '@muster/contract/layman-statements';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { opensUpgradePrompt } from '@/lib/toast';
import { saveFile } from '@/utils/save-file';

export const LAYMAN_QUERY_KEY = ['layman-statements'] as const;

const statementPath = (id: string) => `/layman-statements/${encodeURIComponent(id)}`;

/** `GET /layman-statements`: the veteran's requests (one disability's alone if given), newest first. */
export function useLaymanRequests(params: {
  page: number;
  pageSize: number;
  disabilityId?: string;
}) {
  return useQuery({
    queryKey: [...LAYMAN_QUERY_KEY, 'list', params],
    queryFn: ({ signal }) =>
      api.get('/layman-statements', laymanStatementPageSchema, {
        query: {
          page: params.page,
          page_size: params.pageSize,
          ...(params.disabilityId ? { disability_id: params.disabilityId } : {}),
        },
        signal,
      }),
    throwOnError: false,
    placeholderData: keepPreviousData,
  });
}

function useInvalidateRequests() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: LAYMAN_QUERY_KEY });
}

/**
 * `POST /layman-statements`: a request and its signing link (shown once). A month's limit reached
 * opens the upgrade dialog.
 */
export function useCreateLaymanRequest() {
  const invalidate = useInvalidateRequests();
  return useMutation({
    mutationFn: (input: CreateLaymanStatementInput) =>
      api.post('/layman-statements', input, laymanLinkSchema),
    meta: { errorToast: opensUpgradePrompt },
    onSuccess: invalidate,
  });
}

/**
 * `POST /layman-statements/{id}/email`: a fresh link sent to the person's email address (only a
 * link's hash is kept, so the one shown before cannot be sent: it stops working).
 */
export function useEmailLaymanLink() {
  return useMutation({
    mutationFn: (id: string) => api.post(`${statementPath(id)}/email`, {}, laymanLinkSchema),
  });
}

/** `DELETE /layman-statements/{id}/link`: the link stops working. */
export function useRevokeLaymanLink() {
  const invalidate = useInvalidateRequests();
  return useMutation({
    mutationFn: (id: string) => api.delete(`${statementPath(id)}/link`),
    onSuccess: invalidate,
  });
}

/** `GET /layman-statements/{id}/download?format=`: the statement as PDF or on VA Form 21-10210. */
export function useDownloadLaymanStatement() {
  return useMutation({
    mutationFn: ({ id, format }: { id: string; format: 'pdf' | 'va-21-10210' }) =>
      api.download(`${statementPath(id)}/download`, { query: { format }, timeoutMs: 60_000 }),
    onSuccess: ({ blob, filename }, { format }) =>
      saveFile(blob, filename ?? (format === 'pdf' ? 'lay-statement.pdf' : 'VA-21-10210.pdf')),
  });
}

/** `GET /layman-statements/{id}`: one request, with the statement once it is submitted. */
export function useLaymanStatement(id: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...LAYMAN_QUERY_KEY, 'detail', id],
    queryFn: ({ signal }) => api.get(statementPath(id), laymanStatementSchema, { signal }),
    enabled: options.enabled ?? true,
    throwOnError: false,
  });
}

/** `PATCH /layman-statements/{id}`: the veteran's notes (empty clears them). */
export function useUpdateLaymanNotes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, notes }: { id: string; notes: string }) =>
      api.patch(statementPath(id), { notes: notes.trim() || null }, laymanStatementSchema),
    onSuccess: (statement) =>
      queryClient.setQueryData([...LAYMAN_QUERY_KEY, 'detail', statement.id], statement),
  });
}
