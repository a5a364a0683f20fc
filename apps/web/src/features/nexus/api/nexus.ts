import { ERR } from '@muster/contract/errors';
import {
  nexusLetterPageSchema,
  nexusLetterSchema,
  negativeConditionsSchema,
  type CreateNexusLetterInput,
  type NexusLetter,
  type NexusLetterFormat,
  type NexusLetterPage,
  type ReplaceNegativeConditionsInput,
  type UpdateNexusLetterInput,
} from '@muster/contract/nexus-letters';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { opensUpgradePrompt } from '@/lib/toast';
import { saveFile } from '@/utils/save-file';

/** Every nexus query starts with this key: the lists, then one letter. */
export const NEXUS_QUERY_KEY = ['nexus-letters'] as const;

type LetterRef = Pick<NexusLetter, 'id' | 'disability_id'>;

/** Where a letter lives: under its disability. */
export function letterPath({ id, disability_id: disabilityId }: LetterRef): string {
  return `/disabilities/${encodeURIComponent(disabilityId)}/nexus-letters/${encodeURIComponent(id)}`;
}

export type NexusListParams = { page: number; pageSize: number };

/** `GET /nexus-letters`: every letter of the veteran, newest first. */
export function useNexusLetters(params: NexusListParams) {
  return useQuery({
    queryKey: [...NEXUS_QUERY_KEY, 'list', params],
    queryFn: ({ signal }): Promise<NexusLetterPage> =>
      api.get('/nexus-letters', nexusLetterPageSchema, {
        query: { page: params.page, page_size: params.pageSize },
        signal,
      }),
    throwOnError: false,
    placeholderData: keepPreviousData,
  });
}

/** `GET /disabilities/{id}/nexus-letters`: one disability's letters, newest first. */
export function useDisabilityNexusLetters(disabilityId: string) {
  return useQuery({
    queryKey: [...NEXUS_QUERY_KEY, 'list', { disabilityId }],
    queryFn: ({ signal }): Promise<NexusLetterPage> =>
      api.get(
        `/disabilities/${encodeURIComponent(disabilityId)}/nexus-letters`,
        nexusLetterPageSchema,
        { query: { page: 1, page_size: 50 }, signal },
      ),
    throwOnError: false,
  });
}

export function nexusLetterQueryOptions(letterId: string) {
  return queryOptions({
    queryKey: [...NEXUS_QUERY_KEY, 'detail', letterId],
    queryFn: ({ signal }) =>
      api.get(`/nexus-letters/${encodeURIComponent(letterId)}`, nexusLetterSchema, { signal }),
  });
}

/** `GET /nexus-letters/{id}`: one letter (404 for anyone else's). */
export function useNexusLetter(letterId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...nexusLetterQueryOptions(letterId),
    enabled: options.enabled ?? true,
    throwOnError: false,
  });
}

/** Keeps the letter's page in step with an answer, and the lists read again. */
function useStoreLetter() {
  const queryClient = useQueryClient();
  return (letter: NexusLetter) => {
    queryClient.setQueryData(nexusLetterQueryOptions(letter.id).queryKey, letter);
    void queryClient.invalidateQueries({ queryKey: [...NEXUS_QUERY_KEY, 'list'] });
  };
}

/**
 * `POST /disabilities/{id}/nexus-letters`: a new letter, prefilled from the disability. A month's
 * limit reached opens the upgrade dialog ("Nexus Letter Limit Reached").
 */
export function useCreateNexusLetter() {
  const store = useStoreLetter();
  return useMutation({
    mutationFn: ({
      disabilityId,
      input,
    }: {
      disabilityId: string;
      input: CreateNexusLetterInput;
    }) =>
      api.post(
        `/disabilities/${encodeURIComponent(disabilityId)}/nexus-letters`,
        input,
        nexusLetterSchema,
      ),
    meta: { errorToast: opensUpgradePrompt },
    onSuccess: store,
  });
}

export function useUpdateNexusLetter() {
  const store = useStoreLetter();
  return useMutation({
    mutationFn: ({ letter, input }: { letter: LetterRef; input: UpdateNexusLetterInput }) =>
      api.patch(letterPath(letter), input, nexusLetterSchema),
    onSuccess: store,
  });
}

/** `PUT …/negative-conditions`: the facts against the claim, replaced whole. */
export function useReplaceNegativeConditions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ letter, input }: { letter: LetterRef; input: ReplaceNegativeConditionsInput }) =>
      api.put(`${letterPath(letter)}/negative-conditions`, input, negativeConditionsSchema),
    onSuccess: (_answer, { letter }) =>
      queryClient.invalidateQueries({ queryKey: nexusLetterQueryOptions(letter.id).queryKey }),
  });
}

/** `POST …/generate-content`: the letter's text drafted from its details and the records. */
export function useGenerateNexusContent() {
  const store = useStoreLetter();
  return useMutation({
    mutationFn: (letter: LetterRef) =>
      api.post(`${letterPath(letter)}/generate-content`, {}, nexusLetterSchema, {
        timeoutMs: 120_000,
      }),
    onSuccess: store,
  });
}

/** `GET …/generate-letter-document?format=`: the letter as PDF or Word, saved as a file. */
export function useDownloadNexusLetter() {
  return useMutation({
    mutationFn: ({ letter, format }: { letter: LetterRef; format: NexusLetterFormat }) =>
      api.download(`${letterPath(letter)}/generate-letter-document`, {
        query: { format },
        timeoutMs: 60_000,
      }),
    onSuccess: ({ blob, filename }, { format }) =>
      saveFile(blob, filename ?? `nexus-letter.${format === 'docx' ? 'docx' : 'pdf'}`),
  });
}

export function useDeleteNexusLetter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (letter: LetterRef) => {
      try {
        await api.delete(letterPath(letter));
      } catch (error) {
        if (isApiError(error) && error.code === ERR.NOT_FOUND) return;
        throw error;
      }
    },
    onSuccess: (_answer, letter) => {
      queryClient.removeQueries({ queryKey: nexusLetterQueryOptions(letter.id).queryKey });
      void queryClient.invalidateQueries({ queryKey: [...NEXUS_QUERY_KEY, 'list'] });
    },
  });
}
