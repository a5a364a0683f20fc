import { z } from 'zod';
import { ratingPercentSchema } from './calculator.ts';
import { isoDateTimeSchema, pagedSchema, pageQuerySchema } from './common.ts';
import { sideOfBodySchema } from './conditions.ts';
import { safeText } from './text.ts';
import { pastDateSchema } from './veterans.ts';
import { DISABILITY_WIZARD_STEPS, type DisabilityWizardStep } from './wizard-steps.ts';

export { DISABILITY_WIZARD_STEPS, type DisabilityWizardStep };

/**
 * A disability: one condition the veteran claims, with what a VA rater needs to know about it. The
 * title is free text (a catalogue label or the veteran's own words); the catalogue fields are
 * filled when the veteran picked a catalogue match. Everything the veteran writes about the
 * condition (the diagnosis, every wizard answer, every sub-resource's text) is stored encrypted;
 * only the title stays plain, since lists and the search palette look it up.
 */

export const DISABILITY_TITLE_MAX = 200;
export const DIAGNOSIS_MAX = 200;
/** Shown where a disability has no diagnosis yet (the palette, the list). */
export const NOT_DIAGNOSED = 'Not diagnosed';

/**
 * How the condition is connected to service: it began in service (direct), another
 * service-connected condition caused or worsened it (secondary), service worsened a condition that
 * was there before (worsened by service), VA care caused it, or the law presumes the connection
 * for the veteran's service (presumptive).
 */
export const CLAIM_TYPES = [
  'direct',
  'secondary',
  'worsened_by_service',
  'caused_by_va_care',
  'presumptive',
] as const;
export const claimTypeSchema = z.enum(CLAIM_TYPES);
export type ClaimType = z.infer<typeof claimTypeSchema>;

export const wizardStepSchema = z.enum(DISABILITY_WIZARD_STEPS);

/** A VASRD diagnostic code (38 CFR Part 4): four digits, such as 5260 for limited knee flexion. */
export const diagnosticCodeSchema = safeText({ min: 1, max: 4 }).regex(
  /^\d{4}$/,
  'Must be a 4-digit diagnostic code',
);
/** VA's contention classification code (Benefits Reference Data): digits only. */
export const classificationCodeSchema = safeText({ min: 1, max: 8 }).regex(
  /^\d{1,8}$/,
  'Must be a classification code (digits only)',
);

/**
 * The fields of a disability other than its title. Absent or null leaves a field empty; an empty
 * diagnosis means "not diagnosed". `veteran_id` names one of the user's veteran records; left out
 * on create, the primary record is used (none when the user has no record yet).
 */
const disabilityFields = {
  diagnostic_code: diagnosticCodeSchema.nullable().optional(),
  classification_code: classificationCodeSchema.nullable().optional(),
  side_of_body: sideOfBodySchema.nullable().optional(),
  diagnosis: safeText({ max: DIAGNOSIS_MAX }).nullable().optional(),
  claim_type: claimTypeSchema.nullable().optional(),
  veteran_id: z.uuid('Must be the id of one of your veteran records').nullable().optional(),
  /** The rating VA already gave the condition (0–100 in steps of 10); null when not rated. */
  percent: ratingPercentSchema.nullable().optional(),
  /** The wizard page the veteran was last on, so the questions resume there. */
  wizard_step: wizardStepSchema.nullable().optional(),
};

const titleSchema = safeText({ min: 1, max: DISABILITY_TITLE_MAX });

/** `POST /disabilities/`: at least the title. */
export const createDisabilityInputSchema = z.object({ title: titleSchema, ...disabilityFields });
export type CreateDisabilityInput = z.infer<typeof createDisabilityInputSchema>;

/** `PATCH /disabilities/{id}`: the fields sent change, null clears one. */
export const updateDisabilityInputSchema = z
  .object({ title: titleSchema.optional(), ...disabilityFields })
  .refine((value) => Object.keys(value).length > 0, 'Nothing to update');
export type UpdateDisabilityInput = z.infer<typeof updateDisabilityInputSchema>;

export const DISABILITY_SORTS = [
  '-created_at',
  'created_at',
  '-updated_at',
  'title',
  '-title',
] as const;

/** `GET /disabilities/?q=knee&sort=-created_at&page=1&page_size=20`: newest first by default. */
export const disabilityListQuerySchema = pageQuerySchema.extend({
  q: safeText({ max: DISABILITY_TITLE_MAX })
    .default('')
    .describe('Only disabilities whose title contains this text (any case).'),
  sort: z
    .enum(DISABILITY_SORTS)
    .default('-created_at')
    .describe('A field to order by; a leading `-` orders it descending.'),
});
export type DisabilityListQuery = z.infer<typeof disabilityListQuerySchema>;

export const disabilitySchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    diagnostic_code: z.string().nullable(),
    classification_code: z.string().nullable(),
    side_of_body: sideOfBodySchema.nullable(),
    /** Null when the condition is not diagnosed yet. */
    diagnosis: z.string().nullable(),
    claim_type: claimTypeSchema.nullable(),
    veteran_id: z.uuid().nullable(),
    percent: z.number().int().nullable(),
    wizard_step: wizardStepSchema.nullable(),
    created_at: isoDateTimeSchema,
    updated_at: isoDateTimeSchema,
  })
  .meta({ id: 'Disability' });
export type Disability = z.infer<typeof disabilitySchema>;

export const disabilityPageSchema = pagedSchema(disabilitySchema);
export type DisabilityPage = z.infer<typeof disabilityPageSchema>;

/** The diagnosis to show for a disability. */
export function diagnosisLabel(disability: { diagnosis: string | null }): string {
  return disability.diagnosis?.trim() || NOT_DIAGNOSED;
}

// The wizard's answers -----------------------------------------------------------------------

/**
 * The wizard steps whose answers are stored as one document per step (`PUT` saves a step whole,
 * so an autosave can send it again and again). Other steps have resources of their own
 * (treatments, exposures, the mental-health records).
 */
export const ANSWER_STEPS = [
  'military-symptoms',
  'post-military-symptoms',
  'flare-ups',
  'professional-impacts',
  'social-impacts',
] as const;
export type AnswerStep = (typeof ANSWER_STEPS)[number];

export const NARRATIVE_MAX = 5000;
export const NOTE_MAX = 2000;
export const SYMPTOM_MAX = 100;
export const MAX_SYMPTOMS = 30;

/** Free text over several lines; empty means unanswered. */
export const narrativeSchema = (max: number = NARRATIVE_MAX) =>
  safeText({ max, multiline: true }).nullable().optional();

const symptomListSchema = z
  .array(safeText({ min: 1, max: SYMPTOM_MAX }))
  .max(MAX_SYMPTOMS, `At most ${MAX_SYMPTOMS} symptoms`);

export const FREQUENCIES = [
  'constant',
  'daily',
  'several_times_a_week',
  'weekly',
  'several_times_a_month',
  'monthly',
  'less_than_monthly',
] as const;
export const frequencySchema = z.enum(FREQUENCIES);

export const FLARE_UP_DURATIONS = [
  'minutes',
  'hours',
  'one_day',
  'several_days',
  'a_week_or_more',
] as const;

export const SYMPTOM_TRENDS = ['better', 'same', 'worse'] as const;

export const EMPLOYMENT_STATUSES = [
  'full_time',
  'part_time',
  'self_employed',
  'unemployed',
  'retired',
  'student',
  'unable_to_work',
] as const;

/**
 * Each step's answers. Every field may be left out while the veteran is still answering (the
 * wizard saves drafts); what is sent is checked in full every time.
 */
export const disabilityWizardStepSchemas = {
  /** What happened in service and how the condition showed itself then. */
  'military-symptoms': z.object({
    symptoms: symptomListSchema.optional(),
    /** When the symptoms began, as near as the veteran knows. */
    started_on: pastDateSchema.nullable().optional(),
    /** The event, injury or exposure in service the condition goes back to. */
    in_service_event: narrativeSchema(),
    description: narrativeSchema(),
    reported_during_service: z.boolean().nullable().optional(),
    /** To whom and when it was reported (sick call, a medic, a commander). */
    report_details: narrativeSchema(NOTE_MAX),
  }),
  /** The symptoms since leaving service. */
  'post-military-symptoms': z.object({
    symptoms: symptomListSchema.optional(),
    description: narrativeSchema(),
    frequency: frequencySchema.nullable().optional(),
    trend: z.enum(SYMPTOM_TRENDS).nullable().optional(),
  }),
  /** Flare-ups: how often, how long, how bad, what sets them off and what cannot be done then. */
  'flare-ups': z.object({
    has_flare_ups: z.boolean().nullable().optional(),
    frequency: frequencySchema.nullable().optional(),
    duration: z.enum(FLARE_UP_DURATIONS).nullable().optional(),
    /** 1 (barely noticeable) to 10 (the worst imaginable). */
    severity: z.number().int().min(1).max(10).nullable().optional(),
    triggers: narrativeSchema(NOTE_MAX),
    /** What the veteran cannot do during a flare-up. */
    limitations: narrativeSchema(),
  }),
  /** Work: what the condition does to it. */
  'professional-impacts': z.object({
    employment_status: z.enum(EMPLOYMENT_STATUSES).nullable().optional(),
    missed_days_per_month: z.number().int().min(0).max(31).nullable().optional(),
    lost_employment: z.boolean().nullable().optional(),
    description: narrativeSchema(),
    accommodations: narrativeSchema(NOTE_MAX),
  }),
  /** Family, friends and daily life. */
  'social-impacts': z.object({
    description: narrativeSchema(),
    relationships: narrativeSchema(NOTE_MAX),
    daily_activities: narrativeSchema(NOTE_MAX),
    activities_given_up: narrativeSchema(NOTE_MAX),
  }),
} as const satisfies Record<AnswerStep, z.ZodObject>;

export type StepAnswers<S extends AnswerStep> = z.infer<(typeof disabilityWizardStepSchemas)[S]>;

/** A step as stored: `answers` and `updated_at` are null until the step is first saved. */
export function answerStepSchema<S extends AnswerStep>(step: S) {
  return z.object({
    step: z.literal(step),
    answers: disabilityWizardStepSchemas[step].nullable(),
    updated_at: isoDateTimeSchema.nullable(),
  });
}

/** Any one step as stored. */
export const disabilityAnswerStepSchema = z.discriminatedUnion('step', [
  answerStepSchema('military-symptoms'),
  answerStepSchema('post-military-symptoms'),
  answerStepSchema('flare-ups'),
  answerStepSchema('professional-impacts'),
  answerStepSchema('social-impacts'),
]);
export type DisabilityAnswerStep = z.infer<typeof disabilityAnswerStepSchema>;

/** `GET /disabilities/{id}/answers`: every step, in the wizard's order. */
export const disabilityAnswersSchema = z.object({ results: z.array(disabilityAnswerStepSchema) });
export type DisabilityAnswers = z.infer<typeof disabilityAnswersSchema>;

// Adding several at once ------------------------------------------------------------------------

export const MAX_BULK_DISABILITIES = 50;
export const LISTED_TWICE = 'Listed twice';
export const ALREADY_IN_LIST = 'Already in your list';

/**
 * What two titles are compared by when a list must not hold the same condition twice: any case
 * and any whitespace ("Left  Knee" and "left knee" are one title). The side of body is not
 * compared: "Knee strain, left" and "Knee strain, right" are different titles anyway.
 */
export function disabilityTitleKey(title: string): string {
  return title.normalize('NFC').replace(/\s+/g, '').toLowerCase();
}

/**
 * `POST /disabilities/bulk`: 1 to 50 disabilities, each checked as a single create would be. A
 * title that repeats an earlier one of the request is refused on the later entry
 * (`disabilities.3.title`: "Listed twice"); the API also refuses a title already among the
 * user's disabilities ("Already in your list"). Any refusal refuses the whole request: nothing is
 * saved.
 */
export const bulkCreateDisabilitiesInputSchema = z.object({
  disabilities: z
    .array(createDisabilityInputSchema)
    .min(1, 'Add at least one condition')
    .max(MAX_BULK_DISABILITIES, `At most ${MAX_BULK_DISABILITIES} conditions at once`)
    .superRefine((entries, context) => {
      const seen = new Set<string>();
      entries.forEach((entry, index) => {
        const key = disabilityTitleKey(entry.title);
        if (seen.has(key)) {
          context.addIssue({ code: 'custom', path: [index, 'title'], message: LISTED_TWICE });
        }
        seen.add(key);
      });
    }),
});
export type BulkCreateDisabilitiesInput = z.infer<typeof bulkCreateDisabilitiesInputSchema>;

/** The answer of `POST /disabilities/bulk`: the disabilities made, in the order sent. */
export const createdDisabilitiesSchema = z.object({ results: z.array(disabilitySchema) });
export type CreatedDisabilities = z.infer<typeof createdDisabilitiesSchema>;
