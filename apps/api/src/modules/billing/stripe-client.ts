import Stripe from 'stripe';

/** The official SDK; `apiBase` points it at another host (a local fake speaking Stripe's protocol). */
export function createStripeClient(options: {
  secretKey: string;
  apiBase: string | undefined;
}): Stripe {
  const base = options.apiBase ? new URL(options.apiBase) : undefined;
  return new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
    appInfo: { name: 'Muster' },
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}
