/** The `?error=` values the API sends back after a failed provider sign-in. */
const OAUTH_ERROR_MESSAGES: Record<string, string> = {
  google_failed: 'Google Sign-In failed',
  discord_failed: 'Discord Sign-In failed',
  oauth_failed: 'Sign-In failed',
};

/** The toast for a failed provider sign-in, or null for an unknown value. */
export function oauthErrorMessage(value: string | null): string | null {
  if (!value) return null;
  return Object.hasOwn(OAUTH_ERROR_MESSAGES, value) ? (OAUTH_ERROR_MESSAGES[value] ?? null) : null;
}
