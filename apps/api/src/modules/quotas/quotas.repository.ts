import { and, eq, sql } from 'drizzle-orm';
import type { QuotaFeature } from '@muster/contract/billing';
import type { Db } from '@muster/db/client';
import { usageCounters } from '@muster/db/schema/index';

/** One counter: a user's use of one feature in the period starting at `periodStart`. */
type Counter = { db: Db; userId: string; feature: QuotaFeature; periodStart: Date };

function counterIs({ userId, feature, periodStart }: Omit<Counter, 'db'>) {
  return and(
    eq(usageCounters.userId, userId),
    eq(usageCounters.feature, feature),
    eq(usageCounters.periodStart, periodStart),
  );
}

export async function findUsed(options: Counter): Promise<number> {
  const [row] = await options.db
    .select({ used: usageCounters.used })
    .from(usageCounters)
    .where(counterIs(options));
  return row?.used ?? 0;
}

/**
 * Adds `amount` to the counter in one statement, creating it at `amount`. With a `limit`, an
 * existing counter is only raised while it stays within the limit: the answer is then undefined.
 * A new counter is always created, even above the limit; the caller takes that back.
 */
export async function addToCounter(
  options: Counter & { amount: number; limit: number | null },
): Promise<number | undefined> {
  const { db, userId, feature, periodStart, amount, limit } = options;
  const rows = await db
    .insert(usageCounters)
    .values({ userId, feature, periodStart, used: amount })
    .onConflictDoUpdate({
      target: [usageCounters.userId, usageCounters.feature, usageCounters.periodStart],
      set: { used: sql`${usageCounters.used} + ${amount}` },
      ...(limit === null ? {} : { setWhere: sql`${usageCounters.used} + ${amount} <= ${limit}` }),
    })
    .returning({ used: usageCounters.used });
  return rows[0]?.used;
}

export async function subtractFromCounter(options: Counter & { amount: number }): Promise<void> {
  await options.db
    .update(usageCounters)
    .set({ used: sql`greatest(${usageCounters.used} - ${options.amount}, 0)` })
    .where(counterIs(options));
}

/** The user's counters of one period, by feature. */
export async function findPeriodUse(options: { db: Db; userId: string; periodStart: Date }) {
  return options.db
    .select({ feature: usageCounters.feature, used: usageCounters.used })
    .from(usageCounters)
    .where(
      and(
        eq(usageCounters.userId, options.userId),
        eq(usageCounters.periodStart, options.periodStart),
      ),
    );
}

/** Every counter of the user, all periods. */
export async function findAllCounters(options: { db: Db; userId: string }) {
  return options.db.select().from(usageCounters).where(eq(usageCounters.userId, options.userId));
}
