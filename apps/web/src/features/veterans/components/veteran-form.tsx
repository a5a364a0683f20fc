import { zodResolver } from '@hookform/resolvers/zod';
import {
  EARLIEST_RECORD_DATE,
  VETERAN_NAME_MAX,
  VETERAN_NOTES_MAX,
  latestPastDate,
  type CreateVeteranInput,
  type Veteran,
} from '@muster/contract/veterans';
import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';

import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { TextAreaField, TextField } from '@/components/ui/text-field';
import { useServerFieldErrors } from '@/lib/form-errors';
import { toastSuccess } from '@/lib/toast';

import { useCreateVeteran } from '../api/create-veteran';
import { useRevealVeteran } from '../api/get-veteran';
import { useUpdateVeteran } from '../api/update-veteran';
import {
  veteranFieldPaths,
  veteranFormDefaults,
  veteranFormSchema,
  type VeteranFormValues,
} from '../utils/veteran-form-values';
import { AddressFields } from './address-fields';
import { DeploymentFields } from './deployment-fields';
import { IdentifierField } from './identifier-field';
import { ServicePeriodFields } from './service-period-fields';

export type VeteranFormProps = {
  /** The saved record to change (numbers masked); none for a new record. */
  record?: Veteran;
  submitLabel: string;
  /** After the API saved the record (the form shows what was saved, and a toast says so). */
  onSaved?: (veteran: Veteran) => void;
};

const SAVED_TOAST_ID = 'veteran-saved';

function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <h2 id={headingId} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * A veteran record: names, SSN or VA file number, date of birth, address, phone, email, service
 * periods and deployments. Validated with the contract's create schema; the API's refusals land
 * under the fields they name. While saving, the form is disabled and says so; a save says so in a
 * toast; a failed save keeps everything typed.
 */
export function VeteranForm({ record, submitLabel, onSaved }: VeteranFormProps) {
  const create = useCreateVeteran();
  const update = useUpdateVeteran();
  const reveal = useRevealVeteran(record?.id ?? '');
  const isSaving = create.isPending || update.isPending;
  const today = latestPastDate();

  // The resolver checks the values and hands them on as typed; the contract input is made from
  // them on submit (the controls keep their own shape, as typed).
  const form = useForm<VeteranFormValues>({
    resolver: zodResolver(veteranFormSchema, undefined, { raw: true }),
    defaultValues: veteranFormDefaults(record),
  });
  const showServerErrors = useServerFieldErrors(form, isSaving);

  /** The saved number in full, or null when it could not be had (the error toast says why). */
  const revealNumber = async (name: 'ssn' | 'va_file_number') => {
    try {
      const full = await reveal.mutateAsync();
      // Only the number asked for goes on: the answer holding both is not kept.
      reveal.reset();
      return full[name];
    } catch {
      // The failure already reached the error toast (every failed mutation does).
      return null;
    }
  };

  const submit = form.handleSubmit((values) => {
    // Valid already (the resolver ran the same schema): this only builds the contract input.
    const input: CreateVeteranInput = veteranFormSchema.parse(values);
    const callbacks = {
      onSuccess: (saved: Veteran) => {
        // What was saved, numbers masked again.
        form.reset(veteranFormDefaults(saved));
        // One toast whatever the page: saving twice in a row does not stack two.
        toastSuccess('Veteran record saved', { id: SAVED_TOAST_ID });
        onSaved?.(saved);
      },
      onError: (error: unknown) => {
        showServerErrors(error, veteranFieldPaths(form.getValues()));
      },
    };
    if (record) update.mutate({ veteranId: record.id, input }, callbacks);
    else create.mutate(input, callbacks);
  });

  return (
    <Form {...form}>
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-busy={isSaving}
        className="flex max-w-3xl flex-col gap-8"
      >
        <fieldset disabled={isSaving} className="flex min-w-0 flex-col gap-10">
          <FormSection title="Name">
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField
                control={form.control}
                name="first_name"
                label="First name"
                autoComplete="given-name"
                maxLength={VETERAN_NAME_MAX}
              />
              <TextField
                control={form.control}
                name="middle_name"
                label="Middle name (optional)"
                autoComplete="additional-name"
                maxLength={VETERAN_NAME_MAX}
              />
              <TextField
                control={form.control}
                name="last_name"
                label="Last name"
                autoComplete="family-name"
                maxLength={VETERAN_NAME_MAX}
              />
            </div>
          </FormSection>

          <FormSection title="Identification">
            <p className="text-muted-foreground max-w-prose text-sm">
              VA finds a veteran by Social Security number or VA file number; one of them is enough.
              Both are stored encrypted and shown masked unless you choose Show.
            </p>
            <div className="grid gap-4 sm:grid-cols-2">
              <IdentifierField
                name="ssn"
                label="Social Security number"
                placeholder="123-45-6789"
                description="9 digits, with or without dashes."
                masked={record?.ssn ?? null}
                onReveal={() => revealNumber('ssn')}
                isRevealing={reveal.isPending}
              />
              <IdentifierField
                name="va_file_number"
                label="VA file number"
                description="7 to 9 digits, sometimes after a C. It is on VA letters."
                masked={record?.va_file_number ?? null}
                onReveal={() => revealNumber('va_file_number')}
                isRevealing={reveal.isPending}
              />
              <TextField
                control={form.control}
                name="date_of_birth"
                label="Date of birth"
                type="date"
                autoComplete="bday"
                min={EARLIEST_RECORD_DATE}
                max={today}
              />
            </div>
          </FormSection>

          <FormSection title="Contact">
            <AddressFields />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                control={form.control}
                name="phone"
                label="Phone"
                type="tel"
                autoComplete="tel-national"
                description="A 10-digit US number."
              />
              <TextField
                control={form.control}
                name="email"
                label="Email"
                type="email"
                autoComplete="email"
              />
            </div>
          </FormSection>

          <FormSection title="Service periods">
            <ServicePeriodFields />
          </FormSection>

          <FormSection title="Deployments">
            <DeploymentFields />
          </FormSection>

          <FormSection title="Notes">
            <TextAreaField
              control={form.control}
              name="notes"
              label="Notes (optional)"
              maxLength={VETERAN_NOTES_MAX}
              description="Anything else about this veteran’s service you want at hand."
            />
          </FormSection>

          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit">{isSaving ? 'Saving…' : submitLabel}</Button>
            <p role="status" className="text-muted-foreground text-sm">
              {isSaving ? 'Saving the record…' : ''}
            </p>
          </div>
        </fieldset>
      </form>
    </Form>
  );
}
