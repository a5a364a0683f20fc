import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '@muster/db/client';
import { vaClaimSubmissions, type VaClaimSubmissionRow } from '@muster/db/schema/index';

/** Every query here is filtered by owner. */

type Owner = { db: Db; userId: string };
type Keyed = Owner & { claimKey: string };
/** One attempt: the lease holder's id, which every write of the attempt names. */
type Attempt = Keyed & { attemptId: string };

/** The row of this attempt, while it still holds the lease (and VA has not accepted the claim). */
const ofAttempt = (options: Attempt) =>
  and(
    eq(vaClaimSubmissions.userId, options.userId),
    eq(vaClaimSubmissions.claimKey, options.claimKey),
    eq(vaClaimSubmissions.attemptId, options.attemptId),
    ne(vaClaimSubmissions.status, 'submitted'),
  );

export async function findSubmission(options: Keyed): Promise<VaClaimSubmissionRow | undefined> {
  const [row] = await options.db
    .select()
    .from(vaClaimSubmissions)
    .where(
      and(
        eq(vaClaimSubmissions.userId, options.userId),
        eq(vaClaimSubmissions.claimKey, options.claimKey),
      ),
    );
  return row;
}

/**
 * Takes the submitting lease of the owner's submission for this claim key: one statement that
 * succeeds for one caller only while no unexpired lease is held and VA has not accepted the claim
 * yet. Answers null when another caller holds it; otherwise whether an earlier attempt may have
 * reached VA without its answer reaching us (`uncertain`: it was sending, or its outcome was
 * unknown), in which case VA must be asked before sending again.
 */
export async function claimSubmittingLease(
  options: Keyed & { claimId: string | null; leaseMs: number },
): Promise<{ uncertain: boolean; attemptId: string } | null> {
  const until = new Date(Date.now() + options.leaseMs);
  const attemptId = randomUUID();
  const rows = await options.db
    .insert(vaClaimSubmissions)
    .values({
      userId: options.userId,
      claimKey: options.claimKey,
      claimId: options.claimId,
      status: 'submitting',
      submittingUntil: until,
      attemptId,
    })
    .onConflictDoUpdate({
      target: [vaClaimSubmissions.userId, vaClaimSubmissions.claimKey],
      set: {
        submittingUntil: until,
        attemptId,
        status: sql`case when ${vaClaimSubmissions.status} in ('sending', 'uncertain') then 'uncertain' else 'submitting' end`,
        error: null,
        updatedAt: new Date(),
      },
      setWhere: and(
        ne(vaClaimSubmissions.status, 'submitted'),
        or(
          isNull(vaClaimSubmissions.submittingUntil),
          lt(vaClaimSubmissions.submittingUntil, sql`now()`),
        ),
      ),
    })
    .returning({ status: vaClaimSubmissions.status });
  const [row] = rows;
  return row ? { uncertain: row.status === 'uncertain', attemptId } : null;
}

/**
 * Extends this attempt's lease before a long step; false when the lease lapsed and another
 * attempt took it (this one must then stop, sending nothing).
 */
export async function renewLease(options: Attempt & { leaseMs: number }): Promise<boolean> {
  const rows = await options.db
    .update(vaClaimSubmissions)
    .set({ submittingUntil: new Date(Date.now() + options.leaseMs), updatedAt: new Date() })
    .where(ofAttempt(options))
    .returning({ id: vaClaimSubmissions.id });
  return rows.length === 1;
}

/**
 * The claim is about to go to VA: from now until VA answers, its outcome is unknown. The moment is
 * kept (in `submitted_at`, answered only once VA accepted the claim) so that a later check at VA
 * looks for a claim received since then.
 */
export async function markSending(options: Attempt): Promise<void> {
  await options.db
    .update(vaClaimSubmissions)
    .set({ status: 'sending', submittedAt: new Date(), updatedAt: new Date() })
    .where(ofAttempt(options));
}

/** VA established the claim: stores its id and the body sent, and releases the lease. */
export async function storeSubmitted(
  options: Attempt & { vaClaimId: string; payload: string; submittedAt: Date },
): Promise<VaClaimSubmissionRow | undefined> {
  const [row] = await options.db
    .update(vaClaimSubmissions)
    .set({
      status: 'submitted',
      vaClaimId: options.vaClaimId,
      payload: options.payload,
      error: null,
      submittedAt: options.submittedAt,
      submittingUntil: null,
      updatedAt: new Date(),
    })
    .where(ofAttempt(options))
    .returning();
  return row;
}

/**
 * The attempt failed: keeps why (plain words) and releases the lease, so a retry may send.
 * `uncertain` when VA may have received the claim anyway (no answer, or one we could not read).
 */
export async function storeFailed(
  options: Attempt & { error: string; uncertain?: boolean },
): Promise<void> {
  await options.db
    .update(vaClaimSubmissions)
    .set({
      status: options.uncertain ? 'uncertain' : 'failed',
      error: options.error,
      submittingUntil: null,
      updatedAt: new Date(),
    })
    .where(ofAttempt(options));
}

/** The owner's submissions, newest first. */
export async function listSubmissions(options: Owner): Promise<VaClaimSubmissionRow[]> {
  return options.db
    .select()
    .from(vaClaimSubmissions)
    .where(eq(vaClaimSubmissions.userId, options.userId))
    .orderBy(desc(vaClaimSubmissions.updatedAt), desc(vaClaimSubmissions.id));
}
