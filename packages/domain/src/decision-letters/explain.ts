import type { DecisionOutcome, MissingElement } from '@muster/contract/decision-letters';
import { formatLongDay } from '../format.ts';

/** A decision as read from a letter (the parser's reading). */
export type DecisionFacts = {
  condition: string;
  outcome: DecisionOutcome;
  percent: number | null;
  effective_date: string | null;
  secondary_to: string | null;
  presumptive: boolean;
  previous_percent: number | null;
  reason_keywords: string[];
};

/** What each missing element means, and what would supply it, in plain words. */
export const MISSING_EXPLANATIONS: Record<MissingElement, string> = {
  diagnosis:
    'A current diagnosis: medical evidence (a doctor’s records or a VA exam) that you have the condition now.',
  'in-service event':
    'Proof of the event, injury, illness or exposure in service: service records, or statements from you and people who saw it.',
  nexus:
    'A medical opinion linking the condition to your service (a nexus): that it is at least as likely as not (50 percent or more) caused or made worse by it.',
  'new and relevant evidence':
    'Evidence VA had not seen before that bears on what was missing; with it you can file a Supplemental Claim (VA Form 20-0995).',
  criteria:
    'Evidence that your condition meets the criteria of a higher rating level in the rating schedule (38 CFR Part 4): how often, how severe, what you cannot do.',
};

const isMissingElement = (keyword: string): keyword is MissingElement =>
  keyword in MISSING_EXPLANATIONS;

function dated(day: string | null): string {
  return day ? ` from ${formatLongDay(day)}` : '';
}

/** Why VA decided as it did, in plain words, from the facts the letter states. */
export function reasonsFor(decision: DecisionFacts): string[] {
  const { condition, percent, previous_percent: previous } = decision;
  const rated = percent === null ? '' : ` at ${percent} percent`;
  switch (decision.outcome) {
    case 'granted': {
      const basis = decision.presumptive
        ? ' on a presumptive basis (the law presumes the link for your service, so no medical opinion was needed)'
        : decision.secondary_to
          ? `, as caused or made worse by your service-connected ${decision.secondary_to}`
          : '';
      const lines = [
        `VA found that your ${condition} is connected to your service${basis}, and rated it${rated}${dated(decision.effective_date)}.`,
      ];
      if (percent === 0) {
        lines.push(
          'A 0 percent rating pays nothing by itself, but the condition is service connected: if it gets worse you can ask for an increase, and it can count toward other benefits.',
        );
      }
      return lines;
    }
    case 'denied':
      return [`VA did not grant service connection (or the benefit asked for) for ${condition}.`];
    case 'deferred':
      return [
        `VA has not decided ${condition} yet: it needs more evidence or an exam first. Nothing is due from you on it until VA writes again.`,
      ];
    case 'increased':
      return [
        `VA raised the rating of your ${condition}${previous === null ? '' : ` from ${previous} percent`} to ${percent ?? '?'} percent${dated(decision.effective_date)}.`,
      ];
    case 'decreased':
      return [
        `VA lowered the rating of your ${condition}${previous === null ? '' : ` from ${previous} percent`} to ${percent ?? '?'} percent${dated(decision.effective_date)}.`,
      ];
    case 'continued':
      return [
        `VA kept the rating of your ${condition}${rated}: the evidence did not show it worse.`,
      ];
    case 'severed':
      return [
        `VA ended (severed) service connection for your ${condition}${dated(decision.effective_date)}.`,
      ];
  }
}

/** For a denial or a low rating: what the claim lacked, each explained. */
export function missingFor(
  decision: DecisionFacts,
): { element: MissingElement; explanation: string }[] {
  return [...new Set(decision.reason_keywords)]
    .filter(isMissingElement)
    .map((element) => ({ element, explanation: MISSING_EXPLANATIONS[element] }));
}
