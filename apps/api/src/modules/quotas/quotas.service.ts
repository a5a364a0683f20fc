import {
  QUOTA_FEATURES,
  type Quota,
  type QuotaFeature,
  type Usage,
} from '@muster/contract/billing';
import { ERR } from '@muster/contract/errors';
import type { PlanId } from '@muster/contract/plans';
import type { QuotaRule } from '@muster/contract/quotas';
import { QUOTAS, quotaPeriod, quotaReachedDetail } from '@muster/domain/quotas';
import { isAllowedStatus } from '@muster/domain/subscription';
import type { Db } from '@muster/db/client';
import { AppError } from '#src/lib/errors.ts';
import { findSubscriptionRow } from '#src/modules/billing/billing.service.ts';
import {
  addToCounter,
  findAllCounters,
  findPeriodUse,
  findUsed,
  subtractFromCounter,
} from './quotas.repository.ts';

/**
 * The plan quotas apply to: the subscribed plan while its status lets the user in; otherwise
 * (no subscription yet, lapsed, past due) FREE. A lapse limits new work; it never hides records.
 */
export async function quotaPlanFor(options: { db: Db; userId: string }): Promise<PlanId> {
  const row = await findSubscriptionRow(options);
  return row && isAllowedStatus(row.status) ? row.plan : 'FREE';
}

/**
 * Whether plan limits apply. With billing off nobody can pay for more, so limits would only make
 * features unreachable: use is still counted (and shown), but never refused.
 */
export type QuotaPolicy = { billingEnabled: boolean };

const UNLIMITED_WITHOUT_BILLING: QuotaRule = {
  limit: null,
  reason: 'Billing is off: nobody can buy more, so use is counted but never refused.',
};

async function ruleFor(
  db: Db,
  userId: string,
  feature: QuotaFeature,
  policy: QuotaPolicy,
): Promise<{ plan: PlanId; rule: QuotaRule }> {
  const plan = await quotaPlanFor({ db, userId });
  return { plan, rule: policy.billingEnabled ? QUOTAS[plan][feature] : UNLIMITED_WITHOUT_BILLING };
}

function quotaError(feature: QuotaFeature, quota: Quota): AppError {
  return new AppError(ERR.FORBIDDEN, { detail: quotaReachedDetail(feature), extra: { quota } });
}

/**
 * The one quota check every feature calls before doing metered work. Counts `amount` against this
 * month atomically (two concurrent calls cannot both take the last unit); over the limit it throws
 * 403 with `detail` "<feature> quota reached" and `quota: {feature, used, limit, resets_at}`.
 */
export async function consumeQuota(
  options: QuotaPolicy & {
    db: Db;
    userId: string;
    feature: QuotaFeature;
    amount?: number;
    now?: Date;
  },
): Promise<Quota> {
  const { db, userId, feature } = options;
  const amount = options.amount ?? 1;
  const { start, resetsAt } = quotaPeriod(options.now ?? new Date());
  const { rule } = await ruleFor(db, userId, feature, options);
  const limit = rule.limit;
  const counter = { db, userId, feature, periodStart: start };
  const used = await addToCounter({ ...counter, amount, limit });
  // A first use above the limit (limit 0, or amount > limit) inserted a row: take it back.
  if (used === undefined || (limit !== null && used > limit)) {
    if (used !== undefined) await subtractFromCounter({ ...counter, amount });
    const current = await findUsed(counter);
    throw quotaError(feature, { feature, used: current, limit, resets_at: resetsAt.toISOString() });
  }
  return { feature, used, limit, resets_at: resetsAt.toISOString() };
}

/**
 * Gives back one use `consumeQuota` counted when the work it was counted for then made nothing
 * (the record was gone, or the same request had already made it). Never below zero.
 */
export async function refundQuota(options: {
  db: Db;
  userId: string;
  feature: QuotaFeature;
  amount?: number;
  now?: Date;
}): Promise<void> {
  const { start } = quotaPeriod(options.now ?? new Date());
  await subtractFromCounter({
    db: options.db,
    userId: options.userId,
    feature: options.feature,
    periodStart: start,
    amount: options.amount ?? 1,
  });
}

const MB = 1024 * 1024;

/** The bytes the user may keep in storage on their plan, or null for no cap (billing off). */
export async function storageLimitBytes(
  options: QuotaPolicy & { db: Db; userId: string },
): Promise<number | null> {
  if (!options.billingEnabled) return null;
  const { rule } = await ruleFor(options.db, options.userId, 'vault_storage_mb', options);
  return rule.limit === null ? null : rule.limit * MB;
}

/** 403 for an upload that would take storage past the plan's cap (before any byte is sent). */
export function storageQuotaError(options: {
  usedBytes: number;
  limitBytes: number;
  now?: Date;
}): AppError {
  return quotaError('vault_storage_mb', {
    feature: 'vault_storage_mb',
    used: Math.ceil(options.usedBytes / MB),
    limit: Math.floor(options.limitBytes / MB),
    resets_at: quotaPeriod(options.now ?? new Date()).resetsAt.toISOString(),
  });
}

/**
 * This month's use per feature. Storage is not monthly: `storageBytes` (what the user keeps now,
 * from the storage module) is shown as `vault_storage_mb`, rounded up.
 */
export async function getUsage(
  options: QuotaPolicy & { db: Db; userId: string; now?: Date; storageBytes?: number },
): Promise<Usage> {
  const { start, resetsAt } = quotaPeriod(options.now ?? new Date());
  const plan = await quotaPlanFor(options);
  const rows = await findPeriodUse({ db: options.db, userId: options.userId, periodStart: start });
  const used = new Map(rows.map((r) => [r.feature, r.used]));
  return {
    plan,
    period_start: start.toISOString(),
    resets_at: resetsAt.toISOString(),
    quotas: QUOTA_FEATURES.map((feature) => ({
      feature,
      used:
        feature === 'vault_storage_mb' && options.storageBytes !== undefined
          ? Math.ceil(options.storageBytes / MB)
          : (used.get(feature) ?? 0),
      limit: options.billingEnabled ? QUOTAS[plan][feature].limit : null,
      resets_at: resetsAt.toISOString(),
    })),
  };
}

/** Every usage counter row of the user, all periods (for the account export). */
export async function listUsageRows(options: { db: Db; userId: string }) {
  return findAllCounters(options);
}
