import { DISABILITY_WIZARD_STEPS } from '@muster/contract/wizard-steps';
import { describe, expect, it } from 'vitest';

import { bodySystemOf } from './body-systems.ts';
import { TRAUMA_STEPS, skipReason, wizardPosition, wizardSteps } from './disability-wizard.ts';

const KNEE = { title: 'Knee strain, left', classification_code: '8997', diagnostic_code: '5260' };
const PTSD = { title: 'PTSD (post-traumatic stress disorder)', classification_code: '8989' };

describe('bodySystemOf', () => {
  it('reads the diagnostic code first', () => {
    expect(bodySystemOf({ diagnostic_code: '5260' })).toBe('musculoskeletal');
    expect(bodySystemOf({ diagnostic_code: '6260' })).toBe('ear');
    expect(bodySystemOf({ diagnostic_code: '9411' })).toBe('mental');
    expect(bodySystemOf({ diagnostic_code: '8100' })).toBe('neurological');
    expect(bodySystemOf({ diagnostic_code: '6602' })).toBe('respiratory');
    // A code outside every schedule falls through to the classification.
    expect(bodySystemOf({ diagnostic_code: '0001', classification_code: '9016' })).toBe('skin');
  });

  it('then the classification, then mental-health words in the title', () => {
    expect(bodySystemOf({ classification_code: '8989' })).toBe('mental');
    expect(bodySystemOf({ classification_code: '8970' })).toBe('mental');
    expect(bodySystemOf({ classification_code: '8943' })).toBe('cardiovascular');
    expect(bodySystemOf({ title: 'my ptsd from Iraq' })).toBe('mental');
    expect(bodySystemOf({ title: 'Depression and anxiety' })).toBe('mental');
    expect(bodySystemOf({ title: 'Military sexual trauma' })).toBe('mental');
    expect(bodySystemOf({ title: 'bad knee' })).toBe('general');
    expect(bodySystemOf({})).toBe('general');
  });

  it('does not take a word inside another word for a mental-health term', () => {
    expect(bodySystemOf({ title: 'Hammertoes' })).toBe('general');
    expect(bodySystemOf({ title: 'Stomach cramps' })).toBe('general');
  });
});

describe('wizardSteps', () => {
  it('a knee claimed directly skips exposures and the trauma pages', () => {
    expect(wizardSteps({ ...KNEE, claim_type: 'direct' })).toEqual([
      'type',
      'military-symptoms',
      'post-military-symptoms',
      'flare-ups',
      'treatments',
      'professional-impacts',
      'social-impacts',
      'generate',
      'download',
    ]);
  });

  it('PTSD gets the four trauma pages, in order, before the statement', () => {
    const steps = wizardSteps({ ...PTSD, claim_type: 'direct' });
    expect(steps).toEqual([
      'type',
      'military-symptoms',
      'post-military-symptoms',
      'flare-ups',
      'treatments',
      'professional-impacts',
      'social-impacts',
      ...TRAUMA_STEPS,
      'generate',
      'download',
    ]);
  });

  it('a secondary or VA-care condition skips the symptoms in service', () => {
    expect(wizardSteps({ ...KNEE, claim_type: 'secondary' })).not.toContain('military-symptoms');
    expect(wizardSteps({ ...KNEE, claim_type: 'caused_by_va_care' })).not.toContain(
      'military-symptoms',
    );
    expect(skipReason('military-symptoms', { claim_type: 'secondary' })).toBe(
      'Another condition caused this one',
    );
    expect(wizardSteps({ ...KNEE, claim_type: 'worsened_by_service' })).toContain(
      'military-symptoms',
    );
  });

  it('exposures apply to a presumptive claim, a listed condition, or recorded exposures', () => {
    expect(wizardSteps({ ...KNEE, claim_type: 'presumptive' })).toContain('exposures');
    expect(wizardSteps({ ...KNEE, on_presumptive_list: true })).toContain('exposures');
    expect(wizardSteps({ ...KNEE, has_exposures: true })).toContain('exposures');
    expect(wizardSteps({ ...KNEE })).not.toContain('exposures');
  });

  it('always keeps the wizard’s own order', () => {
    const steps = wizardSteps({ ...PTSD, claim_type: 'presumptive' });
    const order = steps.map((step) => DISABILITY_WIZARD_STEPS.indexOf(step));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(steps).toHaveLength(DISABILITY_WIZARD_STEPS.length);
  });
});

describe('wizardPosition', () => {
  it('counts only the pages that apply', () => {
    const knee = { ...KNEE, claim_type: 'direct' as const };
    expect(wizardPosition('type', knee)).toMatchObject({
      index: 1,
      total: 9,
      previous: null,
      next: 'military-symptoms',
      applies: true,
    });
    expect(wizardPosition('social-impacts', knee)).toMatchObject({
      index: 7,
      next: 'generate',
    });
    expect(wizardPosition('download', knee)).toMatchObject({ index: 9, next: null });
  });

  it('places a page that does not apply after the nearest one before it', () => {
    const position = wizardPosition('trauma-events', { ...KNEE, claim_type: 'direct' });
    expect(position).toMatchObject({
      applies: false,
      index: 7,
      previous: 'social-impacts',
      next: 'generate',
    });
  });
});
