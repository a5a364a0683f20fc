import { z } from 'zod';
import { isoDateTimeSchema, pagedSchema, pageQuerySchema } from './common.ts';
import { LISTED_TWICE } from './disabilities.ts';
import { LAYMAN_STATUSES } from './layman-statements.ts';
import { nexusLetterStatusSchema } from './nexus-letters.ts';
import { nextStepSchema, readinessSchema } from './readiness.ts';
import { safeText } from './text.ts';

/**
 * A claim: a named set of the veteran's disabilities, in the order the veteran lists them, for one
 * of their veteran records, with where it stands: `draft` while it is put together, `ready` once the
 * veteran considers it complete, `filed` once sent to VA. Every disability and the veteran record
 * must be the veteran's own.
 */

export const CLAIM_STATUSES = ['draft', 'ready', 'filed'] as const;
export const claimStatusSchema = z.enum(CLAIM_STATUSES);
export type ClaimStatus = z.infer<typeof claimStatusSchema>;

export const CLAIM_NAME_MAX = 120;
/** The most disabilities one claim gathers. */
export const MAX_CLAIM_DISABILITIES = 50;

export const claimNameSchema = safeText({ min: 1, max: CLAIM_NAME_MAX });

/** The disabilities of a claim, in order: at least one, at most 50, none twice. */
export const claimDisabilityIdsSchema = z
  .array(z.uuid('Must be the id of one of your disabilities'))
  .min(1, 'Add at least one disability')
  .max(MAX_CLAIM_DISABILITIES, `At most ${MAX_CLAIM_DISABILITIES} disabilities in a claim`)
  .superRefine((ids, context) => {
    const seen = new Set<string>();
    ids.forEach((id, index) => {
      if (seen.has(id)) context.addIssue({ code: 'custom', path: [index], message: LISTED_TWICE });
      seen.add(id);
    });
  });

const claimVeteranIdSchema = z.uuid('Must be the id of one of your veteran records').nullable();

/**
 * `POST /claims`. Without `veteran_id` the claim is for the primary veteran record (none while
 * there is no record); null says for none. A new claim is a draft.
 */
export const createClaimInputSchema = z.object({
  name: claimNameSchema,
  disability_ids: claimDisabilityIdsSchema,
  veteran_id: claimVeteranIdSchema.optional(),
});
export type CreateClaimInput = z.infer<typeof createClaimInputSchema>;

/** `PATCH /claims/{id}`: the fields sent change; `disability_ids` replaces the whole set. */
export const updateClaimInputSchema = z
  .object({
    name: claimNameSchema.optional(),
    status: claimStatusSchema.optional(),
    disability_ids: claimDisabilityIdsSchema.optional(),
    veteran_id: claimVeteranIdSchema.optional(),
  })
  .refine((value) => Object.keys(value).length > 0, 'Nothing to update');
export type UpdateClaimInput = z.infer<typeof updateClaimInputSchema>;

export const claimDisabilitySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  /** The rating VA already gave the condition; null when not rated. */
  percent: z.number().int().nullable(),
  diagnostic_code: z.string().nullable(),
});
export type ClaimDisability = z.infer<typeof claimDisabilitySchema>;

export const claimSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    status: claimStatusSchema,
    veteran_id: z.uuid().nullable(),
    /** In the order the veteran listed them. */
    disabilities: z.array(claimDisabilitySchema),
    created_at: isoDateTimeSchema,
    updated_at: isoDateTimeSchema,
  })
  .meta({ id: 'Claim' });
export type Claim = z.infer<typeof claimSchema>;

export const claimListQuerySchema = pageQuerySchema;
export const claimPageSchema = pagedSchema(claimSchema);
export type ClaimPage = z.infer<typeof claimPageSchema>;

/** A personal statement of a disability, named but without its text. */
export const claimReviewStatementSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  /** The latest version's number. */
  version: z.number().int().min(1),
  updated_at: isoDateTimeSchema,
});

/** A buddy statement asked for the disability: who was asked and where it stands. */
export const claimReviewBuddyStatementSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  status: z.enum(LAYMAN_STATUSES),
  submitted_at: isoDateTimeSchema.nullable(),
});

/** A nexus letter for the disability and where it stands. */
export const claimReviewNexusLetterSchema = z.object({
  id: z.uuid(),
  status: nexusLetterStatusSchema,
  updated_at: isoDateTimeSchema,
});

export const claimReviewDisabilitySchema = z.object({
  disability: claimDisabilitySchema,
  /** As `GET /disabilities/{id}/readiness` answers it. */
  readiness: readinessSchema,
  statements: z.array(claimReviewStatementSchema),
  /** Newest first. */
  buddy_statements: z.array(claimReviewBuddyStatementSchema),
  /** Newest first. */
  nexus_letters: z.array(claimReviewNexusLetterSchema),
  /** What the disability still lacks, each in a plain sentence; empty when nothing does. */
  missing: z.array(z.string()),
});
export type ClaimReviewDisability = z.infer<typeof claimReviewDisabilitySchema>;

/**
 * `GET /claims/{id}/review`: each disability of the claim, in order, with its readiness, its
 * statements and what it still lacks; and the totals of the claim.
 */
export const claimReviewSchema = z
  .object({
    claim_id: z.uuid(),
    /** Every disability ready (and at least one in the claim). */
    ready: z.boolean(),
    totals: z.object({
      disabilities: z.number().int().min(0),
      ready: z.number().int().min(0),
      /** Disabilities with at least one personal statement. */
      with_statement: z.number().int().min(0),
      /** Of the elements of service connection over all disabilities (three each). */
      elements_met: z.number().int().min(0),
      elements_weak: z.number().int().min(0),
      elements_missing: z.number().int().min(0),
    }),
    /** The one thing that would help the claim most: the first disability's that is not ready. */
    next_step: nextStepSchema.nullable(),
    /** What the claim itself still lacks (a veteran record), in plain sentences. */
    missing: z.array(z.string()),
    results: z.array(claimReviewDisabilitySchema),
  })
  .meta({ id: 'ClaimReview' });
export type ClaimReview = z.infer<typeof claimReviewSchema>;

// The claim packet ---------------------------------------------------------------------------

/** The most vault documents one packet appends. */
export const MAX_PACKET_DOCUMENTS = 50;
/** The most pages one packet holds; a larger one is refused (413). */
export const MAX_PACKET_PAGES = 2000;
/** The largest packet file; a larger one is refused (413). */
export const MAX_PACKET_BYTES = 100 * 1024 * 1024;
/** The vault documents a packet can append: PDFs and pictures it can draw. */
export const PACKET_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

/**
 * `POST /claims/{id}/packet`: vault documents to append, in order, in a final "Supporting
 * documents" section. Each must be one of the veteran's, a PDF, JPEG or PNG, and listed once.
 */
export const createClaimPacketInputSchema = z.object({
  document_ids: z
    .array(z.uuid('Must be the id of one of your documents'))
    .max(MAX_PACKET_DOCUMENTS, `At most ${MAX_PACKET_DOCUMENTS} documents in a packet`)
    .superRefine((ids, context) => {
      const seen = new Set<string>();
      ids.forEach((id, index) => {
        if (seen.has(id))
          context.addIssue({ code: 'custom', path: [index], message: LISTED_TWICE });
        seen.add(id);
      });
    })
    .optional(),
});
export type CreateClaimPacketInput = z.infer<typeof createClaimPacketInputSchema>;

/** One line of a packet's index: an item, where it starts and how long it is. */
export const claimPacketIndexEntrySchema = z.object({
  title: z.string(),
  /** The disability the item belongs to; null for a supporting document. */
  disability_id: z.uuid().nullable(),
  /** The packet page it starts on (1-based); null when it could not be included. */
  page: z.number().int().min(1).nullable(),
  /** How many pages it takes (0 when it could not be included). */
  pages: z.number().int().min(0),
  included: z.boolean(),
  /** Why it was left out ("could not be included: …"), or what to know about it (a draft). */
  note: z.string().optional(),
});
export type ClaimPacketIndexEntry = z.infer<typeof claimPacketIndexEntrySchema>;

/**
 * The packet made: one PDF (cover, index, each disability's statements and letters in the
 * claim's order, then the supporting documents) kept in the vault as a new document.
 */
export const claimPacketSchema = z
  .object({
    document_id: z.uuid(),
    file_id: z.uuid(),
    /** Pages in the whole file, cover and index included. */
    pages: z.number().int().min(1),
    /** The items in the order they appear. */
    index: z.array(claimPacketIndexEntrySchema),
  })
  .meta({ id: 'ClaimPacket' });
export type ClaimPacket = z.infer<typeof claimPacketSchema>;
