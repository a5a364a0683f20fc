import { zodResolver } from '@hookform/resolvers/zod';
import {
  vsoRepresentativeInputSchema,
  type VsoRepresentative,
  type VsoRepresentativeInput,
} from '@muster/contract/vso';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { TextField } from '@/components/ui/text-field';
import { useServerFieldErrors } from '@/lib/form-errors';
import { toastError, toastFeedback } from '@/lib/toast';

import { useSaveRepresentative } from '../api/vso';

const shape = vsoRepresentativeInputSchema.shape;
/** A field left empty is sent as null. */
const orBlank = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]);

const formSchema = vsoRepresentativeInputSchema.extend({
  accreditation_number: orBlank(shape.accreditation_number.unwrap().unwrap()),
  poa_code: orBlank(shape.poa_code.unwrap().unwrap()),
  email: orBlank(shape.email.unwrap().unwrap()),
  phone: orBlank(shape.phone.unwrap().unwrap()),
});
type FormValues = z.input<typeof formSchema>;
const FIELD_NAMES = [
  'organization',
  'representative_name',
  'accreditation_number',
  'poa_code',
  'email',
  'phone',
] as const;

const blankToNull = (value: string) => (value === '' ? null : value);

function toInput(values: z.output<typeof formSchema>): VsoRepresentativeInput {
  return {
    organization: values.organization,
    representative_name: values.representative_name,
    accreditation_number: blankToNull(values.accreditation_number),
    poa_code: blankToNull(values.poa_code),
    email: blankToNull(values.email),
    phone: blankToNull(values.phone),
  };
}

/** The representative the veteran works with: organisation, person, POA code and contact. */
export function RepresentativeForm({ current }: { current: VsoRepresentative | null }) {
  const save = useSaveRepresentative();
  const form = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      organization: current?.organization ?? '',
      representative_name: current?.representative_name ?? '',
      accreditation_number: current?.accreditation_number ?? '',
      poa_code: current?.poa_code ?? '',
      email: current?.email ?? '',
      phone: current?.phone ?? '',
    },
  });
  const showServerErrors = useServerFieldErrors(form, save.isPending);

  const submit = (values: z.output<typeof formSchema>) =>
    save.mutate(toInput(values), {
      onSuccess: () => toastFeedback('success', 'Representative saved'),
      onError: (error) => {
        if (!showServerErrors(error, FIELD_NAMES)) toastError(error);
      },
    });

  return (
    <Form {...form}>
      <form onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate>
        <fieldset disabled={save.isPending} className="grid min-w-0 gap-4 sm:grid-cols-2">
          <TextField
            control={form.control}
            name="organization"
            label="Organisation"
            description="For example Disabled American Veterans, or the firm of an attorney."
            autoComplete="organization"
          />
          <TextField
            control={form.control}
            name="representative_name"
            label="Representative’s name"
            autoComplete="off"
          />
          <TextField
            control={form.control}
            name="poa_code"
            label="POA code (optional)"
            description="Three letters or digits that VA gives the organisation."
            autoComplete="off"
          />
          <TextField
            control={form.control}
            name="accreditation_number"
            label="Accreditation number (optional)"
            description="VA’s search shows it for each accredited person."
            autoComplete="off"
          />
          <TextField
            control={form.control}
            name="email"
            label="Email (optional)"
            type="email"
            autoComplete="off"
          />
          <TextField
            control={form.control}
            name="phone"
            label="Phone (optional)"
            type="tel"
            autoComplete="off"
          />
          <div className="sm:col-span-2">
            <Button type="submit">{save.isPending ? 'Saving…' : 'Save representative'}</Button>
          </div>
        </fieldset>
      </form>
    </Form>
  );
}
