import { z } from 'zod';
import {
  VA_AUTH_EXPIRED_DETAIL,
  VA_NOT_CONFIGURED_DETAIL,
  VA_NOT_CONNECTED_DETAIL,
  VA_REFUSED_DETAIL,
  VA_UNAVAILABLE_DETAIL,
} from '@muster/contract/va-integrations';
import { ERR } from '@muster/contract/errors';
import type { Db } from '@muster/db/client';
import type { VaConnectionRow } from '@muster/db/schema/index';
import type { VaConfig } from '#src/config/env.ts';
import { AppError } from '#src/lib/errors.ts';
import {
  deleteConnection,
  findConnection,
  updateConnectionTokens,
  type NewTokens,
  type VaFlag,
} from './va-integrations.repository.ts';

/**
 * The one way Muster talks to VA.gov (Lighthouse): the OAuth token endpoint (code exchange,
 * refresh, revoke) and `callLighthouse` for the APIs, which other modules use. Tokens never reach a
 * log line or an error message.
 *
 * How VA's answers reach our callers:
 * - not configured → 503 / 3007 (`VA_NOT_CONFIGURED_DETAIL`);
 * - not connected → 403 / 1003 (`VA_NOT_CONNECTED_DETAIL`);
 * - VA refuses the token even after a refresh → the connection is forgotten (profile flag
 *   cleared) and 403 / 1003 (`VA_AUTH_EXPIRED_DETAIL`). Not 401: the web signs out on any 401,
 *   which means the Muster session;
 * - VA 5xx → 502 / 5002; VA 429, a timeout or no connection → 503 / 3007;
 * - any other VA 4xx → 422 / 3006 (`VA_REFUSED_DETAIL`), unless the caller accepts that status.
 */

/** Minimal logger (pino's shape), so this file knows nothing of Fastify. */
export type VaLogger = {
  warn: (object: object, message: string) => void;
  error: (object: object, message: string) => void;
};

export type VaService = 'benefit-claims' | 'veteran-verification';
export const FLAG_OF: Record<VaService, VaFlag> = {
  'benefit-claims': 'benefit_claims',
  'veteran-verification': 'veteran_verification',
};

/** Refresh a little before VA's expiry, so a token does not lapse in flight. */
const EXPIRY_MARGIN_MS = 30_000;

/** The configuration, or 503 / 3007 when this server has no VA credentials. */
export function requireVaConfig(va: VaConfig | undefined): VaConfig {
  if (!va) throw new AppError(ERR.SERVICE_UNAVAILABLE, { detail: VA_NOT_CONFIGURED_DETAIL });
  return va;
}

const tokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.coerce.number().positive().optional(),
  refresh_token: z.string().min(1).optional(),
  scope: z.string().optional(),
  /** The veteran's ICN, for clients granted `launch/patient`. */
  patient: z.string().min(1).optional(),
});
export type TokenAnswer = { tokens: NewTokens; patient: string | null };

/** Why the token endpoint did not give tokens. */
export class TokenEndpointError extends Error {
  constructor(
    /** invalid_grant: the code or refresh token is spent or expired; refused: any other 4xx;
     * unavailable: 5xx, timeout or no connection. */
    readonly kind: 'invalid_grant' | 'refused' | 'unavailable',
    readonly status: number | null,
    readonly oauthError: string | null,
  ) {
    super(
      `VA token endpoint: ${kind}${status ? ` (${status})` : ''}${oauthError ? ` ${oauthError}` : ''}`,
    );
    this.name = 'TokenEndpointError';
  }
}

async function postForm(va: VaConfig, url: string, form: Record<string, string>) {
  // Lighthouse authenticates confidential clients by client_id and client_secret in the body.
  const body = new URLSearchParams({
    ...form,
    client_id: va.clientId,
    client_secret: va.clientSecret,
  });
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body,
    signal: AbortSignal.timeout(va.timeoutMs),
  });
}

/** Asks the token endpoint for tokens (`authorization_code` or `refresh_token` grant). */
export async function requestTokens(
  va: VaConfig,
  form: Record<string, string>,
): Promise<TokenAnswer> {
  let response: Response;
  try {
    response = await postForm(va, va.tokenUrl, form);
  } catch {
    // Timeout or connection failure: the error itself carries nothing worth logging.
    throw new TokenEndpointError('unavailable', null, null);
  }
  const json: unknown = await response.json().catch(() => null);
  if (response.status >= 500) throw new TokenEndpointError('unavailable', response.status, null);
  if (!response.ok) {
    const oauthError = z.object({ error: z.string().max(64) }).safeParse(json);
    const error = oauthError.success ? oauthError.data.error : null;
    throw new TokenEndpointError(
      error === 'invalid_grant' ? 'invalid_grant' : 'refused',
      response.status,
      error,
    );
  }
  const parsed = tokenAnswerSchema.safeParse(json);
  if (!parsed.success) throw new TokenEndpointError('unavailable', response.status, 'malformed');
  const answer = parsed.data;
  return {
    tokens: {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token ?? null,
      accessTokenExpiresAt: new Date(Date.now() + (answer.expires_in ?? 3600) * 1000),
      scope: answer.scope ?? '',
    },
    patient: answer.patient ?? null,
  };
}

/**
 * Revokes a token at VA, best effort: a failure is logged (without the token) and swallowed,
 * because the local connection is forgotten either way.
 */
export async function revokeToken(
  va: VaConfig,
  token: string,
  hint: 'access_token' | 'refresh_token',
  log: VaLogger,
): Promise<void> {
  try {
    const response = await postForm(va, va.revokeUrl, { token, token_type_hint: hint });
    if (!response.ok) log.warn({ status: response.status, hint }, 'VA token revocation refused');
  } catch (error) {
    log.warn({ reason: (error as Error).name, hint }, 'VA token revocation failed');
  }
}

type CallOptions = {
  db: Db;
  va: VaConfig | undefined;
  log: VaLogger;
  userId: string;
  service: VaService;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Under the service's API root; `{icn}` is replaced by the veteran's ICN. */
  path: string;
  body?: unknown;
  /** VA statuses (besides 2xx) returned to the caller instead of raised (e.g. 404). */
  accept?: number[];
};

export type LighthouseAnswer = { status: number; body: unknown };

function expired(): AppError {
  return new AppError(ERR.ACCESS_DENIED, { detail: VA_AUTH_EXPIRED_DETAIL });
}

async function forget(options: CallOptions): Promise<void> {
  await deleteConnection({
    db: options.db,
    userId: options.userId,
    service: FLAG_OF[options.service],
  });
}

/**
 * New tokens for `connection` from its refresh token, stored if no one else refreshed meanwhile.
 * A spent refresh token usually means another request rotated it a moment ago: then that
 * request's tokens are used. Otherwise the connection is forgotten and "expired" raised.
 */
async function refresh(
  options: CallOptions,
  va: VaConfig,
  connection: VaConnectionRow,
): Promise<VaConnectionRow> {
  const owner = { db: options.db, userId: options.userId, service: FLAG_OF[options.service] };
  if (!connection.refreshToken) {
    await forget(options);
    throw expired();
  }
  let answer: TokenAnswer;
  try {
    answer = await requestTokens(va, {
      grant_type: 'refresh_token',
      refresh_token: connection.refreshToken,
    });
  } catch (error) {
    if (!(error instanceof TokenEndpointError)) throw error;
    if (error.kind === 'unavailable') {
      throw new AppError(ERR.SERVICE_UNAVAILABLE, { detail: VA_UNAVAILABLE_DETAIL });
    }
    if (error.kind === 'refused') {
      // invalid_client and the like: our credentials, not the veteran's.
      options.log.error(
        { status: error.status, oauthError: error.oauthError },
        'VA refused the client',
      );
      throw new AppError(ERR.SERVICE_UNAVAILABLE, { detail: VA_UNAVAILABLE_DETAIL });
    }
    for (const wait of [0, 300]) {
      if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
      const latest = await findConnection(owner);
      if (!latest) throw expired();
      if (latest.tokenVersion !== connection.tokenVersion) return latest;
    }
    await forget(options);
    throw expired();
  }
  const updated = await updateConnectionTokens({
    ...owner,
    version: connection.tokenVersion,
    tokens: answer.tokens,
  });
  if (updated) return updated;
  // Another request stored its refresh first; its tokens are as good as ours.
  const latest = await findConnection(owner);
  if (!latest) throw expired();
  return latest;
}

function apiRoot(va: VaConfig, service: VaService): string {
  return service === 'benefit-claims' ? va.claimsApiUrl : va.veteranVerificationApiUrl;
}

async function send(
  options: CallOptions,
  va: VaConfig,
  connection: VaConnectionRow,
): Promise<Response> {
  let path = options.path;
  if (path.includes('{icn}')) {
    if (!connection.icn) {
      throw new AppError(ERR.INVALID_STATE, {
        detail: 'VA.gov did not share the veteran’s ICN. Please connect to VA.gov again.',
      });
    }
    path = path.replaceAll('{icn}', encodeURIComponent(connection.icn));
  }
  try {
    return await fetch(`${apiRoot(va, options.service)}${path}`, {
      method: options.method,
      headers: {
        authorization: `Bearer ${connection.accessToken}`,
        accept: 'application/json',
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      signal: AbortSignal.timeout(va.timeoutMs),
    });
  } catch (error) {
    options.log.warn(
      { reason: (error as Error).name, method: options.method, service: options.service },
      'VA did not answer',
    );
    throw new AppError(ERR.SERVICE_UNAVAILABLE, { detail: VA_UNAVAILABLE_DETAIL });
  }
}

/**
 * Calls a Lighthouse API as the user: refreshes an expired access token first, and once more on a
 * 401; persists rotated tokens. Answers VA's status and parsed JSON body (2xx or `accept`ed).
 */
export async function callLighthouse(options: CallOptions): Promise<LighthouseAnswer> {
  const va = requireVaConfig(options.va);
  const owner = { db: options.db, userId: options.userId, service: FLAG_OF[options.service] };
  let connection = await findConnection(owner);
  if (!connection) throw new AppError(ERR.ACCESS_DENIED, { detail: VA_NOT_CONNECTED_DETAIL });
  if (connection.accessTokenExpiresAt.getTime() - EXPIRY_MARGIN_MS <= Date.now()) {
    connection = await refresh(options, va, connection);
  }
  let response = await send(options, va, connection);
  if (response.status === 401) {
    await response.body?.cancel();
    connection = await refresh(options, va, connection);
    response = await send(options, va, connection);
    if (response.status === 401) {
      await response.body?.cancel();
      await forget(options);
      throw expired();
    }
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok || options.accept?.includes(response.status)) {
    return { status: response.status, body };
  }
  options.log.warn(
    { status: response.status, method: options.method, service: options.service },
    'VA refused a call',
  );
  if (response.status >= 500) {
    throw new AppError(ERR.BAD_GATEWAY, { detail: VA_UNAVAILABLE_DETAIL });
  }
  if (response.status === 429) {
    throw new AppError(ERR.SERVICE_UNAVAILABLE, { detail: VA_UNAVAILABLE_DETAIL });
  }
  if (response.status === 403) throw new AppError(ERR.ACCESS_DENIED, { detail: VA_REFUSED_DETAIL });
  throw new AppError(ERR.UNABLE_TO_COMPLETE, { detail: VA_REFUSED_DETAIL });
}
