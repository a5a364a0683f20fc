import type { ClaimType } from '@muster/contract/disabilities';
import { DISABILITY_WIZARD_STEPS, type DisabilityWizardStep } from '@muster/contract/wizard-steps';
import { bodySystemOf, type BodySystemInput } from './body-systems.ts';

/** The pages about a mental-health condition's stressor, behaviour, evidence and DSM-5 criteria. */
export const TRAUMA_STEPS = [
  'trauma-events',
  'trauma-behaviors',
  'trauma-evidences',
  'trauma-criteria',
] as const satisfies readonly DisabilityWizardStep[];

export type WizardPlanInput = BodySystemInput & {
  claim_type?: ClaimType | null | undefined;
  /** The condition is on a presumptive list (the catalogue's PACT flag or a list naming it). */
  on_presumptive_list?: boolean | undefined;
  /** Exposures are recorded for the condition already. */
  has_exposures?: boolean | undefined;
};

/**
 * Why a page is left out for a condition, or null when it applies:
 * - symptoms in service: not for a condition another one caused, or one VA care caused, since
 *   neither began in service;
 * - exposures: only when the claim rests on a presumption, the condition is on a presumptive
 *   list, or exposures are recorded already;
 * - the trauma pages: only for a mental-health condition.
 */
export function skipReason(step: DisabilityWizardStep, input: WizardPlanInput): string | null {
  if (step === 'military-symptoms') {
    if (input.claim_type === 'secondary') return 'Another condition caused this one';
    if (input.claim_type === 'caused_by_va_care') return 'VA care caused this condition';
    return null;
  }
  if (step === 'exposures') {
    const applies =
      input.claim_type === 'presumptive' ||
      input.on_presumptive_list === true ||
      input.has_exposures === true;
    return applies ? null : 'Nothing points to an exposure';
  }
  if ((TRAUMA_STEPS as readonly string[]).includes(step)) {
    return bodySystemOf(input) === 'mental' ? null : 'Only for a mental-health condition';
  }
  return null;
}

/** The pages the wizard visits for a condition, in order. */
export function wizardSteps(input: WizardPlanInput): DisabilityWizardStep[] {
  return DISABILITY_WIZARD_STEPS.filter((step) => skipReason(step, input) === null);
}

/**
 * Where the wizard goes from `step`: the next and previous pages that apply, and the page's place
 * among them (1-based) for the progress bar. A page that does not apply (opened by its address)
 * counts from the nearest page before it that does.
 */
export function wizardPosition(step: DisabilityWizardStep, input: WizardPlanInput) {
  const steps = wizardSteps(input);
  const order = DISABILITY_WIZARD_STEPS.indexOf(step);
  const before = steps.filter((entry) => DISABILITY_WIZARD_STEPS.indexOf(entry) < order);
  const after = steps.filter((entry) => DISABILITY_WIZARD_STEPS.indexOf(entry) > order);
  const applies = steps.includes(step);
  return {
    steps,
    applies,
    index: before.length + (applies ? 1 : 0),
    total: steps.length,
    previous: before.at(-1) ?? null,
    next: after[0] ?? null,
  };
}
