import { ERR } from '@muster/contract/errors';
import { SIGN_IN_LOCKOUT_MINUTES } from '@muster/contract/auth';
import { AppError } from '#src/lib/errors.ts';

export type AuthErrorBody = { code?: string; message?: string };

/**
 * Translates the auth library's error answers into the platform envelope's codes. Messages come
 * from the catalogue; field messages follow spec section 5.
 */
export function translateAuthError(status: number, body: AuthErrorBody): AppError {
  switch (body.code) {
    case 'INVALID_OTP':
      return new AppError(ERR.INVALID_INPUT, { detail: 'The code is not correct', fields: { otp: 'Invalid code' } });
    case 'OTP_EXPIRED':
      return new AppError(ERR.INVALID_INPUT, { detail: 'The code has expired', fields: { otp: 'Code expired: ask for a new one' } });
    case 'TOO_MANY_ATTEMPTS':
      return new AppError(ERR.ACCOUNT_LOCKED, { detail: `Too many wrong codes. Try again in ${SIGN_IN_LOCKOUT_MINUTES} minutes.` });
    case 'INVALID_EMAIL':
      return new AppError(ERR.INVALID_EMAIL, { fields: { email: 'Invalid email address' } });
    case 'INVALID_TOKEN':
    case 'INVALID_ONE_TIME_TOKEN':
      return new AppError(ERR.AUTH_FAILED, { detail: 'This sign-in link is invalid or has expired' });
    case 'SESSION_EXPIRED':
      return new AppError(ERR.SESSION_EXPIRED);
    case 'USER_NOT_FOUND':
    case 'FAILED_TO_CREATE_USER':
    case 'FAILED_TO_CREATE_SESSION':
      return new AppError(status >= 500 ? ERR.INTERNAL : ERR.AUTH_FAILED);
  }
  if (status === 401) return new AppError(ERR.AUTH_FAILED);
  if (status === 403) return new AppError(ERR.FORBIDDEN);
  if (status === 404) return new AppError(ERR.NOT_FOUND);
  if (status === 429) return new AppError(ERR.RATE_LIMITED);
  if (status >= 500) return new AppError(ERR.INTERNAL);
  return new AppError(ERR.INVALID_INPUT, { detail: 'The sign-in request was not accepted' });
}
