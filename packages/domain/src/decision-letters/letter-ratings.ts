import type { Limb } from '@muster/contract/calculator';
import type { DecisionOutcome } from '@muster/contract/decision-letters';
import type { RatingEntry } from '../combined-rating.ts';

/** Parts of an arm and of a leg, as VA names them in rating decisions. */
const ARM_PARTS =
  /\b(?:arms?|upper extremit(?:y|ies)|shoulders?|rotator cuff|elbows?|forearms?|wrists?|carpal tunnel|hands?|fingers?|thumbs?|ulnar|median nerve|radial nerve)\b/i;
const LEG_PARTS =
  /\b(?:legs?|lower extremit(?:y|ies)|hips?|thighs?|hamstrings?|quadriceps|knees?|patell\w*|tibia\w*|fibula\w*|shins?|ankles?|achilles|feet|foot|toes?|hallux|metatars\w*|heels?|calf|calves|sciatic|peroneal|plantar)\b/i;

/**
 * The limb a condition sits on, for the bilateral factor (38 CFR 4.26 counts arms and legs,
 * shoulders to fingers and hips to toes); undefined when the name gives no side or no limb, or
 * names both sides.
 */
export function limbOf(condition: string): Limb | undefined {
  const left = /\bleft\b/i.test(condition);
  const right = /\bright\b/i.test(condition);
  if (left === right) return undefined;
  const side = left ? 'left' : 'right';
  if (ARM_PARTS.test(condition)) return `${side}-arm`;
  if (LEG_PARTS.test(condition)) return `${side}-leg`;
  return undefined;
}

/** Outcomes after which the veteran holds a rating for the condition. */
const RATED: ReadonlySet<DecisionOutcome> = new Set([
  'granted',
  'increased',
  'decreased',
  'continued',
]);

export type LetterRating = RatingEntry & { condition: string };

/**
 * The ratings a letter leaves the veteran with: one per rated decision (the latest stage of a
 * staged rating), each with the limb its name places it on. Denied, deferred and severed
 * conditions hold no rating.
 */
export function letterRatings(
  decisions: readonly { condition: string; outcome: DecisionOutcome; percent: number | null }[],
): LetterRating[] {
  return decisions.flatMap((decision) => {
    if (!RATED.has(decision.outcome) || decision.percent === null) return [];
    if (decision.percent < 0 || decision.percent > 100) return [];
    const limb = limbOf(decision.condition);
    return [
      limb
        ? { condition: decision.condition, percent: decision.percent, limb }
        : { condition: decision.condition, percent: decision.percent },
    ];
  });
}
