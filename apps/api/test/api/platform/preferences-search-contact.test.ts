import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import { contactMessages } from '@muster/db/schema/index';
import { applyThemeRules } from '#src/modules/preferences/preferences.service.ts';
import { bearer, signIn } from '../../helpers/auth.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ env: { TEAM_EMAIL: 'team@muster.test' } });
});
afterAll(async () => app.close());

describe('[THEME-PREFERENCES]', () => {
  it('[THEME]: choosing a branch enables the theme; reset clears it; served branches come from the profile', async () => {
    const me = await signIn(app, 'theme.vet@example.com');
    const path = `/user-profiles/${me.userId}/theme-preferences`;
    await app.inject({
      method: 'PATCH',
      url: `/users/${me.userId}`,
      headers: bearer(me.token),
      payload: { served_branches: [{ branch: 'USMC' }] },
    });
    expect(
      (await app.inject({ method: 'GET', url: path, headers: bearer(me.token) })).json(),
    ).toEqual({
      theme_enabled: false,
      selected_theme_branch: null,
      branches_served: [{ branch: 'Marine Corps' }],
    });
    const chosen = await app.inject({
      method: 'POST',
      url: path,
      headers: bearer(me.token),
      payload: { selected_theme_branch: 'marine-corps' },
    });
    expect(chosen.json()).toMatchObject({
      theme_enabled: true,
      selected_theme_branch: 'marine-corps',
    });
    const toggled = await app.inject({
      method: 'PATCH',
      url: path,
      headers: bearer(me.token),
      payload: { theme_enabled: false },
    });
    expect(toggled.json()).toMatchObject({ theme_enabled: false, selected_theme_branch: null });
    const bad = await app.inject({
      method: 'PATCH',
      url: path,
      headers: bearer(me.token),
      payload: { selected_theme_branch: 'starfleet' },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(bad.json()).code).toBe(ERR.INVALID_INPUT);
    const other = await signIn(app, 'theme.other@example.com');
    expect(
      (await app.inject({ method: 'GET', url: path, headers: bearer(other.token) })).statusCode,
    ).toBe(404);
  });

  it('[THEME]: the rules of section 4', () => {
    const off = { theme_enabled: false, selected_theme_branch: null, branches_served: [] };
    expect(applyThemeRules(off, { theme_enabled: true })).toEqual({ enabled: true, branch: null });
    expect(applyThemeRules(off, { selected_theme_branch: 'navy' })).toEqual({
      enabled: true,
      branch: 'navy',
    });
    expect(
      applyThemeRules(
        { ...off, theme_enabled: true, selected_theme_branch: 'navy' },
        { theme_enabled: false },
      ),
    ).toEqual({ enabled: false, branch: null });
    expect(
      applyThemeRules(
        { ...off, theme_enabled: true, selected_theme_branch: 'navy' },
        { selected_theme_branch: null },
      ),
    ).toEqual({ enabled: true, branch: null });
  });
});

describe('[SEARCH]', () => {
  it('[SEARCH]: answers the three groups for the signed-in user, and needs sign-in', async () => {
    const me = await signIn(app, 'search.vet@example.com');
    const response = await app.inject({
      method: 'GET',
      url: '/search?q=knee',
      headers: bearer(me.token),
    });
    expect(response.json()).toEqual({ disabilities: [], documents: [], threads: [] });
    expect((await app.inject({ method: 'GET', url: '/search?q=knee' })).statusCode).toBe(401);
  });
});

describe('[CONTACT]', () => {
  const message = {
    name: 'Sam Vet',
    email: 'sam@example.com',
    topic: 'question',
    message: 'How do I add a secondary condition?',
  };

  it('[CONTACT]: stores the message and emails it to the team', async () => {
    const response = await app.inject({ method: 'POST', url: '/contact', payload: message });
    expect(response.json()).toEqual({ received: true });
    const rows = await app.database.db.select().from(contactMessages);
    expect(rows.map((r) => r.message)).toContain(message.message);
    const outbox = (await app.inject({ method: 'GET', url: '/dev/outbox' })).json() as {
      to: string;
      subject: string;
      text: string;
    }[];
    expect(outbox[0]).toMatchObject({
      to: 'team@muster.test',
      subject: '[Muster contact] question from Sam Vet',
    });
    expect(outbox[0]!.text).toContain(message.message);
  });

  it('[CONTACT]: the honeypot drops bots silently; bad input gets field errors', async () => {
    const before = (await app.database.db.select().from(contactMessages)).length;
    const bot = await app.inject({
      method: 'POST',
      url: '/contact',
      payload: { ...message, website: 'http://spam.example' },
    });
    expect(bot.json()).toEqual({ received: true });
    expect(await app.database.db.select().from(contactMessages)).toHaveLength(before);
    const bad = await app.inject({
      method: 'POST',
      url: '/contact',
      payload: { name: '', email: 'nope', message: 'short' },
    });
    expect(bad.json()).toMatchObject({
      code: ERR.INVALID_INPUT,
      fields: {
        name: 'Required',
        email: 'Invalid email address',
        message: 'Please write at least 10 characters',
      },
    });
  });

  it('[CONTACT]: limited to 5 messages an hour per client', async () => {
    const limited = await buildTestApp();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push(
          (await limited.inject({ method: 'POST', url: '/contact', payload: message })).statusCode,
        );
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
