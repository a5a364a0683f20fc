import { describe, expect, it } from 'vitest';

import { DEV_RUNTIME_URLS, getLocalRuntimeUrls, substituteRuntimeUrls } from './runtime-urls.ts';

describe('substituteRuntimeUrls', () => {
  const html =
    '<meta name="muster:app-url" content="__MUSTER_APP_URL__"><meta name="muster:api-url" content="__MUSTER_API_URL__">' +
    '<a href="__MUSTER_APP_URL__/sign-up">Sign up</a><a href="__MUSTER_APP_URL__/sign-in">Sign in</a>';

  it('replaces every placeholder, in meta tags and in links', () => {
    const output = substituteRuntimeUrls(html, {
      appUrl: 'https://app.example.org',
      apiUrl: 'https://api.example.org',
    });
    expect(output).not.toContain('__MUSTER_');
    expect(output).toContain('content="https://app.example.org"');
    expect(output).toContain('content="https://api.example.org"');
    expect(output).toContain('href="https://app.example.org/sign-up"');
    expect(output).toContain('href="https://app.example.org/sign-in"');
  });

  it('drops trailing slashes so paths never double up', () => {
    const output = substituteRuntimeUrls(html, {
      appUrl: 'https://app.example.org/',
      apiUrl: 'https://api.example.org//',
    });
    expect(output).toContain('href="https://app.example.org/sign-up"');
    expect(output).toContain('content="https://api.example.org"');
  });

  it('escapes characters that would break out of an attribute', () => {
    const output = substituteRuntimeUrls('<a href="__MUSTER_APP_URL__/sign-up">', {
      appUrl: 'https://app.example.org/?a=1&b="><script>',
      apiUrl: 'https://api.example.org',
    });
    expect(output).toBe(
      '<a href="https://app.example.org/?a=1&amp;b=&quot;&gt;&lt;script&gt;/sign-up">',
    );
  });
});

describe('getLocalRuntimeUrls', () => {
  it('falls back to the local dev ports', () => {
    expect(getLocalRuntimeUrls({})).toEqual(DEV_RUNTIME_URLS);
    expect(getLocalRuntimeUrls({ APP_URL: '', API_URL: '' })).toEqual(DEV_RUNTIME_URLS);
  });

  it('uses APP_URL and API_URL when set', () => {
    expect(
      getLocalRuntimeUrls({ APP_URL: 'http://app.test:8080', API_URL: 'http://api.test:8081' }),
    ).toEqual({ appUrl: 'http://app.test:8080', apiUrl: 'http://api.test:8081' });
  });
});
