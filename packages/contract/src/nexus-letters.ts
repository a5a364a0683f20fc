import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { isoDateTimeSchema, pageQuerySchema, pagedSchema } from './common.ts';
import { completeLinkUploadInputSchema, linkUploadInputSchema } from './link-uploads.ts';
import { safeText } from './text.ts';

/**
 * A nexus letter: a medical opinion drafted for the veteran's physician to review, edit and sign.
 * It names the condition and its diagnosis, the in-service event (or, for a secondary condition,
 * the service-connected primary it rests on), the opinion in VA's standard of proof, a rationale
 * built from the records the physician reviewed, the facts against the claim the opinion must
 * answer (its "negative conditions"), and the physician's credentials and signature block.
 */

/** draft (being written), requested (sent to a provider), signed (the signed copy is back). */
export const NEXUS_LETTER_STATUSES = ['draft', 'requested', 'signed'] as const;
export const nexusLetterStatusSchema = z.enum(NEXUS_LETTER_STATUSES);
export type NexusLetterStatus = z.infer<typeof nexusLetterStatusSchema>;

/**
 * How the opinion ties the condition to service: caused by an in-service event (direct), caused
 * by a service-connected condition (secondary), or a condition made worse by service beyond its
 * natural progression (aggravated).
 */
export const OPINION_BASES = ['caused', 'secondary', 'aggravated'] as const;
export const opinionBasisSchema = z.enum(OPINION_BASES);
export type OpinionBasis = z.infer<typeof opinionBasisSchema>;

/** Bounds of what a letter holds: room for a long letter, bounded all the same. */
export const NEXUS_FIELD_MAX = 2_000;
export const NEXUS_SHORT_MAX = 200;
export const NEXUS_RECORD_MAX = 300;
export const NEXUS_RESPONSE_MAX = 4_000;
export const NEXUS_CONTENT_MAX = 60_000;
export const MAX_RECORDS_REVIEWED = 50;
export const MAX_NEGATIVE_CONDITIONS = 20;

export const nexusProviderSchema = z.object({
  name: z.string().nullable(),
  /** e.g. "MD", "DO", "PA-C". */
  credentials: z.string().nullable(),
  specialty: z.string().nullable(),
  license_number: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
});
export type NexusProvider = z.infer<typeof nexusProviderSchema>;

export const nexusDetailsSchema = z.object({
  diagnosis: z.string().nullable(),
  /** What happened in service (direct and aggravated opinions). */
  in_service_event: z.string().nullable(),
  /** The service-connected condition a secondary one rests on. */
  primary_condition: z.string().nullable(),
  records_reviewed: z.array(z.string()),
  provider: nexusProviderSchema,
});
export type NexusDetails = z.infer<typeof nexusDetailsSchema>;

export const negativeConditionSchema = z.object({
  /** A fact against the claim, e.g. "No complaint of knee pain at separation". */
  description: z.string(),
  /** How the opinion answers it; null until written. */
  response: z.string().nullable(),
});
export type NegativeCondition = z.infer<typeof negativeConditionSchema>;

export const nexusLetterSchema = z
  .object({
    id: z.uuid(),
    disability_id: z.uuid(),
    disability_title: z.string(),
    status: nexusLetterStatusSchema,
    opinion_basis: opinionBasisSchema,
    details: nexusDetailsSchema,
    negative_conditions: z.array(negativeConditionSchema),
    /** The letter's text as drafted and edited; null until drafted. */
    content: z.string().nullable(),
    /** The signed copy, once back. */
    signed_file_id: z.uuid().nullable(),
    created_at: isoDateTimeSchema,
    updated_at: isoDateTimeSchema,
  })
  .meta({ id: 'NexusLetter' });
export type NexusLetter = z.infer<typeof nexusLetterSchema>;

export const nexusLetterPageSchema = pagedSchema(nexusLetterSchema);
export type NexusLetterPage = z.infer<typeof nexusLetterPageSchema>;
export const nexusLetterListQuerySchema = pageQuerySchema;

// Inputs ---------------------------------------------------------------------------------------

const optionalText = (max: number, multiline = false) =>
  safeText({ max, multiline }).nullable().optional();

/** The provider's fields sent change; those left out keep their value. */
export const nexusProviderInputSchema = z.object({
  name: optionalText(NEXUS_SHORT_MAX),
  credentials: optionalText(NEXUS_SHORT_MAX),
  specialty: optionalText(NEXUS_SHORT_MAX),
  license_number: optionalText(NEXUS_SHORT_MAX),
  address: optionalText(NEXUS_SHORT_MAX * 2, true),
  phone: optionalText(40),
});
export type NexusProviderInput = z.infer<typeof nexusProviderInputSchema>;

/** The details sent change; those left out keep their value (or the disability's, on create). */
export const nexusDetailsInputSchema = z.object({
  diagnosis: optionalText(NEXUS_SHORT_MAX * 2),
  in_service_event: optionalText(NEXUS_FIELD_MAX, true),
  primary_condition: optionalText(NEXUS_SHORT_MAX * 2),
  records_reviewed: z
    .array(safeText({ min: 1, max: NEXUS_RECORD_MAX }))
    .max(MAX_RECORDS_REVIEWED)
    .optional(),
  provider: nexusProviderInputSchema.optional(),
});
export type NexusDetailsInput = z.infer<typeof nexusDetailsInputSchema>;

export const negativeConditionInputSchema = z.object({
  description: safeText({ min: 1, max: NEXUS_FIELD_MAX, multiline: true }),
  response: optionalText(NEXUS_RESPONSE_MAX, true),
});
export type NegativeConditionInput = z.infer<typeof negativeConditionInputSchema>;

const negativeConditionListSchema = z
  .array(negativeConditionInputSchema)
  .max(MAX_NEGATIVE_CONDITIONS, `At most ${MAX_NEGATIVE_CONDITIONS} facts`);

/**
 * `POST /disabilities/{id}/nexus-letters`: everything optional. What is left out is taken from
 * the disability: its diagnosis, how its claim connects to service, the primary of a secondary
 * condition, and its records.
 */
export const createNexusLetterInputSchema = z.object({
  opinion_basis: opinionBasisSchema.optional(),
  details: nexusDetailsInputSchema.optional(),
  negative_conditions: negativeConditionListSchema.optional(),
});
export type CreateNexusLetterInput = z.infer<typeof createNexusLetterInputSchema>;

/** `PATCH …/nexus-letters/{letterId}`: the fields sent change; `content: null` clears the text. */
export const updateNexusLetterInputSchema = z.object({
  status: nexusLetterStatusSchema.optional(),
  opinion_basis: opinionBasisSchema.optional(),
  details: nexusDetailsInputSchema.optional(),
  content: safeText({ max: NEXUS_CONTENT_MAX, multiline: true }).nullable().optional(),
});
export type UpdateNexusLetterInput = z.infer<typeof updateNexusLetterInputSchema>;

/** `GET` and `PUT …/negative-conditions`: the whole list, replaced whole. */
export const negativeConditionsSchema = z.object({
  negative_conditions: z.array(negativeConditionSchema),
});
export type NegativeConditions = z.infer<typeof negativeConditionsSchema>;
export const replaceNegativeConditionsInputSchema = z.object({
  negative_conditions: negativeConditionListSchema,
});
export type ReplaceNegativeConditionsInput = z.infer<typeof replaceNegativeConditionsInputSchema>;

export const NEXUS_LETTER_FORMATS = ['pdf', 'docx'] as const;
export const nexusLetterFormatSchema = z.enum(NEXUS_LETTER_FORMATS);
export type NexusLetterFormat = z.infer<typeof nexusLetterFormatSchema>;
export const nexusLetterDocumentQuerySchema = z.object({
  format: nexusLetterFormatSchema.default('pdf'),
});

/**
 * VA's standard of proof for each basis, word for word: the opinion must say the link is at least
 * as likely as not, and how.
 */
export const STANDARD_OF_PROOF = 'at least as likely as not (50 percent or greater probability)';
export const OPINION_LINKS: Record<OpinionBasis, string> = {
  caused: 'caused by or a result of',
  secondary: 'proximately due to or the result of',
  aggravated: 'aggravated beyond its natural progression by',
};

// Provider requests ------------------------------------------------------------------------------

/**
 * A letter sent to the veteran's physician, who signs it without an account: the physician gets a
 * link that works once, for 30 days, until the veteran revokes it; through it they read and print
 * the draft and upload the signed copy, which lands in the veteran's vault. The link's token
 * travels only in the `X-Provider-Token` header, never in a URL the API serves.
 */

/** How long a provider's upload link works. */
export const PROVIDER_LINK_TTL_DAYS = 30;
/**
 * The most letters one veteran can send to providers in 24 hours: each is an email to an address
 * they type, so the number is kept to what signing letters needs.
 */
export const PROVIDER_REQUESTS_PER_DAY = 10;
/** The header that carries an upload link's token to the provider routes. */
export const PROVIDER_TOKEN_HEADER = 'x-provider-token';
/** What an upload link's token looks like: 32 random bytes in base64url. */
export const PROVIDER_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Computed from the link: uploaded wins, then revoked, then expired. */
export const PROVIDER_REQUEST_STATUSES = ['requested', 'uploaded', 'expired', 'revoked'] as const;
export const providerRequestStatusSchema = z.enum(PROVIDER_REQUEST_STATUSES);
export type ProviderRequestStatus = z.infer<typeof providerRequestStatusSchema>;

/** `POST /nexus-letters/{letterId}/requests`: who signs the letter, and where the link goes. */
export const createProviderRequestInputSchema = z.object({
  name: safeText({ min: 1, max: 120 }).describe('The physician’s name, e.g. "Dr. Jane Smith"'),
  email: emailSchema,
});
export type CreateProviderRequestInput = z.infer<typeof createProviderRequestInputSchema>;

/** The upload link, answered once: only its hash is kept, so it cannot be shown again. */
export const providerRequestLinkSchema = z.object({
  id: z.uuid(),
  upload_link: z.string(),
  expires_at: isoDateTimeSchema,
});
export type ProviderRequestLink = z.infer<typeof providerRequestLinkSchema>;

export const providerRequestSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    status: providerRequestStatusSchema,
    expires_at: isoDateTimeSchema,
    /** When the signed copy came back. */
    uploaded_at: isoDateTimeSchema.nullable(),
    created_at: isoDateTimeSchema,
  })
  .meta({ id: 'NexusProviderRequest' });
export type ProviderRequest = z.infer<typeof providerRequestSchema>;

/** `GET /nexus-letters/{letterId}/requests`: the letter's requests, newest first. */
export const providerRequestListSchema = z.object({ results: z.array(providerRequestSchema) });
export type ProviderRequestList = z.infer<typeof providerRequestListSchema>;

/** What the physician sees through the link: no more of the veteran than the request needs. */
export const providerRequestViewSchema = z.object({
  provider_name: z.string(),
  veteran_first_name: z.string(),
  condition: z.string(),
  expires_at: isoDateTimeSchema,
});
export type ProviderRequestView = z.infer<typeof providerRequestViewSchema>;

/** `POST /provider-requests/by-token/upload`: the signed letter's name, size and type. */
export const providerUploadInputSchema = linkUploadInputSchema;
export type ProviderUploadInput = z.infer<typeof providerUploadInputSchema>;

/** `POST /provider-requests/by-token/complete`: the file granted through this link. */
export const completeProviderUploadInputSchema = completeLinkUploadInputSchema;
export type CompleteProviderUploadInput = z.infer<typeof completeProviderUploadInputSchema>;
