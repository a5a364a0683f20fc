import { errorEnvelopeSchema } from '@muster/contract/errors';

type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503;

/**
 * The error answers a route declares for OpenAPI: every listed status carries the error envelope.
 * `response: { 200: thingSchema, ...errorResponses(400, 401, 404) }`.
 */
export function errorResponses<const S extends ErrorStatus>(
  ...statuses: S[]
): Record<S, typeof errorEnvelopeSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorEnvelopeSchema])) as Record<
    S,
    typeof errorEnvelopeSchema
  >;
}
