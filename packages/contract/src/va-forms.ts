import { z } from 'zod';

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
