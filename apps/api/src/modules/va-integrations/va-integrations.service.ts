import { createHash, randomBytes } from 'node:crypto';
import { ERR } from '@muster/contract/errors';
import {
  VA_CONNECT_RETURN_PATH,
  VA_SCOPES,
  vaServiceNameSchema,
  type VaAuthEndpointParameters,
  type VaCallbackQuery,
  type VaConnectMessage,
} from '@muster/contract/va-integrations';
import type { Db } from '@muster/db/client';
import type { VaConfig } from '#src/config/env.ts';
import { AppError } from '#src/lib/errors.ts';
import {
  FLAG_OF,
  TokenEndpointError,
  requestTokens,
  requireVaConfig,
  revokeToken,
  type VaLogger,
  type VaService,
} from './lighthouse-client.ts';
import {
  consumeOauthState,
  deleteConnection,
  findVaFlags,
  insertOauthState,
  saveConnection,
} from './va-integrations.repository.ts';

export { callLighthouse, type VaService } from './lighthouse-client.ts';

/** How long a sign-in at VA may take (the spec: "complete the process within 15 minutes"). */
export const OAUTH_STATE_TTL_MS = 15 * 60 * 1000;

const base64url = (bytes: Buffer) => bytes.toString('base64url');
const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** The service a path names; an unknown name answers 404 / 3002. */
export function parseServiceName(name: string): VaService {
  const parsed = vaServiceNameSchema.safeParse(name);
  if (!parsed.success) throw new AppError(ERR.NOT_FOUND);
  return parsed.data;
}

/**
 * Starts a connection: a fresh `state` (only its hash is stored) and PKCE verifier (encrypted),
 * valid 15 minutes, single use; answers where to send the browser.
 */
export async function getAuthEndpointParameters(options: {
  db: Db;
  va: VaConfig | undefined;
  userId: string;
  serviceName: string;
}): Promise<VaAuthEndpointParameters> {
  const va = requireVaConfig(options.va);
  const service = parseServiceName(options.serviceName);
  const state = base64url(randomBytes(32));
  const codeVerifier = base64url(randomBytes(32));
  await insertOauthState({
    db: options.db,
    userId: options.userId,
    service: FLAG_OF[service],
    stateHash: sha256(state).toString('hex'),
    codeVerifier,
    expiresAt: new Date(Date.now() + OAUTH_STATE_TTL_MS),
  });
  const scope = VA_SCOPES[service];
  const url = new URL(va.authorizationUrl);
  url.searchParams.set('client_id', va.clientId);
  url.searchParams.set('redirect_uri', va.redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', scope);
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', base64url(sha256(codeVerifier)));
  url.searchParams.set('code_challenge_method', 'S256');
  return {
    url: url.toString(),
    client_id: va.clientId,
    redirect_uri: va.redirectUri,
    scope,
    state,
    response_type: 'code',
  };
}

/** Where the callback sends the browser: the app's VA forms page with the outcome. */
export function connectReturnUrl(appUrl: string, message: VaConnectMessage): string {
  return `${appUrl}${VA_CONNECT_RETURN_PATH}?message=${message}`;
}

/**
 * Finishes a connection from VA's redirect: the state must be known, unused and unexpired (it is
 * used up here whatever follows); the code is exchanged with the PKCE verifier; the tokens and the
 * ICN are stored encrypted and the profile flag raised. Answers the outcome for the app.
 */
export async function completeConnection(options: {
  db: Db;
  va: VaConfig | undefined;
  log: VaLogger;
  query: VaCallbackQuery;
}): Promise<VaConnectMessage> {
  const { query, log } = options;
  if (!options.va) return 'service_unavailable';
  const va = options.va;
  if (!query.state) return 'forbidden';
  const state = await consumeOauthState({
    db: options.db,
    stateHash: sha256(query.state).toString('hex'),
  });
  if (!state) {
    log.warn({}, 'VA callback with an unknown, used or expired state');
    return 'forbidden';
  }
  if (query.error) {
    log.warn({ oauthError: query.error.slice(0, 64) }, 'VA sign-in not granted');
    return query.error === 'server_error' || query.error === 'temporarily_unavailable'
      ? 'service_unavailable'
      : 'forbidden';
  }
  if (!query.code) return 'forbidden';
  try {
    const answer = await requestTokens(va, {
      grant_type: 'authorization_code',
      code: query.code,
      redirect_uri: va.redirectUri,
      code_verifier: state.codeVerifier,
    });
    await saveConnection({
      db: options.db,
      userId: state.userId,
      service: state.service as 'benefit_claims' | 'veteran_verification',
      tokens: answer.tokens,
      icn: answer.patient,
    });
    return 'success';
  } catch (error) {
    if (!(error instanceof TokenEndpointError)) throw error;
    if (error.kind === 'refused') {
      log.error({ status: error.status, oauthError: error.oauthError }, 'VA refused the client');
      return 'service_unavailable';
    }
    log.warn({ status: error.status, kind: error.kind }, 'VA code exchange failed');
    return error.kind === 'invalid_grant' ? 'forbidden' : 'service_unavailable';
  }
}

/**
 * Disconnects: revokes the refresh token (or the access token) at VA, best effort, and forgets the
 * connection and the profile flag. Nothing connected is fine too.
 */
export async function disconnect(options: {
  db: Db;
  va: VaConfig | undefined;
  log: VaLogger;
  userId: string;
  serviceName: string;
}): Promise<void> {
  const va = requireVaConfig(options.va);
  const service = parseServiceName(options.serviceName);
  const removed = await deleteConnection({
    db: options.db,
    userId: options.userId,
    service: FLAG_OF[service],
  });
  if (!removed) return;
  if (removed.refreshToken)
    await revokeToken(va, removed.refreshToken, 'refresh_token', options.log);
  else await revokeToken(va, removed.accessToken, 'access_token', options.log);
}

/** Whether the user is connected to Benefits Claims (the profile flag). */
export async function isBenefitClaimsConnected(options: { db: Db; userId: string }) {
  return (await findVaFlags(options)).benefit_claims;
}

/** Whether the user is connected to Veteran Verification (the profile flag). */
export async function isVeteranVerificationConnected(options: { db: Db; userId: string }) {
  return (await findVaFlags(options)).veteran_verification;
}
