import type { IntentToFileState } from '@muster/contract/intent-to-file';
import { VA_AUTH_EXPIRED_DETAIL } from '@muster/contract/va-integrations';
import { DownloadIcon, SendIcon } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';

import { useDownload526Summary } from '../../api/form-526';
import { errorId, stepOfPath, stepTitle, type Form526Step } from './steps';

const linkClass =
  'text-primary focus-visible:ring-ring/50 rounded-sm font-semibold underline underline-offset-4 outline-none focus-visible:ring-[3px]';

const EMPLOYEE_PATH = 'veteranIdentification.currentVaEmployee';

/** Where the veteran fixes what a field comes from. */
function fixLink(step: Form526Step): { href: string; label: string } | null {
  if (step === 'about' || step === 'service') {
    return { href: paths.veterans.list.getHref(), label: 'Fix it in your veteran record' };
  }
  if (step === 'disabilities') {
    return { href: paths.disabilities.list.getHref(), label: 'Fix it in your disabilities' };
  }
  return null;
}

/**
 * Where filing from Muster stands. Only Submit depends on it: the steps, the checks against VA's
 * rules and the summary need nothing from VA.gov, so an unknown or failed answer never hides them.
 */
export type VaAccess =
  | { status: 'checking' }
  | { status: 'unavailable'; error: unknown; onRetry: () => void; isRetrying: boolean }
  | { status: 'known'; state: IntentToFileState };

/** The veteran's VA.gov sign-in ended (the connection is being forgotten): connecting again helps. */
function isSignInEnded(error: unknown): boolean {
  return isApiError(error) && error.status === 403 && error.detail === VA_AUTH_EXPIRED_DETAIL;
}

function UnavailableNotice({ access }: { access: Extract<VaAccess, { status: 'unavailable' }> }) {
  const signInEnded = isSignInEnded(access.error);
  return (
    <div role="status" className="bg-card flex flex-col gap-2 rounded-lg border p-4">
      <p className="font-semibold">You cannot submit from Muster right now.</p>
      {signInEnded ? (
        <p className="text-sm">
          Your VA.gov sign-in has ended; you can still review your application and download the
          summary.{' '}
          <Link to={paths.vaForms.home.getHref()} className={linkClass}>
            Connect VA.gov
          </Link>
        </p>
      ) : (
        <p className="text-sm">
          VA.gov is not answering right now; you can still review your application and download the
          summary.
        </p>
      )}
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={access.isRetrying}
          onClick={access.onRetry}
        >
          {access.isRetrying ? 'Checking VA.gov…' : 'Check VA.gov again'}
        </Button>
      </div>
    </div>
  );
}

/** What stops filing from Muster, and where to sort it out; null when nothing does. */
function AccessNotice({ access }: { access: VaAccess }) {
  if (access.status === 'checking') {
    return (
      <p role="status" className="text-muted-foreground text-sm">
        Checking whether you can submit from Muster…
      </p>
    );
  }
  if (access.status === 'unavailable') return <UnavailableNotice access={access} />;
  const { state } = access;
  if (!state.va_configured) {
    return (
      <div role="status" className="bg-card flex flex-col gap-1 rounded-lg border p-4">
        <p className="font-semibold">Filing from Muster is not available here.</p>
        <p className="text-sm">
          This copy of Muster has no connection to VA.gov. Download the summary below and file your
          claim yourself at VA.gov.
        </p>
      </div>
    );
  }
  if (state.can_access_526ez) return null;
  return (
    <div role="status" className="bg-card flex flex-col gap-2 rounded-lg border p-4">
      <p className="font-semibold">Before you can submit from Muster:</p>
      <ul className="flex list-disc flex-col gap-1 pl-5 text-sm">
        {!state.va_connected ? (
          <li>
            Connect VA.gov.{' '}
            <Link to={paths.vaForms.home.getHref()} className={linkClass}>
              Connect VA.gov
            </Link>
          </li>
        ) : null}
        <li>
          Have an active Intent to File with VA.{' '}
          <Link to={paths.vaForms.intentToFile.getHref()} className={linkClass}>
            File an Intent to File
          </Link>
        </li>
      </ul>
    </div>
  );
}

type ReviewStepProps = {
  access: VaAccess;
  errors: Record<string, string>;
  claimId: string | undefined;
  employee: boolean | undefined;
  onEmployeeChange: (value: boolean) => void;
  onGoToStep: (step: Form526Step) => void;
  onSubmit: () => void;
  isSubmitting: boolean;
};

/**
 * Step 5: the one question the records do not answer, every error with a way to its step and to
 * the record behind it, the summary PDF, and Submit (only once VA.gov access is known to allow it).
 */
export function ReviewStep({
  access,
  errors,
  claimId,
  employee,
  onEmployeeChange,
  onGoToStep,
  onSubmit,
  isSubmitting,
}: ReviewStepProps) {
  const download = useDownload526Summary();
  const questionId = useId();
  const entries = Object.entries(errors);
  const employeeError = errors[EMPLOYEE_PATH];
  const canSubmit =
    access.status === 'known' &&
    access.state.can_access_526ez &&
    entries.length === 0 &&
    !isSubmitting;
  // Submit is offered unless this server is known to have no VA.gov connection at all.
  const offersSubmit = access.status !== 'known' || access.state.va_configured;
  return (
    <div className="flex min-w-0 flex-col gap-5">
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={employeeError ? errorId(EMPLOYEE_PATH) : undefined}
      >
        <legend id={questionId} className="font-semibold">
          Are you a current VA employee?
        </legend>
        <RadioGroup
          aria-labelledby={questionId}
          value={employee === undefined ? '' : employee ? 'yes' : 'no'}
          onValueChange={(value) => onEmployeeChange(value === 'yes')}
          className="flex gap-6"
        >
          <div className="flex items-center gap-2">
            <RadioGroupItem value="yes" id={`${questionId}-yes`} />
            <Label htmlFor={`${questionId}-yes`}>Yes</Label>
          </div>
          <div className="flex items-center gap-2">
            <RadioGroupItem value="no" id={`${questionId}-no`} />
            <Label htmlFor={`${questionId}-no`}>No</Label>
          </div>
        </RadioGroup>
        {employeeError ? (
          <p id={errorId(EMPLOYEE_PATH)} className="text-destructive text-sm">
            {employeeError}
          </p>
        ) : null}
      </fieldset>

      {entries.length ? (
        <section aria-labelledby={`${questionId}-errors`} className="flex flex-col gap-2">
          <h3 id={`${questionId}-errors`} className="font-semibold">
            {`${entries.length} ${entries.length === 1 ? 'thing' : 'things'} to fix before VA will accept it`}
          </h3>
          <ul className="flex flex-col gap-3">
            {entries.map(([path, message]) => {
              const step = stepOfPath(path);
              const fix = fixLink(step);
              return (
                <li key={path} className="flex min-w-0 flex-col gap-1 rounded-lg border p-3">
                  <p className="text-sm break-words">{message}</p>
                  <div className="flex flex-wrap gap-x-4 gap-y-1">
                    {step !== 'review' ? (
                      <Button
                        type="button"
                        variant="link"
                        className="h-auto p-0"
                        onClick={() => onGoToStep(step)}
                      >
                        {`Go to ${stepTitle(step)}`}
                      </Button>
                    ) : null}
                    {fix ? (
                      <Link to={fix.href} className={`${linkClass} text-sm`}>
                        {fix.label}
                      </Link>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ) : (
        <p role="status" className="text-sm">
          VA’s rules accept everything on this claim.
        </p>
      )}

      <AccessNotice access={access} />

      <div className="flex flex-col gap-3 sm:flex-row">
        {offersSubmit ? (
          <Button
            type="button"
            className="h-auto min-h-9 whitespace-normal"
            disabled={!canSubmit}
            onClick={onSubmit}
          >
            <SendIcon aria-hidden />
            {isSubmitting ? 'Submitting to VA…' : 'Submit my claim to VA'}
          </Button>
        ) : null}
        <Button
          type="button"
          variant="outline"
          className="h-auto min-h-9 whitespace-normal"
          disabled={download.isPending}
          onClick={() => download.mutate(claimId)}
        >
          <DownloadIcon aria-hidden />
          {download.isPending
            ? 'Preparing the summary…'
            : 'Download summary — not for filing (PDF)'}
        </Button>
      </div>
    </div>
  );
}
