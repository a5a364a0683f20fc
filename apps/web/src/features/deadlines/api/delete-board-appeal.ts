import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { DEADLINES_QUERY_KEY } from './get-deadlines';

/** `DELETE /board-appeals/{id}`. */
export function deleteBoardAppeal(id: string): Promise<void> {
  return api.delete(`/board-appeals/${encodeURIComponent(id)}`);
}

export function useDeleteBoardAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBoardAppeal,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: DEADLINES_QUERY_KEY }),
  });
}
