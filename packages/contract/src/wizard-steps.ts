// No zod here: the web app's paths read this list, and they load before zod may.

/**
 * The wizard's pages, in the order it visits them: how the condition is connected to service,
 * symptoms in and after service, flare-ups, treatment, work and daily life, then (only where they
 * apply) exposures and the four trauma pages, and last the statement's generation and download.
 * Each is one path segment under `/disabilities/{id}/`.
 */
export const DISABILITY_WIZARD_STEPS = [
  'type',
  'military-symptoms',
  'post-military-symptoms',
  'flare-ups',
  'treatments',
  'professional-impacts',
  'social-impacts',
  'exposures',
  'trauma-events',
  'trauma-behaviors',
  'trauma-evidences',
  'trauma-criteria',
  'generate',
  'download',
] as const;
export type DisabilityWizardStep = (typeof DISABILITY_WIZARD_STEPS)[number];

/** Each page's title, as the heading and in the list of pages. */
export const WIZARD_STEP_TITLES: Readonly<Record<DisabilityWizardStep, string>> = {
  type: 'How it connects to your service',
  'military-symptoms': 'Symptoms during service',
  'post-military-symptoms': 'Symptoms since service',
  'flare-ups': 'Flare-ups',
  treatments: 'Treatment',
  'professional-impacts': 'Impact on work',
  'social-impacts': 'Impact on daily life',
  exposures: 'Exposures',
  'trauma-events': 'Traumatic events',
  'trauma-behaviors': 'Changes in behavior',
  'trauma-evidences': 'Reports and evidence',
  'trauma-criteria': 'PTSD criteria',
  generate: 'Review your answers',
  download: 'Download your answers',
};
