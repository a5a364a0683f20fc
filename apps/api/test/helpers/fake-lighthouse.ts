import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ValidateFunction } from 'ajv';
import { create526Api, type Fake526State } from './fake-lighthouse-526.ts';
import { createClaimsApi, type FakeClaimsState } from './fake-lighthouse-claims.ts';
import { createRatingApi, type FakeRatingState } from './fake-lighthouse-rating.ts';
import {
  CLAIMS_ROOT,
  compileSchema,
  createAjv,
  errorsOf,
  loadClaimsSpec,
  responseValidators,
  sharedDataPath,
  type FakeAccessToken,
  type FakeApiContext,
  type FakeApiHandler,
  type FakeCall,
  type Json,
} from './fake-lighthouse-spec.ts';

/**
 * A local stand-in for VA.gov Lighthouse, on loopback: the OAuth 2 authorization server
 * (authorize with PKCE, token with the authorization_code and refresh_token grants and refresh
 * token rotation, revoke) and Benefits Claims v2's Intent to File paths. Every API request body and
 * every answer it gives is checked against the official OpenAPI document
 * (`shared/data/vets-api/claims_api/swagger/v2-production-swagger.json`) with Ajv; anything that
 * does not match is kept in `violations`, which tests assert empty. Every call is kept in `calls`.
 *
 * Free of test-runner imports, so the e2e servers can start it too.
 */

const ITF_REQUEST_SCHEMA_PATH = sharedDataPath('claims_api/schemas/v2_intent_to_file_request.json');

export type FakeLighthouseCall = FakeCall;

export type ItfRecord = {
  id: string;
  icn: string;
  type: string;
  status: string;
  creationDate: string;
  expirationDate: string;
};

type Code = {
  challenge: string;
  method: string;
  redirectUri: string;
  scope: string;
  icn: string;
  expiresAt: number;
  used: boolean;
};
type AccessToken = FakeAccessToken;
type RefreshToken = { icn: string; scope: string; spent: boolean; revoked: boolean };

export type TokenFailure = { status: number; error?: string };

export type FakeLighthouse = {
  url: string;
  clientId: string;
  clientSecret: string;
  /** The LIGHTHOUSE_* variables that point the API at this fake. */
  env(): Record<string, string>;
  calls: FakeLighthouseCall[];
  /** Requests or answers that do not match the OpenAPI document (should stay empty). */
  violations: string[];
  /** What the authorize page does: approve (code) or deny (`error=access_denied`). */
  consent: 'approve' | 'deny';
  /** The ICN the next authorization is for (the token answer's `patient`). */
  patientIcn: string;
  /** Seconds access tokens live. */
  accessTokenTtlSeconds: number;
  /** Milliseconds the Intent to File POST takes (to widen races in tests). */
  itfPostDelayMs: number;
  /** The next token requests fail like this, one per entry. */
  tokenFailures: TokenFailure[];
  /** The next API requests answer this status, one per entry. */
  apiFailures: number[];
  itfs: ItfRecord[];
  /** Benefits Claims v2's 526 (validate and synchronous submission). */
  form526: Fake526State;
  /** Benefits Claims v2's claims (list and one claim); seed claims here. */
  vaClaims: FakeClaimsState;
  /** Veteran Verification's disability rating; seed ratings here. */
  rating: FakeRatingState;
  accessTokens: Map<string, AccessToken>;
  refreshTokens: Map<string, RefreshToken>;
  /** Tokens VA was asked to revoke. */
  revoked: string[];
  /** Makes every code issued so far expired. */
  expireCodes(): void;
  /** Makes every access token issued so far expired (refresh tokens still work). */
  expireAccessTokens(): void;
  /** Spends every refresh token (a refresh then fails with invalid_grant). */
  spendRefreshTokens(): void;
  /** Calls to a path (and method), e.g. `callsTo('POST', '/intent-to-file')` by suffix. */
  callsTo(method: string, pathSuffix: string): FakeLighthouseCall[];
  close(): Promise<void>;
};

const base64url = (bytes: Buffer) => bytes.toString('base64url');
const token = (prefix: string) => `${prefix}_${base64url(randomBytes(24))}`;
const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Ajv validators for the request and answers of each Intent to File operation. */
function loadValidators() {
  const spec = loadClaimsSpec();
  const ajv = createAjv();
  const compile = (schema: unknown) => compileSchema(ajv, schema);
  const getOperation = spec.paths['/veterans/{veteranId}/intent-to-file/{type}']!.get!;
  const postOperation = spec.paths['/veterans/{veteranId}/intent-to-file']!.post!;
  return {
    getItf: { responses: responseValidators(ajv, getOperation) },
    postItf: {
      request: compile(postOperation.requestBody!.content['application/json']!.schema),
      // The request schema VA validates with (claims_api/config/schemas/v2/request_bodies).
      requestFile: compile(JSON.parse(readFileSync(ITF_REQUEST_SCHEMA_PATH, 'utf8'))),
      responses: responseValidators(ajv, postOperation),
    },
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Starts the fake on 127.0.0.1 (`port` 0: any free port). */
export async function startFakeLighthouse(
  options: { port?: number; clientId?: string; clientSecret?: string } = {},
): Promise<FakeLighthouse> {
  const validators = loadValidators();
  const codes = new Map<string, Code>();
  let itfSequence = 600_000_000;

  const fake: FakeLighthouse = {
    url: '',
    clientId: options.clientId ?? 'muster-va-client',
    clientSecret: options.clientSecret ?? 'muster-va-secret',
    env() {
      return {
        LIGHTHOUSE_CLIENT_ID: fake.clientId,
        LIGHTHOUSE_CLIENT_SECRET: fake.clientSecret,
        LIGHTHOUSE_API_URL: `${fake.url}/services`,
        LIGHTHOUSE_AUTHORIZATION_URL: `${fake.url}/oauth2/authorization`,
        LIGHTHOUSE_TOKEN_URL: `${fake.url}/oauth2/token`,
        LIGHTHOUSE_REVOKE_URL: `${fake.url}/oauth2/revoke`,
      };
    },
    calls: [],
    violations: [],
    consent: 'approve',
    patientIcn: '1012667145V762142',
    accessTokenTtlSeconds: 3600,
    itfPostDelayMs: 0,
    tokenFailures: [],
    apiFailures: [],
    itfs: [],
    // Filled in below, once `fake` exists for the handlers to reach.
    form526: undefined as unknown as Fake526State,
    vaClaims: undefined as unknown as FakeClaimsState,
    rating: undefined as unknown as FakeRatingState,
    accessTokens: new Map(),
    refreshTokens: new Map(),
    revoked: [],
    expireCodes() {
      for (const code of codes.values()) code.expiresAt = 0;
    },
    expireAccessTokens() {
      for (const access of fake.accessTokens.values()) access.expiresAt = 0;
    },
    spendRefreshTokens() {
      for (const refresh of fake.refreshTokens.values()) refresh.spent = true;
    },
    callsTo(method, pathSuffix) {
      return fake.calls.filter((c) => c.method === method && c.path.endsWith(pathSuffix));
    },
    close: async () => undefined,
  };

  const send = (
    response: ServerResponse,
    call: FakeLighthouseCall,
    status: number,
    body: unknown,
    validate?: Map<number, ValidateFunction>,
  ) => {
    call.status = status;
    if (validate) {
      const check = validate.get(status);
      if (!check) fake.violations.push(`${call.method} ${call.path}: status ${status} undeclared`);
      else if (!check(body)) {
        fake.violations.push(`${call.method} ${call.path} ${status} answer: ${errorsOf(check)}`);
      }
    }
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const redirect = (response: ServerResponse, call: FakeLighthouseCall, location: string) => {
    call.status = 302;
    response.writeHead(302, { location });
    response.end();
  };

  /** The client authenticates by client_id and client_secret in the body (or HTTP basic). */
  const clientAuthenticated = (request: IncomingMessage, form: URLSearchParams) => {
    const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const [id, secret] = basic
      ? Buffer.from(basic, 'base64').toString('utf8').split(':')
      : [form.get('client_id'), form.get('client_secret')];
    return id === fake.clientId && secret === fake.clientSecret;
  };

  const issueTokens = (icn: string, scope: string) => {
    const access = token('access');
    const refresh = token('refresh');
    fake.accessTokens.set(access, {
      icn,
      scope,
      expiresAt: Date.now() + fake.accessTokenTtlSeconds * 1000,
      revoked: false,
    });
    fake.refreshTokens.set(refresh, { icn, scope, spent: false, revoked: false });
    return {
      access_token: access,
      token_type: 'Bearer',
      expires_in: fake.accessTokenTtlSeconds,
      refresh_token: refresh,
      scope,
      patient: icn,
    };
  };

  function authorize(url: URL, response: ServerResponse, call: FakeLighthouseCall) {
    const q = url.searchParams;
    const redirectUri = q.get('redirect_uri');
    const state = q.get('state');
    if (
      q.get('client_id') !== fake.clientId ||
      !redirectUri ||
      q.get('response_type') !== 'code' ||
      !state ||
      !q.get('code_challenge') ||
      q.get('code_challenge_method') !== 'S256' ||
      !q.get('scope')?.split(' ').includes('launch/patient')
    ) {
      fake.violations.push(`authorize: bad request ${[...q.keys()].join(',')}`);
      return send(response, call, 400, { error: 'invalid_request' });
    }
    const back = new URL(redirectUri);
    back.searchParams.set('state', state);
    if (fake.consent === 'deny') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set(
        'error_description',
        'The resource owner or authorization server denied the request.',
      );
      return redirect(response, call, back.toString());
    }
    const code = token('code');
    codes.set(code, {
      challenge: q.get('code_challenge')!,
      method: 'S256',
      redirectUri,
      scope: q.get('scope')!,
      icn: fake.patientIcn,
      expiresAt: Date.now() + 10 * 60 * 1000,
      used: false,
    });
    back.searchParams.set('code', code);
    return redirect(response, call, back.toString());
  }

  function tokenEndpoint(
    request: IncomingMessage,
    raw: string,
    response: ServerResponse,
    call: FakeLighthouseCall,
  ) {
    if (!/application\/x-www-form-urlencoded/.test(request.headers['content-type'] ?? '')) {
      fake.violations.push('token: not form-encoded');
    }
    const form = new URLSearchParams(raw);
    call.grantType = form.get('grant_type') ?? undefined;
    call.body = Object.fromEntries(form);
    const failure = fake.tokenFailures.shift();
    if (failure) {
      return send(
        response,
        call,
        failure.status,
        failure.error ? { error: failure.error } : { message: 'failure' },
      );
    }
    if (!clientAuthenticated(request, form)) {
      return send(response, call, 401, { error: 'invalid_client' });
    }
    const invalidGrant = (description: string) =>
      send(response, call, 400, { error: 'invalid_grant', error_description: description });
    if (form.get('grant_type') === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      if (!code || code.used || code.expiresAt < Date.now())
        return invalidGrant('code expired or used');
      code.used = true;
      const verifier = form.get('code_verifier') ?? '';
      const challenge = base64url(createHash('sha256').update(verifier).digest());
      if (challenge !== code.challenge) return invalidGrant('PKCE verification failed');
      if (form.get('redirect_uri') !== code.redirectUri)
        return invalidGrant('redirect_uri mismatch');
      return send(response, call, 200, issueTokens(code.icn, code.scope));
    }
    if (form.get('grant_type') === 'refresh_token') {
      const refresh = fake.refreshTokens.get(form.get('refresh_token') ?? '');
      if (!refresh || refresh.spent || refresh.revoked)
        return invalidGrant('refresh token invalid');
      // Rotation: the refresh token is spent and a new pair issued.
      refresh.spent = true;
      return send(response, call, 200, issueTokens(refresh.icn, refresh.scope));
    }
    return send(response, call, 400, { error: 'unsupported_grant_type' });
  }

  function revoke(
    request: IncomingMessage,
    raw: string,
    response: ServerResponse,
    call: FakeLighthouseCall,
  ) {
    const form = new URLSearchParams(raw);
    call.body = Object.fromEntries(form);
    if (!clientAuthenticated(request, form))
      return send(response, call, 401, { error: 'invalid_client' });
    const value = form.get('token') ?? '';
    fake.revoked.push(value);
    const refresh = fake.refreshTokens.get(value);
    if (refresh) {
      refresh.revoked = true;
      // Revoking the grant ends its access tokens too.
      for (const access of fake.accessTokens.values())
        if (access.icn === refresh.icn) access.revoked = true;
    }
    const access = fake.accessTokens.get(value);
    if (access) access.revoked = true;
    call.status = 200;
    response.writeHead(200);
    response.end();
  }

  const notAuthorized = { errors: [{ title: 'Not authorized', detail: 'Not authorized' }] };

  async function intentToFile(
    request: IncomingMessage,
    raw: string,
    path: string,
    response: ServerResponse,
    call: FakeLighthouseCall,
  ) {
    const match = /^\/veterans\/([^/]+)\/intent-to-file(?:\/([^/]+))?$/.exec(
      path.slice(CLAIMS_ROOT.length),
    );
    const operation =
      request.method === 'GET' && match?.[2]
        ? validators.getItf
        : request.method === 'POST' && match && !match[2]
          ? validators.postItf
          : undefined;
    if (!match || !operation)
      return send(response, call, 404, { errors: [{ title: 'Not found', detail: 'Not found' }] });
    const icn = decodeURIComponent(match[1]!);
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const access = fake.accessTokens.get(bearer);
    const needed = request.method === 'GET' ? 'claim.read' : 'claim.write';
    if (
      !access ||
      access.revoked ||
      access.expiresAt < Date.now() ||
      access.icn !== icn ||
      !access.scope.split(' ').includes(needed)
    ) {
      return send(response, call, 401, notAuthorized, operation.responses);
    }
    const failure = fake.apiFailures.shift();
    if (failure) {
      call.status = failure;
      response.writeHead(failure, { 'content-type': 'application/json' });
      return response.end(
        JSON.stringify({ errors: [{ title: 'Service unavailable', detail: 'Upstream failure' }] }),
      );
    }
    const today = Date.now();
    if (request.method === 'GET') {
      const type = decodeURIComponent(match[2]!);
      const active = fake.itfs
        .filter(
          (r) =>
            r.icn === icn &&
            r.type === type &&
            r.status === 'active' &&
            r.expirationDate >= isoDate(today),
        )
        .at(-1);
      if (!active) {
        return send(
          response,
          call,
          404,
          {
            errors: [
              {
                title: 'Resource not found',
                detail: `No active '${type === 'compensation' ? 'C' : type}' intent to file found.`,
              },
            ],
          },
          operation.responses,
        );
      }
      return send(response, call, 200, itfAnswer(active), operation.responses);
    }
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      body = undefined;
    }
    call.body = body as Json;
    const { request: checkRequest, requestFile } = validators.postItf;
    if (!checkRequest(body) || !requestFile(body)) {
      const problem = `${errorsOf(checkRequest)} ${errorsOf(requestFile)}`.trim();
      fake.violations.push(`POST ${path} request: ${problem}`);
      return send(
        response,
        call,
        400,
        { errors: [{ title: 'Bad Request', detail: problem }] },
        operation.responses,
      );
    }
    if (fake.itfPostDelayMs)
      await new Promise((resolve) => setTimeout(resolve, fake.itfPostDelayMs));
    const type = (body as { data: { attributes: { type: string } } }).data.attributes.type;
    const record: ItfRecord = {
      id: String(itfSequence++),
      icn,
      type,
      status: 'active',
      creationDate: isoDate(today),
      expirationDate: isoDate(today + 365 * 24 * 3600 * 1000),
    };
    fake.itfs.push(record);
    return send(response, call, 200, itfAnswer(record), operation.responses);
  }

  const itfAnswer = (record: ItfRecord) => ({
    data: {
      id: record.id,
      type: 'intent_to_file',
      attributes: {
        creationDate: record.creationDate,
        expirationDate: record.expirationDate,
        type: record.type,
        status: record.status,
      },
    },
  });

  const form526 = create526Api(fake);
  const vaClaims = createClaimsApi(fake);
  const rating = createRatingApi(fake);
  fake.form526 = form526.state;
  fake.vaClaims = vaClaims.state;
  fake.rating = rating.state;
  const handlers: FakeApiHandler[] = [form526.handler, vaClaims.handler, rating.handler];

  const contextFor = (
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
    raw: string,
    call: FakeLighthouseCall,
  ): FakeApiContext => ({
    request,
    response,
    url,
    raw,
    call,
    send: (status, body, validate) => send(response, call, status, body, validate),
    violation: (message) => fake.violations.push(message),
    authorize(scope, icn, validate) {
      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      const access = fake.accessTokens.get(bearer);
      if (
        !access ||
        access.revoked ||
        access.expiresAt < Date.now() ||
        (icn !== undefined && access.icn !== icn) ||
        !access.scope.split(' ').includes(scope)
      ) {
        send(response, call, 401, notAuthorized, validate);
        return undefined;
      }
      return access;
    },
    failed() {
      const failure = fake.apiFailures.shift();
      if (!failure) return false;
      call.status = failure;
      response.writeHead(failure, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ errors: [{ title: 'Service unavailable', detail: 'Upstream failure' }] }),
      );
      return true;
    },
  });

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake-lighthouse');
      const call: FakeLighthouseCall = {
        method: request.method ?? 'GET',
        path: url.pathname,
        status: 0,
      };
      fake.calls.push(call);
      const raw = await readBody(request);
      try {
        if (request.method === 'GET' && url.pathname === '/oauth2/authorization') {
          return authorize(url, response, call);
        }
        if (request.method === 'POST' && url.pathname === '/oauth2/token') {
          return tokenEndpoint(request, raw, response, call);
        }
        if (request.method === 'POST' && url.pathname === '/oauth2/revoke') {
          return revoke(request, raw, response, call);
        }
        const handler = handlers.find((h) => h.handles(request.method ?? 'GET', url.pathname));
        if (handler) return await handler.handle(contextFor(request, response, url, raw, call));
        if (url.pathname.startsWith(`${CLAIMS_ROOT}/veterans/`)) {
          return await intentToFile(request, raw, url.pathname, response, call);
        }
        return send(response, call, 404, { errors: [{ title: 'Not found', detail: 'Not found' }] });
      } catch (error) {
        fake.violations.push(`fake crashed: ${(error as Error).message}`);
        return send(response, call, 500, { errors: [{ title: 'Internal', detail: 'crash' }] });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
