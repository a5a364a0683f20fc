import type { LetterDecision } from '@muster/contract/decision-letters';
import { DISABILITY_TITLE_MAX, type CreateDisabilityInput } from '@muster/contract/disabilities';

import { RATED_OUTCOMES } from './labels';

/**
 * A decision as a disability to record: its condition as VA worded it, the rated diagnostic code
 * (the one after the hyphen of a hyphenated code), the rating VA holds it at, and how it is
 * connected when the letter says (secondary or presumptive).
 */
export function toDisabilityInput(decision: LetterDecision): CreateDisabilityInput {
  const code = decision.diagnostic_code?.split('-').pop() ?? null;
  const percent =
    RATED_OUTCOMES.has(decision.outcome) &&
    decision.percent !== null &&
    decision.percent % 10 === 0 &&
    decision.percent >= 0 &&
    decision.percent <= 100
      ? decision.percent
      : null;
  const claimType = decision.presumptive
    ? 'presumptive'
    : decision.secondary_to
      ? 'secondary'
      : null;
  return {
    title: decision.condition.slice(0, DISABILITY_TITLE_MAX).trim(),
    ...(code && /^\d{4}$/.test(code) ? { diagnostic_code: code } : {}),
    ...(percent === null ? {} : { percent }),
    ...(claimType ? { claim_type: claimType } : {}),
  };
}
