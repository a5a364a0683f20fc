import type { DecisionLetter } from '@muster/contract/decision-letters';
import { formatLongDay } from '@muster/domain/format';

import { cn } from '@/utils/cn';

import { countdown, localToday } from '../utils/countdown';
import { REVIEW_OPTIONS } from '../utils/labels';

const TONE_CLASS = {
  past: 'text-muted-foreground',
  urgent: 'text-destructive font-semibold',
  soon: 'font-semibold',
  ok: '',
} as const;

/**
 * The review options' deadlines with the days left. A deadline falling on a weekend or a federal
 * holiday has already been moved to the next workday.
 */
export function DeadlinesList({
  deadlines,
  today = localToday(),
}: {
  deadlines: DecisionLetter['deadlines'];
  today?: string;
}) {
  if (deadlines.length === 0) {
    return (
      <p className="text-sm">
        No letter date was found, so the deadlines could not be worked out. A Higher-Level Review or
        a Board Appeal must be filed within one year of the date on the letter; a Supplemental Claim
        filed within that year keeps your original effective date.
      </p>
    );
  }
  return (
    <ul className="flex flex-col divide-y rounded-lg border">
      {deadlines.map((deadline) => {
        const left = countdown(deadline.due, today);
        const option = REVIEW_OPTIONS[deadline.kind];
        return (
          <li
            key={deadline.kind}
            className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-3"
          >
            <span>
              <span className="font-medium">{option.name}</span>{' '}
              <span className="text-muted-foreground text-sm">({option.form})</span>
            </span>
            <span className="text-sm">
              <time dateTime={deadline.due}>{formatLongDay(deadline.due)}</time>
              {' · '}
              <span className={cn(TONE_CLASS[left.tone])}>{left.text}</span>
            </span>
            <p className="text-muted-foreground w-full text-sm">{option.deadlineNote}</p>
          </li>
        );
      })}
    </ul>
  );
}
