import type { Va526Submission } from '@muster/contract/va-forms';
import type { Attributes526 } from '@muster/domain/va-526/build-payload';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { toastFeedback } from '@/lib/toast';

import { useClaimChoices, useSubmissions, useSubmit526, useValidate526 } from '../../api/form-526';
import { useIntentToFileState } from '../../api/va';
import { AboutStep, DisabilitiesStep, ServiceStep } from './record-steps';
import { ReviewStep, type VaAccess } from './review-step';
import { FORM_526_STEPS, isForm526Step, stepOfPath, type Form526Step } from './steps';

const linkClass =
  'text-primary focus-visible:ring-ring/50 rounded-sm font-semibold underline underline-offset-4 outline-none focus-visible:ring-[3px]';

/** Value of the claim choice meaning "the primary record and every disability". */
const ALL = 'all';

/** The steps, each a link; the current one marked for assistive technology. */
function StepNav({
  current,
  errorCounts,
  hrefOf,
}: {
  current: Form526Step;
  errorCounts: Record<Form526Step, number>;
  hrefOf: (step: Form526Step) => string;
}) {
  return (
    <nav aria-label="Form steps">
      <ol className="flex flex-wrap gap-2">
        {FORM_526_STEPS.map((step, index) => {
          const isCurrent = step.key === current;
          const count = errorCounts[step.key];
          return (
            <li key={step.key}>
              <Link
                to={hrefOf(step.key)}
                aria-current={isCurrent ? 'step' : undefined}
                className={`focus-visible:ring-ring/50 inline-flex items-center gap-1 rounded-md border px-3 py-1.5 text-sm outline-none focus-visible:ring-[3px] ${isCurrent ? 'bg-primary text-primary-foreground font-semibold' : 'bg-card hover:bg-accent'}`}
              >
                {`${index + 1}. ${step.title}`}
                {count ? <span className="sr-only">{`, ${count} to fix`}</span> : null}
                {count ? (
                  <span aria-hidden className="text-destructive font-bold">
                    {` (${count})`}
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function ClaimStep({
  claimChoice,
  onChange,
}: {
  claimChoice: string;
  onChange: (value: string) => void;
}) {
  const claims = useClaimChoices();
  const selectId = useId();
  if (claims.isPending) return <PageSpinner label="Loading your claims" />;
  if (claims.isError) {
    return (
      <QueryErrorPanel
        title="We could not load your claims"
        error={claims.error}
        onRetry={() => void claims.refetch()}
        isRetrying={claims.isFetching}
      />
    );
  }
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <p className="text-sm">
        Choose what this application claims: one of your claims, or every disability you recorded.
      </p>
      <div className="flex max-w-md flex-col gap-1">
        <Label htmlFor={selectId}>Claim</Label>
        <NativeSelect
          id={selectId}
          value={claimChoice}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value={ALL}>All my disabilities</option>
          {claims.data.results.map((claim) => (
            <option key={claim.id} value={claim.id}>
              {`${claim.name} (${claim.disabilities.length} ${claim.disabilities.length === 1 ? 'disability' : 'disabilities'}${claim.status === 'filed' ? ', filed' : ''})`}
            </option>
          ))}
        </NativeSelect>
      </div>
      <p className="text-sm">
        <Link to={paths.claims.getHref()} className={linkClass}>
          Manage your claims
        </Link>
      </p>
    </div>
  );
}

/** The 526EZs sent to VA from Muster, each with VA's claim id and a way to follow it. */
function Submissions({ highlight }: { highlight: string | null }) {
  const submissions = useSubmissions();
  const headingId = useId();
  if (!submissions.data || submissions.data.results.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-2">
      <h2 id={headingId} className="text-xl font-semibold">
        Sent to VA
      </h2>
      <ul className="flex flex-col gap-2">
        {submissions.data.results.map((submission) => (
          <SubmissionRow
            key={submission.id}
            submission={submission}
            isNew={submission.id === highlight}
          />
        ))}
      </ul>
    </section>
  );
}

function SubmissionRow({ submission, isNew }: { submission: Va526Submission; isNew: boolean }) {
  return (
    <li
      className={`bg-card flex min-w-0 flex-col gap-1 rounded-lg border p-3 text-sm ${isNew ? 'border-primary' : ''}`}
    >
      {submission.status === 'submitted' && submission.va_claim_id ? (
        <>
          <p className="font-medium break-words">{`VA claim ${submission.va_claim_id}`}</p>
          {submission.submitted_at ? (
            <p className="text-muted-foreground">{`Submitted ${submission.submitted_at.slice(0, 10)}`}</p>
          ) : null}
          <Link
            to={paths.vaForms.claimDetail.getHref(submission.va_claim_id)}
            className={linkClass}
          >
            Follow this claim at VA
          </Link>
        </>
      ) : submission.status === 'failed' ? (
        <>
          <p className="font-medium">Not filed yet</p>
          <p className="break-words">{submission.error ?? 'VA did not accept it.'}</p>
        </>
      ) : (
        <p>Being sent to VA…</p>
      )}
    </li>
  );
}

/**
 * `/va-forms/526ez`: the 21-526EZ in five steps built from the veteran's records (claim, about
 * you, service, disabilities, review & submit). Every error VA's rules give is shown on its field
 * in its step; Submit sends it to VA through VA.gov once connected with an active Intent to File.
 */
export function Form526ezPage() {
  const [search, setSearch] = useSearchParams();
  const rawStep = search.get('step');
  const step: Form526Step = isForm526Step(rawStep) ? rawStep : 'claim';
  const claimChoice = search.get('claim') ?? ALL;
  const claimId = claimChoice === ALL ? undefined : claimChoice;
  const [employee, setEmployee] = useState<boolean | undefined>(undefined);
  const [vaErrors, setVaErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState<Va526Submission | null>(null);

  // Asked once for the page (not per step); only Submit depends on it.
  const state = useIntentToFileState();
  const validation = useValidate526({
    ...(claimId ? { claim_id: claimId } : {}),
    ...(employee === undefined ? {} : { current_va_employee: employee }),
  });
  const submit = useSubmit526();

  const hrefOf = (target: Form526Step) => {
    const next = new URLSearchParams(search);
    next.set('step', target);
    return `?${next.toString()}`;
  };
  const goTo = (target: Form526Step) => {
    const next = new URLSearchParams(search);
    next.set('step', target);
    setSearch(next);
  };

  // The application is built from the records alone (no VA.gov needed), so only the validation
  // decides whether there is a page; VA.gov's answer only decides whether Submit is possible.
  if (validation.isPending) {
    return <PageSpinner label="Building your application from your records" />;
  }
  if (validation.isError) {
    return (
      <QueryErrorPanel
        title="We could not build your application"
        error={validation.error}
        onRetry={() => void validation.refetch()}
        isRetrying={validation.isFetching}
      />
    );
  }
  const access: VaAccess = state.isError
    ? {
        status: 'unavailable',
        error: state.error,
        onRetry: () => void state.refetch(),
        isRetrying: state.isFetching,
      }
    : state.data
      ? { status: 'known', state: state.data }
      : { status: 'checking' };
  // The API built it to VA's 526 schema; the contract leaves its inside to VA's document.
  const attributes = validation.data.payload.data.attributes as unknown as Attributes526;
  const errors = { ...validation.data.errors, ...vaErrors };
  const errorCounts = Object.fromEntries(FORM_526_STEPS.map((entry) => [entry.key, 0])) as Record<
    Form526Step,
    number
  >;
  for (const path of Object.keys(errors)) errorCounts[stepOfPath(path)] += 1;

  const handleSubmit = () => {
    submit.mutate(
      {
        ...(claimId ? { claim_id: claimId } : {}),
        ...(employee === undefined ? {} : { current_va_employee: employee }),
      },
      {
        onSuccess: (submission) => {
          setVaErrors({});
          setSubmitted(submission);
          toastFeedback('success', 'Your claim is with VA');
        },
        onError: (error) => {
          if (isApiError(error) && error.fields) setVaErrors({ ...error.fields });
        },
      },
    );
  };

  const stepBody = (() => {
    switch (step) {
      case 'claim':
        return (
          <ClaimStep
            claimChoice={claimChoice}
            onChange={(value) => {
              const next = new URLSearchParams(search);
              if (value === ALL) next.delete('claim');
              else next.set('claim', value);
              setVaErrors({});
              setSearch(next);
            }}
          />
        );
      case 'about':
        return <AboutStep attributes={attributes} errors={errors} />;
      case 'service':
        return <ServiceStep attributes={attributes} errors={errors} />;
      case 'disabilities':
        return <DisabilitiesStep attributes={attributes} errors={errors} />;
      case 'review':
        return (
          <ReviewStep
            access={access}
            errors={errors}
            claimId={claimId}
            employee={employee}
            onEmployeeChange={setEmployee}
            onGoToStep={goTo}
            onSubmit={handleSubmit}
            isSubmitting={submit.isPending}
          />
        );
    }
  })();
  const index = FORM_526_STEPS.findIndex((entry) => entry.key === step);
  const previous = FORM_526_STEPS[index - 1];
  const next = FORM_526_STEPS[index + 1];

  return (
    <div className="flex min-w-0 flex-col gap-6">
      {submitted?.va_claim_id ? (
        <div role="status" className="bg-card flex min-w-0 flex-col gap-1 rounded-lg border p-4">
          <p className="font-semibold break-words">{`VA received your claim. VA claim id: ${submitted.va_claim_id}`}</p>
          <Link to={paths.vaForms.claimDetail.getHref(submitted.va_claim_id)} className={linkClass}>
            Follow your claim at VA
          </Link>
        </div>
      ) : null}
      {submit.isError && !(isApiError(submit.error) && submit.error.fields) ? (
        <div role="alert" className="border-destructive/50 rounded-lg border p-4 text-sm">
          {isApiError(submit.error) && submit.error.detail
            ? submit.error.detail
            : 'Your claim could not be sent to VA. Please try again.'}
        </div>
      ) : null}
      <StepNav current={step} errorCounts={errorCounts} hrefOf={hrefOf} />
      <section aria-labelledby="f526-step-heading" className="flex min-w-0 flex-col gap-4">
        <h2 id="f526-step-heading" className="text-2xl font-semibold">
          {`Step ${index + 1} of ${FORM_526_STEPS.length}: ${FORM_526_STEPS[index]!.title}`}
        </h2>
        {stepBody}
      </section>
      <div className="flex flex-wrap gap-3">
        {previous ? (
          <Button type="button" variant="outline" onClick={() => goTo(previous.key)}>
            {`Back: ${previous.title}`}
          </Button>
        ) : null}
        {next ? (
          <Button type="button" onClick={() => goTo(next.key)}>
            {`Next: ${next.title}`}
          </Button>
        ) : null}
      </div>
      <Submissions highlight={submitted?.id ?? null} />
    </div>
  );
}
