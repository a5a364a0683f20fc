import {
  decisionLetterAcceptedSchema,
  type CreateDecisionLetterInput,
} from '@muster/contract/decision-letters';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { opensUpgradePrompt } from '@/lib/toast';

import { LETTER_LISTS_QUERY_KEY } from './get-letters';

/** `POST /decision-letters`: an uploaded letter or its pasted text, to be read in the background. */
export function createLetter(input: CreateDecisionLetterInput) {
  return api.post('/decision-letters', input, decisionLetterAcceptedSchema);
}

/**
 * Sends a letter to be read; the lists read again. A month's limit reached opens the upgrade
 * dialog ("Decision Letter Limit Reached"); other failures show where the letter was given.
 */
export function useCreateLetter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLetter,
    meta: { errorToast: opensUpgradePrompt },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: LETTER_LISTS_QUERY_KEY });
    },
  });
}
