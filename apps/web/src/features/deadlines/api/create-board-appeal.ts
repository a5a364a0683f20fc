import {
  boardAppealSchema,
  type BoardAppeal,
  type CreateBoardAppealInput,
} from '@muster/contract/deadlines';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { DEADLINES_QUERY_KEY } from './get-deadlines';

/** `POST /board-appeals`. */
export function createBoardAppeal(input: CreateBoardAppealInput): Promise<BoardAppeal> {
  return api.post('/board-appeals', input, boardAppealSchema);
}

/** Records the appeal; the appeals and the deadlines (an evidence window) are read again. */
export function useCreateBoardAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBoardAppeal,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: DEADLINES_QUERY_KEY }),
  });
}
