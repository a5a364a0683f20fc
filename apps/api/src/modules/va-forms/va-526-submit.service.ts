import { z } from 'zod';
import { ERR } from '@muster/contract/errors';
import {
  VA_526_LOCAL_ERRORS_DETAIL,
  VA_526_NEEDS_INTENT_TO_FILE_DETAIL,
  VA_526_REFUSED_FIELDS_DETAIL,
  type Submit526Input,
  type Va526Submission,
  type Va526SubmissionList,
} from '@muster/contract/va-forms';
import { VA_NOT_CONNECTED_DETAIL, VA_UNAVAILABLE_DETAIL } from '@muster/contract/va-integrations';
import type { Db } from '@muster/db/client';
import type { VaClaimSubmissionRow } from '@muster/db/schema/index';
import { describe526Issues, type SchemaIssue } from '@muster/domain/va-526/plain-errors';
import type { Payload526 } from '@muster/domain/va-526/build-payload';
import type { VaConfig } from '#src/config/env.ts';
import { AppError } from '#src/lib/errors.ts';
import { updateClaim } from '#src/modules/claims/claims.service.ts';
import {
  getIntentToFileState,
  intentToFileUsed,
} from '#src/modules/intent-to-file/intent-to-file.service.ts';
import { findVaClaims } from '#src/modules/va-claims/va-claims.service.ts';
import {
  callLighthouse,
  isBenefitClaimsConnected,
} from '#src/modules/va-integrations/va-integrations.service.ts';
import { requireVaConfig, type VaLogger } from '#src/modules/va-integrations/lighthouse-client.ts';
import {
  claimSubmittingLease,
  findSubmission,
  listSubmissions,
  markSending,
  renewLease,
  storeFailed,
  storeSubmitted,
} from './va-526-submit.repository.ts';
import { check526, gatherClaimRecords, todayOf } from './va-forms.service.ts';

/**
 * Sending the 21-526EZ to VA through Lighthouse Benefits Claims v2: VA validates the body first
 * (`POST /veterans/{icn}/526/validate`), then establishes the claim
 * (`POST /veterans/{icn}/526/synchronous`). One claim reaches VA per local claim (or per "all my
 * disabilities", key `primary`): the sending happens under a lease on that submission's row, so
 * retries and requests at once wait for the one talking to VA, and once VA accepted the claim
 * every later request answers that submission and sends nothing. No transaction is held while VA
 * answers.
 *
 * An attempt whose answer never reached us (a timeout, a VA outage mid-call, a crash) may still
 * have established the claim. Such a submission is kept `uncertain`, and the next attempt first
 * reads the veteran's claims at VA: a compensation claim VA received on or after the day of the
 * first attempt, and not already recorded by Muster, is taken to be this one and nothing is sent.
 */

type Options = {
  db: Db;
  va: VaConfig | undefined;
  log: VaLogger;
  userId: string;
};

const PRIMARY_KEY = 'primary';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the veteran sees of an attempt whose outcome VA did not confirm. */
const UNCERTAIN_DETAIL =
  'We could not confirm that VA received your claim. Submitting again first checks your claims at VA, so it is never filed twice.';

/** The stored status as the veteran sees it: `sending` is still submitting, `uncertain` failed. */
function contractStatus(status: string): Va526Submission['status'] {
  if (status === 'sending') return 'submitting';
  if (status === 'uncertain') return 'failed';
  return status as Va526Submission['status'];
}

function toContract(row: VaClaimSubmissionRow): Va526Submission {
  return {
    id: row.id,
    claim_id: row.claimId,
    va_claim_id: row.vaClaimId,
    status: contractStatus(row.status),
    error: row.status === 'uncertain' ? UNCERTAIN_DETAIL : row.error,
    // While sending, the column holds when the claim went out; it is answered once VA accepted it.
    submitted_at: row.status === 'submitted' ? (row.submittedAt?.toISOString() ?? null) : null,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** VA's answer to the synchronous submission: the claim id is `attributes.claimId`. */
const establishedSchema = z.object({
  data: z.object({
    id: z.string().min(1).max(64),
    attributes: z.object({ claimId: z.string().min(1).max(64).optional() }).optional(),
  }),
});

/** VA's error list (400 / 422), each error maybe pointing at a field. */
const vaErrorsSchema = z.object({
  errors: z
    .array(
      z.object({
        detail: z.string().max(2000).optional(),
        source: z.object({ pointer: z.string().max(500).nullish() }).nullish(),
      }),
    )
    .max(200),
});

const REQUIRED_KEY = /did not contain the required key ([A-Za-z0-9]+)/;

/**
 * VA's refusals as field errors: each `source.pointer` (`data/attributes/…`, slashes) becomes the
 * field path inside `data.attributes` (dots) with a plain message like Muster's own check gives.
 * VA's own wording is not passed on: it may quote what the veteran wrote.
 */
export function fieldErrorsOfVa(body: unknown, payload: Payload526): Record<string, string> {
  const parsed = vaErrorsSchema.safeParse(body);
  if (!parsed.success) return {};
  const issues: SchemaIssue[] = parsed.data.errors.flatMap((error) => {
    const pointer = error.source?.pointer;
    if (!pointer) return [];
    const parts = pointer
      .split('/')
      .filter(Boolean)
      .filter((part, index) => !(index < 2 && (part === 'data' || part === 'attributes')));
    const missing = REQUIRED_KEY.exec(error.detail ?? '')?.[1];
    if (parts.length === 0 && !missing) return [];
    return [
      {
        instancePath: parts.length ? `/${parts.join('/')}` : '',
        keyword: missing ? 'required' : 'refused',
        params: missing ? { missingProperty: missing } : {},
      },
    ];
  });
  return describe526Issues(issues, payload);
}

/** The owner's 526 submissions, newest first (never the payload). */
export async function findSubmissions(options: {
  db: Db;
  userId: string;
}): Promise<Va526SubmissionList> {
  return { results: (await listSubmissions(options)).map(toContract) };
}

/** The account export: the submissions with the body that was sent (the owner's own words). */
export async function exportSubmissions(options: { db: Db; userId: string }) {
  const rows = await listSubmissions(options);
  return rows.map((row) => ({
    ...toContract(row),
    created_at: row.createdAt.toISOString(),
    payload: row.payload ? (JSON.parse(row.payload) as unknown) : null,
  }));
}

/** Refuses (403) unless VA.gov is connected and VA holds an active intent to file. */
async function requireAccess(options: Options): Promise<void> {
  const state = await getIntentToFileState(options);
  if (!state.va_connected) {
    throw new AppError(ERR.ACCESS_DENIED, { detail: VA_NOT_CONNECTED_DETAIL });
  }
  if (!state.can_access_526ez) {
    throw new AppError(ERR.ACCESS_DENIED, { detail: VA_526_NEEDS_INTENT_TO_FILE_DETAIL });
  }
}

/** A call to the 526 paths: VA's 400 / 422 become field errors, anything else as Lighthouse maps it. */
async function send526(
  options: Options,
  step: 'validate' | 'synchronous',
  payload: Payload526,
): Promise<unknown> {
  const answer = await callLighthouse({
    ...options,
    service: 'benefit-claims',
    method: 'POST',
    path: `/veterans/{icn}/526/${step}`,
    body: payload,
    accept: [400, 422],
  });
  if (answer.status === 400 || answer.status === 422) {
    const fields = fieldErrorsOfVa(answer.body, payload);
    throw new AppError(ERR.UNABLE_TO_COMPLETE, {
      detail: VA_526_REFUSED_FIELDS_DETAIL,
      ...(Object.keys(fields).length ? { fields } : {}),
    });
  }
  return answer.body;
}

/** Whether VA refused the body (its 400 / 422): then the claim was certainly not established. */
const refusedByVa = (error: unknown) =>
  error instanceof AppError && error.detail === VA_526_REFUSED_FIELDS_DETAIL;

/**
 * The claim VA established from an earlier attempt whose answer we never had: a compensation claim
 * received on or after the day before `since` (VA dates claims in its own time zone) that no other
 * submission of the owner records. Null when VA has none.
 */
async function claimVaReceived(
  options: Options & { since: Date; claimKey: string },
): Promise<string | null> {
  const atVa = await findVaClaims(options);
  const recorded = new Set(
    (await listSubmissions(options)).flatMap((row) =>
      row.vaClaimId && row.claimKey !== options.claimKey ? [row.vaClaimId] : [],
    ),
  );
  const from = todayOf(new Date(options.since.getTime() - 24 * 3600 * 1000));
  const match = atVa.results.find(
    (claim) =>
      claim.claim_date !== null &&
      claim.claim_date >= from &&
      /compensation/i.test(claim.claim_type ?? '') &&
      !recorded.has(claim.id),
  );
  return match?.id ?? null;
}

/** Why an attempt failed, in words safe to keep (never VA's own text, which may quote the veteran). */
function failureOf(error: unknown): string {
  if (error instanceof AppError) {
    if (error.fields) {
      return `VA refused ${Object.keys(error.fields).length} answer(s) on the claim. Fix them and submit again.`;
    }
    return error.detail ?? error.message;
  }
  return VA_UNAVAILABLE_DETAIL;
}

/**
 * `POST /va-forms/526ez/submit`. `created` is true when VA established the claim on this request;
 * false when VA had accepted it before (answered again, nothing sent).
 */
export async function submit526(
  options: Options & { input: Submit526Input; now?: Date },
): Promise<{ submission: Va526Submission; created: boolean }> {
  const va = requireVaConfig(options.va);
  const owner = { db: options.db, userId: options.userId };
  // Another user's claim is not found (404) before anything else is looked at.
  const records = await gatherClaimRecords({ ...owner, claimId: options.input.claim_id });
  const claimId = options.input.claim_id ?? null;
  const keyed = { ...owner, claimKey: claimId ?? PRIMARY_KEY };

  const earlier = await findSubmission(keyed);
  if (earlier?.status === 'submitted') return { submission: toContract(earlier), created: false };

  const { payload, errors } = check526({
    ...records,
    currentVaEmployee: options.input.current_va_employee,
    today: todayOf(options.now ?? new Date()),
  });
  if (Object.keys(errors).length > 0) {
    throw new AppError(ERR.UNABLE_TO_COMPLETE, {
      detail: VA_526_LOCAL_ERRORS_DETAIL,
      fields: errors,
    });
  }
  // After an attempt VA may have established (which used the intent to file up), VA's claims are
  // checked first under the lease, and the intent to file only when VA has no such claim.
  const mayBeAtVa = earlier?.status === 'uncertain' || earlier?.status === 'sending';
  if (!mayBeAtVa) await requireAccess(options);
  else if (!(await isBenefitClaimsConnected(options))) {
    throw new AppError(ERR.ACCESS_DENIED, { detail: VA_NOT_CONNECTED_DETAIL });
  }

  // Each call to VA may refresh the token and try again once (four timeouts), and an attempt makes
  // up to three (the check at VA, validate, the claim): the lease outlasts that, and a crashed
  // holder's lease lapses after it.
  const leaseMs = 12 * va.timeoutMs + 5_000;
  const deadline = Date.now() + leaseMs;
  let lease: { uncertain: boolean; attemptId: string } | null;
  for (;;) {
    lease = await claimSubmittingLease({ ...keyed, claimId, leaseMs });
    if (lease) break;
    const current = await findSubmission(keyed);
    if (current?.status === 'submitted') {
      return { submission: toContract(current), created: false };
    }
    if (Date.now() > deadline) throw beingSent();
    await sleep(150);
  }
  const attempt = { ...keyed, attemptId: lease.attemptId };

  /** VA has the claim: stored (unless another attempt took over meanwhile), and its effects. */
  const accepted = async (vaClaimId: string, created: boolean) => {
    const row = await storeSubmitted({
      ...attempt,
      vaClaimId,
      payload: JSON.stringify(payload),
      submittedAt: new Date(),
    });
    if (!row) {
      const current = await findSubmission(keyed);
      if (current?.status === 'submitted') {
        return { submission: toContract(current), created: false };
      }
      throw beingSent();
    }
    await markClaimFiled(owner, claimId);
    await intentToFileUsed(owner);
    return { submission: toContract(row), created };
  };

  let sending = false;
  try {
    if (lease.uncertain) {
      const previous = await findSubmission(keyed);
      const received = await claimVaReceived({
        ...options,
        since: previous?.submittedAt ?? previous?.createdAt ?? new Date(),
        claimKey: keyed.claimKey,
      });
      if (received) return await accepted(received, false);
      await requireAccess(options);
    }
    await send526(options, 'validate', payload);
    // The lease must still be this attempt's when the claim goes out.
    if (!(await renewLease({ ...attempt, leaseMs }))) throw beingSent();
    await markSending(attempt);
    sending = true;
    const established = establishedSchema.safeParse(await send526(options, 'synchronous', payload));
    if (!established.success) {
      // VA took the claim but answered in a shape we do not know: nothing to store its id from.
      options.log.error({}, 'VA answered the 526 submission in an unknown shape');
      throw new AppError(ERR.BAD_GATEWAY, { detail: VA_UNAVAILABLE_DETAIL });
    }
    const { data } = established.data;
    return await accepted(data.attributes?.claimId ?? data.id, true);
  } catch (error) {
    await storeFailed({
      ...attempt,
      error: failureOf(error),
      // Once the claim was on its way, only VA's clear refusal proves it was not established.
      uncertain: (sending || lease.uncertain) && !refusedByVa(error),
    });
    throw error;
  }
}

/** Another request is sending this claim to VA (or took over from this one). */
function beingSent(): AppError {
  return new AppError(ERR.CONFLICT, {
    detail: 'Your claim is being sent to VA already. Please check again shortly.',
  });
}

/** The local claim the submission was built from is now filed (if it still exists). */
async function markClaimFiled(owner: { db: Db; userId: string }, claimId: string | null) {
  if (!claimId) return;
  try {
    await updateClaim({ ...owner, id: claimId, input: { status: 'filed' } });
  } catch (error) {
    // The claim was deleted while VA answered: VA has it, so the submission still stands.
    if (!(error instanceof AppError && error.code === ERR.NOT_FOUND)) throw error;
  }
}
