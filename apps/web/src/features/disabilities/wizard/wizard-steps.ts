import type { DisabilityWizardStep } from '@muster/contract/wizard-steps';
import { TRAUMA_STEPS } from '@muster/domain/disability-wizard';

/** Pages about trauma: they can be paused and skipped, and show the Veterans Crisis Line. */
export function isTraumaStep(step: DisabilityWizardStep): boolean {
  return (TRAUMA_STEPS as readonly DisabilityWizardStep[]).includes(step);
}
