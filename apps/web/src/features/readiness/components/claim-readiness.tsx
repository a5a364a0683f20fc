import {
  READINESS_ELEMENT_LABELS,
  READINESS_STATUS_LABELS,
  type ReadinessStatus,
} from '@muster/contract/readiness';
import { CircleAlertIcon, CircleCheckIcon, CircleDashedIcon, type LucideIcon } from 'lucide-react';
import { useId } from 'react';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/utils/cn';

import { useReadiness } from '../api/get-readiness';
import { NextStepText } from '@/components/next-step-text';

const STATUS_ICONS: Record<ReadinessStatus, { icon: LucideIcon; className: string }> = {
  met: { icon: CircleCheckIcon, className: 'text-primary' },
  weak: { icon: CircleAlertIcon, className: 'text-muted-foreground' },
  missing: { icon: CircleDashedIcon, className: 'text-destructive' },
};

/** An element's status as an icon and a word, never as a colour alone. */
function StatusBadge({ status }: { status: ReadinessStatus }) {
  const { icon: Icon, className } = STATUS_ICONS[status];
  return (
    <span
      data-status={status}
      className="bg-background inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium"
    >
      <Icon aria-hidden className={cn('size-3.5', className)} />
      <span className="sr-only">Status: </span>
      {READINESS_STATUS_LABELS[status]}
    </span>
  );
}

/**
 * How ready the disability's claim is, on its page: the three things VA needs to connect a
 * condition to service, what supports each so far, and the one step that would help most.
 */
export function ClaimReadiness({ disabilityId }: { disabilityId: string }) {
  const headingId = useId();
  const readiness = useReadiness(disabilityId);

  let body;
  if (readiness.isError) {
    body = (
      <QueryErrorPanel
        title="We could not check how ready your claim is"
        error={readiness.error}
        headingLevel={3}
        onRetry={() => void readiness.refetch()}
        isRetrying={readiness.isFetching}
      />
    );
  } else if (!readiness.data) {
    body = <Spinner label="Checking how ready your claim is" />;
  } else {
    const { elements, next_step: nextStep, ready } = readiness.data;
    const met = elements.filter((element) => element.status === 'met').length;
    body = (
      <>
        <p className="font-medium">
          {ready ? 'Ready: all three are met.' : `${met} of ${elements.length} met: not ready yet.`}
        </p>
        <ul className="grid min-w-0 gap-3">
          {elements.map((element) => (
            <li key={element.element} className="flex min-w-0 flex-col gap-2 rounded-md border p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-semibold">{READINESS_ELEMENT_LABELS[element.element]}</h3>
                <StatusBadge status={element.status} />
              </div>
              {element.supports.length > 0 ? (
                <ul
                  aria-label={`What supports it: ${READINESS_ELEMENT_LABELS[element.element]}`}
                  className="grid list-disc gap-1 ps-5 text-sm"
                >
                  {element.supports.map((support, index) => (
                    // Two supports can read alike (two treatments at one clinic); the list is never reordered.
                    <li key={index} className="break-words">
                      {support}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-muted-foreground text-sm">Nothing recorded supports it yet.</p>
              )}
            </li>
          ))}
        </ul>
        {nextStep ? (
          <div className="flex flex-col gap-1">
            <h3 className="font-semibold">Your next step</h3>
            <p className="break-words">
              <NextStepText step={nextStep} />
            </p>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col items-stretch gap-4 rounded-lg border p-4"
    >
      <h2 id={headingId} className="text-xl font-semibold">
        Claim readiness
      </h2>
      <p className="text-muted-foreground max-w-prose text-sm">
        VA connects a condition to your service when three things are shown: that you have it now,
        what happened in service, and a link between the two.
      </p>
      {body}
    </section>
  );
}
