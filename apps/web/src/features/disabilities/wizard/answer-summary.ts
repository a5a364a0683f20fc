import type { Disability, DisabilityAnswerStep } from '@muster/contract/disabilities';
import { EXPOSURE_KIND_LABELS, exposureLocationLabel } from '@muster/contract/toxic-exposures';
import {
  BEHAVIOR_CHANGES,
  type BehaviorChange,
  type Exposure,
  type TraumaticEvent,
  type Treatment,
} from '@muster/contract/disability-records';
import { WIZARD_STEP_TITLES, type DisabilityWizardStep } from '@muster/contract/wizard-steps';

import { claimTypeLabel } from '../utils/disability-labels';
import {
  DURATION_LABELS,
  EMPLOYMENT_LABELS,
  FREQUENCY_LABELS,
  QUESTIONS,
  TREND_LABELS,
} from './answer-questions';

/** One answered question, in the words the veteran saw it. */
export type AnsweredQuestion = { question: string; answer: string };

/** A page's answers as question and answer, in the page's order; unanswered ones left out. */
export type StepSummary = {
  step: DisabilityWizardStep;
  title: string;
  answers: AnsweredQuestion[];
};

function answerText(key: string, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (Array.isArray(value)) return value.length > 0 ? value.join('; ') : null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (key === 'severity') return `${String(value)} out of 10`;
  if (key === 'missed_days_per_month') return value === 1 ? '1 day' : `${String(value)} days`;
  if (typeof value === 'number') return String(value);
  const text = String(value);
  const labels: Record<string, Record<string, string>> = {
    frequency: FREQUENCY_LABELS,
    duration: DURATION_LABELS,
    trend: TREND_LABELS,
    employment_status: EMPLOYMENT_LABELS,
  };
  return labels[key]?.[text] ?? text;
}

/** A document step's saved answers as questions and answers. */
export function summarizeAnswerStep(stored: DisabilityAnswerStep): StepSummary {
  const questions: Record<string, string> = QUESTIONS[stored.step];
  const answers = stored.answers ?? {};
  return {
    step: stored.step,
    title: WIZARD_STEP_TITLES[stored.step],
    answers: Object.entries(questions).flatMap(([key, question]) => {
      const answer = answerText(key, (answers as Record<string, unknown>)[key]);
      return answer === null ? [] : [{ question, answer }];
    }),
  };
}

function period(start: string | null, end: string | null): string | null {
  if (!start && !end) return null;
  return `${start ?? 'unknown'} to ${end ?? 'now'}`;
}

export function summarizeTreatments(treatments: readonly Treatment[]): StepSummary {
  return {
    step: 'treatments',
    title: WIZARD_STEP_TITLES.treatments,
    answers: treatments.map((treatment) => ({
      question: treatment.facility_name,
      answer:
        [
          treatment.provider_name,
          period(treatment.start_date, treatment.end_date),
          treatment.medications
            .map((medicine) =>
              medicine.dosage ? `${medicine.name} ${medicine.dosage}` : medicine.name,
            )
            .join(', ') || null,
          treatment.notes,
        ]
          .filter(Boolean)
          .join(' · ') || 'No details yet',
    })),
  };
}

export function summarizeExposures(exposures: readonly Exposure[]): StepSummary {
  return {
    step: 'exposures',
    title: WIZARD_STEP_TITLES.exposures,
    answers: exposures.map((exposure) => ({
      question: EXPOSURE_KIND_LABELS[exposure.kind],
      answer:
        [
          exposure.location ? exposureLocationLabel(exposure.kind, exposure.location) : null,
          exposure.location_details,
          period(exposure.start_date, exposure.end_date),
          exposure.description,
        ]
          .filter(Boolean)
          .join(' · ') || 'No details yet',
    })),
  };
}

export function summarizeTraumaEvents(events: readonly TraumaticEvent[]): StepSummary {
  return {
    step: 'trauma-events',
    title: WIZARD_STEP_TITLES['trauma-events'],
    answers: events.map((event, index) => ({
      question: `Event ${index + 1}`,
      answer: [
        event.description,
        event.date ? `${event.date_is_approximate ? 'About ' : ''}${event.date}` : null,
        event.location,
        event.unit,
        event.is_mst ? 'Military sexual trauma' : null,
      ]
        .filter(Boolean)
        .join(' · '),
    })),
  };
}

export function summarizeBehaviorChanges(changes: readonly BehaviorChange[]): StepSummary {
  return {
    step: 'trauma-behaviors',
    title: WIZARD_STEP_TITLES['trauma-behaviors'],
    answers: changes.map((change) => ({
      question: change.change === 'other' ? 'Something else' : BEHAVIOR_CHANGES[change.change],
      answer: [change.description, change.noticed_on].filter(Boolean).join(' · ') || 'Yes',
    })),
  };
}

/** What a rater would look for and the answers do not say yet, in plain words. */
export function missingPieces(input: {
  disability: Disability;
  steps: readonly DisabilityWizardStep[];
  answers: readonly DisabilityAnswerStep[];
  treatments: readonly Treatment[];
  /** The traumatic events recorded, for a condition whose pages ask for them. */
  traumaticEvents?: readonly TraumaticEvent[];
}): { text: string; step: DisabilityWizardStep | null }[] {
  const { disability, steps, answers, treatments, traumaticEvents = [] } = input;
  const stepAnswers = (step: DisabilityAnswerStep['step']) =>
    (answers.find((entry) => entry.step === step)?.answers ?? {}) as Record<string, unknown>;
  const missing: { text: string; step: DisabilityWizardStep | null }[] = [];
  if (!disability.claim_type) {
    missing.push({ text: 'How the condition connects to your service', step: 'type' });
  }
  if (!disability.diagnosis) {
    missing.push({
      text: 'A diagnosis: VA needs a current diagnosis from a doctor for most conditions',
      step: null,
    });
  }
  if (steps.includes('military-symptoms') && !stepAnswers('military-symptoms').in_service_event) {
    missing.push({ text: 'What happened in service', step: 'military-symptoms' });
  }
  if (!stepAnswers('post-military-symptoms').description) {
    missing.push({ text: 'How the condition is today', step: 'post-military-symptoms' });
  }
  if (stepAnswers('flare-ups').has_flare_ups == null) {
    missing.push({ text: 'Whether the condition flares up', step: 'flare-ups' });
  }
  if (treatments.length === 0) {
    missing.push({ text: 'Any treatment: where, when and by whom', step: 'treatments' });
  }
  if (steps.includes('trauma-events') && traumaticEvents.length === 0) {
    missing.push({ text: 'The event in service behind the condition', step: 'trauma-events' });
  }
  if (!stepAnswers('professional-impacts').description) {
    missing.push({ text: 'How the condition affects your work', step: 'professional-impacts' });
  }
  if (!stepAnswers('social-impacts').description) {
    missing.push({ text: 'How the condition affects your daily life', step: 'social-impacts' });
  }
  return missing;
}

/** Everything as a plain-text document the veteran can keep, print or hand to a helper. */
export function answersDocument(input: {
  disability: Disability;
  sections: readonly StepSummary[];
  today: string;
}): string {
  const { disability, sections, today } = input;
  const lines = [
    `${disability.title}: your answers`,
    `Written down with Muster on ${today}.`,
    '',
    `Diagnosis: ${disability.diagnosis ?? 'Not diagnosed'}`,
    `Connection to service: ${claimTypeLabel(disability.claim_type)}`,
  ];
  for (const section of sections) {
    lines.push('', section.title.toUpperCase(), '');
    if (section.answers.length === 0) lines.push('Not answered yet.');
    for (const { question, answer } of section.answers) lines.push(question, answer, '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
