import { claimPageSchema, type ClaimPage } from '@muster/contract/claims';
import {
  va526SubmissionListSchema,
  va526SubmissionSchema,
  validate526ResultSchema,
  type Submit526Input,
  type Va526SubmissionList,
  type Validate526Input,
  type Validate526Result,
} from '@muster/contract/va-forms';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { saveFile } from '@/utils/save-file';

import { VA_QUERY_KEY } from './va';

/** Every 526EZ query starts with this key. */
export const FORM_526_QUERY_KEY = [...VA_QUERY_KEY, '526ez'] as const;

/** The most claims offered to choose from (a veteran keeps a handful). */
const CLAIM_CHOICES = 100;

/** `GET /claims`: the veteran's claims, to build the 526EZ from one of them. */
export function getClaimChoices(signal?: AbortSignal): Promise<ClaimPage> {
  return api.get('/claims', claimPageSchema, {
    query: { page: 1, page_size: CLAIM_CHOICES },
    signal,
  });
}

export function claimChoicesQueryOptions() {
  return queryOptions({
    queryKey: [...FORM_526_QUERY_KEY, 'claims'],
    queryFn: ({ signal }) => getClaimChoices(signal),
  });
}

export function useClaimChoices() {
  return useQuery({ ...claimChoicesQueryOptions(), throwOnError: false });
}

/**
 * `POST /va-forms/526ez/validate`: the 526 built from the records and what VA would refuse. It
 * changes nothing, so it is read like a query, keyed by the choices.
 */
export function validate526(input: Validate526Input, signal?: AbortSignal) {
  return api.post('/va-forms/526ez/validate', input, validate526ResultSchema, { signal });
}

export function validate526QueryOptions(input: Validate526Input) {
  return queryOptions({
    queryKey: [...FORM_526_QUERY_KEY, 'validate', input],
    queryFn: ({ signal }): Promise<Validate526Result> => validate526(input, signal),
  });
}

export function useValidate526(input: Validate526Input) {
  return useQuery({
    ...validate526QueryOptions(input),
    // Answering the review's question re-validates; the steps stay on screen meanwhile.
    placeholderData: keepPreviousData,
    throwOnError: false,
    retry: false,
  });
}

/** `GET /va-forms/526ez/submissions`: the 526EZs sent to VA from Muster, newest first. */
export function getSubmissions(signal?: AbortSignal): Promise<Va526SubmissionList> {
  return api.get('/va-forms/526ez/submissions', va526SubmissionListSchema, { signal });
}

export function submissionsQueryOptions() {
  return queryOptions({
    queryKey: [...FORM_526_QUERY_KEY, 'submissions'],
    queryFn: ({ signal }) => getSubmissions(signal),
  });
}

export function useSubmissions() {
  return useQuery({ ...submissionsQueryOptions(), throwOnError: false });
}

/**
 * `POST /va-forms/526ez/submit`: sends the 526EZ to VA through VA.gov. Safe to retry: once VA has
 * the claim, the same submission is answered and nothing more is sent.
 */
export function useSubmit526() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Submit526Input) =>
      api.post('/va-forms/526ez/submit', input, va526SubmissionSchema, { timeoutMs: 120_000 }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: submissionsQueryOptions().queryKey });
      await queryClient.invalidateQueries({ queryKey: claimChoicesQueryOptions().queryKey });
      await queryClient.invalidateQueries({ queryKey: ['claims'] });
    },
  });
}

/** `GET /va-forms/526ez/pdf`: the 526EZ summarised on VA's old form, stamped "not for filing". */
export function useDownload526Summary() {
  return useMutation({
    mutationFn: (claimId: string | undefined) =>
      api.download('/va-forms/526ez/pdf', {
        timeoutMs: 60_000,
        ...(claimId ? { query: { claim_id: claimId } } : {}),
      }),
    onSuccess: ({ blob, filename }) => saveFile(blob, filename ?? 'va-21-526ez-summary.pdf'),
  });
}
