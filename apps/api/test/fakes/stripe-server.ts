import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for Stripe's HTTP API, speaking its protocol: form-encoded requests with
 * bracketed keys, bearer secret keys, JSON objects with `object` and `id`, `{error: {…}}` on
 * failure. It keeps customers, checkout sessions, portal sessions and subscriptions in memory,
 * serves small checkout/portal pages for browser tests, and sends webhooks signed with the SDK's
 * own test-header helper. Only what Muster calls is implemented.
 */
type Obj = Record<string, unknown>;
type Subscription = Obj & {
  id: string;
  status: string;
  customer: string;
  items: { object: 'list'; data: Obj[] };
};

export type FakeStripe = {
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Where webhooks go (the API's /stripe/webhook). */
  setWebhookUrl(url: string): void;
  customers: Map<string, Obj>;
  sessions: Map<string, Obj>;
  subscriptions: Map<string, Subscription>;
  /** Completes a checkout as a paying customer would; sends checkout.session.completed. */
  completeCheckout(sessionId: string, options?: { status?: string }): Promise<Obj>;
  /** Changes a subscription's status and sends customer.subscription.updated. */
  setSubscriptionStatus(subscriptionId: string, status: string): Promise<Obj>;
  /** Signs and posts an event; returns the API's status code. */
  sendEvent(
    type: string,
    object: Obj,
    options?: { created?: number; id?: string },
  ): Promise<{ status: number; event: Obj }>;
  close(): Promise<void>;
};

function setPath(target: Obj, path: string[], value: string) {
  let node: Obj = target;
  path.forEach((key, index) => {
    const last = index === path.length - 1;
    if (last) {
      node[key] = value;
      return;
    }
    const nextIsIndex = /^\d+$/.test(path[index + 1]!);
    node[key] ??= nextIsIndex ? [] : {};
    node = node[key] as Obj;
  });
}

/** `a[b][0][c]=1` → {a: {b: [{c: '1'}]}} — Stripe's request encoding. */
export function parseStripeForm(body: string): Obj {
  const result: Obj = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    setPath(result, path, value);
  }
  return result;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

export async function startFakeStripe(options: {
  prices: Record<string, string>;
  secretKey?: string;
  webhookSecret?: string;
  port?: number;
  webhookUrl?: string;
}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(16).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString('hex')}`;
  const customers = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const portals = new Map<string, Obj>();
  const subscriptions = new Map<string, Subscription>();
  let webhookUrl = options.webhookUrl ?? '';
  let base = '';
  const knownPrices = new Set(Object.values(options.prices));

  const send = (res: ServerResponse, status: number, body: unknown, type = 'application/json') => {
    res.writeHead(status, { 'content-type': type, 'request-id': id('req') });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, message: string, param?: string) =>
    send(res, status, {
      error: { type: 'invalid_request_error', message, ...(param ? { param } : {}) },
    });

  async function sendEvent(
    type: string,
    object: Obj,
    opts: { created?: number; id?: string } = {},
  ) {
    const event = {
      id: opts.id ?? id('evt'),
      object: 'event',
      type,
      created: opts.created ?? now(),
      api_version: '2026-01-28',
      livemode: false,
      data: { object },
    };
    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload,
    });
    return { status: response.status, event };
  }

  function makeSubscription(session: Obj, status: string): Subscription {
    const price = String(session.__price ?? '');
    const periodEnd = now() + 30 * 24 * 3600;
    const subscription: Subscription = {
      id: id('sub'),
      object: 'subscription',
      status,
      customer: String(session.customer),
      cancel_at_period_end: false,
      created: now(),
      metadata: session.metadata ?? {},
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            price: { id: price, object: 'price' },
            current_period_end: periodEnd,
          },
        ],
      },
    };
    subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  async function completeCheckout(sessionId: string, opts: { status?: string } = {}) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    session.status = 'complete';
    session.payment_status = 'paid';
    if (session.mode === 'subscription') {
      const subscription = makeSubscription(session, opts.status ?? 'active');
      session.subscription = subscription.id;
    }
    await sendEvent('checkout.session.completed', publicSession(session));
    return publicSession(session);
  }

  async function setSubscriptionStatus(subscriptionId: string, status: string) {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
    subscription.status = status;
    await sendEvent(
      status === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated',
      subscription,
    );
    return subscription;
  }

  const publicSession = (session: Obj) =>
    Object.fromEntries(Object.entries(session).filter(([k]) => !k.startsWith('__')));

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', base);
    const method = req.method ?? 'GET';
    // Browser pages (the hosted checkout and portal).
    const checkoutPage = url.pathname.match(/^\/pay\/(cs_\w+)$/);
    if (checkoutPage) {
      const session = sessions.get(checkoutPage[1]!);
      if (!session) return send(res, 404, 'not found', 'text/plain');
      if (method === 'POST') {
        await completeCheckout(session.id as string);
        const success = String(session.success_url).replace(
          '{CHECKOUT_SESSION_ID}',
          String(session.id),
        );
        res.writeHead(303, { location: success });
        return res.end();
      }
      return send(
        res,
        200,
        `<!doctype html><html lang="en"><head><title>Test checkout</title></head><body><main><h1>Test checkout</h1><form method="post"><button type="submit">Pay</button></form><a href="${String(session.cancel_url)}">Cancel</a></main></body></html>`,
        'text/html',
      );
    }
    const portalPage = url.pathname.match(/^\/portal\/(bps_\w+)$/);
    if (portalPage) {
      const portal = portals.get(portalPage[1]!);
      if (!portal) return send(res, 404, 'not found', 'text/plain');
      return send(
        res,
        200,
        `<!doctype html><html lang="en"><head><title>Test billing portal</title></head><body><main><h1>Test billing portal</h1><a href="${String(portal.return_url)}">Return to Muster</a></main></body></html>`,
        'text/html',
      );
    }

    if (url.pathname === '/health') return send(res, 200, { ok: true });
    // Test control (not part of Stripe's API): change a customer's subscription by email.
    const control = url.pathname.match(/^\/__control\/subscription-status$/);
    if (control && method === 'POST') {
      const { email, status } = JSON.parse(await readBody(req)) as {
        email: string;
        status: string;
      };
      const customer = [...customers.values()].find((c) => c.email === email);
      const subscription = [...subscriptions.values()].find((s) => s.customer === customer?.id);
      if (!subscription) return error(res, 404, `No subscription for ${email}`);
      return send(res, 200, await setSubscriptionStatus(subscription.id, status));
    }
    if (!url.pathname.startsWith('/v1/')) return error(res, 404, 'Unrecognized request URL');
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return send(res, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
      });
    }
    const params =
      method === 'GET'
        ? parseStripeForm(url.search.slice(1))
        : parseStripeForm(await readBody(req));

    if (method === 'POST' && url.pathname === '/v1/customers') {
      const customer = {
        id: id('cus'),
        object: 'customer',
        email: params.email ?? null,
        metadata: params.metadata ?? {},
        created: now(),
      };
      customers.set(customer.id, customer);
      return send(res, 200, customer);
    }
    if (method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const customer = String(params.customer ?? '');
      if (!customers.has(customer))
        return error(res, 400, `No such customer: '${customer}'`, 'customer');
      const items = (params.line_items as Obj[] | undefined) ?? [];
      const price = String(items[0]?.price ?? '');
      if (!knownPrices.has(price))
        return error(res, 400, `No such price: '${price}'`, 'line_items[0][price]');
      if (!params.success_url || !params.mode)
        return error(res, 400, 'Missing required param: success_url.', 'success_url');
      const sessionId = id('cs_test');
      const session: Obj = {
        id: sessionId,
        object: 'checkout.session',
        mode: params.mode,
        status: 'open',
        payment_status: 'unpaid',
        customer,
        client_reference_id: params.client_reference_id ?? null,
        metadata: params.metadata ?? {},
        success_url: params.success_url,
        cancel_url: params.cancel_url ?? null,
        subscription: null,
        url: `${base}/pay/${sessionId}`,
        __price: price,
      };
      sessions.set(sessionId, session);
      return send(res, 200, publicSession(session));
    }
    const sessionMatch = url.pathname.match(/^\/v1\/checkout\/sessions\/(cs_\w+)$/);
    if (method === 'GET' && sessionMatch) {
      const session = sessions.get(sessionMatch[1]!);
      if (!session) return error(res, 404, `No such checkout.session: '${sessionMatch[1]}'`, 'id');
      return send(res, 200, publicSession(session));
    }
    if (method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      const customer = String(params.customer ?? '');
      if (!customers.has(customer))
        return error(res, 400, `No such customer: '${customer}'`, 'customer');
      const portal = {
        id: id('bps'),
        object: 'billing_portal.session',
        customer,
        return_url: params.return_url ?? null,
        flow: params.flow_data ?? null,
        url: '',
      };
      portal.url = `${base}/portal/${portal.id}`;
      portals.set(portal.id, portal);
      return send(res, 200, portal);
    }
    const subMatch = url.pathname.match(/^\/v1\/subscriptions\/(sub_\w+)$/);
    if (method === 'GET' && subMatch) {
      const subscription = subscriptions.get(subMatch[1]!);
      if (!subscription) return error(res, 404, `No such subscription: '${subMatch[1]}'`, 'id');
      return send(res, 200, subscription);
    }
    return error(res, 404, `Unrecognized request URL (${method}: ${url.pathname})`);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) =>
      send(res, 500, { error: { type: 'api_error', message: String(err) } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    secretKey,
    webhookSecret,
    setWebhookUrl: (next) => {
      webhookUrl = next;
    },
    customers,
    sessions,
    subscriptions,
    completeCheckout,
    setSubscriptionStatus,
    sendEvent,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
