import { threadTitle, type Thread } from '@muster/contract/threads';

import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
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
    <AlertDialog
      open={thread !== null}
      onOpenChange={(open) => {
        if (!deleteThread.isPending) onOpenChange(open);
      }}
    >
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{DELETE_THREAD_TEXT.title}</AlertDialogTitle>
          <AlertDialogDescription>{DELETE_THREAD_TEXT.description}</AlertDialogDescription>
        </AlertDialogHeader>
        {thread ? (
          <p className="text-muted-foreground truncate text-sm">
            <span className="sr-only">Conversation: </span>
            {threadTitle(thread)}
          </p>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleteThread.isPending}>Cancel</AlertDialogCancel>
          <Button
            type="button"
            variant="destructive"
            onClick={handleConfirm}
            disabled={deleteThread.isPending}
          >
            {deleteThread.isPending ? 'Deleting…' : 'Delete'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
