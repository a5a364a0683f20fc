import { describe, expect, it } from 'vitest';
import {
  ANSWER_STEPS,
  LISTED_TWICE,
  NOT_DIAGNOSED,
  bulkCreateDisabilitiesInputSchema,
  createDisabilityInputSchema,
  disabilityTitleKey,
  diagnosisLabel,
  disabilityWizardStepSchemas,
} from './disabilities.ts';
import {
  BEHAVIOR_CHANGE_KEYS,
  DISABILITY_RECORDS,
  DISABILITY_RECORD_KINDS,
  DSM_CRITERIA,
  DSM_CRITERION_ITEMS,
  createExposureInputSchema,
  isDsmItemOf,
  updateExposureInputSchema,
  updateTreatmentInputSchema,
} from './disability-records.ts';
import {
  DISABILITY_ROUTES,
  disabilityRouteSummary,
  recordCollectionPath,
  recordPath,
} from './disability-routes.ts';
import {
  ADDITIONAL_HAZARD_KEYS,
  EXPOSURE_KINDS,
  EXPOSURE_KIND_LABELS,
  EXPOSURE_LOCATIONS,
  exposureLocationLabel,
} from './toxic-exposures.ts';

describe('[CONTRACT][DISABILITIES]', () => {
  it('[CONTRACT][DISABILITIES]: a title is 1 to 200 characters after trimming; percent is a VA rating', () => {
    expect(createDisabilityInputSchema.parse({ title: '  Tinnitus ' }).title).toBe('Tinnitus');
    expect(createDisabilityInputSchema.safeParse({ title: ' ' }).success).toBe(false);
    expect(createDisabilityInputSchema.safeParse({ title: 'x'.repeat(201) }).success).toBe(false);
    for (const percent of [0, 10, 50, 100]) {
      expect(createDisabilityInputSchema.safeParse({ title: 'K', percent }).success).toBe(true);
    }
    for (const percent of [5, 15, 110, -10, 20.5]) {
      expect(createDisabilityInputSchema.safeParse({ title: 'K', percent }).success).toBe(false);
    }
    expect(diagnosisLabel({ diagnosis: null })).toBe(NOT_DIAGNOSED);
    expect(diagnosisLabel({ diagnosis: '  ' })).toBe(NOT_DIAGNOSED);
    expect(diagnosisLabel({ diagnosis: 'Tendinitis' })).toBe('Tendinitis');
  });

  it('[CONTRACT][DISABILITIES]: a bulk add takes 1 to 50 entries, no title twice (any case or whitespace)', () => {
    expect(disabilityTitleKey(' Knee  Strain,\tLEFT ')).toBe(
      disabilityTitleKey('knee strain,left'),
    );
    expect(disabilityTitleKey('Knee strain, left')).not.toBe(
      disabilityTitleKey('Knee strain, right'),
    );
    const list = (...titles: string[]) => ({ disabilities: titles.map((title) => ({ title })) });
    expect(bulkCreateDisabilitiesInputSchema.safeParse(list('Knee', 'Back')).success).toBe(true);
    expect(bulkCreateDisabilitiesInputSchema.safeParse(list()).success).toBe(false);
    const fifty = Array.from({ length: 50 }, (_, index) => `Condition ${index}`);
    expect(bulkCreateDisabilitiesInputSchema.safeParse(list(...fifty)).success).toBe(true);
    expect(bulkCreateDisabilitiesInputSchema.safeParse(list(...fifty, 'One more')).success).toBe(
      false,
    );
    const twice = bulkCreateDisabilitiesInputSchema.safeParse(list('Knee', 'Back', ' KNEE'));
    expect(twice.error?.issues).toEqual([
      expect.objectContaining({ path: ['disabilities', 2, 'title'], message: LISTED_TWICE }),
    ]);
  });

  it('[CONTRACT][DISABILITIES]: every wizard step accepts a draft with nothing answered yet', () => {
    for (const step of ANSWER_STEPS) {
      expect(disabilityWizardStepSchemas[step].safeParse({}).success, step).toBe(true);
    }
    expect(disabilityWizardStepSchemas['flare-ups'].safeParse({ severity: 10 }).success).toBe(true);
    expect(disabilityWizardStepSchemas['flare-ups'].safeParse({ severity: 11 }).success).toBe(
      false,
    );
  });
});

describe('[CONTRACT][EXPOSURES]', () => {
  it('[CONTRACT][EXPOSURES]: each kind has a label and the places of its VA list', () => {
    for (const kind of EXPOSURE_KINDS) expect(EXPOSURE_KIND_LABELS[kind], kind).toBeTruthy();
    expect(EXPOSURE_LOCATIONS.gulf_war_1990).toContain('neutralzone');
    expect(EXPOSURE_LOCATIONS.gulf_war_2001).toEqual([
      'djibouti',
      'lebanon',
      'uzbekistan',
      'yemen',
      'airspace',
    ]);
    expect(EXPOSURE_LOCATIONS.herbicide).toContain('c123');
    // Burn pits were at the Gulf War places of both lists, each named once.
    const burnPits = EXPOSURE_LOCATIONS.burn_pits;
    expect(burnPits).toEqual(expect.arrayContaining(['iraq', 'djibouti', 'airspace', 'other']));
    expect(new Set(burnPits).size).toBe(burnPits.length);
    // Radiation names its radiation-risk activity, or another in words.
    expect(EXPOSURE_LOCATIONS.radiation).toEqual(
      expect.arrayContaining(['nuclear_test', 'hiroshima_nagasaki', 'other']),
    );
    for (const kind of ['camp_lejeune', 'other_hazard'] as const) {
      expect(EXPOSURE_LOCATIONS[kind]).toEqual([]);
    }
    // The form's "none" and "not sure" answers are not places.
    for (const places of Object.values(EXPOSURE_LOCATIONS)) {
      expect(places).not.toContain('none');
      expect(places).not.toContain('notsure');
    }
    expect(ADDITIONAL_HAZARD_KEYS).toEqual([
      'asbestos',
      'chemical',
      'water',
      'mos',
      'mustardgas',
      'radiation',
    ]);
    expect(exposureLocationLabel('herbicide', 'vietnam')).toBe(
      'Vietnam or the waters in or off of Vietnam',
    );
    expect(exposureLocationLabel('burn_pits', 'yemen')).toBe('Yemen');
    expect(exposureLocationLabel('gulf_war_2001', 'iraq')).toBeUndefined();
    expect(exposureLocationLabel('herbicide', 'other')).toBe('Another location');
  });

  it('[CONTRACT][EXPOSURES]: a change leaves out what it does not send; a create fills in empty fields', () => {
    expect(updateExposureInputSchema.parse({ description: 'x' })).toEqual({ description: 'x' });
    expect(updateTreatmentInputSchema.parse({ notes: 'x' })).toEqual({ notes: 'x' });
    expect(updateTreatmentInputSchema.safeParse({}).success).toBe(false);
    expect(createExposureInputSchema.parse({ kind: 'camp_lejeune' })).toEqual({
      kind: 'camp_lejeune',
      location: null,
      hazard: null,
      location_details: null,
      start_date: null,
      end_date: null,
      description: null,
      additional_hazards: [],
      additional_hazards_details: null,
    });
  });
});

describe('[CONTRACT][MENTAL HEALTH]', () => {
  it('[CONTRACT][MENTAL HEALTH]: each DSM-5 sign belongs to one criterion only', () => {
    const seen = new Map<string, string>();
    for (const criterion of DSM_CRITERIA) {
      const { label, items } = DSM_CRITERION_ITEMS[criterion];
      expect(label, criterion).toBeTruthy();
      expect(Object.keys(items).length, criterion).toBeGreaterThan(0);
      for (const item of Object.keys(items)) {
        expect(seen.get(item), item).toBeUndefined();
        seen.set(item, criterion);
        expect(isDsmItemOf(criterion, item)).toBe(true);
      }
    }
    expect(isDsmItemOf('A', 'nightmares')).toBe(false);
    expect(isDsmItemOf('B', 'toString')).toBe(false);
  });

  it("[CONTRACT][MENTAL HEALTH]: VA's 22 behaviour changes, and other", () => {
    expect(BEHAVIOR_CHANGE_KEYS).toHaveLength(23);
    expect(BEHAVIOR_CHANGE_KEYS).toEqual(
      expect.arrayContaining(['hypervigilance', 'withoutLeave', 'other']),
    );
  });
});

describe('[CONTRACT][DISABILITY ROUTES]', () => {
  it('[CONTRACT][DISABILITY ROUTES]: each route once; every collection has its five calls', () => {
    const keys = DISABILITY_ROUTES.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const kind of DISABILITY_RECORD_KINDS) {
      for (const method of ['GET', 'POST'] as const) {
        expect(keys).toContain(`${method} ${recordCollectionPath(kind)}`);
      }
      for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
        expect(keys).toContain(`${method} ${recordPath(kind)}`);
      }
      const under = DISABILITY_RECORDS[kind].parent === 'disability' ? 2 : 4;
      expect(recordCollectionPath(kind).split('/').length - 1, kind).toBe(under + 1);
    }
    expect(recordPath('traumatic-events')).toBe(
      '/disabilities/:id/mental-health-conditions/:conditionId/traumatic-events/:eventId',
    );
    expect(disabilityRouteSummary('POST', '/disabilities')).toMatch(/title/);
    expect(() => disabilityRouteSummary('PUT', '/disabilities')).toThrow(/not in/);
  });
});
