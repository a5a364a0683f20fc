import {
  form2122Schema,
  shareableRecordListSchema,
  vsoRepresentativeAnswerSchema,
  vsoRepresentativeSchema,
  vsoShareAccessListSchema,
  vsoShareCreatedSchema,
  vsoShareListSchema,
  type CreateVsoShare,
  type VsoRepresentativeInput,
} from '@muster/contract/vso';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** Every query of this page starts with this key. */
export const VSO_QUERY_KEY = ['vso'] as const;
const REPRESENTATIVE_KEY = [...VSO_QUERY_KEY, 'representative'] as const;
const FORM_KEY = [...VSO_QUERY_KEY, 'form-21-22'] as const;
const RECORDS_KEY = [...VSO_QUERY_KEY, 'records'] as const;
const SHARES_KEY = [...VSO_QUERY_KEY, 'shares'] as const;

const sharePath = (id: string) => `/vso-shares/${encodeURIComponent(id)}`;

/** `GET /vso-representative`: the representative, or null before one is recorded. */
export function useRepresentative() {
  return useQuery({
    queryKey: REPRESENTATIVE_KEY,
    queryFn: ({ signal }) =>
      api.get('/vso-representative', vsoRepresentativeAnswerSchema, { signal }),
    throwOnError: false,
  });
}

/** `PUT /vso-representative`: records the representative (the form's data follows). */
export function useSaveRepresentative() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VsoRepresentativeInput) =>
      api.put('/vso-representative', input, vsoRepresentativeSchema),
    onSuccess: (representative) => {
      queryClient.setQueryData(REPRESENTATIVE_KEY, { representative });
      void queryClient.invalidateQueries({ queryKey: FORM_KEY });
    },
  });
}

/** `GET /vso-representative/form-21-22`: what goes on VA Form 21-22, and what is missing. */
export function useForm2122() {
  return useQuery({
    queryKey: FORM_KEY,
    queryFn: ({ signal }) => api.get('/vso-representative/form-21-22', form2122Schema, { signal }),
    throwOnError: false,
  });
}

/** `GET /vso-shares/records`: the records that can be shared, with their 7332 state. */
export function useShareableRecords() {
  return useQuery({
    queryKey: RECORDS_KEY,
    queryFn: ({ signal }) => api.get('/vso-shares/records', shareableRecordListSchema, { signal }),
    throwOnError: false,
  });
}

/** `GET /vso-shares`: the veteran's shares, newest first. */
export function useShares() {
  return useQuery({
    queryKey: SHARES_KEY,
    queryFn: ({ signal }) => api.get('/vso-shares', vsoShareListSchema, { signal }),
    throwOnError: false,
  });
}

/** `POST /vso-shares`: answers the link once. */
export function useCreateShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateVsoShare) => api.post('/vso-shares', input, vsoShareCreatedSchema),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: SHARES_KEY }),
  });
}

/** `DELETE /vso-shares/{id}`: the link stops at once. */
export function useRevokeShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(sharePath(id)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: SHARES_KEY }),
  });
}

/** `GET /vso-shares/{id}/accesses`: every opening of the link, newest first. */
export function useShareAccesses(id: string, options: { enabled: boolean }) {
  return useQuery({
    enabled: options.enabled,
    queryKey: [...SHARES_KEY, id, 'accesses'],
    queryFn: ({ signal }) =>
      api.get(`${sharePath(id)}/accesses`, vsoShareAccessListSchema, { signal }),
    throwOnError: false,
  });
}
