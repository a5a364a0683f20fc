import { z } from 'zod';
import { ERR } from '@muster/contract/errors';
import type {
  VaClaim,
  VaClaimList,
  VaClaimSummary,
  VaSupportingDocument,
  VaTrackedItem,
} from '@muster/contract/va-claims';
import {
  VA_AUTH_EXPIRED_DETAIL,
  VA_NOT_CONNECTED_DETAIL,
  VA_UNAVAILABLE_DETAIL,
} from '@muster/contract/va-integrations';
import type { Db } from '@muster/db/client';
import {
  isTrackedItemNeededFromVeteran,
  trackedItemNextStep,
  trackedItemStatusLabel,
  vaClaimPhaseOf,
  vaClaimStatusLabel,
  vaClaimTimeline,
} from '@muster/domain/va-claim-phases';
import type { VaConfig } from '#src/config/env.ts';
import { AppError } from '#src/lib/errors.ts';
import type { VaLogger } from '#src/modules/va-integrations/lighthouse-client.ts';
import {
  callLighthouse,
  isBenefitClaimsConnected,
} from '#src/modules/va-integrations/va-integrations.service.ts';

/**
 * The veteran's claims at VA through Lighthouse Benefits Claims v2: `GET /veterans/{icn}/claims`
 * and `GET /veterans/{icn}/claims/{id}`, asked each time (nothing is stored). VA answers for the
 * ICN of the user's own connection, so another veteran's claim id is unknown to VA here (404).
 */

type Options = { db: Db; va: VaConfig | undefined; log: VaLogger; userId: string };

// VA's answers, read leniently: VA leaves many fields null or out, and an odd value is shown as
// "not given" rather than failing the page. Only the shape we rely on is required.
const day = z.string().max(40).nullish().catch(null);
const text = z.string().max(2000).nullish().catch(null);
const flag = z.boolean().nullish().catch(null);

const vaClaimAttributesSchema = z.object({
  claimType: text,
  claimDate: day,
  closeDate: day,
  status: z.string().max(80).nullish().catch(null),
  claimPhaseDates: z
    .object({
      phaseType: text,
      latestPhaseType: text,
      phaseChangeDate: day,
      previousPhases: z.record(z.string(), day).nullish().catch(null),
    })
    .nullish()
    .catch(null),
  developmentLetterSent: flag,
  decisionLetterSent: flag,
  documentsNeeded: flag,
});

const vaClaimItemSchema = z.object({
  id: z.string().max(40).nullable(),
  attributes: vaClaimAttributesSchema,
});

const vaListAnswerSchema = z.object({ data: z.array(vaClaimItemSchema) });

const vaTrackedItemSchema = z.object({
  id: z.number().int(),
  displayName: text,
  description: text,
  status: z.string().max(80).nullish().catch(null),
  requestedDate: day,
  suspenseDate: day,
  receivedDate: day,
  closedDate: day,
  overdue: flag,
});

const vaDocumentSchema = z.object({
  documentId: text,
  originalFileName: text,
  documentTypeLabel: text,
  uploadDate: day,
});

const vaDetailAnswerSchema = z.object({
  data: vaClaimItemSchema.extend({
    attributes: vaClaimAttributesSchema.extend({
      contentions: z
        .array(z.object({ name: text }))
        .nullish()
        .catch(null),
      trackedItems: z.array(vaTrackedItemSchema).nullish(),
      supportingDocuments: z.array(vaDocumentSchema).nullish(),
    }),
  }),
});

type VaClaimAttributes = z.infer<typeof vaClaimAttributesSchema>;

function parseVa<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new AppError(ERR.BAD_GATEWAY, { detail: VA_UNAVAILABLE_DETAIL });
  return parsed.data;
}

/** The list names the current phase `phaseType`, one claim `latestPhaseType`. */
const phaseOf = (attributes: VaClaimAttributes) =>
  vaClaimPhaseOf({
    phaseType: attributes.claimPhaseDates?.latestPhaseType ?? attributes.claimPhaseDates?.phaseType,
    status: attributes.status,
  });

function summaryOf(
  id: string,
  attributes: VaClaimAttributes,
  neededFromYou: boolean,
): VaClaimSummary {
  const dates = attributes.claimPhaseDates;
  const phase = phaseOf(attributes);
  return {
    id,
    claim_type: attributes.claimType ?? null,
    claim_date: attributes.claimDate ?? null,
    close_date: attributes.closeDate ?? null,
    status: attributes.status ?? null,
    status_label: vaClaimStatusLabel(attributes.status),
    phase: phase?.phase ?? null,
    phase_label: phase?.label ?? null,
    phase_explanation: phase?.explanation ?? null,
    phase_change_date: dates?.phaseChangeDate ?? null,
    needs_action: attributes.documentsNeeded === true || neededFromYou,
    development_letter_sent: attributes.developmentLetterSent === true,
    decision_letter_sent: attributes.decisionLetterSent === true,
  };
}

const newestFirst = (a: VaClaimSummary, b: VaClaimSummary) =>
  (b.claim_date ?? '').localeCompare(a.claim_date ?? '') || b.id.localeCompare(a.id);

/**
 * The veteran's claims at VA. Shown beside Muster's own claims, so the ordinary "cannot ask VA"
 * cases answer an empty list with the reason in the flags instead of an error: no VA.gov on this
 * server, not connected, or a connection VA no longer accepts (it is forgotten by then).
 */
export async function findVaClaims(options: Options): Promise<VaClaimList> {
  if (!options.va) return { va_configured: false, va_connected: false, results: [] };
  if (!(await isBenefitClaimsConnected(options))) {
    return { va_configured: true, va_connected: false, results: [] };
  }
  let body: unknown;
  try {
    ({ body } = await callLighthouse({
      ...options,
      service: 'benefit-claims',
      method: 'GET',
      path: '/veterans/{icn}/claims',
    }));
  } catch (error) {
    if (error instanceof AppError && error.detail === VA_AUTH_EXPIRED_DETAIL) {
      return { va_configured: true, va_connected: false, results: [] };
    }
    throw error;
  }
  const answer = parseVa(vaListAnswerSchema, body);
  const results = answer.data
    // A claim VA could not set up has no id yet: nothing to show or open.
    .flatMap((item) =>
      item.id && /^\d{1,20}$/.test(item.id) ? [summaryOf(item.id, item.attributes, false)] : [],
    )
    .sort(newestFirst);
  return { va_configured: true, va_connected: true, results };
}

function trackedItemOf(item: z.infer<typeof vaTrackedItemSchema>): VaTrackedItem {
  const status = item.status ?? null;
  return {
    id: item.id,
    name: item.displayName ?? 'Request from VA',
    description: item.description ?? null,
    status,
    status_label: trackedItemStatusLabel(status),
    needed_from_you: isTrackedItemNeededFromVeteran(status),
    what_to_do: trackedItemNextStep({ status, dueDate: item.suspenseDate }),
    requested_date: item.requestedDate ?? null,
    due_date: item.suspenseDate ?? null,
    received_date: item.receivedDate ?? null,
    closed_date: item.closedDate ?? null,
    overdue: item.overdue === true,
  };
}

function documentOf(document: z.infer<typeof vaDocumentSchema>): VaSupportingDocument {
  return {
    id: document.documentId ?? null,
    name: document.originalFileName ?? null,
    type: document.documentTypeLabel ?? null,
    upload_date: document.uploadDate ?? null,
  };
}

/** One of the veteran's claims at VA, with what VA asks of them, the documents and the steps. */
export async function getVaClaim(options: Options & { claimId: string }): Promise<VaClaim> {
  // Asked of VA only when connected: the usual 503 (no VA.gov here) comes from callLighthouse.
  if (options.va && !(await isBenefitClaimsConnected(options))) {
    throw new AppError(ERR.ACCESS_DENIED, { detail: VA_NOT_CONNECTED_DETAIL });
  }
  const answer = await callLighthouse({
    ...options,
    service: 'benefit-claims',
    method: 'GET',
    path: `/veterans/{icn}/claims/${encodeURIComponent(options.claimId)}`,
    accept: [404],
  });
  if (answer.status === 404) throw new AppError(ERR.NOT_FOUND);
  const { data } = parseVa(vaDetailAnswerSchema, answer.body);
  const { attributes } = data;
  const trackedItems = (attributes.trackedItems ?? []).map(trackedItemOf);
  const summary = summaryOf(
    data.id && /^\d{1,20}$/.test(data.id) ? data.id : options.claimId,
    attributes,
    trackedItems.some((item) => item.needed_from_you),
  );
  return {
    ...summary,
    contentions: (attributes.contentions ?? []).flatMap((c) => (c.name ? [c.name] : [])),
    tracked_items: trackedItems,
    supporting_documents: (attributes.supportingDocuments ?? []).map(documentOf),
    phases: vaClaimTimeline({
      current: phaseOf(attributes)?.phase ?? null,
      completedDates: attributes.claimPhaseDates?.previousPhases ?? null,
    }).map((step) => ({
      phase: step.phase,
      label: step.label,
      explanation: step.explanation,
      state: step.state,
      completed_date: step.completedDate,
    })),
  };
}
