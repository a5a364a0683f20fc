import type { DecisionLetterSummary, ReviewKind } from '@muster/contract/decision-letters';

import { countdown, type Countdown } from './countdown';

export type UpcomingDeadline = {
  letter: DecisionLetterSummary;
  due: string;
  kinds: ReviewKind[];
  left: Countdown;
};

/**
 * A letter's soonest review deadline not yet passed, with every option due that day; null when
 * all have passed or the letter has none.
 */
export function nextDeadlineOf(
  letter: DecisionLetterSummary,
  today: string,
): UpcomingDeadline | null {
  const open = letter.deadlines
    .map((deadline) => ({ ...deadline, left: countdown(deadline.due, today) }))
    .filter((deadline) => deadline.left.days >= 0)
    .sort((a, b) => a.left.days - b.left.days);
  const first = open[0];
  if (!first) return null;
  return {
    letter,
    due: first.due,
    kinds: open.filter((deadline) => deadline.due === first.due).map((deadline) => deadline.kind),
    left: first.left,
  };
}
