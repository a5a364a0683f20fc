import { MAX_PAGE_SIZE } from '@muster/contract/common';
import {
  disabilityPageSchema,
  disabilitySchema,
  disabilityTitleKey,
  type CreateDisabilityInput,
  type Disability,
} from '@muster/contract/disabilities';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { QUERY_KEYS } from '@/lib/query-keys';

/** The veteran's disabilities, keyed by title, so a decision already among them says so. */
function disabilityTitlesQueryOptions() {
  return queryOptions({
    // Not under the lists' key: the lists' own cache updates expect pages there.
    queryKey: [...QUERY_KEYS.disabilities, 'titles'],
    queryFn: async ({ signal }) => {
      const page = await api.get('/disabilities', disabilityPageSchema, {
        query: { page: 1, page_size: MAX_PAGE_SIZE },
        signal,
      });
      return new Map(
        page.results.map((disability) => [disabilityTitleKey(disability.title), disability.id]),
      );
    },
  });
}

/** Which of the veteran's disabilities a condition name already is (its id), when known. */
export function useDisabilityTitles() {
  return useQuery({ ...disabilityTitlesQueryOptions(), throwOnError: false });
}

/**
 * `POST /disabilities`: a decision's condition becomes one of the veteran's disabilities; every
 * disability list (the page, the sidebar, the dashboard) and the palette read again.
 */
export function useAddDisability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateDisabilityInput): Promise<Disability> =>
      api.post('/disabilities', input, disabilitySchema),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [...QUERY_KEYS.disabilities, 'list'] });
      void queryClient.invalidateQueries({ queryKey: [...QUERY_KEYS.disabilities, 'titles'] });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.search });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.readiness });
    },
  });
}
