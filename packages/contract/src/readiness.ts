import { z } from 'zod';

/**
 * Claim readiness: how close one disability is to a claim VA can grant. Service connection rests on
 * three elements: a current diagnosis, an event, injury, disease or exposure in service, and a link
 * between the two (a medical nexus opinion; or a presumption of law; or, for a secondary
 * condition, a service-connected condition that caused or worsened it). Each element is `met`
 * (the claim holds evidence VA weighs), `weak` (something supports it, but not what VA looks for
 * first) or `missing`. `GET /disabilities/{id}/readiness` answers one disability;
 * `GET /disabilities/readiness` every disability, for the dashboard.
 */

export const READINESS_ELEMENTS = ['diagnosis', 'in_service', 'nexus'] as const;
export const readinessElementNameSchema = z.enum(READINESS_ELEMENTS);
export type ReadinessElementName = z.infer<typeof readinessElementNameSchema>;

export const READINESS_STATUSES = ['met', 'weak', 'missing'] as const;
export const readinessStatusSchema = z.enum(READINESS_STATUSES);
export type ReadinessStatus = z.infer<typeof readinessStatusSchema>;

/** What each element is called where the veteran reads it. */
export const READINESS_ELEMENT_LABELS: Record<ReadinessElementName, string> = {
  diagnosis: 'Current diagnosis',
  in_service: 'In-service event or exposure',
  nexus: 'Link to service',
};

export const READINESS_STATUS_LABELS: Record<ReadinessStatus, string> = {
  met: 'Met',
  weak: 'Weak',
  missing: 'Missing',
};

/**
 * The things a veteran can do to make an element stronger. Each has the page where it is done (a
 * path of the app, with the disability's id filled in) or none when it happens outside Muster.
 */
export const NEXT_STEP_ACTIONS = [
  'see_doctor',
  'record_diagnosis',
  'describe_in_service_event',
  'add_service_records',
  'add_exposure',
  'add_treatment',
  'link_primary',
  'nexus_letter',
  'buddy_statement',
  'personal_statement',
] as const;
export const nextStepActionSchema = z.enum(NEXT_STEP_ACTIONS);
export type NextStepAction = z.infer<typeof nextStepActionSchema>;

export const nextStepSchema = z.object({
  action: nextStepActionSchema,
  /** One sentence saying what to do and why it helps. */
  text: z.string(),
  /** The app page where it is done; null when it is done outside Muster (a doctor's visit). */
  path: z.string().nullable(),
});
export type NextStep = z.infer<typeof nextStepSchema>;

export const readinessElementSchema = z.object({
  element: readinessElementNameSchema,
  status: readinessStatusSchema,
  /** What supports the element, each in a short phrase ("Diagnosis recorded: Tinnitus"). */
  supports: z.array(z.string()),
  /** The one thing that would strengthen this element most; null when it is met. */
  next_step: nextStepSchema.nullable(),
});
export type ReadinessElement = z.infer<typeof readinessElementSchema>;

/** How the link to service is made: the claim type, or the presumption the exposures support. */
export const NEXUS_BASES = [
  'direct',
  'secondary',
  'worsened_by_service',
  'caused_by_va_care',
  'presumptive',
] as const;

export const readinessSchema = z
  .object({
    disability_id: z.uuid(),
    /** Every element met. */
    ready: z.boolean(),
    basis: z.enum(NEXUS_BASES),
    /** The three elements, in the order above. */
    elements: z.array(readinessElementSchema),
    /** Of all the elements' next steps, the one that would help the claim most. */
    next_step: nextStepSchema.nullable(),
  })
  .meta({ id: 'Readiness' });
export type Readiness = z.infer<typeof readinessSchema>;

export const readinessSummaryItemSchema = z.object({
  disability_id: z.uuid(),
  title: z.string(),
  ready: z.boolean(),
  met: z.number().int().min(0),
  next_step: nextStepSchema.nullable(),
});

export const readinessSummarySchema = z
  .object({
    total: z.number().int().min(0),
    ready: z.number().int().min(0),
    results: z.array(readinessSummaryItemSchema),
  })
  .meta({ id: 'ReadinessSummary' });
export type ReadinessSummary = z.infer<typeof readinessSummarySchema>;
