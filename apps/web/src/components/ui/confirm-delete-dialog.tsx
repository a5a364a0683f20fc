import type { ReactNode } from 'react';

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

export type ConfirmDeleteDialogProps = {
  open: boolean;
  title: string;
  description: ReactNode;
  /** Shown under the description (the item's name, a consequence worth saying). */
  children?: ReactNode;
  /** The confirming button's words; "Deleting…" while the delete runs. */
  confirmLabel: string;
  isPending: boolean;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the dialog closes (the item's own buttons are gone after a delete). */
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * The "Delete this …?" confirmation every feature asks before deleting. While the delete runs, it
 * cannot be cancelled or closed: the answer decides what the page shows next.
 */
export function ConfirmDeleteDialog({
  open,
  title,
  description,
  children,
  confirmLabel,
  isPending,
  onConfirm,
  onOpenChange,
  onCloseAutoFocus,
}: ConfirmDeleteDialogProps) {
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!isPending) onOpenChange(next);
      }}
    >
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isPending}>Cancel</AlertDialogCancel>
          <Button type="button" variant="destructive" onClick={onConfirm} disabled={isPending}>
            {isPending ? 'Deleting…' : confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
