import { describe, expect, it } from 'vitest';
import {
  isTrackedItemNeededFromVeteran,
  trackedItemNextStep,
  trackedItemStatusLabel,
  vaClaimPhaseOf,
  vaClaimStatusLabel,
  vaClaimStepText,
  vaClaimTimeline,
} from './va-claim-phases.ts';

describe('[DOMAIN][VA-CLAIM-PHASES]: VA claim phases in plain words', () => {
  it('[DOMAIN]: each phase VA names maps to its step, label and explanation', () => {
    const codes = [
      'CLAIM_RECEIVED',
      'UNDER_REVIEW',
      'GATHERING_OF_EVIDENCE',
      'REVIEW_OF_EVIDENCE',
      'PREPARATION_FOR_DECISION',
      'PENDING_DECISION_APPROVAL',
      'PREPARATION_FOR_NOTIFICATION',
      'COMPLETE',
    ];
    expect(codes.map((phaseType) => vaClaimPhaseOf({ phaseType })?.phase)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8,
    ]);
    expect(codes.map((phaseType) => vaClaimPhaseOf({ phaseType })?.label)).toEqual([
      'Claim received',
      'Initial review',
      'Evidence gathering',
      'Review of evidence',
      'Preparation for decision',
      'Pending decision approval',
      'Preparation for notification',
      'Complete',
    ]);
    expect(vaClaimPhaseOf({ phaseType: 'GATHERING_OF_EVIDENCE' })?.explanation).toMatch(
      /collecting evidence/,
    );
    expect(vaClaimStepText(vaClaimPhaseOf({ phaseType: 'GATHERING_OF_EVIDENCE' })!)).toBe(
      'Step 3 of 8: Evidence gathering',
    );
  });

  it('[DOMAIN]: the named phase wins over the coarse status; the status places a claim without one', () => {
    expect(
      vaClaimPhaseOf({ phaseType: 'REVIEW_OF_EVIDENCE', status: 'INITIAL_REVIEW' })?.phase,
    ).toBe(4);
    expect(vaClaimPhaseOf({ phaseType: null, status: 'INITIAL_REVIEW' })?.phase).toBe(2);
    expect(vaClaimPhaseOf({ status: 'PENDING' })?.phase).toBe(1);
    expect(vaClaimPhaseOf({ status: 'EVIDENCE_GATHERING_REVIEW_DECISION' })?.phase).toBe(3);
    expect(vaClaimPhaseOf({ status: 'PREPARATION_FOR_NOTIFICATION' })?.phase).toBe(7);
    expect(vaClaimPhaseOf({ status: 'COMPLETE' })?.phase).toBe(8);
    expect(vaClaimPhaseOf({ phaseType: 'SOMETHING_NEW', status: 'complete' })?.phase).toBe(8);
    expect(vaClaimPhaseOf({ status: 'ERRORED' })).toBeNull();
    expect(vaClaimPhaseOf({ status: 'CANCELED' })).toBeNull();
    expect(vaClaimPhaseOf({})).toBeNull();
  });

  it('[DOMAIN]: statuses read plainly; an unknown one is spelt out', () => {
    expect(vaClaimStatusLabel('CLAIM_RECEIVED')).toBe('Received by VA');
    expect(vaClaimStatusLabel('EVIDENCE_GATHERING_REVIEW_DECISION')).toBe(
      'Gathering evidence, reviewing and deciding',
    );
    expect(vaClaimStatusLabel('CANCELED')).toBe('Canceled by VA');
    expect(vaClaimStatusLabel('ON_HOLD_FOR_REVIEW')).toBe('On hold for review');
    expect(vaClaimStatusLabel(null)).toBe('No status from VA yet');
  });

  it('[DOMAIN]: the timeline marks earlier phases complete with VA’s dates, the current one, and the rest upcoming', () => {
    const steps = vaClaimTimeline({
      current: 3,
      completedDates: { phase1CompleteDate: '2026-09-02', phase2CompleteDate: '2026-09-20' },
    });
    expect(steps.map((s) => s.state)).toEqual([
      'complete',
      'complete',
      'current',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
    ]);
    expect(steps.map((s) => s.completedDate)).toEqual([
      '2026-09-02',
      '2026-09-20',
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(vaClaimTimeline({ current: 8 }).every((s) => s.state === 'complete')).toBe(true);
    expect(vaClaimTimeline({ current: null }).every((s) => s.state === 'upcoming')).toBe(true);
    // A date VA gives for a phase the claim has not reached (it moved back) is not shown as done.
    expect(
      vaClaimTimeline({ current: 3, completedDates: { phase4CompleteDate: '2026-10-01' } })[3]!
        .completedDate,
    ).toBeNull();
  });

  it('[DOMAIN]: tracked items: what VA waits for, in plain words, with what to do by when', () => {
    expect(isTrackedItemNeededFromVeteran('NEEDED_FROM_YOU')).toBe(true);
    expect(isTrackedItemNeededFromVeteran('NEEDED_FROM_OTHERS')).toBe(false);
    expect(isTrackedItemNeededFromVeteran(null)).toBe(false);
    expect(trackedItemStatusLabel('NEEDED_FROM_YOU')).toBe('Needed from you');
    expect(trackedItemStatusLabel('NO_LONGER_REQUIRED')).toBe('No longer needed');
    expect(trackedItemNextStep({ status: 'NEEDED_FROM_YOU', dueDate: '2026-12-15' })).toBe(
      'Send VA what it asks for by December 15, 2026: upload it on VA.gov or mail it, or tell VA you have nothing more to send.',
    );
    expect(trackedItemNextStep({ status: 'NEEDED_FROM_YOU', dueDate: null })).toMatch(
      /^Send VA what it asks for as soon as you can/,
    );
    expect(trackedItemNextStep({ status: 'NEEDED_FROM_OTHERS', dueDate: null })).toMatch(
      /asked someone else/,
    );
    expect(trackedItemNextStep({ status: 'ACCEPTED', dueDate: '2026-12-15' })).toBe(
      'Nothing for you to do.',
    );
  });
});
