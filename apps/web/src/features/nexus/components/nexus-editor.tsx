import { zodResolver } from '@hookform/resolvers/zod';
import {
  MAX_NEGATIVE_CONDITIONS,
  NEXUS_CONTENT_MAX,
  NEXUS_FIELD_MAX,
  NEXUS_RESPONSE_MAX,
  NEXUS_SHORT_MAX,
  OPINION_BASES,
  OPINION_LINKS,
  STANDARD_OF_PROOF,
  negativeConditionInputSchema,
  type NexusLetter,
  type OpinionBasis,
} from '@muster/contract/nexus-letters';
import { DownloadIcon, PlusIcon, Trash2Icon, WandSparklesIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';

import { Button } from '@/components/ui/button';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { Form } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { TextAreaField, TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { useServerFieldErrors } from '@/lib/form-errors';
import { toastFeedback } from '@/lib/toast';

import {
  useDeleteNexusLetter,
  useDownloadNexusLetter,
  useGenerateNexusContent,
  useReplaceNegativeConditions,
  useUpdateNexusLetter,
} from '../api/nexus';
import { BASIS_LABELS, STATUS_LABELS } from './labels';
import { SendToProvider } from './send-to-provider';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
      <h2 id={headingId} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

const text = (max: number) => z.string().max(max, `At most ${max} characters`);

/** The facts of the letter as the form holds them: text boxes, the records one per line. */
const detailsFormSchema = z.object({
  opinion_basis: z.enum(OPINION_BASES),
  diagnosis: text(NEXUS_SHORT_MAX * 2),
  in_service_event: text(NEXUS_FIELD_MAX),
  primary_condition: text(NEXUS_SHORT_MAX * 2),
  records_reviewed: text(NEXUS_FIELD_MAX * 5),
  provider_name: text(NEXUS_SHORT_MAX),
  provider_credentials: text(NEXUS_SHORT_MAX),
  provider_specialty: text(NEXUS_SHORT_MAX),
  provider_license_number: text(NEXUS_SHORT_MAX),
  provider_address: text(NEXUS_SHORT_MAX * 2),
  provider_phone: text(40),
});
type DetailsValues = z.infer<typeof detailsFormSchema>;

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

function detailsValuesOf(letter: NexusLetter): DetailsValues {
  const { details } = letter;
  return {
    opinion_basis: letter.opinion_basis,
    diagnosis: details.diagnosis ?? '',
    in_service_event: details.in_service_event ?? '',
    primary_condition: details.primary_condition ?? '',
    records_reviewed: details.records_reviewed.join('\n'),
    provider_name: details.provider.name ?? '',
    provider_credentials: details.provider.credentials ?? '',
    provider_specialty: details.provider.specialty ?? '',
    provider_license_number: details.provider.license_number ?? '',
    provider_address: details.provider.address ?? '',
    provider_phone: details.provider.phone ?? '',
  };
}

/** The letter's facts: the basis, the diagnosis, the event or primary, the records, the provider. */
function DetailsForm({ letter }: { letter: NexusLetter }) {
  const update = useUpdateNexusLetter();
  const basisId = useId();
  const form = useForm<DetailsValues>({
    resolver: zodResolver(detailsFormSchema),
    values: detailsValuesOf(letter),
  });
  const showServerErrors = useServerFieldErrors(form, update.isPending);
  const basis = useWatch({ control: form.control, name: 'opinion_basis' });

  const save = (values: DetailsValues) =>
    update.mutate(
      {
        letter,
        input: {
          opinion_basis: values.opinion_basis,
          details: {
            diagnosis: orNull(values.diagnosis),
            in_service_event: orNull(values.in_service_event),
            primary_condition: orNull(values.primary_condition),
            records_reviewed: values.records_reviewed
              .split('\n')
              .map((line) => line.trim())
              .filter(Boolean),
            provider: {
              name: orNull(values.provider_name),
              credentials: orNull(values.provider_credentials),
              specialty: orNull(values.provider_specialty),
              license_number: orNull(values.provider_license_number),
              address: orNull(values.provider_address),
              phone: orNull(values.provider_phone),
            },
          },
        },
      },
      {
        onSuccess: () => toastFeedback('success', 'Letter details saved'),
        onError: (error) => showServerErrors(error, []),
      },
    );

  return (
    <Form {...form}>
      <form onSubmit={(event) => void form.handleSubmit(save)(event)} noValidate>
        <fieldset disabled={update.isPending} className="flex min-w-0 flex-col gap-4">
          <div className="flex min-w-0 flex-col gap-2">
            <Label htmlFor={basisId}>The opinion</Label>
            <NativeSelect id={basisId} className="max-w-full" {...form.register('opinion_basis')}>
              {OPINION_BASES.map((value) => (
                <option key={value} value={value}>
                  {BASIS_LABELS[value]}
                </option>
              ))}
            </NativeSelect>
            <p className="text-muted-foreground text-sm">
              {`The physician will state that the condition is ${STANDARD_OF_PROOF} ${OPINION_LINKS[basis as OpinionBasis]} ${basis === 'secondary' ? 'the service-connected condition' : 'military service'}.`}
            </p>
          </div>
          <TextField control={form.control} name="diagnosis" label="Diagnosis" />
          {basis === 'secondary' ? (
            <TextField
              control={form.control}
              name="primary_condition"
              label="The service-connected condition it comes from"
            />
          ) : (
            <TextAreaField
              control={form.control}
              name="in_service_event"
              label="What happened in service"
              rows={4}
            />
          )}
          <TextAreaField
            control={form.control}
            name="records_reviewed"
            label="Records the physician reviewed"
            description="One per line, for example “Service treatment records, 2004–2008”."
            rows={5}
          />
          <fieldset className="flex min-w-0 flex-col gap-4 rounded-lg border p-4">
            <legend className="px-1 font-medium">The physician</legend>
            <TextField control={form.control} name="provider_name" label="Name" />
            <TextField
              control={form.control}
              name="provider_credentials"
              label="Credentials"
              description="For example MD, DO, PA-C or NP."
            />
            <TextField control={form.control} name="provider_specialty" label="Specialty" />
            <TextField
              control={form.control}
              name="provider_license_number"
              label="License number"
            />
            <TextAreaField
              control={form.control}
              name="provider_address"
              label="Practice address"
              rows={3}
            />
            <TextField
              control={form.control}
              name="provider_phone"
              label="Phone"
              type="tel"
              autoComplete="off"
            />
          </fieldset>
          <div>
            <Button type="submit">{update.isPending ? 'Saving…' : 'Save details'}</Button>
          </div>
        </fieldset>
      </form>
    </Form>
  );
}

const factsFormSchema = z.object({
  negative_conditions: z
    .array(
      negativeConditionInputSchema.extend({
        response: z.string().max(NEXUS_RESPONSE_MAX, `At most ${NEXUS_RESPONSE_MAX} characters`),
      }),
    )
    .max(MAX_NEGATIVE_CONDITIONS),
});
type FactsValues = z.input<typeof factsFormSchema>;

/** The facts against the claim the opinion must answer, each with its answer. */
function NegativeConditionsForm({ letter }: { letter: NexusLetter }) {
  const replace = useReplaceNegativeConditions();
  const form = useForm<FactsValues, unknown, z.output<typeof factsFormSchema>>({
    resolver: zodResolver(factsFormSchema),
    values: {
      negative_conditions: letter.negative_conditions.map((fact) => ({
        description: fact.description,
        response: fact.response ?? '',
      })),
    },
  });
  const facts = useFieldArray({ control: form.control, name: 'negative_conditions' });

  const save = (values: z.output<typeof factsFormSchema>) =>
    replace.mutate(
      {
        letter,
        input: {
          negative_conditions: values.negative_conditions.map((fact) => ({
            description: fact.description,
            response: orNull(fact.response),
          })),
        },
      },
      { onSuccess: () => toastFeedback('success', 'Facts against the claim saved') },
    );

  return (
    <Form {...form}>
      <form onSubmit={(event) => void form.handleSubmit(save)(event)} noValidate>
        <fieldset disabled={replace.isPending} className="flex min-w-0 flex-col gap-4">
          <p className="text-muted-foreground text-sm">
            VA weighs an opinion by how it deals with what speaks against the claim: a normal
            separation exam, a gap in treatment, another possible cause. List each here, with how
            the physician answers it.
          </p>
          {facts.fields.length === 0 ? (
            <p className="text-sm">None listed yet.</p>
          ) : (
            <ol className="flex flex-col gap-4">
              {facts.fields.map((field, index) => (
                <li key={field.id} className="flex min-w-0 flex-col gap-3 rounded-lg border p-4">
                  <TextAreaField
                    control={form.control}
                    name={`negative_conditions.${index}.description`}
                    label={`Fact ${index + 1} against the claim`}
                    rows={2}
                  />
                  <TextAreaField
                    control={form.control}
                    name={`negative_conditions.${index}.response`}
                    label={`How the opinion answers fact ${index + 1}`}
                    rows={3}
                  />
                  <div>
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      onClick={() => facts.remove(index)}
                    >
                      <Trash2Icon aria-hidden />
                      {`Remove fact ${index + 1}`}
                    </Button>
                  </div>
                </li>
              ))}
            </ol>
          )}
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              disabled={facts.fields.length >= MAX_NEGATIVE_CONDITIONS}
              onClick={() => facts.append({ description: '', response: '' })}
            >
              <PlusIcon aria-hidden />
              Add a fact
            </Button>
            <Button type="submit">{replace.isPending ? 'Saving…' : 'Save facts'}</Button>
          </div>
        </fieldset>
      </form>
    </Form>
  );
}

const contentFormSchema = z.object({
  content: z.string().max(NEXUS_CONTENT_MAX, `At most ${NEXUS_CONTENT_MAX} characters`),
});
type ContentValues = z.infer<typeof contentFormSchema>;

/** The letter's text: drafted from the details, then edited and saved; downloaded to sign. */
function ContentForm({ letter }: { letter: NexusLetter }) {
  const generate = useGenerateNexusContent();
  const update = useUpdateNexusLetter();
  const download = useDownloadNexusLetter();
  const form = useForm<ContentValues>({
    resolver: zodResolver(contentFormSchema),
    values: { content: letter.content ?? '' },
  });

  const save = ({ content }: ContentValues) =>
    update.mutate(
      { letter, input: { content: orNull(content) } },
      { onSuccess: () => toastFeedback('success', 'Letter saved') },
    );

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant={letter.content ? 'outline' : 'default'}
          disabled={generate.isPending}
          onClick={() =>
            generate.mutate(letter, {
              onSuccess: () => toastFeedback('success', 'Letter drafted'),
            })
          }
        >
          <WandSparklesIcon aria-hidden />
          {generate.isPending
            ? 'Drafting…'
            : letter.content
              ? 'Draft it again from the details'
              : 'Draft the letter'}
        </Button>
      </div>
      {letter.content !== null ? (
        <Form {...form}>
          <form onSubmit={(event) => void form.handleSubmit(save)(event)} noValidate>
            <fieldset disabled={update.isPending} className="flex min-w-0 flex-col gap-4">
              <TextAreaField
                control={form.control}
                name="content"
                label="The letter"
                description="Edit anything. The parts in brackets are the physician’s to write: the medical reasoning is theirs. They review the whole letter, change what they need to, and sign it."
                rows={18}
                maxLength={NEXUS_CONTENT_MAX}
              />
              <div className="flex flex-wrap gap-2">
                <Button type="submit">{update.isPending ? 'Saving…' : 'Save the letter'}</Button>
                <Button
                  type="button"
                  variant="outline"
                  disabled={download.isPending}
                  onClick={() => download.mutate({ letter, format: 'pdf' })}
                >
                  <DownloadIcon aria-hidden />
                  Download PDF
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  disabled={download.isPending}
                  onClick={() => download.mutate({ letter, format: 'docx' })}
                >
                  <DownloadIcon aria-hidden />
                  Download Word
                </Button>
              </div>
            </fieldset>
          </form>
        </Form>
      ) : (
        <p className="text-muted-foreground text-sm">
          Complete the details and the facts against the claim first; the draft is built from them.
        </p>
      )}
    </div>
  );
}

/** Deletes the letter after a confirmation, then goes back to the list. */
function DeleteLetter({ letter }: { letter: NexusLetter }) {
  const remove = useDeleteNexusLetter();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <div>
        <Button type="button" variant="outline" onClick={() => setOpen(true)}>
          <Trash2Icon aria-hidden />
          Delete this letter
        </Button>
      </div>
      <ConfirmDeleteDialog
        open={open}
        title="Delete this nexus letter?"
        description="Its details, the facts against the claim and the drafted text are deleted for good. The disability stays."
        confirmLabel="Delete letter"
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(letter, {
            onSuccess: () => {
              setOpen(false);
              toastFeedback('success', 'Nexus letter deleted');
              void navigate(paths.nexus.list.getHref());
            },
          })
        }
        onOpenChange={setOpen}
      />
    </>
  );
}

/**
 * A nexus letter to complete: its details, the facts against the claim, the letter itself, and
 * sending it to the veteran's doctor to sign.
 */
export function NexusEditor({ letter }: { letter: NexusLetter }) {
  return (
    <div className="flex min-w-0 flex-col gap-8">
      <p className="text-sm">
        <span className="font-medium">Status:</span> {STATUS_LABELS[letter.status]}
      </p>
      <Section title="Details">
        <DetailsForm letter={letter} />
      </Section>
      <Section title="Facts against the claim">
        <NegativeConditionsForm letter={letter} />
      </Section>
      <Section title="The letter">
        <ContentForm letter={letter} />
      </Section>
      <Section title="Send it to your doctor to sign">
        <SendToProvider letter={letter} />
      </Section>
      <DeleteLetter letter={letter} />
    </div>
  );
}
