import { threadTitle, type Thread } from '@muster/contract/threads';

import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { toastFeedback } from '@/lib/toast';

import { useDeleteThread } from '../api/delete-thread';

/** Deleting a thread: the confirmation's and the outcome toasts' exact words. */
export const DELETE_THREAD_TEXT = {
  title: 'Delete Conversation',
  description: 'Are you sure you want to delete this conversation? This action cannot be undone.',
  deletedTitle: 'Chat deleted',
  deletedDescription: 'The conversation has been successfully deleted.',
  failedTitle: 'Error',
  failedDescription: 'Failed to delete the conversation. Please try again.',
} as const;

export type DeleteThreadDialogProps = {
  /** The thread to confirm; `null` closes the dialog. */
  thread: Pick<Thread, 'id' | 'title'> | null;
  onOpenChange: (open: boolean) => void;
  /** After a successful delete (the dialog has closed). */
  onDeleted?: (threadId: string) => void;
  /** Where focus goes when the dialog closes (the trigger may be gone after a delete). */
  onCloseAutoFocus?: (event: Event) => void;
};

/** "Delete Conversation": confirm, delete, then one feedback toast either way. */
export function DeleteThreadDialog({
  thread,
  onOpenChange,
  onDeleted,
  onCloseAutoFocus,
}: DeleteThreadDialogProps) {
  // The outcome is reported from the hook's own callbacks, which run even if this dialog has
  // unmounted meanwhile (the sidebar collapsed, or the layout switched to or from the drawer).
  const deleteThread = useDeleteThread({
    onDeleted: (threadId) => {
      onOpenChange(false);
      toastFeedback('success', DELETE_THREAD_TEXT.deletedTitle, {
        description: DELETE_THREAD_TEXT.deletedDescription,
      });
      onDeleted?.(threadId);
    },
    onFailed: () => {
      onOpenChange(false);
      toastFeedback('error', DELETE_THREAD_TEXT.failedTitle, {
        description: DELETE_THREAD_TEXT.failedDescription,
      });
    },
  });

  const handleConfirm = () => {
    if (thread) deleteThread.mutate(thread.id);
  };

  return (
    <ConfirmDeleteDialog
      open={thread !== null}
      title={DELETE_THREAD_TEXT.title}
      description={DELETE_THREAD_TEXT.description}
      confirmLabel="Delete"
      isPending={deleteThread.isPending}
      onConfirm={handleConfirm}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      {thread ? (
        <p className="text-muted-foreground truncate text-sm">
          <span className="sr-only">Conversation: </span>
          {threadTitle(thread)}
        </p>
      ) : null}
    </ConfirmDeleteDialog>
  );
}
