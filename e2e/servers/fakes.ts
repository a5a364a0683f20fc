/**
 * The outside services the browser suite needs, on loopback: an OAuth 2 / OIDC server standing in
 * for Google (and Discord), a fake Stripe that sends signed webhooks to the API, and a fake VA.gov
 * Lighthouse (OAuth and the APIs, checked against VA's OpenAPI documents) with a control port the
 * specs read it through. Started by Playwright's webServer before the app; stops with it.
 */
import { createServer } from 'node:http';
import { OAuth2Server } from 'oauth2-mock-server';
import { startFakeStripe } from '../../apps/api/test/fakes/stripe-server.ts';
import { startFakeLighthouse } from '../../apps/api/test/helpers/fake-lighthouse.ts';
import type { FakeDisabilityRating } from '../../apps/api/test/helpers/fake-lighthouse-rating.ts';
import { apiURL, fakes, googleProfile, prices } from '../config.ts';

const oauth = new OAuth2Server();
await oauth.issuer.keys.generate('RS256');
oauth.service.on('beforeUserinfo', (response: { body: unknown }) => {
  response.body = googleProfile;
});
await oauth.start(fakes.oauthPort, '127.0.0.1');

const stripe = await startFakeStripe({
  prices,
  secretKey: fakes.stripeSecretKey,
  webhookSecret: fakes.stripeWebhookSecret,
  port: fakes.stripePort,
  webhookUrl: `${apiURL}/stripe/webhook`,
});

const lighthouse = await startFakeLighthouse({
  port: fakes.lighthousePort,
  clientId: fakes.lighthouseClientId,
  clientSecret: fakes.lighthouseClientSecret,
});
/**
 * What a spec may ask of the fake VA: `GET /state` (mismatches with VA's documents, and the calls
 * made, without bodies), `POST /patient` `{icn}` (the veteran the next sign-in at VA is for, so
 * each spec's veteran has their own records at VA), `POST /consent` `{consent}` (whether the
 * veteran approves or declines at VA's sign-in), and `POST /rating` `{icn, rating}` (the disability
 * rating VA holds for that veteran, in VA's own shape).
 */
const control = createServer((request, response) => {
  void (async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'GET' && request.url === '/state') {
      return answer(200, {
        violations: lighthouse.violations,
        calls: lighthouse.calls.map(({ method, path, status }) => ({ method, path, status })),
      });
    }
    if (request.method === 'POST' && request.url === '/patient') {
      const { icn } = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
        icn?: unknown;
      };
      if (typeof icn !== 'string' || !/^\d{10}V\d{6}$/.test(icn)) {
        return answer(400, { error: 'icn must look like 1012667145V762142' });
      }
      lighthouse.patientIcn = icn;
      return answer(200, { icn });
    }
    if (request.method === 'POST' && request.url === '/rating') {
      const { icn, rating } = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
        icn?: unknown;
        rating?: FakeDisabilityRating;
      };
      if (typeof icn !== 'string' || !rating || !Array.isArray(rating.individual_ratings)) {
        return answer(400, { error: 'icn and rating (with individual_ratings) are required' });
      }
      lighthouse.rating.ratings.set(icn, rating);
      return answer(200, { icn });
    }
    if (request.method === 'POST' && request.url === '/consent') {
      const { consent } = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
        consent?: unknown;
      };
      if (consent !== 'approve' && consent !== 'deny') {
        return answer(400, { error: 'consent must be approve or deny' });
      }
      lighthouse.consent = consent;
      return answer(200, { consent });
    }
    return answer(404, { error: 'not found' });
  })();
});
await new Promise<void>((resolve) =>
  control.listen(fakes.lighthouseControlPort, '127.0.0.1', resolve),
);
process.stdout.write(
  `fakes ready: oauth ${oauth.issuer.url}, stripe ${stripe.url}, VA.gov ${lighthouse.url}\n`,
);

const stop = async () => {
  control.closeAllConnections();
  control.close();
  await Promise.allSettled([oauth.stop(), stripe.close(), lighthouse.close()]);
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
