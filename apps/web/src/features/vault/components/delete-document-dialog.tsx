import { useState } from 'react';

import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { toastSuccess } from '@/lib/toast';

import { useDeleteDocument } from '../api/delete-document';

export type DeleteDocumentDialogProps = {
  /** The document to confirm; `null` closes the dialog. */
  document: { id: string; name: string } | null;
  onOpenChange: (open: boolean) => void;
  /** After a successful delete (the dialog is closing). */
  onDeleted?: (documentId: string) => void;
  /** Where focus goes when the dialog closes (the document's buttons are gone after a delete). */
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * "Delete this document?": confirm, delete (the file goes with it), then say so. A failure closes
 * the dialog and reaches the error toast, where it can be heard.
 */
export function DeleteDocumentDialog({
  document,
  onOpenChange,
  onDeleted,
  onCloseAutoFocus,
}: DeleteDocumentDialogProps) {
  const deleteDocument = useDeleteDocument();
  // The words stay while the dialog plays its closing animation (after `document` is null).
  const [lastDocument, setLastDocument] = useState(document);
  if (document !== null && document !== lastDocument) setLastDocument(document);
  const shown = document ?? lastDocument;

  const handleConfirm = () => {
    if (!document) return;
    deleteDocument.mutate(document.id, {
      onSuccess: () => {
        onOpenChange(false);
        toastSuccess('Document deleted', { description: `${document.name} was removed.` });
        onDeleted?.(document.id);
      },
      onError: () => onOpenChange(false),
    });
  };

  return (
    <ConfirmDeleteDialog
      open={document !== null}
      title="Delete this document?"
      description={
        shown
          ? `${shown.name} and its file will be deleted from your vault. This cannot be undone.`
          : null
      }
      confirmLabel="Delete document"
      isPending={deleteDocument.isPending}
      onConfirm={handleConfirm}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
    />
  );
}
