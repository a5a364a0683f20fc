import { zodResolver } from '@hookform/resolvers/zod';
import { CLAIM_NAME_MAX, createClaimInputSchema } from '@muster/contract/claims';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { EmptyState } from '@/components/ui/empty-state';
import { Form, FormField, FormItem, FormMessage } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { useServerFieldErrors } from '@/lib/form-errors';
import { toastFeedback } from '@/lib/toast';
import { ListChecksIcon } from 'lucide-react';

import { useDisabilityChoices } from '@/lib/disability-choices';
import { useCreateClaim } from '../api/claims';

const formSchema = createClaimInputSchema.pick({ name: true, disability_ids: true });
type FormValues = z.input<typeof formSchema>;
const FIELD_NAMES = ['name', 'disability_ids'] as const;

/**
 * A new claim: a name and the disabilities it gathers, chosen from the veteran's own. It is made
 * for the primary veteran record, as a draft.
 */
export function NewClaimForm({ onCreated }: { onCreated?: (claimId: string) => void }) {
  const choices = useDisabilityChoices();
  const create = useCreateClaim();
  const legendId = useId();
  const form = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { name: '', disability_ids: [] },
  });
  const showServerErrors = useServerFieldErrors(form, create.isPending);

  if (choices.isError) {
    return (
      <QueryErrorPanel
        title="We could not load your disabilities"
        error={choices.error}
        onRetry={() => void choices.refetch()}
        isRetrying={choices.isFetching}
      />
    );
  }
  if (!choices.data) return <Spinner label="Loading your disabilities" />;
  if (choices.data.results.length === 0) {
    return (
      <EmptyState
        icon={ListChecksIcon}
        action={{ label: 'Add a disability', href: paths.disabilities.new.getHref() }}
      >
        A claim gathers your disabilities. Add the first one, then come back to put your claim
        together.
      </EmptyState>
    );
  }

  const save = (values: z.output<typeof formSchema>) =>
    create.mutate(values, {
      onSuccess: (claim) => {
        form.reset({ name: '', disability_ids: [] });
        toastFeedback('success', 'Claim created', { description: `${claim.name} is a draft.` });
        onCreated?.(claim.id);
      },
      onError: (error) => showServerErrors(error, FIELD_NAMES),
    });

  return (
    <Form {...form}>
      <form onSubmit={(event) => void form.handleSubmit(save)(event)} noValidate>
        <fieldset disabled={create.isPending} className="flex min-w-0 flex-col gap-4">
          <TextField
            control={form.control}
            name="name"
            label="Claim name"
            description="Your own label, such as “Knees and back, 2026”."
            maxLength={CLAIM_NAME_MAX}
          />
          <FormField
            control={form.control}
            name="disability_ids"
            render={({ field }) => {
              const chosen = new Set(field.value);
              return (
                <FormItem>
                  <fieldset aria-labelledby={legendId} className="flex min-w-0 flex-col gap-2">
                    <legend id={legendId} className="text-sm font-medium">
                      Disabilities in this claim
                    </legend>
                    {choices.data.results.map((disability) => {
                      const id = `claim-disability-${disability.id}`;
                      return (
                        <div key={disability.id} className="flex items-start gap-2">
                          <Checkbox
                            id={id}
                            checked={chosen.has(disability.id)}
                            onCheckedChange={(checked) =>
                              field.onChange(
                                checked === true
                                  ? [...field.value, disability.id]
                                  : field.value.filter((value) => value !== disability.id),
                              )
                            }
                            className="mt-0.5"
                          />
                          <Label htmlFor={id} className="font-normal break-words">
                            {disability.title}
                          </Label>
                        </div>
                      );
                    })}
                  </fieldset>
                  <FormMessage />
                </FormItem>
              );
            }}
          />
          <div>
            <Button type="submit">{create.isPending ? 'Creating…' : 'Create claim'}</Button>
          </div>
        </fieldset>
      </form>
    </Form>
  );
}
