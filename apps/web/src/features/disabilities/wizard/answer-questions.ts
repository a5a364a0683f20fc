import type {
  AnswerStep,
  EMPLOYMENT_STATUSES,
  FLARE_UP_DURATIONS,
  FREQUENCIES,
  StepAnswers,
  SYMPTOM_TRENDS,
} from '@muster/contract/disabilities';

/**
 * The question each answer of the document steps is given under: on the page, and again in the
 * review and the downloaded copy, so the veteran reads the same words everywhere.
 */
export const QUESTIONS = {
  'military-symptoms': {
    in_service_event: 'What happened in service that this condition goes back to?',
    symptoms: 'Symptoms you had in service',
    started_on: 'When did they start?',
    description: 'How did the condition affect you in service?',
    reported_during_service: 'Did you report it or get care for it while serving?',
    report_details: 'To whom, and when?',
  },
  'post-military-symptoms': {
    symptoms: 'Symptoms you have now',
    frequency: 'How often do you have them?',
    trend: 'Since you left service, the condition has become',
    description: 'Describe the condition as it is today',
  },
  'flare-ups': {
    has_flare_ups: 'Does the condition flare up, getting worse for a while?',
    frequency: 'How often?',
    duration: 'How long does a flare-up last?',
    severity: 'How bad is a flare-up, from 1 to 10?',
    triggers: 'What sets them off?',
    limitations: 'What can you not do during a flare-up?',
  },
  'professional-impacts': {
    employment_status: 'Are you working now?',
    missed_days_per_month: 'Days of work or school missed in a typical month because of it',
    lost_employment: 'Have you lost a job, or had to change jobs, because of it?',
    description: 'How does the condition affect your work?',
    accommodations: 'Changes made for you at work',
  },
  'social-impacts': {
    description: 'How does the condition affect your daily life?',
    relationships: 'Family, friends and relationships',
    daily_activities: 'Everyday tasks',
    activities_given_up: 'What you have given up',
  },
} as const satisfies { [S in AnswerStep]: Record<keyof StepAnswers<S>, string> };

/** The answers of the choice questions in plain words. */
export const FREQUENCY_LABELS: Record<(typeof FREQUENCIES)[number], string> = {
  constant: 'All the time',
  daily: 'Every day',
  several_times_a_week: 'Several times a week',
  weekly: 'About once a week',
  several_times_a_month: 'Several times a month',
  monthly: 'About once a month',
  less_than_monthly: 'Less than once a month',
};

export const DURATION_LABELS: Record<(typeof FLARE_UP_DURATIONS)[number], string> = {
  minutes: 'Minutes',
  hours: 'Hours',
  one_day: 'About a day',
  several_days: 'Several days',
  a_week_or_more: 'A week or more',
};

export const TREND_LABELS: Record<(typeof SYMPTOM_TRENDS)[number], string> = {
  better: 'Better',
  same: 'About the same',
  worse: 'Worse',
};

export const EMPLOYMENT_LABELS: Record<(typeof EMPLOYMENT_STATUSES)[number], string> = {
  full_time: 'Working full time',
  part_time: 'Working part time',
  self_employed: 'Self-employed',
  unemployed: 'Not working, looking for work',
  retired: 'Retired',
  student: 'In school or training',
  unable_to_work: 'Unable to work',
};
