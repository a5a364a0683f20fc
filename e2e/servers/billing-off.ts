/**
 * The app as `npm start` runs it by default — billing off, no Stripe key — on the ports of the
 * `billing-off` project, serving the app build the main e2e server made (Playwright starts that one
 * first). Beside it, on loopback, a control port for what a browser cannot do:
 *
 * - `POST /consume {userId, feature, amount}`: metered use, through the one quota check every
 *   metered feature calls, with this server's own billing policy. Answers 200 with the quota, or
 *   the 403 envelope a metered route would send.
 * - `POST /expire-code {email}`: the email's sign-in code expires now, as if its lifetime had
 *   passed.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { QUOTA_FEATURES, type QuotaFeature } from '@muster/contract/billing';
import { AppError } from '../../apps/api/src/lib/errors.ts';
import { consumeQuota } from '../../apps/api/src/modules/quotas/quotas.service.ts';
import { closeOnSignals, configOrExit, startApi } from '../../apps/api/src/server.ts';
import { createStaticHost, webHostOptions } from '../../apps/api/src/static-host.ts';
import { billingOffPorts } from '../config.ts';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const config = configOrExit();
if (config.billing.stripe) {
  console.error('billing-off server: STRIPE_SECRET_KEY is set; this server must run without it');
  process.exit(1);
}

const api = await startApi(config);
const appHost = await createStaticHost({
  root: path.join(repo, 'apps', 'web', 'dist'),
  mode: 'spa',
  ...webHostOptions(config),
  hsts: false,
});

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

const control = createServer((request, response) => {
  void (async () => {
    const body = await readBody(request);
    if (request.method === 'POST' && request.url === '/consume') {
      const feature = body.feature as QuotaFeature;
      if (
        typeof body.userId !== 'string' ||
        !(QUOTA_FEATURES as readonly string[]).includes(feature)
      ) {
        return send(response, 400, { error: 'userId and a quota feature are required' });
      }
      try {
        const quota = await consumeQuota({
          db: api.database.db,
          userId: body.userId,
          feature,
          amount: typeof body.amount === 'number' ? body.amount : 1,
          billingEnabled: config.billing.stripe !== undefined,
        });
        return send(response, 200, quota);
      } catch (error) {
        if (error instanceof AppError) {
          return send(response, error.status, {
            code: error.code,
            detail: error.detail,
            ...error.extra,
          });
        }
        throw error;
      }
    }
    if (request.method === 'POST' && request.url === '/expire-code') {
      if (typeof body.email !== 'string') return send(response, 400, { error: 'email required' });
      const result = await api.database.db.execute(
        sql`UPDATE verification SET expires_at = now() - interval '1 second'
            WHERE identifier = ${`sign-in-otp-${body.email.toLowerCase()}`}`,
      );
      return send(response, 200, { expired: (result as { rowCount?: number }).rowCount ?? 0 });
    }
    return send(response, 404, { error: 'not found' });
  })().catch((error: unknown) => send(response, 500, { error: (error as Error).message }));
});

closeOnSignals(
  async () => {
    control.close();
    await appHost.close();
    await api.close();
  },
  () => undefined,
);

await new Promise<void>((resolve) => control.listen(billingOffPorts.control, '127.0.0.1', resolve));
await appHost.listen({ port: config.ports.app, host: config.host });
await api.listen({ port: config.ports.api, host: config.host });
