import { describe, expect, it } from 'vitest';

import { createEnv } from './env';

const noMeta = () => undefined;

describe('createEnv', () => {
  it('reads the URLs the server wrote into the meta tags', () => {
    const meta: Record<string, string> = {
      'muster:api-url': 'https://api.muster.example/',
      'muster:site-url': 'https://muster.example',
      'muster:discord-url': 'https://discord.gg/veterans',
      'muster:social-url': 'https://social.example/muster',
    };

    const env = createEnv({
      readMeta: (name) => meta[name],
      viteEnv: { VITE_API_URL: 'http://ignored:1', VITE_SITE_URL: 'http://ignored:2' },
    });

    expect(env).toEqual({
      API_URL: 'https://api.muster.example',
      SITE_URL: 'https://muster.example',
      DISCORD_URL: 'https://discord.gg/veterans',
      SOCIAL_URL: 'https://social.example/muster',
    });
    expect(Object.isFrozen(env)).toBe(true);
  });

  it('falls back to VITE_* when a placeholder was not replaced', () => {
    const env = createEnv({
      readMeta: (name) =>
        name === 'muster:api-url' ? '__MUSTER_API_URL__' : '__MUSTER_SITE_URL__',
      viteEnv: { VITE_API_URL: 'http://localhost:4001', VITE_SITE_URL: 'http://localhost:4002' },
    });

    expect(env).toMatchObject({
      API_URL: 'http://localhost:4001',
      SITE_URL: 'http://localhost:4002',
    });
  });

  it('falls back to the development defaults', () => {
    expect(createEnv({ readMeta: () => '  ', viteEnv: {} })).toEqual({
      API_URL: 'http://localhost:3001',
      SITE_URL: 'http://localhost:3002',
      DISCORD_URL: 'https://discord.gg/muster',
      SOCIAL_URL: 'https://www.facebook.com/musterapp',
    });
    expect(createEnv({ readMeta: noMeta, viteEnv: { VITE_API_URL: '' } }).API_URL).toBe(
      'http://localhost:3001',
    );
  });

  it('rejects values that are not http(s) URLs, naming each bad key', () => {
    expect(() =>
      createEnv({
        readMeta: noMeta,
        viteEnv: { VITE_API_URL: 'not a url', VITE_SITE_URL: 'javascript:alert(1)' },
      }),
    ).toThrow(/Invalid app configuration: API_URL: .*; SITE_URL: /);
    expect(() =>
      createEnv({
        readMeta: (name) => (name === 'muster:discord-url' ? 'javascript:alert(1)' : undefined),
        viteEnv: {},
      }),
    ).toThrow(/DISCORD_URL: /);
  });
});
