import type {
  DecisionOutcome,
  MissingElement,
  ReviewKind,
} from '@muster/contract/decision-letters';

/** How each outcome reads in the decisions table. */
export const OUTCOME_LABELS: Record<DecisionOutcome, string> = {
  granted: 'Granted',
  denied: 'Denied',
  deferred: 'Deferred',
  increased: 'Increased',
  decreased: 'Decreased',
  continued: 'Continued',
  severed: 'Severed',
};

/** Outcomes the veteran may want reviewed: VA said no, or took something away. */
export const UNFAVOURABLE_OUTCOMES: ReadonlySet<DecisionOutcome> = new Set([
  'denied',
  'decreased',
  'severed',
]);

/** Outcomes after which the veteran holds a rating for the condition. */
export const RATED_OUTCOMES: ReadonlySet<DecisionOutcome> = new Set([
  'granted',
  'increased',
  'decreased',
  'continued',
]);

export const MISSING_LABELS: Record<MissingElement, string> = {
  diagnosis: 'A current diagnosis',
  'in-service event': 'An in-service event',
  nexus: 'A medical link to service (nexus)',
  'new and relevant evidence': 'New and relevant evidence',
  criteria: 'Evidence of the next higher level',
};

export type ReviewOption = {
  name: string;
  form: string;
  /** The filled form's file name, without the extension. */
  formFile: string;
  /** When to choose it, in plain words. */
  when: string;
  /** What it asks of the veteran. */
  how: string;
  /** What the deadline means for it, and what is left once it has passed. */
  deadlineNote: string;
};

/** The three ways to ask VA to look again, in the order the results page offers them. */
export const REVIEW_OPTIONS: Record<ReviewKind, ReviewOption> = {
  'supplemental-claim': {
    name: 'Supplemental Claim',
    form: 'VA Form 20-0995',
    formFile: 'VA-20-0995-supplemental-claim',
    when: 'You have new and relevant evidence VA did not see: a diagnosis, a medical opinion, records or statements that speak to what was missing.',
    how: 'Send the new evidence with the form, or name where VA can get it. A regional office decides again.',
    deadlineNote:
      'Filed by this day, it keeps your original effective date. You can still file after it, but benefits would then start no earlier than the day VA receives it.',
  },
  'higher-level-review': {
    name: 'Higher-Level Review',
    form: 'VA Form 20-0996',
    formFile: 'VA-20-0996-higher-level-review',
    when: 'You think VA got it wrong on the evidence it already had, for example it overlooked a record or misapplied a rule.',
    how: 'No new evidence is allowed. A more senior reviewer looks again; you may ask for a short call (informal conference) to point out the error.',
    deadlineNote:
      'The last day VA accepts it for this decision. After it, a Supplemental Claim with new evidence is still open to you.',
  },
  'board-appeal': {
    name: 'Board Appeal',
    form: 'VA Form 10182',
    formFile: 'VA-10182-board-appeal',
    when: 'You want a Veterans Law Judge to decide. Choose a docket: direct review (no new evidence, fastest), evidence submission (new evidence within 90 days) or a hearing.',
    how: 'File the Notice of Disagreement with the Board of Veterans’ Appeals. It usually takes longest.',
    deadlineNote:
      'The last day the Board accepts it. A later appeal is taken only for good cause, which you explain on the form.',
  },
};

export const REVIEW_ORDER: readonly ReviewKind[] = [
  'supplemental-claim',
  'higher-level-review',
  'board-appeal',
];
