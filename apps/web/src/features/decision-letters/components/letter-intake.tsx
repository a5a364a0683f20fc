import { zodResolver } from '@hookform/resolvers/zod';
import {
  LETTER_TEXT_MAX,
  createDecisionLetterInputSchema,
} from '@muster/contract/decision-letters';
import type { StoredFile } from '@muster/contract/storage';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { type z } from 'zod';

import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { TextAreaField } from '@/components/ui/text-field';
import { FileUpload } from '@/components/upload/file-upload';
import { cancelUpload } from '@/components/upload/upload-api';
import { paths } from '@/config/paths';
import { useServerFieldErrors } from '@/lib/form-errors';

import { useCreateLetter } from '../api/create-letter';

/** What the intake tells the letter's page: it was just sent, so follow it to its results. */
export type LetterLocationState = { followReading?: boolean };

/** The paste form: the contract's rule for a pasted letter. */
const pasteSchema = createDecisionLetterInputSchema.options[1];
type PasteValues = z.input<typeof pasteSchema>;
const FIELD_NAMES = ['text'] as const;

/**
 * Gives a letter to be read: upload the PDF or a photo of it, or paste its text. Either way the
 * veteran goes on to the letter's own page, which follows the reading live.
 */
export function LetterIntake() {
  const navigate = useNavigate();
  const create = useCreateLetter();
  const form = useForm<PasteValues, unknown, z.output<typeof pasteSchema>>({
    resolver: zodResolver(pasteSchema),
    defaultValues: { text: '' },
  });
  const showServerErrors = useServerFieldErrors(form, create.isPending);

  // The letter's page follows the reading and opens the results when it is done, however fast.
  const open = (id: string) =>
    void navigate(paths.decisionLetters.detail.getHref(id), {
      state: { followReading: true } satisfies LetterLocationState,
    });

  const readUpload = async (file: StoredFile) => {
    try {
      const accepted = await create.mutateAsync({ file_id: file.id });
      open(accepted.id);
    } catch (error) {
      // Not taken (the month's limit, say): the file is no one's letter, so it does not stay.
      void cancelUpload(file.id).catch(() => undefined);
      throw error;
    }
  };

  const readText = ({ text }: z.output<typeof pasteSchema>) => {
    create.mutate(
      { text },
      {
        onSuccess: (accepted) => open(accepted.id),
        onError: (error) => showServerErrors(error, FIELD_NAMES),
      },
    );
  };

  return (
    <Tabs defaultValue="upload" className="flex min-w-0 flex-col gap-4">
      <TabsList aria-label="How to give your letter">
        <TabsTrigger value="upload">Upload the letter</TabsTrigger>
        <TabsTrigger value="paste">Paste its text</TabsTrigger>
      </TabsList>
      <TabsContent value="upload" className="flex min-w-0 flex-col gap-3">
        <p className="text-muted-foreground text-sm">
          The PDF from VA.gov reads best. A scan or a clear photo of each page works too: pages
          without text are read with text recognition, which takes a little longer.
        </p>
        <FileUpload
          kind="decision-letter"
          pickLabel="Choose your letter"
          onUploaded={readUpload}
          doneMessage={(fileName) => `${fileName} was uploaded. Reading it now…`}
        />
      </TabsContent>
      <TabsContent value="paste" className="flex min-w-0 flex-col gap-3">
        <Form {...form}>
          <form
            onSubmit={(event) => void form.handleSubmit(readText)(event)}
            noValidate
            className="flex min-w-0 flex-col gap-4"
          >
            <fieldset disabled={create.isPending} className="flex min-w-0 flex-col gap-4">
              <TextAreaField
                control={form.control}
                name="text"
                label="The letter’s text"
                description="Copy everything from the letter, including the rating decision and code sheet if it has them. Your text is stored encrypted."
                rows={12}
                maxLength={LETTER_TEXT_MAX}
                spellCheck={false}
                className="font-mono text-sm"
              />
              <div>
                <Button type="submit">{create.isPending ? 'Sending…' : 'Read this letter'}</Button>
              </div>
            </fieldset>
          </form>
        </Form>
      </TabsContent>
    </Tabs>
  );
}
