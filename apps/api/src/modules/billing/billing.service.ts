import type Stripe from 'stripe';
import { ERR } from '@muster/contract/errors';
import type { BillingConfig, CheckoutSessionInput, Subscription } from '@muster/contract/billing';
import type { PlanId } from '@muster/contract/plans';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '@muster/contract/users';
import { isAllowedStatus, planForPrice } from '@muster/domain/subscription';
import type { Db } from '@muster/db/client';
import type { Config } from '#src/config/env.ts';
import { AppError } from '#src/lib/errors.ts';
import {
  applySubscriptionEvent,
  findCustomerId,
  findSubscription,
  findUserIdByCustomer,
  recordEvent,
  saveCustomer,
  upsertSubscription,
  type SubscriptionRow,
} from './billing.repository.ts';

export type BillingDeps = {
  db: Db;
  billing: Config['billing'];
  stripe: Stripe | undefined;
  /** Origins a checkout or portal may return to (the app). */
  returnOrigins: string[];
};

/** Who pays: the signed-in user's id and email. */
export type BillingUser = { id: string; email: string };

/** The provider's subscription statuses: all of ours but `lifetime`, which only we record. */
const STRIPE_STATUSES: ReadonlySet<string> = new Set(
  SUBSCRIPTION_STATUSES.filter((status) => status !== 'lifetime'),
);

export function toSubscription(row: SubscriptionRow): Subscription {
  return {
    id: row.id,
    user_id: row.userId,
    plan: row.plan,
    price_id: row.priceId,
    status: row.status as SubscriptionStatus,
    current_period_end: row.currentPeriodEnd?.toISOString() ?? null,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    created_at: row.createdAt.toISOString(),
  };
}

/** The user's subscription row as stored, if any (for the account export). */
export async function findSubscriptionRow(options: {
  db: Db;
  userId: string;
}): Promise<SubscriptionRow | undefined> {
  return findSubscription(options.db, options.userId);
}

export function getBillingConfig(deps: Pick<BillingDeps, 'billing'>): BillingConfig {
  return { enabled: Boolean(deps.billing.stripe), prices: deps.billing.prices };
}

function requireStripe(deps: BillingDeps): Stripe {
  if (!deps.stripe)
    throw new AppError(ERR.NOT_ALLOWED, { detail: 'Billing is not enabled on this server' });
  return deps.stripe;
}

/** A return address must be on the app's own origin: no open redirects through checkout. */
function checkedReturnUrl(deps: BillingDeps, url: string, field: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AppError(ERR.INVALID_INPUT, { fields: { [field]: 'Invalid URL' } });
  }
  if (!deps.returnOrigins.includes(parsed.origin)) {
    throw new AppError(ERR.INVALID_INPUT, {
      detail: 'Return address must be in the app',
      fields: { [field]: 'Not an app address' },
    });
  }
  return parsed.toString();
}

/** FREE needs no payment: it records an active subscription on the free price. */
export async function chooseFreePlan({
  userId,
  ...deps
}: BillingDeps & { userId: string }): Promise<Subscription> {
  const existing = await findSubscription(deps.db, userId);
  if (existing && existing.plan !== 'FREE' && isAllowedStatus(existing.status)) {
    throw new AppError(ERR.INVALID_STATE, { detail: 'You already have a paid plan' });
  }
  if (existing?.plan === 'FREE' && existing.status === 'active') return toSubscription(existing);
  const row = await upsertSubscription(deps.db, {
    userId,
    plan: 'FREE',
    priceId: deps.billing.prices.FREE,
    status: 'active',
    provider: 'free',
    stripeSubscriptionId: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    lastEventAt: null,
  });
  return toSubscription(row);
}

export async function listSubscriptions({
  db,
  userId,
}: Pick<BillingDeps, 'db'> & { userId: string }): Promise<Subscription[]> {
  const deps = { db };
  const row = await findSubscription(deps.db, userId);
  return row ? [toSubscription(row)] : [];
}

export async function getSubscription({
  db,
  userId,
  id,
}: Pick<BillingDeps, 'db'> & { userId: string; id: string }): Promise<Subscription> {
  const deps = { db };
  const row = await findSubscription(deps.db, userId);
  if (!row || row.id !== id) throw new AppError(ERR.NOT_FOUND);
  return toSubscription(row);
}

export async function ensureCustomer({
  user,
  ...deps
}: BillingDeps & { user: BillingUser }): Promise<string> {
  const stripe = requireStripe(deps);
  const existing = await findCustomerId(deps.db, user.id);
  if (existing) return existing;
  const customer = await stripe.customers.create(
    { email: user.email, metadata: { user_id: user.id } },
    { idempotencyKey: `customer-${user.id}` },
  );
  return saveCustomer(deps.db, user.id, customer.id);
}

function withSessionId(returnUrl: string): string {
  const url = new URL(returnUrl);
  url.searchParams.set('session_id', 'CHECKOUT_SESSION_ID_PLACEHOLDER');
  return url.toString().replace('CHECKOUT_SESSION_ID_PLACEHOLDER', '{CHECKOUT_SESSION_ID}');
}

async function startCheckout(
  deps: BillingDeps,
  user: BillingUser,
  plan: PlanId,
  returnUrl: string,
) {
  const stripe = requireStripe(deps);
  const existing = await findSubscription(deps.db, user.id);
  if (existing?.status === 'lifetime')
    throw new AppError(ERR.INVALID_STATE, { detail: 'You already have lifetime access' });
  const customer = await ensureCustomer({ ...deps, user });
  const session = await stripe.checkout.sessions.create({
    mode: plan === 'LIFETIME' ? 'payment' : 'subscription',
    customer,
    client_reference_id: user.id,
    metadata: { user_id: user.id, plan },
    line_items: [{ price: deps.billing.prices[plan], quantity: 1 }],
    success_url: withSessionId(returnUrl),
    cancel_url: returnUrl,
  });
  if (!session.url)
    throw new AppError(ERR.UNABLE_TO_COMPLETE, { detail: 'Checkout could not be started' });
  return { url: session.url };
}

/** Checkout for a paid plan; `price_id` names the plan. */
export async function createCheckoutSession({
  user,
  input,
  ...deps
}: BillingDeps & { user: BillingUser; input: CheckoutSessionInput }) {
  const plan = planForPrice(input.price_id, deps.billing.prices);
  if (!plan || plan === 'FREE') {
    throw new AppError(ERR.INVALID_INPUT, { fields: { price_id: 'Not a paid plan' } });
  }
  const returnUrl = checkedReturnUrl(
    deps,
    `${input.return_url.scheme}://${input.return_url.domain}${input.return_url.path}`,
    'return_url',
  );
  return startCheckout(deps, user, plan, returnUrl);
}

export async function createLifetimeCheckout({
  user,
  returnUrl,
  ...deps
}: BillingDeps & { user: BillingUser; returnUrl: string }) {
  return startCheckout(deps, user, 'LIFETIME', checkedReturnUrl(deps, returnUrl, 'return_url'));
}

export type PortalKind = 'subscription' | 'upgrade' | 'customer';

/** A billing-portal session; 404 when the user has no billing customer yet (the app sends them to sign-up). */
export async function createPortalSession({
  userId,
  kind,
  returnUrl,
  ...deps
}: BillingDeps & { userId: string; kind: PortalKind; returnUrl: string }) {
  const stripe = requireStripe(deps);
  const url = checkedReturnUrl(deps, returnUrl, 'return_url');
  const customer = await findCustomerId(deps.db, userId);
  if (!customer) throw new AppError(ERR.NOT_FOUND, { detail: 'No billing account yet' });
  const subscription = await findSubscription(deps.db, userId);
  const session = await stripe.billingPortal.sessions.create({
    customer,
    return_url: url,
    ...(kind === 'upgrade' && subscription?.stripeSubscriptionId
      ? {
          flow_data: {
            type: 'subscription_update',
            subscription_update: { subscription: subscription.stripeSubscriptionId },
          },
        }
      : {}),
  });
  return { url: session.url };
}

// Stripe's types promise every field, but webhook payloads and older API versions can leave out the
// item list, its data or the price: each read below is guarded for that.
function periodEnd(subscription: Stripe.Subscription): Date | null {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- see above: partial payloads
  const item = subscription.items?.data?.[0] as
    (Stripe.SubscriptionItem & { current_period_end?: number }) | undefined;
  const legacy = (subscription as unknown as { current_period_end?: number }).current_period_end;
  const end = item?.current_period_end ?? legacy;
  return typeof end === 'number' ? new Date(end * 1000) : null;
}

function subscriptionState(deps: BillingDeps, subscription: Stripe.Subscription) {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- see periodEnd: partial payloads
  const priceId = subscription.items?.data?.[0]?.price?.id ?? '';
  const plan = planForPrice(priceId, deps.billing.prices);
  return {
    status: STRIPE_STATUSES.has(subscription.status) ? subscription.status : 'incomplete',
    plan,
    priceId,
    currentPeriodEnd: periodEnd(subscription),
    cancelAtPeriodEnd: Boolean(subscription.cancel_at_period_end),
  };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

function checkoutSubscriptionId(session: Stripe.Checkout.Session): string | undefined {
  return typeof session.subscription === 'string' ? session.subscription : session.subscription?.id;
}

async function applyCheckout(
  deps: BillingDeps,
  db: Db | Tx,
  session: Stripe.Checkout.Session,
  eventAt: Date,
  prefetched?: Stripe.Subscription,
) {
  const userId = session.client_reference_id ?? session.metadata?.user_id;
  if (!userId || session.status !== 'complete') return;
  if (session.mode === 'payment' && session.metadata?.plan === 'LIFETIME') {
    await upsertSubscription(db, {
      userId,
      plan: 'LIFETIME',
      priceId: deps.billing.prices.LIFETIME,
      status: 'lifetime',
      provider: 'stripe',
      stripeSubscriptionId: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      lastEventAt: eventAt,
    });
    return;
  }
  const subscriptionId = checkoutSubscriptionId(session);
  if (!subscriptionId) return;
  const subscription =
    prefetched ?? (await requireStripe(deps).subscriptions.retrieve(subscriptionId));
  await applySubscription(deps, db, subscription, eventAt, userId);
}

async function applySubscription(
  deps: BillingDeps,
  db: Db | Tx,
  subscription: Stripe.Subscription,
  eventAt: Date,
  knownUserId?: string,
) {
  const state = subscriptionState(deps, subscription);
  if (!state.plan) return; // A price that is not one of ours: not a Muster plan.
  const changed = await applySubscriptionEvent(db, subscription.id, eventAt, {
    ...state,
    plan: state.plan,
  });
  if (changed) return;
  const customerId =
    typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
  const userId = knownUserId ?? (await findUserIdByCustomer(db, customerId));
  if (!userId) return;
  const current = await findSubscription(db, userId);
  if (current?.stripeSubscriptionId === subscription.id) return; // Known, and this event is older.
  if (current?.status === 'lifetime') return;
  if (current?.lastEventAt && current.lastEventAt > eventAt) return;
  await upsertSubscription(db, {
    userId,
    ...state,
    plan: state.plan,
    provider: 'stripe',
    stripeSubscriptionId: subscription.id,
    lastEventAt: eventAt,
  });
}

/** After returning from checkout: confirms the session and records the result without waiting for the webhook. */
export async function verifyCheckoutSession({
  userId,
  sessionId,
  ...deps
}: BillingDeps & { userId: string; sessionId: string }) {
  const stripe = requireStripe(deps);
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.retrieve(sessionId);
  } catch {
    throw new AppError(ERR.NOT_FOUND);
  }
  if ((session.client_reference_id ?? session.metadata?.user_id) !== userId)
    throw new AppError(ERR.NOT_FOUND);
  // State read directly is as of now; events carry whole seconds, so record the previous second:
  // an event from this same second (possibly newer than what we read) still applies.
  const readAt = new Date(Math.floor(Date.now() / 1000) * 1000 - 1000);
  if (session.status === 'complete') await applyCheckout(deps, deps.db, session, readAt);
  const current = await findSubscription(deps.db, userId);
  return {
    status: (session.status ?? 'open') as 'complete' | 'open' | 'expired',
    subscription_status: (current?.status ?? null) as SubscriptionStatus | null,
  };
}

/**
 * A signed webhook from the payment provider. Each event applies once (replays are acknowledged);
 * subscription states apply only when not older than the state already recorded.
 */
export async function handleWebhook({
  rawBody,
  signature,
  ...deps
}: BillingDeps & { rawBody: Buffer; signature: string | undefined }) {
  const stripe = requireStripe(deps);
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(
      rawBody,
      signature ?? '',
      deps.billing.stripe!.webhookSecret,
    );
  } catch {
    throw new AppError(ERR.INVALID_INPUT, { detail: 'Invalid webhook signature' });
  }
  const eventAt = new Date(event.created * 1000);
  // Provider calls happen before the transaction: never hold one open across network work.
  let prefetched: Stripe.Subscription | undefined;
  if (
    event.type === 'checkout.session.completed' ||
    event.type === 'checkout.session.async_payment_succeeded'
  ) {
    const subscriptionId = checkoutSubscriptionId(event.data.object);
    if (subscriptionId) prefetched = await stripe.subscriptions.retrieve(subscriptionId);
  }
  await deps.db.transaction(async (tx) => {
    const fresh = await recordEvent(tx, { id: event.id, type: event.type, createdAt: eventAt });
    if (!fresh) return;
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        await applyCheckout(deps, tx, event.data.object, eventAt, prefetched);
        break;
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
      case 'customer.subscription.paused':
      case 'customer.subscription.resumed':
        await applySubscription(deps, tx, event.data.object, eventAt);
        break;
      default:
        break; // Acknowledged; nothing to do.
    }
  });
  return { received: true };
}
