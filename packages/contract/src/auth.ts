import { z } from 'zod';
import { safeText } from './text.ts';

/** One-time sign-in codes: 6 digits, valid for 10 minutes. */
export const SIGN_IN_CODE_LENGTH = 6;
export const SIGN_IN_CODE_TTL_MINUTES = 10;
/** Wrong codes allowed before the code is voided and the email is locked. */
export const SIGN_IN_MAX_ATTEMPTS = 5;
export const SIGN_IN_LOCKOUT_MINUTES = 15;
/** Sessions last 7 days and are extended when used after a day. */
export const SESSION_TTL_SECONDS = 7 * 24 * 3600;
export const SESSION_UPDATE_AGE_SECONDS = 24 * 3600;
/** OAuth hand-off codes are single-use and short-lived. */
export const OAUTH_HANDOFF_TTL_SECONDS = 60;

export const emailSchema = safeText({
  min: 1,
  max: 254,
  messages: { tooLong: 'Email is too long' },
}).pipe(z.email('Invalid email address'));

export const sendSignInCodeInputSchema = z.object({
  email: emailSchema,
  type: z.literal('sign-in'),
});
export type SendSignInCodeInput = z.infer<typeof sendSignInCodeInputSchema>;

export const signInWithCodeInputSchema = z.object({
  email: emailSchema,
  otp: safeText({
    min: SIGN_IN_CODE_LENGTH,
    max: SIGN_IN_CODE_LENGTH,
    messages: { tooShort: 'Required', tooLong: 'OTP too long' },
  }),
});
export type SignInWithCodeInput = z.infer<typeof signInWithCodeInputSchema>;

export const authUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  image: z.string().nullable().optional(),
  emailVerified: z.boolean(),
  isAnonymous: z.boolean().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const signInResultSchema = z.object({ token: z.string(), user: authUserSchema });
export type SignInResult = z.infer<typeof signInResultSchema>;

/** The current session and its user, or null without a valid token. */
export const sessionResultSchema = z
  .object({
    session: z.object({ id: z.string(), userId: z.string(), expiresAt: z.string() }),
    user: authUserSchema,
  })
  .nullable();
export type SessionResult = z.infer<typeof sessionResultSchema>;

export const signOutResultSchema = z.object({ success: z.boolean() });

export const oauthProvidersSchema = z.object({
  google: z.boolean(),
  discord: z.boolean(),
});
export type OAuthProviders = z.infer<typeof oauthProvidersSchema>;

export const exchangeCodeInputSchema = z.object({
  code: safeText({ min: 10, max: 200, trim: false }),
});
