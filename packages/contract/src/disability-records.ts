import { z } from 'zod';
import { isoDateTimeSchema, pagedSchema, pageQuerySchema } from './common.ts';
import { NARRATIVE_MAX, NOTE_MAX } from './disabilities.ts';
import { safeText } from './text.ts';
import {
  ALL_EXPOSURE_LOCATIONS,
  EXPOSURE_LOCATIONS,
  OTHER,
  additionalHazardSchema,
  exposureKindSchema,
  otherHazardSchema,
} from './toxic-exposures.ts';
import { pastDateSchema } from './veterans.ts';

/**
 * The records a disability collects besides its wizard answers: the primaries a secondary
 * condition rests on, exposures, treatments, and for a mental-health condition the traumatic
 * events, behaviour changes, official reports, evidence sources and DSM-5 PTSD criteria. Each is a
 * resource of its own under `/disabilities/{id}/…`, and each is the caller's own: another user's
 * id answers 404.
 *
 * Every record is created whole (`POST`, checked in full), changed in part (`PATCH`: the fields
 * sent replace the stored ones, and the record as it would become is checked again, so a change
 * cannot break a rule that spans fields), and deleted with its disability.
 */

export const PLACE_MAX = 200;
export const NAME_MAX = 200;
export const MAX_PRIMARIES = 20;
export const MAX_MEDICATIONS = 30;

/**
 * Optional fields of a record default to null, so a stored record always holds every field (a
 * record's `PATCH` body leaves them out instead: see `updateSchemaOf`).
 */
const shortText = (max: number) => safeText({ max }).nullable().default(null);
const longText = (max: number = NARRATIVE_MAX) =>
  safeText({ max, multiline: true }).nullable().default(null);
const optionalDate = pastDateSchema.nullable().default(null);

type DateRange = { start_date?: string | null | undefined; end_date?: string | null | undefined };

/** An end date, when given with a start, is on or after it. */
function checkDateOrder(value: DateRange, context: z.RefinementCtx) {
  if (value.start_date && value.end_date && value.end_date < value.start_date) {
    context.addIssue({
      code: 'custom',
      path: ['end_date'],
      message: 'Must be on or after the start date',
    });
  }
}

/** Each entry of a list at most once. */
function checkUnique(list: readonly string[] | undefined, key: string, context: z.RefinementCtx) {
  list?.forEach((entry, index) => {
    if (list.indexOf(entry) !== index) {
      context.addIssue({ code: 'custom', path: [key, index], message: 'Listed twice' });
    }
  });
}

type WithoutDefault<S> = S extends z.ZodDefault<infer Inner> ? Inner : S;
type PartialShape<T extends z.ZodRawShape> = {
  [K in keyof T]: z.ZodOptional<WithoutDefault<T[K]>>;
};

/**
 * The `PATCH` body of a record: any of its fields, none filled in by default (a default would
 * overwrite what is stored), at least one.
 */
function updateSchemaOf<T extends z.ZodRawShape>(fields: z.ZodObject<T>) {
  const shape = Object.fromEntries(
    Object.entries(fields.shape).map(([key, schema]) => [
      key,
      z.optional(schema instanceof z.ZodDefault ? schema.unwrap() : schema),
    ]),
  );
  return z
    .object(shape as PartialShape<T>)
    .refine((value) => Object.keys(value).length > 0, 'Nothing to update');
}

const recordBase = {
  id: z.uuid(),
  disability_id: z.uuid(),
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
};
/** Records of a mental-health condition also name it. */
const mentalHealthRecordBase = { ...recordBase, condition_id: z.uuid() };

// Secondary disabilities ----------------------------------------------------------------------

/**
 * A secondary condition rests on one or more primaries: the user's other disabilities that caused
 * it or made it worse. The disability in the path is the secondary one. A disability is never its
 * own primary, and no chain of primaries leads back to where it started.
 */
export const SECONDARY_RELATIONS = ['caused', 'aggravated'] as const;

const secondaryFields = z.object({
  primary_ids: z
    .array(z.uuid('Must be the id of one of your disabilities'))
    .min(1, 'Name at least one primary disability')
    .max(MAX_PRIMARIES),
  relation: z.enum(SECONDARY_RELATIONS).default('caused'),
  /** How the primary caused or worsened this condition. */
  explanation: longText(),
});

export const createSecondaryDisabilityInputSchema = secondaryFields.superRefine((value, context) =>
  checkUnique(value.primary_ids, 'primary_ids', context),
);
export type CreateSecondaryDisabilityInput = z.infer<typeof createSecondaryDisabilityInputSchema>;
export const updateSecondaryDisabilityInputSchema = updateSchemaOf(secondaryFields).superRefine(
  (value, context) => checkUnique(value.primary_ids, 'primary_ids', context),
);
export type UpdateSecondaryDisabilityInput = z.infer<typeof updateSecondaryDisabilityInputSchema>;

export const secondaryDisabilitySchema = z
  .object({
    ...recordBase,
    primary_ids: z.array(z.uuid()),
    relation: z.enum(SECONDARY_RELATIONS),
    explanation: z.string().nullable(),
  })
  .meta({ id: 'SecondaryDisability' });
export type SecondaryDisability = z.infer<typeof secondaryDisabilitySchema>;

// Exposures -----------------------------------------------------------------------------------

export const MAX_ADDITIONAL_HAZARDS = 10;

const additionalHazardFields = {
  additional_hazards: z.array(additionalHazardSchema).max(MAX_ADDITIONAL_HAZARDS).default([]),
  /** Hazards the list does not name, in the veteran's words. */
  additional_hazards_details: longText(NOTE_MAX),
};

const exposureFields = z.object({
  kind: exposureKindSchema,
  /** A key of the kind's list of places (`EXPOSURE_LOCATIONS`); none for the other kinds. */
  location: z.enum(ALL_EXPOSURE_LOCATIONS).nullable().default(null),
  /** For `other_hazard` only: which hazard. */
  hazard: otherHazardSchema.nullable().default(null),
  /** Where exactly (base, ship, town); required when the place or hazard is `other`. */
  location_details: shortText(PLACE_MAX),
  start_date: optionalDate,
  end_date: optionalDate,
  /** What the exposure was like: duties, how close, how long. */
  description: longText(),
  ...additionalHazardFields,
});

type ExposureFields = z.input<typeof updateExposureFields>;
const updateExposureFields = updateSchemaOf(exposureFields);

function checkExposure(value: ExposureFields, context: z.RefinementCtx) {
  checkDateOrder(value, context);
  checkUnique(value.additional_hazards, 'additional_hazards', context);
  if (!value.kind) return;
  const places = EXPOSURE_LOCATIONS[value.kind];
  if (places.length === 0 && value.location) {
    context.addIssue({
      code: 'custom',
      path: ['location'],
      message: 'This kind takes no location',
    });
  } else if (places.length > 0 && !value.location) {
    context.addIssue({ code: 'custom', path: ['location'], message: 'Required' });
  } else if (value.location && !places.includes(value.location)) {
    context.addIssue({
      code: 'custom',
      path: ['location'],
      message: 'Not a location of this kind of exposure',
    });
  }
  if (value.kind === 'other_hazard' && !value.hazard) {
    context.addIssue({ code: 'custom', path: ['hazard'], message: 'Required' });
  } else if (value.kind !== 'other_hazard' && value.hazard) {
    context.addIssue({
      code: 'custom',
      path: ['hazard'],
      message: 'Only an other-hazard exposure names a hazard',
    });
  }
  if ((value.location === OTHER || value.hazard === OTHER) && !value.location_details) {
    context.addIssue({
      code: 'custom',
      path: ['location_details'],
      message: 'Say what it was',
    });
  }
}

export const createExposureInputSchema = exposureFields.superRefine(checkExposure);
export const updateExposureInputSchema = updateExposureFields.superRefine((value, context) => {
  checkDateOrder(value, context);
  checkUnique(value.additional_hazards, 'additional_hazards', context);
});

/** `POST …/exposures/{exposureId}/update-additional-hazards`: the hazards met on top, replaced. */
export const updateAdditionalHazardsInputSchema = z
  .object(additionalHazardFields)
  .superRefine((value, context) =>
    checkUnique(value.additional_hazards, 'additional_hazards', context),
  );

export const exposureSchema = z
  .object({
    ...recordBase,
    kind: exposureKindSchema,
    location: z.string().nullable(),
    hazard: otherHazardSchema.nullable(),
    location_details: z.string().nullable(),
    start_date: z.iso.date().nullable(),
    end_date: z.iso.date().nullable(),
    description: z.string().nullable(),
    additional_hazards: z.array(additionalHazardSchema),
    additional_hazards_details: z.string().nullable(),
  })
  .meta({ id: 'Exposure' });
export type Exposure = z.infer<typeof exposureSchema>;

// Treatments ----------------------------------------------------------------------------------

export const FACILITY_TYPES = ['va', 'military', 'vet_center', 'private', 'other'] as const;

const medicationSchema = z.object({
  name: safeText({ min: 1, max: 100 }),
  dosage: shortText(100),
});

/** Where, when and by whom the condition was treated, and with which medications. */
const treatmentFields = z.object({
  facility_name: safeText({ min: 1, max: PLACE_MAX }),
  facility_type: z.enum(FACILITY_TYPES).nullable().default(null),
  provider_name: shortText(NAME_MAX),
  start_date: optionalDate,
  /** Empty while the treatment goes on. */
  end_date: optionalDate,
  medications: z.array(medicationSchema).max(MAX_MEDICATIONS).default([]),
  notes: longText(),
});

export const createTreatmentInputSchema = treatmentFields.superRefine(checkDateOrder);
export const updateTreatmentInputSchema =
  updateSchemaOf(treatmentFields).superRefine(checkDateOrder);

export const treatmentSchema = z
  .object({
    ...recordBase,
    facility_name: z.string(),
    facility_type: z.enum(FACILITY_TYPES).nullable(),
    provider_name: z.string().nullable(),
    start_date: z.iso.date().nullable(),
    end_date: z.iso.date().nullable(),
    medications: z.array(z.object({ name: z.string(), dosage: z.string().nullable() })),
    notes: z.string().nullable(),
  })
  .meta({ id: 'Treatment' });
export type Treatment = z.infer<typeof treatmentSchema>;

// Mental-health conditions --------------------------------------------------------------------

export const MENTAL_HEALTH_CONDITIONS = [
  'ptsd',
  'depression',
  'anxiety',
  'panic',
  'bipolar',
  'adjustment',
  'substance_use',
  'other',
] as const;

/**
 * What kind of stressor the condition rests on. Combat and other events go on VA's form 21-0781;
 * personal assault and military sexual trauma on its form 21-0781a, with their own evidence rules.
 */
export const STRESSOR_TYPES = [
  'combat',
  'non_combat',
  'personal_assault',
  'military_sexual_trauma',
] as const;

const mentalHealthConditionFields = z.object({
  condition: z.enum(MENTAL_HEALTH_CONDITIONS),
  /** The condition's name when it is `other`. */
  condition_details: shortText(NAME_MAX),
  stressor_types: z.array(z.enum(STRESSOR_TYPES)).max(STRESSOR_TYPES.length).default([]),
  notes: longText(),
});

function checkMentalHealthCondition(
  value: z.input<typeof updateMentalHealthConditionFields>,
  context: z.RefinementCtx,
) {
  checkUnique(value.stressor_types, 'stressor_types', context);
  if (value.condition === 'other' && !value.condition_details) {
    context.addIssue({
      code: 'custom',
      path: ['condition_details'],
      message: 'Name the condition',
    });
  }
}
const updateMentalHealthConditionFields = updateSchemaOf(mentalHealthConditionFields);

export const createMentalHealthConditionInputSchema = mentalHealthConditionFields.superRefine(
  checkMentalHealthCondition,
);
export const updateMentalHealthConditionInputSchema = updateMentalHealthConditionFields.superRefine(
  (value, context) => checkUnique(value.stressor_types, 'stressor_types', context),
);

export const mentalHealthConditionSchema = z
  .object({
    ...recordBase,
    condition: z.enum(MENTAL_HEALTH_CONDITIONS),
    condition_details: z.string().nullable(),
    stressor_types: z.array(z.enum(STRESSOR_TYPES)),
    notes: z.string().nullable(),
  })
  .meta({ id: 'MentalHealthCondition' });
export type MentalHealthCondition = z.infer<typeof mentalHealthConditionSchema>;

// Traumatic events ----------------------------------------------------------------------------

/** A stressor: what happened, when, where and with which unit; whether it was sexual trauma. */
const traumaticEventFields = z.object({
  description: safeText({ min: 1, max: NARRATIVE_MAX, multiline: true }),
  date: optionalDate,
  /** The date is the veteran's best guess. */
  date_is_approximate: z.boolean().default(false),
  location: shortText(PLACE_MAX),
  unit: shortText(NAME_MAX),
  /** Military sexual trauma: VA accepts other evidence for it (behaviour changes, reports). */
  is_mst: z.boolean().default(false),
});

export const createTraumaticEventInputSchema = traumaticEventFields;
export const updateTraumaticEventInputSchema = updateSchemaOf(traumaticEventFields);

export const traumaticEventSchema = z
  .object({
    ...mentalHealthRecordBase,
    description: z.string(),
    date: z.iso.date().nullable(),
    date_is_approximate: z.boolean(),
    location: z.string().nullable(),
    unit: z.string().nullable(),
    is_mst: z.boolean(),
  })
  .meta({ id: 'TraumaticEvent' });
export type TraumaticEvent = z.infer<typeof traumaticEventSchema>;

// Behaviour changes ---------------------------------------------------------------------------

/**
 * The behaviour changes VA's 21-526EZ asks about after a personal trauma, with VA's keys (so each
 * maps onto the form) and VA's words.
 */
export const BEHAVIOR_CHANGES = {
  changeAssignment: 'Sudden requests for a change in occupational series or duty assignment',
  increasedLeave: 'Increased use of leave',
  withoutLeave: 'AWOL - Absent without leave',
  performanceChanges: 'Changes in performance and performance evaluations',
  economicChanges: 'Economic changes',
  resign: 'Resigning from your job',
  increasedVisits:
    'Increased visits to a medical or counseling clinic or dispensary, even without a specific diagnosis or specific ailment',
  pregnancyTests: 'Pregnancy tests around the time of the incident',
  hivTests: 'Tests for HIV or sexually transmitted diseases',
  weightChanges: 'Extreme weight loss or gain',
  lethargy: 'Lethargy',
  breakup: 'Breakup of primary relationship',
  increasedDisregard: 'Increased disregard for military or civilian authority',
  withdrawal: 'Withdrawal from friends',
  unexplained: 'Unexplained social behavior changes',
  depression: 'Episodes of depression, panic attacks, or anxiety without an identifiable cause',
  obsessive: 'Obsessive behaviors',
  prescription:
    'Increased or decreased use of prescription medications or over-the-counter medications',
  substance: 'Substance abuse such as alcohol or drugs',
  hypervigilance: 'Hypervigilance, heightened fight or flight response',
  agoraphobia: 'Staying at home, not wanting to go out, agoraphobia',
  fear: 'Increased fear of surroundings, inability to go to certain areas',
} as const;

/** VA's keys, and `other` for a change the list does not name (described in `description`). */
export const BEHAVIOR_CHANGE_KEYS = [
  ...(Object.keys(BEHAVIOR_CHANGES) as (keyof typeof BEHAVIOR_CHANGES)[]),
  OTHER,
] as const;
const behaviorChangeKeySchema = z.enum(BEHAVIOR_CHANGE_KEYS);

const behaviorChangeFields = z.object({
  change: behaviorChangeKeySchema,
  /** What changed, in the veteran's words; required for `other`. */
  description: longText(NOTE_MAX),
  noticed_on: optionalDate,
});

function checkBehaviorChange(
  value: z.input<typeof updateBehaviorChangeInputSchema>,
  context: z.RefinementCtx,
) {
  if (value.change === OTHER && !value.description) {
    context.addIssue({ code: 'custom', path: ['description'], message: 'Describe the change' });
  }
}

export const createBehaviorChangeInputSchema =
  behaviorChangeFields.superRefine(checkBehaviorChange);
export const updateBehaviorChangeInputSchema = updateSchemaOf(behaviorChangeFields);

export const behaviorChangeSchema = z
  .object({
    ...mentalHealthRecordBase,
    change: behaviorChangeKeySchema,
    description: z.string().nullable(),
    noticed_on: z.iso.date().nullable(),
  })
  .meta({ id: 'BehaviorChange' });
export type BehaviorChange = z.infer<typeof behaviorChangeSchema>;

// Official reports ----------------------------------------------------------------------------

/**
 * Reports made of the event. Restricted and unrestricted are the two ways a sexual assault is
 * reported in the military.
 */
export const REPORT_TYPES = [
  'restricted',
  'unrestricted',
  'military_police',
  'civilian_police',
  'chain_of_command',
  'medical',
  'other',
] as const;

const officialReportFields = z.object({
  report_type: z.enum(REPORT_TYPES),
  /** Who took the report (an office, a police department). */
  agency: shortText(NAME_MAX),
  report_number: shortText(100),
  report_date: optionalDate,
  description: longText(NOTE_MAX),
});

export const createOfficialReportInputSchema = officialReportFields;
export const updateOfficialReportInputSchema = updateSchemaOf(officialReportFields);

export const officialReportSchema = z
  .object({
    ...mentalHealthRecordBase,
    report_type: z.enum(REPORT_TYPES),
    agency: z.string().nullable(),
    report_number: z.string().nullable(),
    report_date: z.iso.date().nullable(),
    description: z.string().nullable(),
  })
  .meta({ id: 'OfficialReport' });
export type OfficialReport = z.infer<typeof officialReportSchema>;

// Evidence sources ----------------------------------------------------------------------------

/** Who or what else can tell of the event or the change in the veteran. */
export const EVIDENCE_SOURCE_TYPES = [
  'buddy_statement',
  'family_statement',
  'medical_records',
  'counseling_records',
  'clergy',
  'rape_crisis_center',
  'law_enforcement',
  'military_records',
  'personal_records',
  'other',
] as const;

const evidenceSourceFields = z.object({
  source_type: z.enum(EVIDENCE_SOURCE_TYPES),
  /** The person or office. */
  name: shortText(NAME_MAX),
  /** How to reach them. */
  contact: shortText(NAME_MAX),
  description: longText(NOTE_MAX),
  /** Whether the veteran already has it in hand. */
  obtained: z.boolean().nullable().default(null),
});

export const createEvidenceSourceInputSchema = evidenceSourceFields;
export const updateEvidenceSourceInputSchema = updateSchemaOf(evidenceSourceFields);

export const evidenceSourceSchema = z
  .object({
    ...mentalHealthRecordBase,
    source_type: z.enum(EVIDENCE_SOURCE_TYPES),
    name: z.string().nullable(),
    contact: z.string().nullable(),
    description: z.string().nullable(),
    obtained: z.boolean().nullable(),
  })
  .meta({ id: 'EvidenceSource' });
export type EvidenceSource = z.infer<typeof evidenceSourceSchema>;

// DSM-5 PTSD criteria -------------------------------------------------------------------------

/** DSM-5's eight criteria for PTSD, A to H, which VA's examiners work through. */
export const DSM_CRITERIA = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] as const;
export const dsmCriterionLetterSchema = z.enum(DSM_CRITERIA);
export type DsmCriterionLetter = z.infer<typeof dsmCriterionLetterSchema>;

/** What each criterion asks, and the signs the veteran can tick under it, in plain words. */
export const DSM_CRITERION_ITEMS = {
  A: {
    label: 'Exposure to actual or threatened death, serious injury or sexual violence',
    items: {
      direct: 'It happened to me',
      witnessed: 'I saw it happen to others',
      learned_of_close_person: 'It happened to a close family member or friend',
      repeated_details: 'I was exposed again and again to its details (such as recovering remains)',
    },
  },
  B: {
    label: 'The event comes back uninvited',
    items: {
      intrusive_memories: 'Memories that intrude',
      nightmares: 'Nightmares about it',
      flashbacks: 'Flashbacks: feeling or acting as if it were happening again',
      distress_at_reminders: 'Strong distress at reminders',
      body_reactions_to_reminders: 'Strong bodily reactions to reminders',
    },
  },
  C: {
    label: 'Avoiding what recalls it',
    items: {
      avoids_thoughts_feelings: 'Avoiding memories, thoughts or feelings about it',
      avoids_reminders: 'Avoiding people, places, talk or things that recall it',
    },
  },
  D: {
    label: 'Thinking and mood changed for the worse',
    items: {
      memory_gaps: 'Cannot remember important parts of it',
      negative_beliefs: 'Lasting negative beliefs about myself, others or the world',
      distorted_blame: 'Blaming myself or others for it beyond reason',
      negative_emotions: 'Lasting fear, horror, anger, guilt or shame',
      lost_interest: 'Lost interest in activities I cared about',
      detachment: 'Feeling cut off from others',
      no_positive_emotions: 'Cannot feel happiness, satisfaction or love',
    },
  },
  E: {
    label: 'On edge and quick to react',
    items: {
      irritability_anger: 'Irritability or angry outbursts',
      reckless_behavior: 'Reckless or self-destructive behaviour',
      hypervigilance: 'Always on guard',
      startle: 'Startling easily',
      concentration: 'Trouble concentrating',
      sleep: 'Trouble falling or staying asleep',
    },
  },
  F: {
    label: 'It has lasted more than a month',
    items: {
      over_a_month: 'The troubles above have lasted more than a month',
      delayed_onset: 'They began in full six months or more after the event',
    },
  },
  G: {
    label: 'It causes real distress or gets in the way of life',
    items: {
      distress: 'Significant distress',
      social_impairment: 'Trouble with family, friends or social life',
      work_impairment: 'Trouble at work or school',
    },
  },
  H: {
    label: 'Not from a substance or another illness',
    items: {
      not_substance: 'Not caused by medication, alcohol or drugs',
      not_medical_condition: 'Not caused by another medical condition',
    },
  },
} as const satisfies Record<DsmCriterionLetter, { label: string; items: Record<string, string> }>;

const ALL_DSM_ITEMS = [
  ...new Set(
    DSM_CRITERIA.flatMap((criterion) => Object.keys(DSM_CRITERION_ITEMS[criterion].items)),
  ),
] as [string, ...string[]];

/** Whether `item` is one of the signs listed under `criterion`. */
export function isDsmItemOf(criterion: DsmCriterionLetter, item: string): boolean {
  return Object.hasOwn(DSM_CRITERION_ITEMS[criterion].items, item);
}

export const DSM_ANSWERS = ['yes', 'no', 'unsure'] as const;

/**
 * `PUT …/dsm-criteria/{criterion}`: the answer to one criterion, saved whole. `items` are keys of
 * that criterion's signs (`DSM_CRITERION_ITEMS`).
 */
export const dsmCriterionAnswerInputSchema = z
  .object({
    met: z.enum(DSM_ANSWERS).nullable().default(null),
    items: z.array(z.enum(ALL_DSM_ITEMS)).max(10).default([]),
    explanation: longText(),
  })
  .superRefine((value, context) => checkUnique(value.items, 'items', context));
export type DsmCriterionAnswerInput = z.infer<typeof dsmCriterionAnswerInputSchema>;

export const dsmAnswersSchema = z.object({
  met: z.enum(DSM_ANSWERS).nullable(),
  items: z.array(z.string()),
  explanation: z.string().nullable(),
});

/** A criterion as stored: `answers` and `updated_at` are null until it is answered. */
export const dsmCriterionSchema = z
  .object({
    criterion: dsmCriterionLetterSchema,
    condition_id: z.uuid(),
    answers: dsmAnswersSchema.nullable(),
    updated_at: isoDateTimeSchema.nullable(),
  })
  .meta({ id: 'DsmCriterionAnswer' });
export type DsmCriterion = z.infer<typeof dsmCriterionSchema>;

/** `GET …/dsm-criteria`: all eight, A to H. */
export const dsmCriteriaSchema = z
  .object({ results: z.array(dsmCriterionSchema) })
  .meta({ id: 'DsmCriteria' });

// The collections -----------------------------------------------------------------------------

/**
 * The record collections that share one shape of API (list, create, read, change, delete), by
 * path segment: what they hang under, the name of their id in paths, and their schemas.
 */
export const DISABILITY_RECORDS = {
  exposures: {
    parent: 'disability',
    param: 'exposureId',
    create: createExposureInputSchema,
    update: updateExposureInputSchema,
    item: exposureSchema,
  },
  treatments: {
    parent: 'disability',
    param: 'treatmentId',
    create: createTreatmentInputSchema,
    update: updateTreatmentInputSchema,
    item: treatmentSchema,
  },
  'mental-health-conditions': {
    parent: 'disability',
    param: 'conditionId',
    create: createMentalHealthConditionInputSchema,
    update: updateMentalHealthConditionInputSchema,
    item: mentalHealthConditionSchema,
  },
  'traumatic-events': {
    parent: 'mental-health-conditions',
    param: 'eventId',
    create: createTraumaticEventInputSchema,
    update: updateTraumaticEventInputSchema,
    item: traumaticEventSchema,
  },
  'behavior-changes': {
    parent: 'mental-health-conditions',
    param: 'changeId',
    create: createBehaviorChangeInputSchema,
    update: updateBehaviorChangeInputSchema,
    item: behaviorChangeSchema,
  },
  'official-reports': {
    parent: 'mental-health-conditions',
    param: 'reportId',
    create: createOfficialReportInputSchema,
    update: updateOfficialReportInputSchema,
    item: officialReportSchema,
  },
  'evidence-sources': {
    parent: 'mental-health-conditions',
    param: 'sourceId',
    create: createEvidenceSourceInputSchema,
    update: updateEvidenceSourceInputSchema,
    item: evidenceSourceSchema,
  },
} as const;

export type DisabilityRecordKind = keyof typeof DISABILITY_RECORDS;
export const DISABILITY_RECORD_KINDS = Object.keys(DISABILITY_RECORDS) as DisabilityRecordKind[];
export type DisabilityRecord<K extends DisabilityRecordKind> = z.infer<
  (typeof DISABILITY_RECORDS)[K]['item']
>;

/** A page of any collection: `{results, meta}`, newest first. */
export function recordPageSchema<K extends DisabilityRecordKind>(kind: K) {
  return pagedSchema(DISABILITY_RECORDS[kind].item);
}

// Listing -------------------------------------------------------------------------------------

/** The orders of the lists under a disability; a leading `-` orders descending. */
export const RECORD_SORTS = ['-created_at', 'created_at', '-updated_at'] as const;
export const RECORD_SEARCH_MAX = 200;

const recordSortSchema = z
  .enum(RECORD_SORTS)
  .default('-created_at')
  .describe('A field to order by; a leading `-` orders it descending. Newest first by default.');

/**
 * `GET …/{collection}?q=clinic&sort=-updated_at&page=1&page_size=20`: a page of one collection
 * (exposures, treatments, mental-health conditions, and under a condition its traumatic events,
 * behaviour changes, official reports and evidence sources). `q` keeps the records with any text
 * value containing it, in any case (what the veteran wrote, and the keys picked from lists).
 */
export const disabilityRecordListQuerySchema = pageQuerySchema.extend({
  q: safeText({ max: RECORD_SEARCH_MAX })
    .default('')
    .describe('Only records with a text value containing this text (any case).'),
  sort: recordSortSchema,
});
export type DisabilityRecordListQuery = z.infer<typeof disabilityRecordListQuerySchema>;

/**
 * `GET …/secondary-disabilities?sort=created_at`: a page of the connections of a secondary
 * disability. No `q`: a disability rests on one or two primaries, which the list shows whole.
 */
export const secondaryDisabilityListQuerySchema = pageQuerySchema.extend({
  sort: recordSortSchema,
});
export type SecondaryDisabilityListQuery = z.infer<typeof secondaryDisabilityListQuerySchema>;
