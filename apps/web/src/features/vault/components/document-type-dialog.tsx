import { zodResolver } from '@hookform/resolvers/zod';
import {
  VA_DOCUMENT_TYPES,
  vaDocumentTypeSchema,
  type VaultDocument,
} from '@muster/contract/documents';
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
import { SelectField } from '@/components/ui/select-field';
import { useServerFieldErrors } from '@/lib/form-errors';
import { toastFeedback } from '@/lib/toast';

import { useUpdateDocument } from '../api/update-document';
import { useReturnFocus } from './use-return-focus';

/** The type form: one of VA's codes, or '' for none (sent as null). */
const typeSchema = z.object({ doc_type: z.union([z.literal(''), vaDocumentTypeSchema]) });
type TypeValues = z.input<typeof typeSchema>;
const FIELD_NAMES = ['doc_type'] as const;

export type DocumentTypeDialogProps = {
  /** The document to tag; `null` closes the dialog. */
  document: VaultDocument | null;
  onOpenChange: (open: boolean) => void;
};

/**
 * "VA document type": tags the document with one of VA's evidence types, the code it carries when
 * attached to a claim.
 */
export function DocumentTypeDialog({ document, onOpenChange }: DocumentTypeDialogProps) {
  const update = useUpdateDocument({ fieldNames: FIELD_NAMES });
  const focus = useReturnFocus();
  const current = vaDocumentTypeSchema.safeParse(document?.doc_type);
  const form = useForm<TypeValues, unknown, z.output<typeof typeSchema>>({
    resolver: zodResolver(typeSchema),
    values: { doc_type: current.success ? current.data : '' },
  });
  const showServerErrors = useServerFieldErrors(form, update.isPending);

  const save = ({ doc_type: code }: z.output<typeof typeSchema>) => {
    if (!document) return;
    const docType = code === '' ? null : code;
    if (docType === document.doc_type) {
      onOpenChange(false);
      return;
    }
    update.mutate(
      { documentId: document.id, input: { doc_type: docType } },
      {
        onSuccess: (saved) => {
          onOpenChange(false);
          toastFeedback('success', 'Document type saved', {
            description: saved.doc_type_label ?? `${saved.name} has no VA document type.`,
          });
        },
        onError: (error) => showServerErrors(error, FIELD_NAMES),
      },
    );
  };

  return (
    <Dialog open={document !== null} onOpenChange={onOpenChange}>
      <DialogContent {...focus}>
        <DialogHeader>
          <DialogTitle>VA document type</DialogTitle>
          <DialogDescription className="break-words">
            {document
              ? `What ${document.name} is, in VA’s words. VA uses this type when the document is attached to a claim.`
              : null}
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={(event) => void form.handleSubmit(save)(event)} noValidate>
            <fieldset disabled={update.isPending} className="flex min-w-0 flex-col gap-4">
              <SelectField control={form.control} name="doc_type" label="Document type">
                <option value="">No type</option>
                {VA_DOCUMENT_TYPES.map((type) => (
                  <option key={type.code} value={type.code}>
                    {type.label}
                  </option>
                ))}
              </SelectField>
              <DialogFooter>
                <DialogClose asChild>
                  <Button type="button" variant="outline">
                    Cancel
                  </Button>
                </DialogClose>
                <Button type="submit">{update.isPending ? 'Saving…' : 'Save type'}</Button>
              </DialogFooter>
            </fieldset>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
