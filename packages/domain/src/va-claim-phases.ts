import { formatLongDay } from './format.ts';

/**
 * VA's claim status in plain words. VA moves a compensation claim through eight phases; Benefits
 * Claims v2 names the current one (`claimPhaseDates.phaseType` in the list,
 * `claimPhaseDates.latestPhaseType` in one claim) and, for one claim, the day each earlier phase
 * ended (`previousPhases.phaseNCompleteDate`). Its coarser `status` covers several phases at once,
 * so it places a claim only when no phase is given. Pure functions: no I/O.
 */

export type VaClaimPhaseNumber = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

export type VaClaimPhase = {
  phase: VaClaimPhaseNumber;
  /** VA's name of the phase in its claim answers. */
  code: string;
  label: string;
  /** What happens in this phase, in one plain sentence. */
  explanation: string;
};

export const VA_CLAIM_PHASES: readonly VaClaimPhase[] = [
  {
    phase: 1,
    code: 'CLAIM_RECEIVED',
    label: 'Claim received',
    explanation: 'VA has your claim and will assign it to a reviewer.',
  },
  {
    phase: 2,
    code: 'UNDER_REVIEW',
    label: 'Initial review',
    explanation:
      'A reviewer is checking your claim and deciding whether VA needs more information.',
  },
  {
    phase: 3,
    code: 'GATHERING_OF_EVIDENCE',
    label: 'Evidence gathering',
    explanation:
      'VA is collecting evidence from you, your doctors and government records, and may set up an exam.',
  },
  {
    phase: 4,
    code: 'REVIEW_OF_EVIDENCE',
    label: 'Review of evidence',
    explanation:
      'VA is reviewing all the evidence; if something is missing, the claim can go back a step.',
  },
  {
    phase: 5,
    code: 'PREPARATION_FOR_DECISION',
    label: 'Preparation for decision',
    explanation: 'VA is recommending a decision and preparing the papers for it.',
  },
  {
    phase: 6,
    code: 'PENDING_DECISION_APPROVAL',
    label: 'Pending decision approval',
    explanation: 'A senior reviewer is checking and approving the recommended decision.',
  },
  {
    phase: 7,
    code: 'PREPARATION_FOR_NOTIFICATION',
    label: 'Preparation for notification',
    explanation: 'VA has decided your claim and is preparing your decision letter.',
  },
  {
    phase: 8,
    code: 'COMPLETE',
    label: 'Complete',
    explanation: 'VA has finished your claim and sent your decision letter.',
  },
];

const PHASE_BY_CODE = new Map(VA_CLAIM_PHASES.map((phase) => [phase.code, phase]));

/** Where VA's coarse status places a claim when it names no phase (none for errored or canceled). */
const PHASE_OF_STATUS: Readonly<Record<string, VaClaimPhaseNumber>> = {
  PENDING: 1,
  CLAIM_RECEIVED: 1,
  INITIAL_REVIEW: 2,
  EVIDENCE_GATHERING_REVIEW_DECISION: 3,
  PREPARATION_FOR_NOTIFICATION: 7,
  COMPLETE: 8,
};

const STATUS_LABELS: Readonly<Record<string, string>> = {
  PENDING: 'Sent to VA, waiting to be set up',
  CLAIM_RECEIVED: 'Received by VA',
  INITIAL_REVIEW: 'In initial review',
  EVIDENCE_GATHERING_REVIEW_DECISION: 'Gathering evidence, reviewing and deciding',
  PREPARATION_FOR_NOTIFICATION: 'Decided, letter being prepared',
  COMPLETE: 'Complete',
  ERRORED: 'VA could not set this claim up',
  CANCELED: 'Canceled by VA',
};

export function vaClaimPhase(phase: VaClaimPhaseNumber): VaClaimPhase {
  return VA_CLAIM_PHASES[phase - 1]!;
}

/** The phase a claim is in: VA's named phase first, else its status; null when neither places it. */
export function vaClaimPhaseOf(options: {
  phaseType?: string | null | undefined;
  status?: string | null | undefined;
}): VaClaimPhase | null {
  const named = options.phaseType ? PHASE_BY_CODE.get(options.phaseType.toUpperCase()) : undefined;
  if (named) return named;
  const byStatus = options.status ? PHASE_OF_STATUS[options.status.toUpperCase()] : undefined;
  return byStatus ? vaClaimPhase(byStatus) : null;
}

/** VA's status code in plain words (an unknown code is spelt out rather than hidden). */
export function vaClaimStatusLabel(status: string | null | undefined): string {
  if (!status) return 'No status from VA yet';
  const known = STATUS_LABELS[status.toUpperCase()];
  if (known) return known;
  const words = status.toLowerCase().replaceAll('_', ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export type VaClaimStepState = 'complete' | 'current' | 'upcoming';

export type VaClaimStep = VaClaimPhase & {
  state: VaClaimStepState;
  /** The day VA finished this phase, when VA says. */
  completedDate: string | null;
};

/**
 * The eight phases in order, each complete, current or upcoming against `current` (all upcoming
 * when the claim has no phase), with the day VA finished it where VA gave one
 * (`previousPhases.phase{N}CompleteDate`). The last phase, once reached, counts as complete.
 */
export function vaClaimTimeline(options: {
  current: VaClaimPhaseNumber | null;
  completedDates?: Readonly<Record<string, string | null | undefined>> | null;
}): VaClaimStep[] {
  const { current } = options;
  return VA_CLAIM_PHASES.map((phase) => {
    const state: VaClaimStepState =
      current === null || phase.phase > current
        ? 'upcoming'
        : phase.phase < current || phase.phase === 8
          ? 'complete'
          : 'current';
    const completedDate = options.completedDates?.[`phase${phase.phase}CompleteDate`] ?? null;
    return { ...phase, state, completedDate: state === 'upcoming' ? null : completedDate };
  });
}

/** "Step 3 of 8: Evidence gathering". */
export function vaClaimStepText(phase: VaClaimPhase): string {
  return `Step ${phase.phase} of ${VA_CLAIM_PHASES.length}: ${phase.label}`;
}

const TRACKED_ITEM_LABELS: Readonly<Record<string, string>> = {
  NEEDED_FROM_YOU: 'Needed from you',
  NEEDED_FROM_OTHERS: 'Requested from someone else',
  SUBMITTED_AWAITING_REVIEW: 'Sent, waiting for VA to review it',
  INITIAL_REVIEW_COMPLETE: 'Reviewed by VA',
  ACCEPTED: 'Accepted by VA',
  NO_LONGER_REQUIRED: 'No longer needed',
};

/** A tracked item VA is waiting for the veteran to answer. */
export function isTrackedItemNeededFromVeteran(status: string | null | undefined): boolean {
  return status?.toUpperCase() === 'NEEDED_FROM_YOU';
}

export function trackedItemStatusLabel(status: string | null | undefined): string {
  if (!status) return 'No status from VA yet';
  return TRACKED_ITEM_LABELS[status.toUpperCase()] ?? vaClaimStatusLabel(status);
}

/** What the veteran should do about a tracked item, in one plain sentence. */
export function trackedItemNextStep(options: {
  status: string | null | undefined;
  /** `YYYY-MM-DD`. */
  dueDate: string | null | undefined;
}): string {
  const status = options.status?.toUpperCase();
  const due =
    options.dueDate && /^\d{4}-\d{2}-\d{2}$/.test(options.dueDate)
      ? formatLongDay(options.dueDate)
      : null;
  switch (status) {
    case 'NEEDED_FROM_YOU':
      return due
        ? `Send VA what it asks for by ${due}: upload it on VA.gov or mail it, or tell VA you have nothing more to send.`
        : 'Send VA what it asks for as soon as you can: upload it on VA.gov or mail it, or tell VA you have nothing more to send.';
    case 'NEEDED_FROM_OTHERS':
      return 'VA asked someone else for this, such as a doctor or an agency; if you have it yourself, sending it can speed things up.';
    case 'SUBMITTED_AWAITING_REVIEW':
      return 'Nothing for now: VA has what was sent and will review it.';
    default:
      return 'Nothing for you to do.';
  }
}
