import { z } from 'zod';
import { isoDateTimeSchema } from './common.ts';

/**
 * VA forms built from the veteran's records. The 21-526EZ (disability compensation) is built as
 * the request body of the Lighthouse Benefits Claims API v2 (`POST /veterans/{id}/526/validate`)
 * and checked against that API's own JSON schema, so the veteran sees what VA would refuse before
 * anything is sent; no VA connection is needed for it. The Intent to File (21-0966) is filled for
 * the veteran to print, sign and upload at VA.gov.
 */

/**
 * `POST /va-forms/526ez/validate`. With `claim_id`, the claim's veteran record (or the primary
 * one when the claim names none) and its disabilities in the claim's order; without, the primary
 * veteran record and every disability. `current_va_employee` answers the form's question the
 * records do not hold; left out, the answer is reported missing.
 */
export const validate526InputSchema = z.object({
  claim_id: z.uuid('Must be the id of one of your claims').optional(),
  current_va_employee: z.boolean().optional(),
});
export type Validate526Input = z.infer<typeof validate526InputSchema>;

/** The Benefits Claims v2 526 request body: `{ data: { type: 'form/526', attributes } }`. */
export const va526PayloadSchema = z
  .object({
    data: z.object({
      type: z.literal('form/526'),
      /** Shaped by VA's schema (`apps/api/assets/va-schemas/v2_526.json`), not by Muster's. */
      attributes: z.record(z.string(), z.unknown()),
    }),
  })
  .meta({ id: 'Va526Payload' });
export type Va526Payload = z.infer<typeof va526PayloadSchema>;

export const validate526ResultSchema = z
  .object({
    payload: va526PayloadSchema,
    /**
     * What VA's schema refuses, by field path inside `data.attributes` (dots, zero-based list
     * indexes: `disabilities.0.name`), each in plain words saying where in Muster to fix it.
     * Empty when the payload validates.
     */
    errors: z.record(z.string(), z.string()),
  })
  .meta({ id: 'Validate526Result' });
export type Validate526Result = z.infer<typeof validate526ResultSchema>;

/** `GET /va-forms/526ez/pdf?claim_id=`: the same choice of record and disabilities as validate. */
export const va526PdfQuerySchema = z.object({
  claim_id: z.uuid('Must be the id of one of your claims').optional(),
});
export type Va526PdfQuery = z.infer<typeof va526PdfQuerySchema>;

/**
 * `POST /va-forms/526ez/submit`: the same choice of records as validate, sent to VA through
 * Benefits Claims v2 (validated by VA first, then established synchronously). Needs VA.gov
 * connected and an active intent to file (`can_access_526ez`). One claim is sent per local claim
 * (or per "all my disabilities"): a retry or a second request at once sends nothing more.
 *
 * Refusals in the error envelope: what Muster's check or VA refuses answers 422 / 3006 with
 * `fields`, the same map as validate's `errors` (field path inside `data.attributes` → plain
 * words); missing access answers 403 / 1003 with a detail naming what is missing.
 */
export const submit526InputSchema = z.object({ ...validate526InputSchema.shape });
export type Submit526Input = z.infer<typeof submit526InputSchema>;

export const VA_526_SUBMISSION_STATUSES = ['submitting', 'submitted', 'failed'] as const;
export const va526SubmissionStatusSchema = z.enum(VA_526_SUBMISSION_STATUSES);
export type Va526SubmissionStatus = z.infer<typeof va526SubmissionStatusSchema>;

/** One 21-526EZ sent (or being sent) to VA; the payload itself is never answered. */
export const va526SubmissionSchema = z
  .object({
    id: z.uuid(),
    /** The local claim it was built from; null for "all my disabilities" (or a deleted claim). */
    claim_id: z.uuid().nullable(),
    /** VA's claim id once VA established the claim (`/va-forms/claims/{va_claim_id}`). */
    va_claim_id: z.string().nullable(),
    status: va526SubmissionStatusSchema,
    /** Why the last attempt failed, in plain words; null unless `failed`. */
    error: z.string().nullable(),
    submitted_at: isoDateTimeSchema.nullable(),
    updated_at: isoDateTimeSchema,
  })
  .meta({ id: 'Va526Submission' });
export type Va526Submission = z.infer<typeof va526SubmissionSchema>;

/** `GET /va-forms/526ez/submissions`: the owner's submissions, newest first. */
export const va526SubmissionListSchema = z
  .object({ results: z.array(va526SubmissionSchema) })
  .meta({ id: 'Va526SubmissionList' });
export type Va526SubmissionList = z.infer<typeof va526SubmissionListSchema>;

/** The detail of the 403 when VA.gov is connected but VA holds no active intent to file. */
export const VA_526_NEEDS_INTENT_TO_FILE_DETAIL =
  'File an Intent to File with VA first: VA needs an active one before a claim is submitted.';
/** The detail of the 422 when VA refuses fields of the claim (listed in `fields`). */
export const VA_526_REFUSED_FIELDS_DETAIL =
  'VA refused some answers on the claim. Fix the fields marked, then submit again.';
/** The detail of the 422 when Muster's own check finds fields VA would refuse. */
export const VA_526_LOCAL_ERRORS_DETAIL =
  'Some answers VA needs are missing or not accepted. Fix the fields marked, then submit again.';
