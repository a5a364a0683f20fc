import type { VaClaim, VaClaimPhaseStep, VaTrackedItem } from '@muster/contract/va-claims';
import { CheckIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';

import { cn } from '@/utils/cn';

import { formatVaDay, NeedsActionBadge, vaClaimStepText, VaClaimStepBar } from './va-claim-parts';

const STEP_STATE_TEXT: Record<VaClaimPhaseStep['state'], string> = {
  complete: 'Done',
  current: 'Now',
  upcoming: 'Still to come',
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3">
      <h2 id={headingId} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** VA's eight steps in order; the claim's own step is marked as the current one. */
function PhaseTimeline({ phases }: { phases: VaClaimPhaseStep[] }) {
  return (
    <ol aria-label="Claim steps" className="flex min-w-0 flex-col gap-2">
      {phases.map((step) => (
        <li
          key={step.phase}
          aria-current={step.state === 'current' ? 'step' : undefined}
          className={cn(
            'flex min-w-0 gap-3 rounded-lg border p-3',
            step.state === 'current' ? 'border-primary bg-primary/5' : 'bg-card',
          )}
        >
          <span
            aria-hidden
            className={cn(
              'flex size-7 shrink-0 items-center justify-center rounded-full border text-sm font-semibold',
              step.state === 'complete' && 'bg-primary text-primary-foreground border-primary',
              step.state === 'current' && 'border-primary text-primary border-2',
              step.state === 'upcoming' && 'text-muted-foreground',
            )}
          >
            {step.state === 'complete' ? <CheckIcon className="size-4" /> : step.phase}
          </span>
          <div className="flex min-w-0 flex-col gap-0.5">
            <p className="font-medium break-words">
              {`Step ${step.phase}: ${step.label}`}
              <span className="text-muted-foreground font-normal">{` · ${STEP_STATE_TEXT[step.state]}`}</span>
            </p>
            <p className="text-muted-foreground text-sm">{step.explanation}</p>
            {step.completed_date ? (
              <p className="text-sm">{`Finished ${formatVaDay(step.completed_date)}`}</p>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}

function TrackedItem({ item }: { item: VaTrackedItem }) {
  const headingId = useId();
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className={cn(
          'flex min-w-0 flex-col gap-1 rounded-lg border p-4',
          item.needed_from_you ? 'border-amber-600/60' : 'bg-card',
        )}
      >
        <h3 id={headingId} className="font-semibold break-words">
          {item.name}
        </h3>
        <p className="text-sm font-medium">{item.status_label}</p>
        {item.description ? <p className="text-sm break-words">{item.description}</p> : null}
        <dl className="text-muted-foreground grid grid-cols-[auto_1fr] gap-x-3 text-sm">
          {item.requested_date ? (
            <>
              <dt>Asked for</dt>
              <dd>{formatVaDay(item.requested_date)}</dd>
            </>
          ) : null}
          {item.due_date ? (
            <>
              <dt>Due</dt>
              <dd>
                {formatVaDay(item.due_date)}
                {item.overdue ? ' (past due)' : ''}
              </dd>
            </>
          ) : null}
          {item.received_date ? (
            <>
              <dt>Received</dt>
              <dd>{formatVaDay(item.received_date)}</dd>
            </>
          ) : null}
        </dl>
        <p className="text-sm">
          <span className="font-medium">What to do: </span>
          {item.what_to_do}
        </p>
      </article>
    </li>
  );
}

/**
 * One claim at VA: where it stands, VA's steps, what VA asked for (what the veteran must answer
 * first), the documents VA has, and the conditions claimed.
 */
export function VaClaimDetail({ claim }: { claim: VaClaim }) {
  const items = [...claim.tracked_items].sort(
    (a, b) => Number(b.needed_from_you) - Number(a.needed_from_you),
  );
  return (
    <div className="flex min-w-0 flex-col gap-8">
      <Section title="Where it stands">
        <div className="bg-card flex min-w-0 flex-col gap-2 rounded-lg border p-4">
          <p className="font-medium">{vaClaimStepText(claim)}</p>
          <VaClaimStepBar phase={claim.phase} />
          {claim.phase_explanation ? <p className="text-sm">{claim.phase_explanation}</p> : null}
          <p className="text-muted-foreground text-sm">{`VA’s status: ${claim.status_label}.`}</p>
          {claim.phase_change_date ? (
            <p className="text-muted-foreground text-sm">{`In this step since ${formatVaDay(claim.phase_change_date)}.`}</p>
          ) : null}
          {claim.needs_action ? <NeedsActionBadge /> : null}
          {claim.decision_letter_sent ? (
            <p className="text-sm">VA has sent the decision letter for this claim.</p>
          ) : null}
        </div>
      </Section>
      <Section title="Steps">
        <PhaseTimeline phases={claim.phases} />
      </Section>
      <Section title="What VA asked for">
        {items.length === 0 ? (
          <p className="text-sm">VA has not asked you for anything on this claim.</p>
        ) : (
          <ul aria-label="What VA asked for" className="flex min-w-0 flex-col gap-3">
            {items.map((item) => (
              <TrackedItem key={item.id} item={item} />
            ))}
          </ul>
        )}
      </Section>
      <Section title="Documents VA has">
        {claim.supporting_documents.length === 0 ? (
          <p className="text-sm">VA lists no documents on this claim yet.</p>
        ) : (
          <ul aria-label="Documents VA has" className="flex min-w-0 flex-col gap-2">
            {claim.supporting_documents.map((document, index) => (
              <li
                key={document.id ?? index}
                className="bg-card flex min-w-0 flex-col gap-0.5 rounded-lg border p-3"
              >
                <p className="font-medium break-all">
                  {document.name ?? document.type ?? 'A document'}
                </p>
                <p className="text-muted-foreground text-sm break-words">
                  {[
                    document.name && document.type ? document.type : null,
                    document.upload_date ? `Uploaded ${formatVaDay(document.upload_date)}` : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Conditions claimed">
        {claim.contentions.length === 0 ? (
          <p className="text-sm">VA lists no conditions on this claim yet.</p>
        ) : (
          <ul aria-label="Conditions claimed" className="list-disc pl-6">
            {claim.contentions.map((name, index) => (
              <li key={`${index}-${name}`} className="break-words">
                {name}
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}
