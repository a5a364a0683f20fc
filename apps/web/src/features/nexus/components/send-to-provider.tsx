import { zodResolver } from '@hookform/resolvers/zod';
import {
  createProviderRequestInputSchema,
  type NexusLetter,
  type ProviderRequest,
  type ProviderRequestLink,
} from '@muster/contract/nexus-letters';
import { formatLongDay } from '@muster/domain/format';
import { SendIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { OneTimeLink } from '@/components/one-time-link';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { useServerFieldErrors } from '@/lib/form-errors';
import { toastFeedback } from '@/lib/toast';

import {
  useCreateProviderRequest,
  useProviderRequests,
  useRevokeProviderRequest,
} from '../api/provider-requests';

type FormValues = z.input<typeof createProviderRequestInputSchema>;
const FIELD_NAMES = ['name', 'email'] as const;

const STATUS_TEXT: Record<ProviderRequest['status'], string> = {
  requested: 'Waiting for the signed letter',
  uploaded: 'Signed letter received',
  expired: 'Link expired',
  revoked: 'Link withdrawn',
};

const linkClass = 'text-primary font-medium underline underline-offset-4 hover:no-underline';

/** The link just emailed, shown once (only its hash is kept) in case it should go another way. */
function SentLink({ link, name }: { link: ProviderRequestLink; name: string }) {
  return (
    <OneTimeLink
      message={`The letter was emailed to ${name}. The link works once, until ${formatLongDay(link.expires_at.slice(0, 10))}.`}
      label="Upload link (shown only now, if you would rather hand it over yourself)"
      url={link.upload_link}
    />
  );
}

function RequestList({ letter }: { letter: NexusLetter }) {
  const requests = useProviderRequests(letter.id);
  const revoke = useRevokeProviderRequest(letter.id);
  if (requests.isPending) return <Spinner label="Loading who the letter was sent to" />;
  if (requests.isError) {
    return (
      <QueryErrorPanel
        title="We could not load who the letter was sent to"
        error={requests.error}
        headingLevel={3}
        onRetry={() => void requests.refetch()}
        isRetrying={requests.isFetching}
      />
    );
  }
  if (requests.data.results.length === 0) return null;
  return (
    <ul aria-label="Providers asked to sign" className="flex flex-col divide-y">
      {requests.data.results.map((request) => (
        <li key={request.id} className="flex min-w-0 flex-col gap-1 py-3">
          <p className="font-medium break-words">{`${request.name} (${request.email})`}</p>
          <p className="text-muted-foreground text-sm">
            {request.status === 'requested'
              ? `${STATUS_TEXT.requested}: the link works until ${formatLongDay(request.expires_at.slice(0, 10))}`
              : STATUS_TEXT[request.status]}
          </p>
          {request.status === 'requested' ? (
            <div>
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
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * Sends the letter to the veteran's physician: an email with the draft and a link (30 days, one
 * upload) where they upload the signed copy without an account. The signed copy lands in the
 * vault, and the letter reads signed.
 */
export function SendToProvider({ letter }: { letter: NexusLetter }) {
  const create = useCreateProviderRequest(letter.id);
  const [sent, setSent] = useState<{ link: ProviderRequestLink; name: string } | null>(null);
  const form = useForm<FormValues, unknown, z.output<typeof createProviderRequestInputSchema>>({
    resolver: zodResolver(createProviderRequestInputSchema),
    defaultValues: { name: letter.details.provider.name ?? '', email: '' },
  });
  const showServerErrors = useServerFieldErrors(form, create.isPending);
  const save = (values: z.output<typeof createProviderRequestInputSchema>) =>
    create.mutate(values, {
      onSuccess: (link) => {
        setSent({ link, name: values.name });
        form.reset({ name: '', email: '' });
      },
      onError: (error) => showServerErrors(error, FIELD_NAMES),
    });

  return (
    <div className="flex min-w-0 flex-col gap-4">
      {letter.status === 'signed' ? (
        <p className="text-sm">
          The signed letter is back and kept in your{' '}
          <Link to={paths.vault.getHref()} className={linkClass}>
            vault
          </Link>
          .
        </p>
      ) : (
        <p className="text-muted-foreground text-sm">
          We email your doctor the draft and a private link. They review it, sign it, and upload the
          signed copy there, without an account; it comes straight to your vault.
        </p>
      )}
      {sent ? <SentLink {...sent} /> : null}
      <Form {...form}>
        <form onSubmit={(event) => void form.handleSubmit(save)(event)} noValidate>
          <fieldset disabled={create.isPending} className="flex min-w-0 flex-col gap-4">
            <TextField
              control={form.control}
              name="name"
              label="Your doctor’s name"
              autoComplete="off"
            />
            <TextField
              control={form.control}
              name="email"
              label="Your doctor’s email"
              type="email"
              autoComplete="off"
            />
            <div>
              <Button type="submit">
                <SendIcon aria-hidden />
                {create.isPending ? 'Sending…' : 'Email the letter to sign'}
              </Button>
            </div>
          </fieldset>
        </form>
      </Form>
      <RequestList letter={letter} />
    </div>
  );
}
