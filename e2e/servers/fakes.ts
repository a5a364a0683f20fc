/**
 * The outside services the browser suite needs, on loopback: an OAuth 2 / OIDC server standing in
 * for Google (and Discord), and a fake Stripe that sends signed webhooks to the API. Started by
 * Playwright's webServer before the app; stops with it.
 */
import { OAuth2Server } from 'oauth2-mock-server';
import { startFakeStripe } from '../../apps/api/test/fakes/stripe-server.ts';
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
process.stdout.write(`fakes ready: oauth ${oauth.issuer.url}, stripe ${stripe.url}\n`);

const stop = async () => {
  await Promise.allSettled([oauth.stop(), stripe.close()]);
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
