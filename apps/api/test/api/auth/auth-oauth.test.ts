import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR } from '@muster/contract/errors';
import { userProfiles } from '@muster/db/schema/index';
import { startTestServer, type TestApp } from '../../helpers/build-test-app.ts';
import { navigate, startOAuthServer } from '../../helpers/oauth-server.ts';
import { bearer } from '../../helpers/auth.ts';

let app: TestApp;
let url: string;
let provider: Awaited<ReturnType<typeof startOAuthServer>>;
const APP_URL = 'http://app.muster.test';

beforeAll(async () => {
  provider = await startOAuthServer();
  ({ app, url } = await startTestServer({
    env: { ...provider.env('GOOGLE'), ...provider.env('DISCORD'), APP_URL },
  }));
});
afterAll(async () => {
  await app.close();
  await provider.close();
});

const reachesApp = (target: URL) => target.origin === APP_URL;

describe('[AUTH][OAUTH]', () => {
  it('[AUTH]: configured providers are announced', async () => {
    expect((await fetch(`${url}/auth/providers`)).status).toBe(200);
    expect(await (await fetch(`${url}/auth/providers`)).json()).toEqual({
      google: true,
      discord: true,
    });
  });

  it('[AUTH]: Google sign-in runs the real redirect flow and hands a single-use code to the app', async () => {
    provider.setProfile({
      sub: 'google-123',
      email: 'oauth.vet@example.com',
      email_verified: true,
      name: 'Maria Elena Santos',
      picture: 'https://example.com/p.png',
    });
    const { final, hops } = await navigate(`${url}/auth-bridge/oauth/google/start`, {
      stopAt: reachesApp,
    });
    expect(hops.map((h) => new URL(h.url).pathname)).toEqual([
      '/auth-bridge/oauth/google/start',
      '/authorize',
      '/auth/callback/google',
      '/auth-bridge/oauth/complete',
    ]);
    expect(final.pathname).toBe('/auth/session');
    const code = final.searchParams.get('code')!;
    expect(code.length).toBeGreaterThan(10);

    const exchanged = await fetch(`${url}/auth-bridge/exchange`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: APP_URL },
      body: JSON.stringify({ code }),
    });
    expect(exchanged.status).toBe(200);
    const { token, user } = (await exchanged.json()) as {
      token: string;
      user: { id: string; email: string };
    };
    expect(user.email).toBe('oauth.vet@example.com');
    const session = await fetch(`${url}/auth/get-session`, { headers: bearer(token) });
    expect(((await session.json()) as { user: { id: string } }).user.id).toBe(user.id);

    // Single use.
    const again = await fetch(`${url}/auth-bridge/exchange`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ code: ERR.AUTH_FAILED });

    const [profile] = await app.database.db
      .select()
      .from(userProfiles)
      .where(eq(userProfiles.id, user.id));
    expect(profile).toMatchObject({ firstName: 'Maria', lastName: 'Elena Santos' });
  });

  it('[AUTH]: Discord sign-in maps the Discord user and asks for identify, email and guilds.join', async () => {
    provider.setProfile({
      id: '80351110224678912',
      username: 'nelly',
      global_name: 'Nelly Vet',
      email: 'discord.vet@example.com',
      verified: true,
      avatar: null,
    });
    const { final, hops } = await navigate(`${url}/auth-bridge/oauth/discord/start?to=sign-up`, {
      stopAt: reachesApp,
    });
    const authorize = new URL(hops[1]!.url);
    expect(authorize.searchParams.get('scope')).toBe('identify email guilds.join');
    expect(final.pathname).toBe('/auth/session');
    expect(final.searchParams.get('to')).toBe('sign-up');
  });

  it('[AUTH]: a failed provider sign-in returns to the app with an error', async () => {
    provider.setProfile({ sub: 'no-email' });
    const { final } = await navigate(`${url}/auth-bridge/oauth/google/start`, {
      stopAt: reachesApp,
    });
    expect(final.origin).toBe(APP_URL);
    expect(final.searchParams.get('error')).toMatch(/failed|email/);
  });
});
