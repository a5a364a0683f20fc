import { knowledgePassageSchema, type KnowledgePassage } from '@muster/contract/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { CHAT_QUERY_KEY } from './get-messages';

/** `GET /knowledge/passages/{id}`: a passage a reply cites, with its source. */
export function getKnowledgePassage(
  passageId: string,
  signal?: AbortSignal,
): Promise<KnowledgePassage> {
  return api.get(`/knowledge/passages/${encodeURIComponent(passageId)}`, knowledgePassageSchema, {
    signal,
  });
}

export function knowledgePassageQueryOptions(passageId: string) {
  return queryOptions({
    queryKey: [...CHAT_QUERY_KEY, 'passage', passageId],
    queryFn: ({ signal }) => getKnowledgePassage(passageId, signal),
    // A passage's text changes only with a new knowledge base.
    staleTime: Infinity,
  });
}

/** The passage a citation opens; the dialog shows a failure itself. */
export function useKnowledgePassage(passageId: string) {
  return useQuery({ ...knowledgePassageQueryOptions(passageId), throwOnError: false });
}
