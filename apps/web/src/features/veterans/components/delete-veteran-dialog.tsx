import { useState } from 'react';

import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { toastSuccess } from '@/lib/toast';

import { useDeleteVeteran } from '../api/delete-veteran';

export type DeleteVeteranDialogProps = {
  /** The record to confirm; `null` closes the dialog. */
  veteran: { id: string; name: string; isPrimary: boolean } | null;
  onOpenChange: (open: boolean) => void;
  /** After a successful delete (the dialog is closing). */
  onDeleted?: (veteranId: string) => void;
  /** Where focus goes when the dialog closes (the record's buttons are gone after a delete). */
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * "Delete this veteran record?": confirm, delete, then say so. A failure closes the dialog and
 * reaches the error toast, where it can be heard (the open dialog hides the page's toasts).
 */
export function DeleteVeteranDialog({
  veteran,
  onOpenChange,
  onDeleted,
  onCloseAutoFocus,
}: DeleteVeteranDialogProps) {
  const deleteVeteran = useDeleteVeteran();
  // The words stay while the dialog plays its closing animation (after `veteran` is null).
  const [lastVeteran, setLastVeteran] = useState(veteran);
  if (veteran !== null && veteran !== lastVeteran) setLastVeteran(veteran);
  const shown = veteran ?? lastVeteran;

  const handleConfirm = () => {
    if (!veteran) return;
    deleteVeteran.mutate(veteran.id, {
      onSuccess: () => {
        onOpenChange(false);
        toastSuccess('Veteran record deleted', { description: `${veteran.name} was removed.` });
        onDeleted?.(veteran.id);
      },
      onError: () => onOpenChange(false),
    });
  };

  return (
    <ConfirmDeleteDialog
      open={veteran !== null}
      title="Delete this veteran record?"
      description={
        shown
          ? `${shown.name}’s details and service history will be deleted. This cannot be undone.`
          : null
      }
      confirmLabel="Delete record"
      isPending={deleteVeteran.isPending}
      onConfirm={handleConfirm}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      {shown?.isPrimary ? (
        <p className="text-sm">
          This is the primary record: your newest other record, if you have one, becomes the
          primary.
        </p>
      ) : null}
    </ConfirmDeleteDialog>
  );
}
