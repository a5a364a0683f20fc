import { z } from 'zod';
import { isoDateTimeSchema } from './common.ts';

/**
 * Intent to File (VA Form 21-0966) for disability compensation, filed through Lighthouse Benefits
 * Claims v2 once the veteran connected VA.gov (`benefit-claims`).
 *
 * - `GET /va-forms/intent-to-file` → `intentToFileStateSchema`: the local record, VA's active one
 *   (asked of VA each time when connected), and `can_access_526ez`; on a server without VA.gov,
 *   `va_configured: false` (200, not 503).
 * - `POST /va-forms/intent-to-file` → the same shape; 201 when VA filed a new one, 200 when VA
 *   already had an active one (nothing filed). Safe to retry: two at once file once.
 */

export const ITF_TYPES = ['compensation', 'pension', 'survivor'] as const;
export const itfTypeSchema = z.enum(ITF_TYPES);
export type ItfType = z.infer<typeof itfTypeSchema>;

export const intentToFileSchema = z
  .object({
    /** VA's id of the intent to file. */
    intent_file_id: z.string(),
    type: itfTypeSchema,
    /** VA's status (`active`, `claim_recieved`, `expired`, …), as VA spells it. */
    status: z.string(),
    /** As VA gives them: `YYYY-MM-DD` or an ISO date-time. */
    creation_date: z.string(),
    expiration_date: z.string(),
    /** Status `active` and not yet expired. */
    is_active: z.boolean(),
    /** When Muster last heard of it from VA. */
    updated_at: isoDateTimeSchema,
  })
  .meta({ id: 'IntentToFile' });
export type IntentToFile = z.infer<typeof intentToFileSchema>;

export const intentToFileStateSchema = z
  .object({
    /** This server has a VA.gov connection set up; false: nothing can reach VA from here. */
    va_configured: z.boolean(),
    /** The intent to file Muster last stored for the user (null before any). */
    intent_to_file: intentToFileSchema.nullable(),
    /** VA's active compensation intent to file right now; null when none or not connected. */
    va_active: intentToFileSchema.nullable(),
    /** Connected to VA.gov for Benefits Claims (`is_va_authenticated.benefit_claims`). */
    va_connected: z.boolean(),
    /** Connected to VA.gov AND an active, unexpired intent to file: the 526EZ may be started. */
    can_access_526ez: z.boolean(),
  })
  .meta({ id: 'IntentToFileState' });
export type IntentToFileState = z.infer<typeof intentToFileStateSchema>;

/** Muster files compensation intents only. */
export const fileIntentToFileInputSchema = z.object({
  type: z.literal('compensation').default('compensation'),
});
export type FileIntentToFileInput = z.infer<typeof fileIntentToFileInputSchema>;
