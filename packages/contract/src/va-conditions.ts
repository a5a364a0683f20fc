import { z } from 'zod';
import { MAX_CHILDREN, MAX_PARENTS, ratingPercentSchema } from './calculator.ts';
import { safeText } from './text.ts';

/**
 * The veteran's rated conditions as VA has them (Lighthouse Veteran Verification, `GET
 * /disability_rating`, once VA.gov is connected for `veteran-verification`), the combined rating,
 * the monthly amount it pays a veteran alone, and a what-if that adds planned claims.
 *
 * - `GET /va-conditions` → `vaConditionsSchema`. On a server without VA.gov, or before the veteran
 *   connects, 200 with the flags false and no data (not 503 / 403).
 * - `POST /va-conditions/what-if` → `vaConditionsWhatIfSchema`: VA's counted ratings plus the
 *   planned ones. Works without a VA connection: then only the planned ones count.
 */

export const VA_CONDITION_STATUSES = ['active', 'deferred'] as const;
export const vaConditionStatusSchema = z.enum(VA_CONDITION_STATUSES);
export type VaConditionStatus = z.infer<typeof vaConditionStatusSchema>;

/** A `YYYY-MM-DD` date as VA gives it (null when VA has none). */
const vaDate = z.string().nullable();

export const vaConditionSchema = z
  .object({
    /** Stable per condition: VA's id, or one made of the diagnostic code and effective date. */
    id: z.string(),
    /** VA's name for it, else the catalogue's name for the diagnostic code. */
    name: z.string(),
    /** The percentage VA assigned; null while VA has not rated it. */
    rating: z.number().int().min(0).max(100).nullable(),
    effective_date: vaDate,
    /** `deferred`: VA has put off deciding it; it counts for nothing yet. */
    status: vaConditionStatusSchema,
    /** VA's decision says service connected: only these count toward the combined rating. */
    service_connected: z.boolean(),
    /** VA's diagnostic code (38 CFR Part 4), when given. */
    diagnostic_code: z.string().nullable(),
  })
  .meta({ id: 'VaCondition' });
export type VaCondition = z.infer<typeof vaConditionSchema>;

/** US dollars with cents. */
const dollars = z.number().min(0);

export const vaConditionsSchema = z
  .object({
    /** This server has a VA.gov connection set up. */
    va_configured: z.boolean(),
    /** Connected to VA.gov for Veteran Verification (`is_va_authenticated.veteran_verification`). */
    va_connected: z.boolean(),
    /** VA's combined rating (a multiple of 10); null when not connected or VA has none. */
    combined_rating: z.number().int().min(0).max(100).multipleOf(10).nullable(),
    combined_effective_date: vaDate,
    conditions: z.array(vaConditionSchema),
    /** What the combined rating pays a veteran alone each month; null with no combined rating. */
    monthly_amount: dollars.nullable(),
    /** VA's name of the rate table used ("2026 rates"); null with no monthly amount. */
    rates_year: z.number().int().nullable(),
  })
  .meta({ id: 'VaConditions' });
export type VaConditions = z.infer<typeof vaConditionsSchema>;

/** Most planned conditions one what-if takes. */
export const MAX_PLANNED_CONDITIONS = 30;

export const plannedConditionSchema = z.object({
  name: safeText({ min: 1, max: 200 }),
  rating: ratingPercentSchema,
});
export type PlannedCondition = z.infer<typeof plannedConditionSchema>;

/** The household the monthly amounts are for (as the compensation calculator takes it). */
export const whatIfDependentsSchema = z
  .object({
    spouse: z.boolean().optional(),
    spouse_aid_attendance: z.boolean().optional(),
    children_under_18: z.number().int().min(0).max(MAX_CHILDREN).optional(),
    school_children: z.number().int().min(0).max(MAX_CHILDREN).optional(),
    parents: z.number().int().min(0).max(MAX_PARENTS).optional(),
  })
  .refine((input) => !input.spouse_aid_attendance || input.spouse === true, {
    path: ['spouse_aid_attendance'],
    message: 'Aid and Attendance for a spouse needs a spouse',
  });
export type WhatIfDependents = z.infer<typeof whatIfDependentsSchema>;

// No component id: its names are trimmed, so what is sent and what is read differ.
export const vaConditionsWhatIfInputSchema = z.object({
  planned: z.array(plannedConditionSchema).max(MAX_PLANNED_CONDITIONS),
  /** Without it, the amounts are for a veteran alone. */
  dependents: whatIfDependentsSchema.optional(),
});
export type VaConditionsWhatIfInput = z.infer<typeof vaConditionsWhatIfInputSchema>;

export const vaConditionsWhatIfSchema = z
  .object({
    va_configured: z.boolean(),
    va_connected: z.boolean(),
    /** The combined rating today: VA's (0 when VA has none or is not connected). */
    current_combined_rating: z.number().int().min(0).max(100).multipleOf(10),
    current_monthly_amount: dollars,
    /** The combined rating with the planned conditions granted as planned. */
    combined_rating: z.number().int().min(0).max(100).multipleOf(10),
    monthly_amount: dollars,
    /** `monthly_amount − current_monthly_amount` (never negative: ratings only add). */
    monthly_difference: z.number(),
    rates_year: z.number().int(),
  })
  .meta({ id: 'VaConditionsWhatIf' });
export type VaConditionsWhatIf = z.infer<typeof vaConditionsWhatIfSchema>;
