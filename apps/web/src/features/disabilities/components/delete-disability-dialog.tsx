import { useState } from 'react';

import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { toastSuccess } from '@/lib/toast';

import { useDeleteDisability } from '../api/delete-disability';

export type DeleteDisabilityDialogProps = {
  /** The disability to confirm; `null` closes the dialog. */
  disability: { id: string; title: string } | null;
  onOpenChange: (open: boolean) => void;
  /** After a successful delete (the dialog is closing). */
  onDeleted?: (disabilityId: string) => void;
  /** Where focus goes when the dialog closes (the disability's buttons are gone after a delete). */
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * "Delete this disability?": confirm, delete with everything recorded under it, then say so. A
 * failure closes the dialog and reaches the error toast, where it can be heard.
 */
export function DeleteDisabilityDialog({
  disability,
  onOpenChange,
  onDeleted,
  onCloseAutoFocus,
}: DeleteDisabilityDialogProps) {
  const deleteDisability = useDeleteDisability();
  // The words stay while the dialog plays its closing animation (after `disability` is null).
  const [last, setLast] = useState(disability);
  if (disability !== null && disability !== last) setLast(disability);
  const shown = disability ?? last;

  const handleConfirm = () => {
    if (!disability) return;
    deleteDisability.mutate(disability.id, {
      onSuccess: () => {
        onOpenChange(false);
        toastSuccess('Disability deleted', { description: `${disability.title} was removed.` });
        onDeleted?.(disability.id);
      },
      onError: () => onOpenChange(false),
    });
  };

  return (
    <ConfirmDeleteDialog
      open={disability !== null}
      title="Delete this disability?"
      description={
        shown
          ? `${shown.title} and every answer, treatment and record you added for it will be deleted. This cannot be undone.`
          : null
      }
      confirmLabel="Delete disability"
      isPending={deleteDisability.isPending}
      onConfirm={handleConfirm}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
    />
  );
}
