import { createHash, randomBytes } from 'node:crypto';

/**
 * The tokens of links sent to people without an account (a witness's signing link, a physician's
 * upload link): 32 random bytes in base64url, handed out once. Only their SHA-256 is stored, so
 * neither the database nor the logs can open a link.
 */

/** 32 bytes in base64url without padding are 43 characters; anything else is no token of ours. */
export const LINK_TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

export const DAY_MS = 24 * 3600 * 1000;

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new link token and its hash (the only form stored). */
export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashLinkToken(token) };
}

/** The hash of a token sent to us, or undefined when what was sent cannot be a token. */
export function linkTokenHashOf(token: string | undefined): string | undefined {
  return token && LINK_TOKEN_FORMAT.test(token) ? hashLinkToken(token) : undefined;
}
