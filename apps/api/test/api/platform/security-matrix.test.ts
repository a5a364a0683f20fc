import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import { bearer, signIn } from '../../helpers/auth.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';
import { ROUTE_SECURITY as MATRIX } from '../../helpers/route-security.ts';

let app: TestApp;
let owner: { token: string; userId: string };
let intruder: { token: string; userId: string };
let anonymous: string;

beforeAll(async () => {
  app = await buildTestApp({ withJobs: true });
  owner = await signIn(app, 'matrix.owner@example.com');
  intruder = await signIn(app, 'matrix.intruder@example.com');
  const anon = await app.inject({ method: 'POST', url: '/auth/sign-in/anonymous', payload: {} });
  anonymous = anon.headers['set-auth-token'] as string;
});
afterAll(async () => app.close());

const routes = () =>
  app.routeTable.filter((r) => !r.url.startsWith('/docs')).map((r) => `${r.method} ${r.url}`);
const fill = (key: string, id: string) => key.split(' ')[1]!.replace(/:[A-Za-z]+/g, id);
const methodOf = (key: string) => key.split(' ')[0] as 'GET';
const bodyFor = (method: string) =>
  method === 'GET' || method === 'DELETE' ? {} : { payload: {} };

describe('[SECURITY][MATRIX]', () => {
  it('[SECURITY]: every route of the API is in the matrix, and nothing stale is', () => {
    const actual = new Set(routes());
    expect([...actual].filter((r) => !(r in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((r) => !actual.has(r))).toEqual([]);
  });

  it('[SECURITY]: protected routes answer 401 / 1004 without a token', async () => {
    for (const key of Object.keys(MATRIX).filter(
      (k) => MATRIX[k] === 'user' || MATRIX[k] === 'owned' || MATRIX[k] === 'token',
    )) {
      const response = await app.inject({
        method: methodOf(key),
        url: fill(key, owner.userId),
        ...bodyFor(methodOf(key)),
      });
      expect(response.statusCode, key).toBe(401);
      expect(errorEnvelopeSchema.parse(response.json()).code, key).toBe(ERR.LOGIN_REQUIRED);
    }
  });

  it("[SECURITY]: another user's ids answer 404 on owned routes", async () => {
    const subscription = await app.inject({
      method: 'POST',
      url: '/subscriptions/free',
      headers: bearer(owner.token),
      payload: { plan: 'FREE' },
    });
    const thread = await app.inject({
      method: 'POST',
      url: '/threads',
      headers: bearer(owner.token),
      payload: { title: 'Owner only' },
    });
    const veteran = await app.inject({
      method: 'POST',
      url: '/veterans',
      headers: bearer(owner.token),
      payload: { first_name: 'Owner', last_name: 'Only' },
    });
    const disability = await app.inject({
      method: 'POST',
      url: '/disabilities',
      headers: bearer(owner.token),
      payload: { title: 'Owner only' },
    });
    // A document in the owner's vault: an upload granted, its bytes sent to the signed link,
    // finished, and filed.
    const bytes = Buffer.from('%PDF-1.4\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');
    const grant = await app.inject({
      method: 'POST',
      url: '/uploads',
      headers: bearer(owner.token),
      payload: {
        kind: 'document',
        filename: 'owner.pdf',
        content_type: 'application/pdf',
        size: bytes.length,
      },
    });
    const { file_id: fileId, url: putUrl } = grant.json<{ file_id: string; url: string }>();
    await app.inject({ method: 'PUT', url: new URL(putUrl).pathname, payload: bytes });
    await app.inject({
      method: 'POST',
      url: `/uploads/${fileId}/complete`,
      headers: bearer(owner.token),
      payload: {},
    });
    const filed = await app.inject({
      method: 'POST',
      url: '/documents',
      headers: bearer(owner.token),
      payload: { file_id: fileId },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const ids: Record<string, string> = {
      '/uploads/:fileId': fileId,
      '/uploads/:fileId/complete': fileId,
      '/documents/:id': filed.json<{ id: string }>().id,
      '/documents/:id/download': filed.json<{ id: string }>().id,
      '/bucket/delete/:id': filed.json<{ id: string }>().id,
      '/subscriptions/:id': subscription.json<{ id: string }>().id,
      '/threads/:id': thread.json<{ id: string }>().id,
      '/veterans/:id': veteran.json<{ id: string }>().id,
    };
    // Every path under a disability names the owner's real disability.
    const disabilityId = disability.json<{ id: string }>().id;
    const layman = await app.inject({
      method: 'POST',
      url: '/layman-statements',
      headers: bearer(owner.token),
      payload: {
        disability_id: disabilityId,
        name: 'A Witness',
        relationship: 'friend',
        witnessed: 'X',
      },
    });
    expect(layman.statusCode, layman.body).toBe(201);
    const laymanId = layman.json<{ id: string }>().id;
    // A nexus letter of the owner's, sent to a provider.
    const letter = await app.inject({
      method: 'POST',
      url: `/disabilities/${disabilityId}/nexus-letters`,
      headers: bearer(owner.token),
      payload: {},
    });
    expect(letter.statusCode, letter.body).toBe(201);
    const letterId = letter.json<{ id: string }>().id;
    const providerRequest = await app.inject({
      method: 'POST',
      url: `/nexus-letters/${letterId}/requests`,
      headers: bearer(owner.token),
      payload: { name: 'Dr. Owner Only', email: 'dr.owner@example.com' },
    });
    expect(providerRequest.statusCode, providerRequest.body).toBe(201);
    ids['/nexus-letters/:letterId/requests'] = letterId;
    ids['/nexus-letter-requests/:id/link'] = providerRequest.json<{ id: string }>().id;
    // A share of the owner's disability with a representative.
    const share = await app.inject({
      method: 'POST',
      url: '/vso-shares',
      headers: bearer(owner.token),
      payload: {
        items: [{ kind: 'disability', id: disabilityId }],
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(share.statusCode, share.body).toBe(201);
    ids['/vso-shares/:id'] = share.json<{ id: string }>().id;
    ids['/vso-shares/:id/accesses'] = share.json<{ id: string }>().id;
    for (const key of Object.keys(MATRIX).filter((k) => MATRIX[k] === 'owned')) {
      const path = key.split(' ')[1]!;
      const id =
        ids[path] ??
        (path.startsWith('/disabilities/:id')
          ? disabilityId
          : path.startsWith('/layman-statements/:id')
            ? laymanId
            : path.startsWith('/threads/:threadId')
              ? ids['/threads/:id']!
              : owner.userId);
      const response = await app.inject({
        method: methodOf(key),
        url: fill(key, id),
        headers: bearer(intruder.token),
        ...bodyFor(methodOf(key)),
      });
      // Bodies are validated before the handler looks the resource up; send a valid one.
      const valid = key.includes('theme-preferences')
        ? { theme_enabled: true }
        : key.endsWith('/messages')
          ? { content: 'Hello' }
          : key.startsWith('PATCH /documents')
            ? { name: 'X' }
            : key.startsWith('PATCH /layman-statements')
              ? { notes: 'X' }
              : key.endsWith('/cfiles/:id/disabilities')
                ? { names: ['X'] }
                : { first_name: 'X' };
      const retried =
        response.statusCode === 400
          ? await app.inject({
              method: methodOf(key),
              url: fill(key, id),
              headers: bearer(intruder.token),
              payload: valid,
            })
          : response;
      expect(retried.statusCode, key).toBe(404);
      expect(errorEnvelopeSchema.parse(retried.json()).code, key).toBe(ERR.NOT_FOUND);
    }
  });

  it('[SECURITY]: an anonymous session reaches no user route (403 or 404)', async () => {
    for (const key of Object.keys(MATRIX).filter(
      (k) => MATRIX[k] === 'user' || MATRIX[k] === 'owned',
    )) {
      const response = await app.inject({
        method: methodOf(key),
        url: fill(key, owner.userId),
        headers: bearer(anonymous),
        ...bodyFor(methodOf(key)),
      });
      expect([403, 404], key).toContain(response.statusCode);
    }
  });
  it('[SECURITY]: token routes reach only the resource of the token sent: any other answers 404', async () => {
    const disability = await app.inject({
      method: 'POST',
      url: '/disabilities',
      headers: bearer(owner.token),
      payload: { title: 'Token matrix' },
    });
    const made = await app.inject({
      method: 'POST',
      url: '/layman-statements',
      headers: bearer(owner.token),
      payload: {
        disability_id: disability.json<{ id: string }>().id,
        name: 'Token Witness',
        relationship: 'friend',
        witnessed: 'Saw it',
      },
    });
    const token = made.json<{ token_link: string }>().token_link.split('/').pop()!;
    // A nexus letter sent to a provider: its upload link's token.
    const letter = await app.inject({
      method: 'POST',
      url: `/disabilities/${disability.json<{ id: string }>().id}/nexus-letters`,
      headers: bearer(owner.token),
      payload: {},
    });
    const sent = await app.inject({
      method: 'POST',
      url: `/nexus-letters/${letter.json<{ id: string }>().id}/requests`,
      headers: bearer(owner.token),
      payload: { name: 'Dr. Token Matrix', email: 'dr.matrix@example.com' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const providerToken = sent.json<{ upload_link: string }>().upload_link.split('/').pop()!;
    // Each kind of link has its own header: the provider's routes take the provider's token.
    // A share of records with a representative: its link's token.
    const share = await app.inject({
      method: 'POST',
      url: '/vso-shares',
      headers: bearer(owner.token),
      payload: {
        items: [{ kind: 'disability', id: disability.json<{ id: string }>().id }],
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(share.statusCode, share.body).toBe(201);
    const shareToken = share.json<{ token: string }>().token;
    const headerOf = (key: string) =>
      key.split(' ')[1]!.startsWith('/provider-requests')
        ? 'x-provider-token'
        : key.split(' ')[1]!.startsWith('/shared')
          ? 'x-share-token'
          : 'x-layman-token';
    const tokenOf = (header: string) =>
      header === 'x-provider-token'
        ? providerToken
        : header === 'x-share-token'
          ? shareToken
          : token;
    // The token opens its own request, for an anonymous session and a signed-in one alike.
    for (const session of [anonymous, intruder.token]) {
      const own = await app.inject({
        method: 'GET',
        url: '/layman-statements/by-token',
        headers: { ...bearer(session), 'x-layman-token': token },
      });
      expect(own.statusCode, own.body).toBe(200);
      const ownProvider = await app.inject({
        method: 'GET',
        url: '/provider-requests/by-token',
        headers: { ...bearer(session), 'x-provider-token': providerToken },
      });
      expect(ownProvider.statusCode, ownProvider.body).toBe(200);
      const ownShare = await app.inject({
        method: 'GET',
        url: '/shared',
        headers: { ...bearer(session), 'x-share-token': shareToken },
      });
      expect(ownShare.statusCode, ownShare.body).toBe(200);
    }
    const valid: Record<string, unknown> = {
      'GET /layman-statements/by-token': undefined,
      'POST /layman-statements/by-token/draft': { answers: { observed: 'Limping.' } },
      'POST /layman-statements/by-token/submit': {
        statement: 'I saw it.',
        signature: 'Token Witness',
        certify: true,
        signer: {},
      },
      'POST /layman-statements/by-token/upload': {
        filename: 'photo.png',
        size: 100,
        content_type: 'image/png',
      },
      'POST /layman-statements/by-token/upload/complete': {
        file_id: '00000000-0000-4000-8000-000000000000',
      },
      'GET /provider-requests/by-token': undefined,
      'GET /provider-requests/by-token/draft': undefined,
      'POST /provider-requests/by-token/upload': {
        filename: 'signed.pdf',
        size: 100,
        content_type: 'application/pdf',
      },
      'POST /provider-requests/by-token/complete': {
        file_id: '00000000-0000-4000-8000-000000000000',
      },
      'GET /shared': undefined,
      'GET /shared/items/:kind/:id': undefined,
    };
    const othersOf = (own: string) => [
      '',
      'x',
      own.slice(0, -1) + (own.endsWith('A') ? 'B' : 'A'),
      `${own}A`,
      // The other kind's working token opens nothing here.
      own === token ? providerToken : token,
    ];
    for (const key of Object.keys(MATRIX).filter((k) => MATRIX[k] === 'token')) {
      expect(key in valid, key).toBe(true);
      const header = headerOf(key);
      for (const other of othersOf(tokenOf(header))) {
        const response = await app.inject({
          method: methodOf(key),
          url: fill(key, owner.userId),
          headers: { ...bearer(anonymous), [header]: other },
          ...(valid[key] === undefined ? {} : { payload: valid[key] as object }),
        });
        expect(response.statusCode, `${key} ${other.length}`).toBe(404);
        expect(errorEnvelopeSchema.parse(response.json()).code, key).toBe(ERR.NOT_FOUND);
      }
    }
  });
});
