import { useRef } from 'react';

/**
 * Where focus goes when a list's delete dialog closes: back to the item's own delete button when
 * the item is still there (the delete was canceled or failed), else to the first link of the list,
 * or to the empty state when the list is now empty. The list marks its delete buttons with
 * `data-delete-for="<id>"`.
 */
export function useDeleteFocus() {
  const listRef = useRef<HTMLUListElement>(null);
  const emptyRef = useRef<HTMLDivElement>(null);
  const lastDelete = useRef<{ id: string; deleted: boolean } | null>(null);

  const restoreFocus = (event: Event) => {
    const last = lastDelete.current;
    if (!last) return;
    const target = last.deleted
      ? (listRef.current?.querySelector<HTMLElement>('a') ?? emptyRef.current)
      : listRef.current?.querySelector<HTMLElement>(`[data-delete-for="${CSS.escape(last.id)}"]`);
    if (!target) return;
    event.preventDefault();
    target.focus();
  };

  return {
    listRef,
    emptyRef,
    restoreFocus,
    /** The delete of `id` was asked for (its dialog opens). */
    deleting: (id: string) => {
      lastDelete.current = { id, deleted: false };
    },
    /** The item asked for is gone. */
    deleted: () => {
      if (lastDelete.current) lastDelete.current.deleted = true;
    },
  };
}
