import { z } from 'zod';
import { safeText } from './text.ts';

/**
 * The condition catalogue: VA.gov's 526EZ condition labels with their classification, diagnostic
 * codes and PACT flag, searched with everyday words (`GET /conditions?q=`). It only suggests: a
 * disability's title stays free text, and a label the catalogue does not know is still accepted.
 */

/** Longest accepted query: a condition name with room for typos, not a paragraph. */
export const CONDITION_QUERY_MAX = 100;
export const CONDITION_RESULTS_DEFAULT = 20;
export const CONDITION_RESULTS_MAX = 50;

export const SIDES_OF_BODY = ['left', 'right', 'bilateral'] as const;
export const sideOfBodySchema = z.enum(SIDES_OF_BODY);
export type SideOfBody = z.infer<typeof sideOfBodySchema>;

/**
 * `?q=knee pain&limit=20`. An empty or missing `q` (or one with nothing searchable in it, such as
 * only punctuation) answers an empty list rather than an error: an autocomplete box that was just
 * cleared asks for nothing, and that is not a mistake.
 */
export const conditionSearchQuerySchema = z.object({
  q: safeText({ max: CONDITION_QUERY_MAX }).default(''),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(CONDITION_RESULTS_MAX)
    .default(CONDITION_RESULTS_DEFAULT),
});
export type ConditionSearchQuery = z.infer<typeof conditionSearchQuerySchema>;

export const catalogueConditionSchema = z
  .object({
    /** VA's label, as the 526EZ lists it; the side, when there is one, is part of it. */
    label: z.string(),
    /**
     * Left, right or both, for conditions of paired body parts (knees, hips, shoulders, ears…),
     * read from the label: VA lists those once per side. Null when the label names no side.
     */
    side_of_body: sideOfBodySchema.nullable(),
    /** VA's contention classification (Benefits Reference Data). */
    classification: z.object({ code: z.string(), name: z.string() }),
    /**
     * VASRD diagnostic codes (38 CFR Part 4). Empty when VA's taxonomy maps the condition to a
     * group of codes without saying which one applies.
     */
    diagnostic_codes: z.array(z.string()),
    /** VA's taxonomy marks it presumptive under the PACT Act; null when it does not say. */
    pact_presumptive: z.boolean().nullable(),
  })
  .meta({ id: 'CatalogueCondition' });
export type CatalogueCondition = z.infer<typeof catalogueConditionSchema>;

/** Best match first. */
export const conditionSearchResultSchema = z
  .object({ results: z.array(catalogueConditionSchema) })
  .meta({ id: 'ConditionSearchResult' });
export type ConditionSearchResult = z.infer<typeof conditionSearchResultSchema>;
