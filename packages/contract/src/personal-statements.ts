import { z } from 'zod';
import { isoDateTimeSchema, pageQuerySchema, pagedSchema } from './common.ts';
import { safeText } from './text.ts';

/**
 * A personal statement: what the veteran tells VA about one disability, in the first person. It
 * is composed from the wizard's answers (by a model when one is configured, else by the offline
 * composer, which only rearranges the veteran's own answers), then edited as plain text: paragraphs
 * are separated by a blank line, and there is no markup of any kind. Every save keeps the text
 * before it as an earlier version; the latest version is the one shown and downloaded.
 */

/**
 * Room for every answer a disability can hold (a composed statement is never too long to edit),
 * bounded all the same: about 30 pages.
 */
export const STATEMENT_MAX = 100_000;
/** The most versions a statement keeps; saving past it drops the oldest edit, never the first. */
export const MAX_STATEMENT_VERSIONS = 50;

/**
 * Who wrote a version: the offline composer, a language model, or the veteran (an edit, or a
 * statement written from scratch).
 */
export const STATEMENT_SOURCES = ['composer', 'model', 'veteran'] as const;
export const statementSourceSchema = z.enum(STATEMENT_SOURCES);
export type StatementSource = z.infer<typeof statementSourceSchema>;

export const statementBodySchema = safeText({ min: 1, max: STATEMENT_MAX, multiline: true });

/**
 * `POST /disabilities/{id}/personal-statements`: without a body the statement is composed from the
 * wizard's answers (metered by the `personal_statements` quota); with one, it is the veteran's own
 * text, taken as it is and not metered.
 */
export const createPersonalStatementInputSchema = z.object({
  body: statementBodySchema.optional(),
});
export type CreatePersonalStatementInput = z.infer<typeof createPersonalStatementInputSchema>;

/** `PATCH …/personal-statements/{statementId}`: the whole new text, saved as a new version. */
export const updatePersonalStatementInputSchema = z.object({ body: statementBodySchema });
export type UpdatePersonalStatementInput = z.infer<typeof updatePersonalStatementInputSchema>;

export const statementVersionSummarySchema = z.object({
  version: z.number().int().min(1),
  source: statementSourceSchema,
  created_at: isoDateTimeSchema,
});
export type StatementVersionSummary = z.infer<typeof statementVersionSummarySchema>;

export const personalStatementSchema = z
  .object({
    id: z.uuid(),
    disability_id: z.uuid(),
    /** The text of the version asked for (the latest unless `?version=` names another). */
    body: z.string(),
    version: z.number().int().min(1),
    source: statementSourceSchema,
    /** The latest version's number: the one downloads use. */
    latest_version: z.number().int().min(1),
    /** Every kept version, newest first. */
    versions: z.array(statementVersionSummarySchema),
    created_at: isoDateTimeSchema,
    updated_at: isoDateTimeSchema,
  })
  .meta({ id: 'PersonalStatement' });
export type PersonalStatement = z.infer<typeof personalStatementSchema>;

/** A statement in a list: its latest text's start, not the whole of every version. */
export const personalStatementSummarySchema = z
  .object({
    id: z.uuid(),
    disability_id: z.uuid(),
    excerpt: z.string(),
    latest_version: z.number().int().min(1),
    source: statementSourceSchema,
    created_at: isoDateTimeSchema,
    updated_at: isoDateTimeSchema,
  })
  .meta({ id: 'PersonalStatementSummary' });
export type PersonalStatementSummary = z.infer<typeof personalStatementSummarySchema>;
export const EXCERPT_LENGTH = 200;

export const personalStatementPageSchema = pagedSchema(personalStatementSummarySchema);
export type PersonalStatementPage = z.infer<typeof personalStatementPageSchema>;

export const personalStatementListQuerySchema = pageQuerySchema;

/** `GET …/{statementId}?version=3`: an earlier version; the latest when left out. */
export const personalStatementQuerySchema = z.object({
  version: z.coerce.number().int().min(1).max(1_000_000).optional(),
});

/**
 * The downloads of a statement: the statement alone as PDF or Word, VA Form 21-4138 (Statement in
 * Support of Claim) with the statement as its remarks, and for a mental-health condition VA Form
 * 21-0781 (traumatic events) filled from the trauma answers.
 */
export const STATEMENT_FORMATS = ['pdf', 'docx', 'va-21-4138', 'va-21-0781'] as const;
export const statementFormatSchema = z.enum(STATEMENT_FORMATS);
export type StatementFormat = z.infer<typeof statementFormatSchema>;

export const downloadStatementQuerySchema = z.object({
  format: statementFormatSchema.default('pdf'),
});

/** What each download is called where the veteran picks one. */
export const STATEMENT_FORMAT_LABELS: Record<StatementFormat, string> = {
  pdf: 'Statement (PDF)',
  docx: 'Statement (Word)',
  'va-21-4138': 'VA Form 21-4138',
  'va-21-0781': 'VA Form 21-0781',
};
