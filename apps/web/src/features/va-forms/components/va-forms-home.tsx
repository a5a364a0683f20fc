import { FileTextIcon, ListChecksIcon, StampIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';

import { useIntentToFileState } from '../api/va';
import { expiryText, IntentToFilePanel, PaperIntentToFile } from './intent-to-file';
import { VaConnection } from './va-connection';

const linkClass =
  'text-primary focus-visible:ring-ring/50 rounded-sm font-semibold underline-offset-4 outline-none hover:underline focus-visible:ring-[3px]';

/** Said plainly when this server has no VA.gov connection set up: what still works. */
export function VaNotConfigured() {
  return (
    <div className="bg-card flex min-w-0 flex-col gap-2 rounded-lg border p-4" role="status">
      <h2 className="text-xl font-semibold">VA.gov is not connected on this server</h2>
      <p className="text-sm">
        Whoever runs this copy of Muster has not set up its connection to VA.gov, so nothing can be
        sent to VA from here. You can still prepare everything and file it yourself at VA.gov.
      </p>
    </div>
  );
}

function Entry({
  icon: Icon,
  href,
  title,
  children,
}: {
  icon: typeof FileTextIcon;
  href: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <li className="bg-card flex min-w-0 gap-3 rounded-lg border p-4">
      <Icon aria-hidden className="text-muted-foreground mt-0.5 size-5 shrink-0" />
      <div className="flex min-w-0 flex-col gap-1">
        <Link to={href} className={linkClass}>
          {title}
        </Link>
        <p className="text-muted-foreground text-sm">{children}</p>
      </div>
    </li>
  );
}

/**
 * `/va-forms`: the VA.gov connection, and the way to the Intent to File, the 526EZ and the claims
 * filed with VA, each with where it stands.
 */
export function VaFormsHome() {
  const state = useIntentToFileState();
  if (state.isPending) return <PageSpinner label="Checking your VA.gov connection" />;
  if (state.isError) {
    return (
      <QueryErrorPanel
        title="We could not reach your VA.gov connection"
        error={state.error}
        onRetry={() => void state.refetch()}
        isRetrying={state.isFetching}
      />
    );
  }
  const data = state.data;
  const notConfigured = !data.va_configured;
  const active = data.va_active;
  return (
    <div className="flex min-w-0 flex-col gap-6">
      {notConfigured ? <VaNotConfigured /> : <VaConnection state={data} />}
      <ul aria-label="VA forms" className="flex flex-col gap-3">
        <Entry
          icon={StampIcon}
          href={paths.vaForms.intentToFile.getHref()}
          title="Intent to File (VA Form 21-0966)"
        >
          {active
            ? `Active. ${expiryText(active)}`
            : 'Protects the date your benefits can start while you prepare your claim.'}
        </Entry>
        <Entry
          icon={FileTextIcon}
          href={paths.vaForms.form526ez.getHref()}
          title="Application for Disability Compensation (VA Form 21-526EZ)"
        >
          {data.can_access_526ez
            ? 'Ready to file: you are connected and your Intent to File is active.'
            : 'Prepare it from your conditions and check it against VA’s rules. Filing it needs VA.gov connected and an active Intent to File.'}
        </Entry>
        <Entry
          icon={ListChecksIcon}
          href={paths.vaForms.claims.getHref()}
          title="Claims filed with VA"
        >
          Where each claim you filed stands, in plain words.
        </Entry>
      </ul>
      {notConfigured ? <PaperIntentToFile /> : null}
    </div>
  );
}

/** `/va-forms/intent-to-file`: the Intent to File through VA.gov, or on paper without it. */
export function IntentToFilePage() {
  const state = useIntentToFileState();
  if (state.isPending) return <PageSpinner label="Checking your Intent to File" />;
  if (state.isError) {
    return (
      <QueryErrorPanel
        title="We could not check your Intent to File"
        error={state.error}
        onRetry={() => void state.refetch()}
        isRetrying={state.isFetching}
      />
    );
  }
  if (!state.data.va_configured) {
    return (
      <div className="flex min-w-0 flex-col gap-6">
        <VaNotConfigured />
        <PaperIntentToFile />
      </div>
    );
  }
  return (
    <div className="flex min-w-0 flex-col gap-6">
      {state.data.va_connected ? null : <VaConnection state={state.data} />}
      <IntentToFilePanel state={state.data} />
    </div>
  );
}
