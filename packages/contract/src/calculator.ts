import { z } from 'zod';

/**
 * The public calculators: combined rating (38 CFR 4.25 / 4.26) and monthly compensation from VA's
 * rate tables. No sign-in, no stored data.
 */

/** A disability percentage as VA assigns it: 0–100 in steps of 10. */
export const ratingPercentSchema = z.number().int().min(0).max(100).multipleOf(10);

/** Extremities for the bilateral factor (38 CFR 4.26): both arms or both legs. */
export const LIMBS = ['left-leg', 'right-leg', 'left-arm', 'right-arm'] as const;
export const limbSchema = z.enum(LIMBS);
export type Limb = z.infer<typeof limbSchema>;

/** How the calculators name each limb. */
export const LIMB_LABELS: Readonly<Record<Limb, string>> = {
  'left-arm': 'Left arm',
  'right-arm': 'Right arm',
  'left-leg': 'Left leg',
  'right-leg': 'Right leg',
};

/** A veteran with more separate ratings than this is far outside any real rating decision. */
export const MAX_RATINGS = 60;

export const combinedRatingInputSchema = z
  .object({
    ratings: z
      .array(
        z.object({
          percent: ratingPercentSchema,
          /** Only for disabilities of an arm or a leg; drives the bilateral factor. */
          limb: limbSchema.optional(),
        }),
      )
      .max(MAX_RATINGS),
  })
  .meta({ id: 'CombinedRatingInput' });
export type CombinedRatingInput = z.infer<typeof combinedRatingInputSchema>;

/** `bilateral`: the arm/leg ratings combined first; `main`: everything else, by severity. */
export const combinedRatingGroupSchema = z.enum(['bilateral', 'main']);
export type CombinedRatingGroup = z.infer<typeof combinedRatingGroupSchema>;

const stepBase = { group: combinedRatingGroupSchema, description: z.string() };
/** A whole-number percentage (intermediate combined values, 0–100). */
const wholePercent = z.number().int().min(0).max(100);
/** A percentage that may carry a fraction before rounding (e.g. 65.6). */
const exactPercent = z.number().min(0).max(110);

/** The highest rating of a group: the starting value. */
export const combinedRatingStartStepSchema = z.object({
  kind: z.literal('start'),
  ...stepBase,
  percent: wholePercent,
  limb: limbSchema.optional(),
  /** True when this is the bilateral value (factor included) taking its place among the rest. */
  is_bilateral_value: z.boolean(),
  value: wholePercent,
  remaining_efficiency: wholePercent,
});

/** The next rating applied to the efficiency that is left, then rounded to a whole number. */
export const combinedRatingCombineStepSchema = z.object({
  kind: z.literal('combine'),
  ...stepBase,
  percent: wholePercent,
  limb: limbSchema.optional(),
  is_bilateral_value: z.boolean(),
  previous_value: wholePercent,
  /** 100 − previous value: what the new rating takes its share of. */
  efficiency_before: wholePercent,
  /** percent × efficiency_before / 100. */
  added: exactPercent,
  exact: exactPercent,
  value: wholePercent,
  remaining_efficiency: wholePercent,
});

/** 38 CFR 4.26: 10 % of the bilateral combined value is added (not combined), then rounded. */
export const combinedRatingBilateralFactorStepSchema = z.object({
  kind: z.literal('bilateral_factor'),
  ...stepBase,
  previous_value: wholePercent,
  factor: exactPercent,
  exact: exactPercent,
  value: wholePercent,
});

/** 38 CFR 4.25(a): the combined value to the nearest 10, with 5 rounding up. */
export const combinedRatingFinalStepSchema = z.object({
  kind: z.literal('final_rounding'),
  ...stepBase,
  exact: wholePercent,
  value: wholePercent,
});

export const combinedRatingStepSchema = z.discriminatedUnion('kind', [
  combinedRatingStartStepSchema,
  combinedRatingCombineStepSchema,
  combinedRatingBilateralFactorStepSchema,
  combinedRatingFinalStepSchema,
]);
export type CombinedRatingStep = z.infer<typeof combinedRatingStepSchema>;

export const combinedRatingResultSchema = z
  .object({
    /** The combined value before the final rounding (a Table I value). */
    combined_exact: wholePercent,
    /** The combined rating VA pays on: a multiple of 10. */
    combined: wholePercent.multipleOf(10),
    bilateral_applied: z.boolean(),
    steps: z.array(combinedRatingStepSchema),
  })
  .meta({ id: 'CombinedRatingResult' });
export type CombinedRatingResult = z.infer<typeof combinedRatingResultSchema>;

/** A date without a time, `YYYY-MM-DD`. */
export const isoDateSchema = z.iso.date();

/** Sane maxima for the dependant counts of the compensation calculator. */
export const MAX_CHILDREN = 20;
/** VA adds an amount for at most two dependent parents. */
export const MAX_PARENTS = 2;

/** The largest accepted value of each dependant count (the forms' `max` and the API's limit). */
export const DEPENDANT_COUNT_LIMITS = {
  children_under_18: MAX_CHILDREN,
  school_children: MAX_CHILDREN,
  parents: MAX_PARENTS,
} as const;
export type DependantCountField = keyof typeof DEPENDANT_COUNT_LIMITS;

/** How the calculators label the dependant fields, on the app and the site alike. */
export const DEPENDANT_LABELS = {
  spouse: 'Spouse',
  spouse_aid_attendance: 'Spouse receives Aid and Attendance',
  children_under_18: 'Children under 18',
  school_children: 'Children 18 to 23 in school',
  parents: 'Dependent parents',
} as const;

export const compensationInputSchema = z
  .object({
    rating: ratingPercentSchema,
    /** The day the rates should apply to; today when absent. */
    date: isoDateSchema.optional(),
    spouse: z.boolean().optional(),
    spouse_aid_attendance: z.boolean().optional(),
    /** Dependent children under 18 (or helpless children). */
    children_under_18: z.number().int().min(0).max(MAX_CHILDREN).optional(),
    /** Children over 18 in a qualifying school program (up to 23). */
    school_children: z.number().int().min(0).max(MAX_CHILDREN).optional(),
    /** Dependent parents. */
    parents: z.number().int().min(0).max(MAX_PARENTS).optional(),
  })
  .refine((input) => !input.spouse_aid_attendance || input.spouse === true, {
    path: ['spouse_aid_attendance'],
    message: 'Aid and Attendance for a spouse needs a spouse',
  })
  .meta({ id: 'CompensationInput' });
export type CompensationInput = z.infer<typeof compensationInputSchema>;

export const COMPENSATION_ITEM_KINDS = [
  'basic',
  'additional_child_under_18',
  'school_child',
  'spouse_aid_attendance',
] as const;
export const compensationItemKindSchema = z.enum(COMPENSATION_ITEM_KINDS);
export type CompensationItemKind = z.infer<typeof compensationItemKindSchema>;

/** US dollars with cents (computed in whole cents, so no float drift). */
const dollars = z.number().min(0);

export const compensationItemSchema = z.object({
  kind: compensationItemKindSchema,
  label: z.string(),
  count: z.number().int().min(0),
  amount_each: dollars,
  amount: dollars,
});
export type CompensationItem = z.infer<typeof compensationItemSchema>;

export const compensationResultSchema = z
  .object({
    rating: wholePercent,
    /** Total monthly payment in dollars. */
    monthly: dollars,
    /** VA's name for the table ("2025 rates" took effect on 2024-12-01). */
    year: z.number().int(),
    /** The day the table used took effect (always a December 1). */
    effective_date: isoDateSchema,
    /** The basic rate for the dependency status, then each added amount. Sums to `monthly`. */
    breakdown: z.array(compensationItemSchema),
    /** Plain-language remarks (e.g. dependants not counted below 30 %). */
    notes: z.array(z.string()),
  })
  .meta({ id: 'CompensationResult' });
export type CompensationResult = z.infer<typeof compensationResultSchema>;
