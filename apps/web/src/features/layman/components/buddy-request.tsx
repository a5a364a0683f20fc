import { zodResolver } from '@hookform/resolvers/zod';
import {
  createLaymanStatementInputSchema,
  type LaymanLink,
} from '@muster/contract/layman-statements';
import { formatLongDay } from '@muster/domain/format';
import { DownloadIcon, MailIcon, UsersIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { z } from 'zod';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { OneTimeLink } from '@/components/one-time-link';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import {
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { TextAreaField, TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { useServerFieldErrors } from '@/lib/form-errors';
import { toastFeedback } from '@/lib/toast';

import { useDisabilityChoices } from '@/lib/disability-choices';
import {
  useCreateLaymanRequest,
  useDownloadLaymanStatement,
  useEmailLaymanLink,
  useLaymanRequests,
  useRevokeLaymanLink,
} from '../api/requests';
import { LAYMAN_STATUS_TEXT } from './status-text';

const formSchema = createLaymanStatementInputSchema.extend({
  // An empty box means no email address.
  email: z.union([z.literal(''), createLaymanStatementInputSchema.shape.email.unwrap()]),
});
type FormValues = z.input<typeof formSchema>;
const FIELD_NAMES = ['disability_id', 'name', 'email', 'relationship', 'witnessed'] as const;

/** The link just made: shown once (only its hash is kept), to copy or to email. */
function NewLink({
  link: madeLink,
  name,
  hasEmail,
}: {
  link: LaymanLink;
  name: string;
  hasEmail: boolean;
}) {
  const email = useEmailLaymanLink();
  // Emailing makes a new link (the first stops working): the one shown is the one that works.
  const link = email.data ?? madeLink;
  return (
    <OneTimeLink
      message={`The link for ${name} is ready. It works once, until ${formatLongDay(link.expires_at.slice(0, 10))}.`}
      label="Signing link (shown only now: copy it or email it)"
      url={link.token_link}
      actions={
        hasEmail ? (
          <Button
            type="button"
            variant="outline"
            disabled={email.isPending || email.isSuccess}
            onClick={() =>
              email.mutate(link.id, {
                onSuccess: () => toastFeedback('success', `Link emailed to ${name}`),
              })
            }
          >
            <MailIcon aria-hidden />
            {email.isSuccess ? 'Emailed' : email.isPending ? 'Sending…' : `Email it to ${name}`}
          </Button>
        ) : null
      }
    />
  );
}

/** The requests made so far, each with what can be done with it. */
function RequestList() {
  const requests = useLaymanRequests({ page: 1, pageSize: 50 });
  const revoke = useRevokeLaymanLink();
  const download = useDownloadLaymanStatement();
  if (requests.isPending) return <Spinner label="Loading your requests" />;
  if (requests.isError) {
    return (
      <QueryErrorPanel
        title="We could not load your requests"
        error={requests.error}
        headingLevel={3}
        onRetry={() => void requests.refetch()}
        isRetrying={requests.isFetching}
      />
    );
  }
  if (requests.data.results.length === 0) {
    return <p className="text-muted-foreground text-sm">No requests yet.</p>;
  }
  return (
    <ul aria-label="Your statement requests" className="flex flex-col divide-y">
      {requests.data.results.map((request) => (
        <li key={request.id} className="flex min-w-0 flex-col gap-2 py-3">
          <p className="font-medium break-words">{`${request.name} (${request.relationship})`}</p>
          <p className="text-muted-foreground text-sm">{LAYMAN_STATUS_TEXT[request.status]}</p>
          <div className="flex flex-wrap gap-2">
            {request.status === 'requested' ? (
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={revoke.isPending}
                onClick={() =>
                  revoke.mutate(request.id, {
                    onSuccess: () => toastFeedback('success', 'Link withdrawn'),
                  })
                }
              >
                {`Withdraw the link for ${request.name}`}
              </Button>
            ) : null}
            {request.status === 'submitted' ? (
              <>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={download.isPending}
                  onClick={() => download.mutate({ id: request.id, format: 'va-21-10210' })}
                >
                  <DownloadIcon aria-hidden />
                  {`VA Form 21-10210: ${request.name}`}
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={download.isPending}
                  onClick={() => download.mutate({ id: request.id, format: 'pdf' })}
                >
                  <DownloadIcon aria-hidden />
                  {`PDF: ${request.name}`}
                </Button>
              </>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * Asks someone for a lay statement: who they are, how they know the veteran and what they saw,
 * for one disability (`?disability=` chooses it ahead). The link they sign through is shown once.
 */
export function BuddyRequest() {
  const [searchParams] = useSearchParams();
  const disabilities = useDisabilityChoices();
  const create = useCreateLaymanRequest();
  const [made, setMade] = useState<{ link: LaymanLink; name: string; hasEmail: boolean } | null>(
    null,
  );
  const listId = useId();
  const form = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      disability_id: searchParams.get('disability') ?? '',
      name: '',
      email: '',
      relationship: '',
      witnessed: '',
    },
  });
  const showServerErrors = useServerFieldErrors(form, create.isPending);

  if (disabilities.isError) {
    return (
      <QueryErrorPanel
        title="We could not load your disabilities"
        error={disabilities.error}
        onRetry={() => void disabilities.refetch()}
        isRetrying={disabilities.isFetching}
      />
    );
  }
  if (!disabilities.data) return <Spinner label="Loading your disabilities" />;
  const options = disabilities.data.results;
  if (options.length === 0) {
    return (
      <EmptyState
        icon={UsersIcon}
        action={{ label: 'Add a disability', href: paths.disabilities.new.getHref() }}
      >
        A buddy statement supports one of your disabilities. Add the condition first.
      </EmptyState>
    );
  }

  const save = ({ email, ...values }: z.output<typeof formSchema>) =>
    create.mutate(
      { ...values, ...(email ? { email } : {}) },
      {
        onSuccess: (link) => {
          setMade({ link, name: values.name, hasEmail: Boolean(email) });
          form.reset({ ...form.getValues(), name: '', email: '', relationship: '', witnessed: '' });
        },
        onError: (error) => showServerErrors(error, FIELD_NAMES),
      },
    );

  return (
    <div className="flex min-w-0 flex-col gap-8">
      {made ? <NewLink {...made} /> : null}
      <Form {...form}>
        <form onSubmit={(event) => void form.handleSubmit(save)(event)} noValidate>
          <fieldset disabled={create.isPending} className="flex min-w-0 flex-col gap-4">
            <FormField
              control={form.control}
              name="disability_id"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>The condition it supports</FormLabel>
                  <FormControl>
                    <NativeSelect {...field} className="max-w-full">
                      <option value="">Choose a disability</option>
                      {options.map((option) => (
                        <option key={option.id} value={option.id}>
                          {option.title}
                        </option>
                      ))}
                    </NativeSelect>
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <TextField control={form.control} name="name" label="Their name" autoComplete="off" />
            <TextField
              control={form.control}
              name="email"
              label="Their email (optional)"
              type="email"
              autoComplete="off"
              description="To email them the link. You can also copy it and send it yourself."
            />
            <TextField
              control={form.control}
              name="relationship"
              label="How they know you"
              description="For example “served with me in Iraq”, “my spouse” or “coworker since 2015”."
            />
            <TextAreaField
              control={form.control}
              name="witnessed"
              label="What they saw"
              description="What they witnessed of the condition or the event: it helps them remember, and shows them what to write about."
              rows={4}
            />
            <div>
              <Button type="submit">
                {create.isPending ? 'Creating…' : 'Create the signing link'}
              </Button>
            </div>
          </fieldset>
        </form>
      </Form>
      <section aria-labelledby={listId} className="flex min-w-0 flex-col gap-3">
        <h2 id={listId} className="text-xl font-semibold">
          Your requests
        </h2>
        <RequestList />
      </section>
    </div>
  );
}
