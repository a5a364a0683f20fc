import { zodResolver } from '@hookform/resolvers/zod';
import { documentNameSchema, type VaultDocument } from '@muster/contract/documents';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { TextField } from '@/components/ui/text-field';
import { useServerFieldErrors } from '@/lib/form-errors';
import { toastFeedback } from '@/lib/toast';

import { useUpdateDocument } from '../api/update-document';
import { useReturnFocus } from './use-return-focus';

/** The rename form: the contract's rule for a document name. */
const renameSchema = z.object({ name: documentNameSchema });
type RenameValues = z.input<typeof renameSchema>;
const FIELD_NAMES = ['name'] as const;

export type RenameDocumentDialogProps = {
  /** The document to rename; `null` closes the dialog. */
  document: VaultDocument | null;
  onOpenChange: (open: boolean) => void;
};

/** "Rename document": a new name for the document (the file itself is unchanged). */
export function RenameDocumentDialog({ document, onOpenChange }: RenameDocumentDialogProps) {
  const update = useUpdateDocument({ fieldNames: FIELD_NAMES });
  const focus = useReturnFocus();
  const form = useForm<RenameValues, unknown, z.output<typeof renameSchema>>({
    resolver: zodResolver(renameSchema),
    // Follows the document being renamed.
    values: { name: document?.name ?? '' },
  });
  const showServerErrors = useServerFieldErrors(form, update.isPending);

  const save = ({ name }: z.output<typeof renameSchema>) => {
    if (!document) return;
    if (name === document.name) {
      onOpenChange(false);
      return;
    }
    update.mutate(
      { documentId: document.id, input: { name } },
      {
        onSuccess: (saved) => {
          onOpenChange(false);
          toastFeedback('success', 'Document renamed', { description: `It is now ${saved.name}.` });
        },
        onError: (error) => showServerErrors(error, FIELD_NAMES),
      },
    );
  };

  return (
    <Dialog open={document !== null} onOpenChange={onOpenChange}>
      <DialogContent {...focus}>
        <DialogHeader>
          <DialogTitle>Rename document</DialogTitle>
          <DialogDescription>
            The name you see in your vault and in search. The file itself does not change.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={(event) => void form.handleSubmit(save)(event)} noValidate>
            <fieldset disabled={update.isPending} className="flex min-w-0 flex-col gap-4">
              <TextField control={form.control} name="name" label="Name" maxLength={255} />
              <DialogFooter>
                <DialogClose asChild>
                  <Button type="button" variant="outline">
                    Cancel
                  </Button>
                </DialogClose>
                <Button type="submit">{update.isPending ? 'Saving…' : 'Save name'}</Button>
              </DialogFooter>
            </fieldset>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
