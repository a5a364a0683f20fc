import { z } from 'zod';
import { isoDateSchema } from './calculator.ts';
import { isoDateTimeSchema, pagedSchema, pageQuerySchema } from './common.ts';
import { safeText } from './text.ts';

/** The longest letter that may be pasted: a long rating decision runs to some 60,000 characters. */
export const LETTER_TEXT_MAX = 200_000;

export const DECISION_OUTCOMES = [
  'granted',
  'denied',
  'deferred',
  'increased',
  'decreased',
  'continued',
  'severed',
] as const;
export type DecisionOutcome = (typeof DECISION_OUTCOMES)[number];

/** What a claim may lack, as VA decides: the three elements of service connection, and more. */
export const MISSING_ELEMENTS = [
  'diagnosis',
  'in-service event',
  'nexus',
  'new and relevant evidence',
  'criteria',
] as const;
export type MissingElement = (typeof MISSING_ELEMENTS)[number];

/** The next higher level of a rating in the rating schedule (38 CFR Part 4). */
export const nextLevelSchema = z.object({
  percent: z.number().int(),
  /** The schedule's words for that level. */
  criteria: z.string(),
  /** Where it is, e.g. "38 CFR 4.130, DC 9411". */
  citation: z.string(),
  /**
   * The day the section was amended after the text quoted (which is the 2019 edition), so the
   * criteria may read differently now; null when it has not changed since.
   */
  amended_on: isoDateSchema.nullable(),
});
export type NextLevel = z.infer<typeof nextLevelSchema>;

export const LETTER_STATUSES = ['queued', 'processing', 'complete', 'failed'] as const;

export const letterDecisionSchema = z.object({
  condition: z.string(),
  outcome: z.enum(DECISION_OUTCOMES),
  /** The evaluation decided (0 when noncompensable; the latest stage when staged); null when none. */
  percent: z.number().int().nullable(),
  effective_date: isoDateSchema.nullable(),
  diagnostic_code: z.string().nullable(),
  secondary_to: z.string().nullable(),
  presumptive: z.boolean(),
  previous_percent: z.number().int().nullable(),
  staged: z.array(
    z.object({ percent: z.number().int(), from: isoDateSchema, to: isoDateSchema.nullable() }),
  ),
  /** Why VA decided as it did, in plain words. */
  reasons: z.array(z.string()),
  /** For a denial or a low rating: what the claim lacked, each in plain words. */
  missing: z.array(z.object({ element: z.enum(MISSING_ELEMENTS), explanation: z.string() })),
  /**
   * For a rating below the top of its diagnostic code's schedule: what the next higher level asks,
   * quoted from 38 CFR Part 4; null when there is none to show (no code, a denial, the top level).
   */
  next_level: nextLevelSchema.nullable(),
});
export type LetterDecision = z.infer<typeof letterDecisionSchema>;

export const REVIEW_KINDS = ['supplemental-claim', 'higher-level-review', 'board-appeal'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];

export const decisionLetterSchema = z.object({
  id: z.uuid(),
  status: z.enum(LETTER_STATUSES),
  /** How far the reading is (0–100). */
  progress: z.number().int(),
  /** Why the reading failed, in words the veteran can act on; null otherwise. */
  error: z.string().nullable(),
  source: z.enum(['upload', 'text']),
  file_id: z.uuid().nullable(),
  letter_date: isoDateSchema.nullable(),
  combined_rating: z.number().int().nullable(),
  monthly_amount: z.number().nullable(),
  decisions: z.array(letterDecisionSchema),
  evidence: z.array(z.string()),
  deadlines: z.array(z.object({ kind: z.enum(REVIEW_KINDS), due: isoDateSchema })),
  /**
   * A plain-language explanation of the letter written by the configured AI model from the parsed
   * facts (never from the letter's text); null when no model is set up, the veteran has not agreed
   * to its use, or it could not be written.
   */
  explanation: z.string().nullable(),
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
});
export type DecisionLetter = z.infer<typeof decisionLetterSchema>;

/** A letter in the list: its state and the gist. */
export const decisionLetterSummarySchema = decisionLetterSchema
  .pick({
    id: true,
    status: true,
    progress: true,
    error: true,
    source: true,
    letter_date: true,
    combined_rating: true,
    deadlines: true,
    created_at: true,
    updated_at: true,
  })
  .extend({ decisions_count: z.number().int() });
export type DecisionLetterSummary = z.infer<typeof decisionLetterSummarySchema>;

export const decisionLetterListQuerySchema = pageQuerySchema;
export const decisionLetterPageSchema = pagedSchema(decisionLetterSummarySchema);
export type DecisionLetterPage = z.infer<typeof decisionLetterPageSchema>;

/** `POST /decision-letters`: an uploaded letter (`decision-letter` kind) or its pasted text. */
export const createDecisionLetterInputSchema = z.union(
  [
    z.object({ file_id: z.uuid('Must be the id of an upload') }).strict(),
    z
      .object({
        text: safeText({
          min: 200,
          max: LETTER_TEXT_MAX,
          multiline: true,
          messages: { tooShort: 'Paste the whole letter (at least 200 characters)' },
        }),
      })
      .strict(),
  ],
  { error: 'Send either file_id (an uploaded letter) or text (the pasted letter)' },
);
export type CreateDecisionLetterInput = z.infer<typeof createDecisionLetterInputSchema>;

export const decisionLetterAcceptedSchema = z.object({
  id: z.uuid(),
  status: z.enum(LETTER_STATUSES),
});
