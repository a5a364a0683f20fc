import { describe, expect, it } from 'vitest';
import {
  ERROR_CATALOGUE,
  ERROR_CODES,
  clientCodeForFailure,
  errorEnvelopeSchema,
  messageFor,
  serverCodeForStatus,
} from './errors.ts';

/** Every catalogue code with its user message, word for word. */
const SPEC: Record<number, string> = {
  1001: 'Authentication failed',
  1002: 'Session expired',
  1003: 'Access denied',
  1004: 'Please log in to continue',
  1005: 'Invalid username or password',
  1006: 'Account temporarily locked',
  1007: "You don't have permission to perform this action",
  1008: 'Unable to refresh session',
  2001: 'Invalid input provided',
  2002: 'Required field missing',
  2003: 'Invalid format',
  2004: 'This entry already exists',
  2005: 'Invalid email address',
  2006: 'Password does not meet security requirements',
  2007: 'Please check your input and try again',
  2008: 'File or input too large',
  3001: 'Transaction failed',
  3002: 'Not found',
  3003: 'Resource conflict',
  3004: 'Too many requests, please try again later',
  3005: 'Operation not allowed',
  3006: 'Unable to complete request',
  3007: 'Service temporarily unavailable',
  3008: 'Invalid operation for current state',
  4001: 'Connection error',
  4002: 'Service temporarily unavailable',
  4003: 'Request timed out',
  4004: 'Service temporarily unavailable',
  4005: 'System under maintenance',
  4006: 'Connection lost',
  5000: 'An unexpected error occurred',
  5001: 'An unexpected error occurred',
  5002: 'Service temporarily unavailable',
  5003: 'Service temporarily unavailable',
  5004: 'An unexpected error occurred',
};

describe('[CONTRACT][ERRORS]', () => {
  it('[CONTRACT]: the catalogue holds exactly these codes and messages', () => {
    expect(ERROR_CODES.sort()).toEqual(Object.keys(SPEC).map(Number).sort());
    for (const code of ERROR_CODES) expect(messageFor(code)).toBe(SPEC[code]);
  });

  it('[CONTRACT]: server mapping of HTTP statuses to codes', () => {
    expect(serverCodeForStatus(400)).toBe(2001);
    expect(serverCodeForStatus(401)).toBe(1004);
    expect(serverCodeForStatus(401, { hasToken: true, expired: true })).toBe(1002);
    expect(serverCodeForStatus(401, { hasToken: true })).toBe(1001);
    expect(serverCodeForStatus(403)).toBe(1007);
    expect(serverCodeForStatus(404)).toBe(3002);
    expect(serverCodeForStatus(409)).toBe(3003);
    expect(serverCodeForStatus(413)).toBe(2008);
    // An over-long address or header block is input that is too large.
    expect(serverCodeForStatus(414)).toBe(2008);
    expect(serverCodeForStatus(431)).toBe(2008);
    expect(serverCodeForStatus(408)).toBe(2007);
    expect(serverCodeForStatus(422)).toBe(2001);
    expect(serverCodeForStatus(429)).toBe(3004);
    expect(serverCodeForStatus(500)).toBe(5000);
    expect(serverCodeForStatus(503)).toBe(3007);
    // The status each code answers with agrees with the mapping.
    for (const status of [400, 403, 404, 409, 413, 429, 500, 503]) {
      expect(ERROR_CATALOGUE[serverCodeForStatus(status)].status).toBe(status);
    }
  });

  it('[CONTRACT]: client mapping of failures to codes', () => {
    expect(clientCodeForFailure({ kind: 'network' })).toBe(4001);
    expect(clientCodeForFailure({ kind: 'network', offline: true })).toBe(4006);
    expect(clientCodeForFailure({ kind: 'timeout' })).toBe(4003);
    expect(clientCodeForFailure({ kind: 'maintenance' })).toBe(4005);
    expect(clientCodeForFailure({ kind: 'http', status: 502 })).toBe(5002);
    expect(clientCodeForFailure({ kind: 'http', status: 504 })).toBe(5003);
    expect(clientCodeForFailure({ kind: 'http', status: 418 })).toBe(5004);
    expect(clientCodeForFailure({ kind: 'http', status: 401, message: 'Token expired' })).toBe(
      1002,
    );
    expect(clientCodeForFailure({ kind: 'http', status: 401 })).toBe(1001);
    expect(clientCodeForFailure({ kind: 'exception', message: 'TypeError: Failed to fetch' })).toBe(
      4001,
    );
    expect(clientCodeForFailure({ kind: 'exception', message: 'x is undefined' })).toBe(5001);
  });

  it('[CONTRACT]: the envelope schema accepts catalogue codes only', () => {
    expect(errorEnvelopeSchema.safeParse({ code: 3002, message: 'Not found' }).success).toBe(true);
    expect(errorEnvelopeSchema.safeParse({ code: 9999, message: 'x' }).success).toBe(false);
    expect(
      errorEnvelopeSchema.safeParse({
        code: 2001,
        message: 'x',
        validation: true,
        fields: { a: 'b' },
      }).success,
    ).toBe(true);
  });
});
