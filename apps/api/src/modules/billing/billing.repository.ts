import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '@muster/db/client';
import { billingCustomers, billingEvents, subscriptions } from '@muster/db/schema/index';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export async function findSubscription(
  db: Db | Tx,
  userId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

export async function upsertSubscription(
  db: Db | Tx,
  values: Omit<typeof subscriptions.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>,
): Promise<SubscriptionRow> {
  const [row] = await db
    .insert(subscriptions)
    .values(values)
    .onConflictDoUpdate({ target: subscriptions.userId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}

/**
 * Applies a provider state to the subscription it names, only when the event is not older than the
 * last one applied (events can arrive out of order). Returns whether a row changed.
 */
export async function applySubscriptionEvent(
  db: Db | Tx,
  stripeSubscriptionId: string,
  eventAt: Date,
  values: Partial<
    Pick<SubscriptionRow, 'status' | 'plan' | 'priceId' | 'currentPeriodEnd' | 'cancelAtPeriodEnd'>
  >,
): Promise<boolean> {
  const rows = await db
    .update(subscriptions)
    .set({ ...values, lastEventAt: eventAt, updatedAt: new Date() })
    .where(
      and(
        eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId),
        or(isNull(subscriptions.lastEventAt), lte(subscriptions.lastEventAt, eventAt)),
        // A lifetime purchase is never undone by a recurring subscription's later events.
        sql`${subscriptions.status} <> 'lifetime'`,
      ),
    )
    .returning({ id: subscriptions.id });
  return rows.length > 0;
}

export async function findCustomerId(db: Db | Tx, userId: string): Promise<string | undefined> {
  const [row] = await db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
  return row?.stripeCustomerId;
}

export async function saveCustomer(db: Db | Tx, userId: string, stripeCustomerId: string) {
  await db.insert(billingCustomers).values({ userId, stripeCustomerId }).onConflictDoNothing();
  return (await findCustomerId(db, userId))!;
}

export async function findUserIdByCustomer(
  db: Db | Tx,
  stripeCustomerId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select()
    .from(billingCustomers)
    .where(eq(billingCustomers.stripeCustomerId, stripeCustomerId));
  return row?.userId;
}

/** Records an event id; false when it was already recorded (a replay). */
export async function recordEvent(
  db: Db | Tx,
  event: { id: string; type: string; createdAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(billingEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ id: billingEvents.id });
  return rows.length > 0;
}
