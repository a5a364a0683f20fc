import { disabilityTitleKey } from '@muster/contract/disabilities';
import type { LetterDecision } from '@muster/contract/decision-letters';
import { formatDay, formatLongDay } from '@muster/domain/format';
import { CheckIcon, PlusIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { toastFeedback } from '@/lib/toast';

import { useAddDisability, useDisabilityTitles } from '../api/add-disability';
import { MISSING_LABELS, OUTCOME_LABELS } from '../utils/labels';
import { toDisabilityInput } from '../utils/to-disability';
import { ratingText } from './decisions-table';

/** The staged periods of a rating, oldest first. */
function StagedPeriods({ staged }: { staged: LetterDecision['staged'] }) {
  if (staged.length < 2) return null;
  return (
    <div className="flex flex-col gap-1">
      <h4 className="text-sm font-semibold">Staged rating</h4>
      <ul className="text-sm">
        {staged.map((stage) => (
          <li key={stage.from}>
            {`${stage.percent}% from ${formatDay(stage.from)}${stage.to ? ` to ${formatDay(stage.to)}` : ' on'}`}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Where the rating schedule reads as it is today. */
const ECFR_PART_4 = 'https://www.ecfr.gov/current/title-38/chapter-I/part-4';

/**
 * What the next higher rating level asks, quoted from the rating schedule. The quoted text is the
 * 2019 edition: where VA has amended the section since, the levels themselves may have changed, so
 * the quote is labelled as the old text and the current rule is pointed to.
 */
function NextLevel({ level }: { level: NonNullable<LetterDecision['next_level']> }) {
  const amended = level.amended_on !== null;
  return (
    <div className="bg-muted/40 flex flex-col gap-1 rounded-md border p-3">
      <h4 className="text-sm font-semibold">
        {amended
          ? `What ${level.percent}% asked in the 2019 rating schedule`
          : `What ${level.percent}% asks`}
      </h4>
      {level.amended_on ? (
        <p className="rounded-md border border-amber-600/50 bg-amber-50 p-2 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100">
          {`VA changed this section on ${formatLongDay(level.amended_on)}: the levels and their words may be different now. `}
          <a
            href={ECFR_PART_4}
            target="_blank"
            rel="noreferrer"
            className="font-medium underline underline-offset-4 hover:no-underline"
          >
            Read the current rule on eCFR
          </a>
          .
        </p>
      ) : null}
      <blockquote className="border-primary/40 border-l-2 pl-3 text-sm">
        {level.criteria}
      </blockquote>
      <p className="text-muted-foreground text-xs">{level.citation}</p>
    </div>
  );
}

/** Adds the decision's condition to the veteran's disabilities, or says it is there already. */
function AddToDisabilities({ decision }: { decision: LetterDecision }) {
  const titles = useDisabilityTitles();
  const add = useAddDisability();
  // The one just added, known before the list reads again (so it cannot be added twice).
  const [addedId, setAddedId] = useState<string | null>(null);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const input = toDisabilityInput(decision);
  const existingId = addedId ?? titles.data?.get(disabilityTitleKey(input.title));

  useEffect(() => {
    // The button the veteran pressed is gone: focus moves to the link that replaced it.
    if (addedId) linkRef.current?.focus();
  }, [addedId]);

  if (existingId) {
    return (
      <p className="flex items-center gap-1 text-sm">
        <CheckIcon className="size-4 text-green-700 dark:text-green-400" aria-hidden />
        <span>
          In your disabilities:{' '}
          <Link
            ref={linkRef}
            to={paths.disabilities.wizard.getHref(existingId)}
            className="text-primary font-medium underline underline-offset-4 hover:no-underline"
          >
            open {input.title}
          </Link>
        </span>
      </p>
    );
  }
  return (
    <div>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="print:hidden"
        disabled={add.isPending || titles.isPending}
        onClick={() =>
          add.mutate(input, {
            onSuccess: (disability) => {
              setAddedId(disability.id);
              toastFeedback('success', 'Added to your disabilities', {
                description: `${disability.title} is now in your disabilities.`,
              });
            },
          })
        }
      >
        <PlusIcon aria-hidden />
        {add.isPending ? 'Adding…' : 'Add to my disabilities'}
      </Button>
    </div>
  );
}

/** One decision explained: the outcome, why, what was missing and what the next level asks. */
export function DecisionCard({ decision }: { decision: LetterDecision }) {
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      className="bg-card text-card-foreground flex min-w-0 break-inside-avoid flex-col gap-3 rounded-lg border p-4"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={headingId} className="text-lg font-semibold break-words">
          {decision.condition}
        </h3>
        <p className="text-sm font-medium">
          {OUTCOME_LABELS[decision.outcome]}
          {decision.percent === null ? '' : ` · ${ratingText(decision)}`}
        </p>
      </header>
      {decision.reasons.length > 0 ? (
        <ul className="flex list-disc flex-col gap-1 pl-5 text-sm leading-relaxed">
          {decision.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : null}
      <StagedPeriods staged={decision.staged} />
      {decision.missing.length > 0 ? (
        <div className="flex flex-col gap-1">
          <h4 className="text-sm font-semibold">What was missing</h4>
          <dl className="flex flex-col gap-2 text-sm">
            {decision.missing.map((item) => (
              <div key={item.element}>
                <dt className="font-medium">{MISSING_LABELS[item.element]}</dt>
                <dd className="text-muted-foreground">{item.explanation}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
      {decision.next_level ? <NextLevel level={decision.next_level} /> : null}
      <AddToDisabilities decision={decision} />
    </article>
  );
}
