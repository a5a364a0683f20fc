import { zodResolver } from '@hookform/resolvers/zod';
import { SIDES_OF_BODY } from '@muster/contract/conditions';
import {
  CLAIM_TYPES,
  DIAGNOSIS_MAX,
  DISABILITY_TITLE_MAX,
  type Disability,
} from '@muster/contract/disabilities';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { useServerFieldErrors } from '@/lib/form-errors';
import { toastSuccess } from '@/lib/toast';

import { useCreateDisability } from '../api/create-disability';
import { useUpdateDisability } from '../api/update-disability';
import {
  DISABILITY_FIELD_NAMES,
  disabilityFormDefaults,
  disabilityFormSchema,
  toDisabilityInput,
  type DisabilityFormValues,
} from '../utils/disability-form-values';
import {
  CLAIM_TYPE_LABELS,
  CLAIM_TYPE_TERMS,
  SIDE_OF_BODY_LABELS,
} from '../utils/disability-labels';
import { ConditionCombobox } from './condition-combobox';
import { SelectField } from '@/components/ui/select-field';

/** A veteran record the disability can belong to. */
export type VeteranChoice = { id: string; name: string; isPrimary: boolean };

export type DisabilityFormProps = {
  /** The saved disability to change; none for a new one. */
  disability?: Disability;
  /** The user's veteran records; the choice is shown only when there is at least one. */
  veterans: readonly VeteranChoice[];
  submitLabel: string;
  /** After the API saved the disability (a toast says so too). */
  onSaved?: (disability: Disability) => void;
  /** Shown next to the submit button when given (leaving an edit). */
  onCancel?: () => void;
};

const PERCENTS = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100];
const SAVED_TOAST_ID = 'disability-saved';

/**
 * A disability's details: the condition (suggested from VA's catalogue as the veteran types, or in
 * their own words), diagnosis, codes, side of the body, how it connects to service, the veteran
 * record and any rating VA already gave. Validated with the contract's schema; the API's refusals
 * land under the fields they name; a failed save keeps everything typed.
 */
export function DisabilityForm({
  disability,
  veterans,
  submitLabel,
  onSaved,
  onCancel,
}: DisabilityFormProps) {
  const create = useCreateDisability();
  const update = useUpdateDisability();
  const isSaving = create.isPending || update.isPending;
  const primary = veterans.find((veteran) => veteran.isPrimary) ?? veterans[0];

  const form = useForm<DisabilityFormValues>({
    resolver: zodResolver(disabilityFormSchema, undefined, { raw: true }),
    defaultValues: disabilityFormDefaults(disability, primary?.id),
  });
  const showServerErrors = useServerFieldErrors(form, isSaving);

  const submit = form.handleSubmit((values) => {
    const input = toDisabilityInput(values);
    const callbacks = {
      onSuccess: (saved: Disability) => {
        form.reset(disabilityFormDefaults(saved));
        toastSuccess('Disability saved', { id: SAVED_TOAST_ID });
        onSaved?.(saved);
      },
      onError: (error: unknown) => {
        showServerErrors(error, DISABILITY_FIELD_NAMES);
      },
    };
    if (disability) update.mutate({ disabilityId: disability.id, input }, callbacks);
    else create.mutate(input, callbacks);
  });

  return (
    <Form {...form}>
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-busy={isSaving}
        className="flex max-w-2xl flex-col gap-6"
      >
        <fieldset disabled={isSaving} className="flex min-w-0 flex-col gap-6">
          <FormField
            control={form.control}
            name="title"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Condition</FormLabel>
                <FormControl>
                  <ConditionCombobox
                    ref={field.ref}
                    name={field.name}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    maxLength={DISABILITY_TITLE_MAX}
                    onPick={(condition) => {
                      const dirty = { shouldDirty: true, shouldValidate: true };
                      form.setValue('title', condition.label, dirty);
                      form.setValue('diagnostic_code', condition.diagnostic_codes[0] ?? '', dirty);
                      form.setValue('classification_code', condition.classification.code, dirty);
                      form.setValue('side_of_body', condition.side_of_body ?? '', dirty);
                    }}
                  />
                </FormControl>
                <FormDescription>
                  Describe it in your own words, such as “bad knee” or “ringing ears”, and choose
                  VA’s name for it from the suggestions, or keep your own words.
                </FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />

          <div className="grid gap-4 sm:grid-cols-3">
            <SelectField control={form.control} name="side_of_body" label="Side of the body">
              <option value="">Does not apply</option>
              {SIDES_OF_BODY.map((side) => (
                <option key={side} value={side}>
                  {SIDE_OF_BODY_LABELS[side]}
                </option>
              ))}
            </SelectField>
            <TextField
              control={form.control}
              name="diagnostic_code"
              label="Diagnostic code (optional)"
              inputMode="numeric"
              maxLength={4}
              description="4 digits from VA’s rating schedule."
            />
            <TextField
              control={form.control}
              name="classification_code"
              label="VA classification (optional)"
              inputMode="numeric"
              maxLength={8}
              description="Filled in when you choose a suggestion."
            />
          </div>

          <TextField
            control={form.control}
            name="diagnosis"
            label="Diagnosis (optional)"
            maxLength={DIAGNOSIS_MAX}
            description="What a doctor called it, if you have a diagnosis. Leave it empty if not."
          />

          <SelectField
            control={form.control}
            name="claim_type"
            label="How is it connected to your service?"
            description="Not sure? Leave it for now: the questions help you decide."
          >
            <option value="">Not sure yet</option>
            {CLAIM_TYPES.map((type) => (
              <option key={type} value={type}>
                {`${CLAIM_TYPE_LABELS[type]} (${CLAIM_TYPE_TERMS[type]})`}
              </option>
            ))}
          </SelectField>

          <div className="grid gap-4 sm:grid-cols-2">
            {veterans.length > 0 ? (
              <SelectField
                control={form.control}
                name="veteran_id"
                label="Veteran record"
                description={
                  <Link to={paths.veterans.list.getHref()} className="underline underline-offset-4">
                    Manage veteran records
                  </Link>
                }
              >
                {veterans.map((veteran) => (
                  <option key={veteran.id} value={veteran.id}>
                    {veteran.isPrimary ? `${veteran.name} (primary)` : veteran.name}
                  </option>
                ))}
              </SelectField>
            ) : (
              <p className="text-muted-foreground self-end text-sm">
                Your service record fills in VA’s forms for you.{' '}
                <Link to={paths.veterans.new.getHref()} className="underline underline-offset-4">
                  Add your veteran record
                </Link>
              </p>
            )}
            <SelectField
              control={form.control}
              name="percent"
              label="Current VA rating"
              description="Only if VA already rated this condition."
            >
              <option value="">Not rated yet</option>
              {PERCENTS.map((percent) => (
                <option key={percent} value={String(percent)}>{`${percent}%`}</option>
              ))}
            </SelectField>
          </div>

          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit">{isSaving ? 'Saving…' : submitLabel}</Button>
            {onCancel ? (
              <Button type="button" variant="outline" onClick={onCancel}>
                Cancel
              </Button>
            ) : null}
            <p role="status" className="text-muted-foreground text-sm">
              {isSaving ? 'Saving the disability…' : ''}
            </p>
          </div>
        </fieldset>
      </form>
    </Form>
  );
}
