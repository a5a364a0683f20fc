import { describe, expect, it } from 'vitest';

import {
  CONNECTION_MESSAGE,
  RATE_LIMITED_MESSAGE,
  UNEXPECTED_MESSAGE,
  describeFailure,
  postJson,
} from './api-client.ts';

const answer = (status: number, body: unknown) =>
  (async () =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    })) as typeof fetch;

describe('describeFailure', () => {
  it('says so when rate-limited, keeping any fields', () => {
    expect(describeFailure(429, { code: 3004, message: 'Too many requests' })).toEqual({
      status: 429,
      message: RATE_LIMITED_MESSAGE,
      fields: {},
    });
  });

  it('shows the API message and fields of a validation answer', () => {
    expect(
      describeFailure(400, {
        code: 2001,
        message: 'Invalid input provided',
        fields: { email: 'Invalid email address' },
      }),
    ).toEqual({
      status: 400,
      message: 'Invalid input provided',
      fields: { email: 'Invalid email address' },
    });
  });

  it('never shows server internals or a non-JSON body', () => {
    expect(describeFailure(500, { message: 'boom' }).message).toBe(UNEXPECTED_MESSAGE);
    expect(describeFailure(404, null).message).toBe(UNEXPECTED_MESSAGE);
    expect(describeFailure(0, null).message).toBe(CONNECTION_MESSAGE);
  });
});

describe('postJson', () => {
  it('returns the data of a successful answer', async () => {
    let sent: RequestInit | undefined;
    let url = '';
    const fetchImpl = (async (input: string, init?: RequestInit) => {
      url = input;
      sent = init;
      return new Response('{"received":true}', { status: 200 });
    }) as typeof fetch;
    await expect(postJson('https://api.test', '/contact', { a: 1 }, fetchImpl)).resolves.toEqual({
      ok: true,
      data: { received: true },
    });
    expect(url).toBe('https://api.test/contact');
    expect(sent?.method).toBe('POST');
    expect(sent?.body).toBe('{"a":1}');
  });

  it('describes a failed answer and a network failure', async () => {
    await expect(
      postJson('', '/x', {}, answer(429, { code: 3004, message: 'x' })),
    ).resolves.toMatchObject({
      ok: false,
      error: { status: 429, message: RATE_LIMITED_MESSAGE },
    });
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(postJson('', '/x', {}, offline)).resolves.toMatchObject({
      ok: false,
      error: { status: 0, message: CONNECTION_MESSAGE },
    });
  });
});
