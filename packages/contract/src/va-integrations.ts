import { z } from 'zod';
import { pathIdSchema } from './common.ts';
import { safeText } from './text.ts';

/**
 * The connection to VA.gov (Lighthouse APIs, OAuth 2 authorization code flow with PKCE).
 *
 * 1. The web asks `GET /va-integrations/get-auth-endpoint-parameters/{serviceName}` (bearer token)
 *    and sends the browser to the answer's `url`.
 * 2. VA sends the browser back to `GET /va-integrations/callback?code&state` (the API), which
 *    redirects to `{APP_URL}/va-forms?message=success|forbidden|service_unavailable`.
 * 3. `DELETE /va-integrations/{serviceName}` disconnects.
 *
 * Routes that need VA answer 503 / 3007 with `VA_NOT_CONFIGURED_DETAIL` on a server without VA
 * credentials. A call to VA whose authorization VA no longer accepts (and could not be refreshed)
 * answers 403 / 1003 (`ERR.ACCESS_DENIED`) with `VA_AUTH_EXPIRED_DETAIL`: never 401, which means
 * the Muster session itself and signs the user out.
 */

export const VA_SERVICE_NAMES = ['benefit-claims', 'veteran-verification'] as const;
export const vaServiceNameSchema = z.enum(VA_SERVICE_NAMES);
export type VaServiceName = z.infer<typeof vaServiceNameSchema>;
/** The service the spec's connect button asks for. */
export const DEFAULT_VA_SERVICE: VaServiceName = 'benefit-claims';

/** The profile flag (`is_va_authenticated.<flag>`) each service sets. */
export const VA_SERVICE_FLAGS = {
  'benefit-claims': 'benefit_claims',
  'veteran-verification': 'veteran_verification',
} as const satisfies Record<VaServiceName, string>;

/** OAuth scopes asked for each service; `launch/patient` makes VA return the veteran's ICN. */
export const VA_SCOPES = {
  'benefit-claims': 'openid profile offline_access launch/patient claim.read claim.write',
  'veteran-verification': 'openid profile offline_access launch/patient disability_rating.read',
} as const satisfies Record<VaServiceName, string>;

/** Any text is accepted as a service name; an unknown one answers 404 / 3002. */
export const vaServiceParamsSchema = z.object({ serviceName: pathIdSchema });

export const vaAuthEndpointParametersSchema = z
  .object({
    /** The full authorization URL (with PKCE `code_challenge` and `state`): send the browser here. */
    url: z.string(),
    client_id: z.string(),
    redirect_uri: z.string(),
    scope: z.string(),
    state: z.string(),
    response_type: z.literal('code'),
  })
  .meta({ id: 'VaAuthEndpointParameters' });
export type VaAuthEndpointParameters = z.infer<typeof vaAuthEndpointParametersSchema>;

/** Where VA's callback sends the browser: `{APP_URL}{VA_CONNECT_RETURN_PATH}?message=…`. */
export const VA_CONNECT_RETURN_PATH = '/va-forms';
export const VA_CONNECT_MESSAGES = ['success', 'forbidden', 'service_unavailable'] as const;
export const vaConnectMessageSchema = z.enum(VA_CONNECT_MESSAGES);
export type VaConnectMessage = z.infer<typeof vaConnectMessageSchema>;

const callbackValue = safeText({ max: 4096, trim: false }).optional();
/** What VA's authorization server appends to the redirect URI. */
export const vaCallbackQuerySchema = z.object({
  code: callbackValue,
  state: callbackValue,
  error: callbackValue,
  error_description: callbackValue,
});
export type VaCallbackQuery = z.infer<typeof vaCallbackQuerySchema>;

export const VA_NOT_CONFIGURED_DETAIL = 'The VA.gov connection is not configured on this server.';
export const VA_NOT_CONNECTED_DETAIL = 'VA.gov is not connected. Connect to VA.gov first.';
export const VA_AUTH_EXPIRED_DETAIL =
  'VA.gov authentication expired. Please connect to VA.gov again.';
export const VA_UNAVAILABLE_DETAIL = 'VA.gov is temporarily unavailable. Please try again later.';
export const VA_REFUSED_DETAIL = 'VA.gov could not complete the request.';
