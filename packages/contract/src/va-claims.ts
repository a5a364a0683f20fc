import { z } from 'zod';

/**
 * The veteran's claims at VA, read through Lighthouse Benefits Claims v2 once VA.gov is connected
 * (`benefit-claims`). VA's codes come with plain words, and VA's phase with its place in VA's
 * eight steps.
 *
 * - `GET /va-forms/claims` → `vaClaimListSchema`. Shown beside Muster's own claims, so it stays
 *   quiet: on a server without VA.gov, 200 with `va_configured: false`; when not connected (or the
 *   connection lapsed), 200 with `va_connected: false`; both with no results.
 * - `GET /va-forms/claims/{claimId}` → `vaClaimSchema`. Not configured: 503 / 3007; not connected:
 *   403 / 1003; an id VA does not know for this veteran: 404 / 3002; an id that cannot be VA's
 *   (not digits): 400.
 */

/** VA's claim ids are VBMS numbers. */
export const vaClaimIdSchema = z.string().regex(/^\d{1,20}$/, 'A VA claim id is a number');
export const vaClaimParamsSchema = z.object({ claimId: vaClaimIdSchema });

/** `YYYY-MM-DD` as VA gives it. */
const vaDaySchema = z.string().max(40);

export const VA_CLAIM_STEP_STATES = ['complete', 'current', 'upcoming'] as const;

export const vaClaimPhaseStepSchema = z
  .object({
    phase: z.number().int().min(1).max(8),
    label: z.string(),
    explanation: z.string(),
    state: z.enum(VA_CLAIM_STEP_STATES),
    /** The day VA finished this phase, when VA says. */
    completed_date: vaDaySchema.nullable(),
  })
  .meta({ id: 'VaClaimPhaseStep' });
export type VaClaimPhaseStep = z.infer<typeof vaClaimPhaseStepSchema>;

export const vaClaimSummarySchema = z
  .object({
    /** VA's claim id. */
    id: vaClaimIdSchema,
    /** VA's name for the kind of claim, e.g. "Compensation". */
    claim_type: z.string().nullable(),
    /** The day the claim was filed. */
    claim_date: vaDaySchema.nullable(),
    /** The day VA closed it; null while open. */
    close_date: vaDaySchema.nullable(),
    /** VA's status code, as VA spells it. */
    status: z.string().nullable(),
    status_label: z.string(),
    /** The step of VA's eight (1 received … 8 complete); null when VA places it nowhere (errored). */
    phase: z.number().int().min(1).max(8).nullable(),
    phase_label: z.string().nullable(),
    /** What happens in that step, in one sentence. */
    phase_explanation: z.string().nullable(),
    /** The day the claim reached its current step. */
    phase_change_date: vaDaySchema.nullable(),
    /** VA is waiting on the veteran: documents needed or an item needed from them. */
    needs_action: z.boolean(),
    /** VA sent a letter asking for evidence. */
    development_letter_sent: z.boolean(),
    /** VA sent the decision letter. */
    decision_letter_sent: z.boolean(),
  })
  .meta({ id: 'VaClaimSummary' });
export type VaClaimSummary = z.infer<typeof vaClaimSummarySchema>;

export const vaClaimListSchema = z
  .object({
    /** This server has VA.gov set up; false: nothing can reach VA from here. */
    va_configured: z.boolean(),
    /** Connected to VA.gov for Benefits Claims. */
    va_connected: z.boolean(),
    /** Newest filed first. */
    results: z.array(vaClaimSummarySchema),
  })
  .meta({ id: 'VaClaimList' });
export type VaClaimList = z.infer<typeof vaClaimListSchema>;

export const vaTrackedItemSchema = z
  .object({
    id: z.number().int(),
    /** What VA asks for, as VA names it. */
    name: z.string(),
    description: z.string().nullable(),
    status: z.string().nullable(),
    status_label: z.string(),
    /** VA is waiting for the veteran to answer this one. */
    needed_from_you: z.boolean(),
    /** What the veteran should do, in one sentence. */
    what_to_do: z.string(),
    requested_date: vaDaySchema.nullable(),
    /** VA's deadline for it. */
    due_date: vaDaySchema.nullable(),
    received_date: vaDaySchema.nullable(),
    closed_date: vaDaySchema.nullable(),
    overdue: z.boolean(),
  })
  .meta({ id: 'VaTrackedItem' });
export type VaTrackedItem = z.infer<typeof vaTrackedItemSchema>;

export const vaSupportingDocumentSchema = z
  .object({
    id: z.string().nullable(),
    name: z.string().nullable(),
    /** VA's label for the kind of document. */
    type: z.string().nullable(),
    upload_date: vaDaySchema.nullable(),
  })
  .meta({ id: 'VaSupportingDocument' });
export type VaSupportingDocument = z.infer<typeof vaSupportingDocumentSchema>;

export const vaClaimSchema = vaClaimSummarySchema
  .extend({
    /** The conditions claimed, as VA names them. */
    contentions: z.array(z.string()),
    tracked_items: z.array(vaTrackedItemSchema),
    supporting_documents: z.array(vaSupportingDocumentSchema),
    /** VA's eight steps in order. */
    phases: z.array(vaClaimPhaseStepSchema),
  })
  .meta({ id: 'VaClaim' });
export type VaClaim = z.infer<typeof vaClaimSchema>;
