import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { isoDateTimeSchema, pageQuerySchema, pagedSchema } from './common.ts';
import { completeLinkUploadInputSchema, linkUploadInputSchema } from './link-uploads.ts';
import { safeText } from './text.ts';

/**
 * Lay ("buddy") statements: the veteran asks someone who knows them (a fellow service member, a
 * spouse, a friend) for a statement supporting one disability. The person gets a link that works
 * once, for 30 days, until the veteran revokes it; through it they read what is asked, draft a
 * statement from their answers, and sign and submit it. The link's token travels only in the
 * `X-Layman-Token` header, never in a URL the API serves.
 */

/** How long a signing link works. */
export const LAYMAN_LINK_TTL_DAYS = 30;
/** The header that carries a signing link's token to the signer routes. */
export const LAYMAN_TOKEN_HEADER = 'x-layman-token';
/**
 * What a signing link's token looks like: 32 random bytes in base64url. Anything else is no link,
 * so the signer's page need not ask the API about it.
 */
export const LAYMAN_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** The longest statement a witness may submit (about 15 pages). */
export const LAYMAN_STATEMENT_MAX = 50_000;
export const LAYMAN_ANSWER_MAX = 5_000;

/** Computed from the link: submitted wins, then revoked, then expired. */
export const LAYMAN_STATUSES = ['requested', 'submitted', 'expired', 'revoked'] as const;
export type LaymanStatus = (typeof LAYMAN_STATUSES)[number];

const personName = safeText({ min: 1, max: 120 });
const relationship = safeText({ min: 1, max: 100 });
const witnessed = safeText({ min: 1, max: 2_000, multiline: true });

/** `POST /layman-statements`: who is asked, how they know the veteran and what they saw. */
export const createLaymanStatementInputSchema = z.object({
  disability_id: z.uuid(),
  name: personName,
  email: emailSchema.optional(),
  relationship: relationship.describe('e.g. "served with him in Iraq", "spouse", "coworker"'),
  witnessed: witnessed.describe('What this person saw of the condition, in the veteran’s words'),
});
export type CreateLaymanStatementInput = z.infer<typeof createLaymanStatementInputSchema>;

/** The link, answered once: only its hash is kept, so it cannot be shown again. */
export const laymanLinkSchema = z.object({
  id: z.uuid(),
  token_link: z.string(),
  expires_at: isoDateTimeSchema,
});
export type LaymanLink = z.infer<typeof laymanLinkSchema>;

/** The witness's answers to the prompts; each is optional, at least one must say something. */
export const LAYMAN_PROMPT_KEYS = ['onset', 'observed', 'frequency', 'work', 'life'] as const;
export type LaymanPromptKey = (typeof LAYMAN_PROMPT_KEYS)[number];

const answer = safeText({ max: LAYMAN_ANSWER_MAX, multiline: true }).optional();
export const laymanAnswersSchema = z
  .object({
    onset: answer,
    observed: answer,
    frequency: answer,
    work: answer,
    life: answer,
  })
  .refine((answers) => Object.values(answers).some((value) => value && value.length > 0), {
    message: 'Answer at least one question',
  });
export type LaymanAnswers = z.infer<typeof laymanAnswersSchema>;

/** What the witness adds about themselves for the form; all optional. */
export const laymanSignerSchema = z.object({
  address: safeText({ max: 300, multiline: true }).optional(),
  phone: safeText({ max: 30 }).optional(),
  email: emailSchema.optional(),
  known_since: safeText({ max: 60 }).optional().describe('Since when they have known the veteran'),
});
export type LaymanSigner = z.infer<typeof laymanSignerSchema>;

export const laymanStatementSummarySchema = z.object({
  id: z.uuid(),
  disability_id: z.uuid(),
  name: z.string(),
  relationship: z.string(),
  status: z.enum(LAYMAN_STATUSES),
  expires_at: isoDateTimeSchema,
  submitted_at: isoDateTimeSchema.nullable(),
  created_at: isoDateTimeSchema,
});
export type LaymanStatementSummary = z.infer<typeof laymanStatementSummarySchema>;

/** One request as the veteran sees it, with the statement once submitted. */
export const laymanStatementSchema = laymanStatementSummarySchema.extend({
  email: z.string().nullable(),
  witnessed: z.string(),
  revoked_at: isoDateTimeSchema.nullable(),
  answers: z.record(z.string(), z.string()).nullable(),
  statement: z.string().nullable(),
  signature: z.string().nullable(),
  signer: z
    .object({
      address: z.string().nullable(),
      phone: z.string().nullable(),
      email: z.string().nullable(),
      known_since: z.string().nullable(),
    })
    .nullable(),
  certified_at: isoDateTimeSchema.nullable(),
  attachment_file_id: z.uuid().nullable(),
  notes: z.string().nullable(),
  updated_at: isoDateTimeSchema,
});
export type LaymanStatement = z.infer<typeof laymanStatementSchema>;

export const laymanStatementListQuerySchema = pageQuerySchema.extend({
  disability_id: z.uuid().optional(),
});
export type LaymanStatementListQuery = z.infer<typeof laymanStatementListQuerySchema>;
export const laymanStatementPageSchema = pagedSchema(laymanStatementSummarySchema);

/** `PATCH /layman-statements/{id}`: the veteran's own notes (null clears them). */
export const updateLaymanStatementInputSchema = z.object({
  notes: safeText({ max: 5_000, multiline: true }).nullable(),
});
export type UpdateLaymanStatementInput = z.infer<typeof updateLaymanStatementInputSchema>;

export const LAYMAN_DOWNLOAD_FORMATS = ['pdf', 'va-21-10210'] as const;
export const laymanDownloadQuerySchema = z.object({
  format: z.enum(LAYMAN_DOWNLOAD_FORMATS).default('pdf'),
});

/** A question put to the witness. */
export const laymanPromptSchema = z.object({
  key: z.enum(LAYMAN_PROMPT_KEYS),
  question: z.string(),
  hint: z.string(),
});

/** What the witness sees through the link: no more of the veteran than the request needs. */
export const laymanSignerViewSchema = z.object({
  veteran_first_name: z.string(),
  condition: z.string(),
  relationship: z.string(),
  witnessed: z.string(),
  prompts: z.array(laymanPromptSchema),
  expires_at: isoDateTimeSchema,
});
export type LaymanSignerView = z.infer<typeof laymanSignerViewSchema>;

export const draftLaymanStatementInputSchema = z.object({ answers: laymanAnswersSchema });
export type DraftLaymanStatementInput = z.infer<typeof draftLaymanStatementInputSchema>;
export const laymanDraftSchema = z.object({ statement: z.string() });

/** `POST /layman-statements/by-token/submit`: once, signed and certified true. */
export const submitLaymanStatementInputSchema = z.object({
  statement: safeText({ min: 1, max: LAYMAN_STATEMENT_MAX, multiline: true }),
  signature: safeText({ min: 1, max: 120 }).describe('The witness’s full name, typed'),
  certify: z.literal(true, 'Certify that the statement is true and correct'),
  signer: laymanSignerSchema.default({}),
  answers: laymanAnswersSchema.optional(),
  /** A file sent with the statement: the finished upload granted through this link. */
  attachment_file_id: z.uuid().optional(),
});
export type SubmitLaymanStatementInput = z.infer<typeof submitLaymanStatementInputSchema>;

/**
 * `POST /layman-statements/by-token/upload`: a file the witness sends with their statement (a PDF
 * or a picture), stored as the veteran's. A new grant replaces the previous one.
 */
export const laymanAttachmentUploadInputSchema = linkUploadInputSchema;
export type LaymanAttachmentUploadInput = z.infer<typeof laymanAttachmentUploadInputSchema>;

/** `POST /layman-statements/by-token/upload/complete`: the file granted through this link. */
export const completeLaymanAttachmentInputSchema = completeLinkUploadInputSchema;
export type CompleteLaymanAttachmentInput = z.infer<typeof completeLaymanAttachmentInputSchema>;
