import { MailIcon } from 'lucide-react';
import { useId } from 'react';

import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';

import type { OutboxEmail } from '../api/get-outbox';

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/** The 6-digit code of a sign-in mail, if the mail has one. */
export function findSignInCode(text: string): string | null {
  return /\b(\d{6})\b/.exec(text)?.[1] ?? null;
}

export function OutboxList({ emails }: { emails: readonly OutboxEmail[] }) {
  if (emails.length === 0) {
    return (
      <EmptyState
        icon={MailIcon}
        action={{ label: 'Ask for a sign-in code', href: paths.signIn.getHref() }}
      >
        No mail yet. Ask for a sign-in code and it shows up here.
      </EmptyState>
    );
  }
  return (
    <ol className="flex flex-col gap-4" aria-label="Mail, newest first">
      {emails.map((email, index) => (
        <li key={`${email.sentAt}-${index}`}>
          <OutboxMail email={email} />
        </li>
      ))}
    </ol>
  );
}

function OutboxMail({ email }: { email: OutboxEmail }) {
  const titleId = useId();
  const code = findSignInCode(email.text);
  const sentAt = new Date(email.sentAt);
  return (
    <article aria-labelledby={titleId} className="flex flex-col gap-2 rounded-md border p-4">
      <h2 id={titleId} className="text-lg font-semibold">
        {email.subject}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium">To</dt>
        <dd className="break-all">{email.to}</dd>
        <dt className="font-medium">Sent</dt>
        <dd>
          <time dateTime={email.sentAt}>
            {Number.isNaN(sentAt.getTime()) ? email.sentAt : timeFormat.format(sentAt)}
          </time>
        </dd>
        {code ? (
          <>
            <dt className="font-medium">Sign-in code</dt>
            <dd className="font-mono text-base font-bold tracking-widest" data-testid="outbox-code">
              {code}
            </dd>
          </>
        ) : null}
      </dl>
      <pre className="bg-muted/50 overflow-x-auto rounded-md p-3 text-xs whitespace-pre-wrap">
        {email.text}
      </pre>
    </article>
  );
}
