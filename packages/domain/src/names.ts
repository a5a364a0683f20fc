export const DEFAULT_FIRST_NAME = 'Veteran';
export const DEFAULT_LAST_NAME = 'Tango';
/** Shown when a stored profile has no last name. */
export const PROFILE_FALLBACK_LAST_NAME = 'Doe';

/**
 * Splits a full name on whitespace: the first word is the first name (default
 * "Veteran"), the rest the last name (default "Tango").
 */
export function splitFullName(fullName: string | null | undefined): {
  firstName: string;
  lastName: string;
} {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  const [first, ...rest] = words;
  return {
    firstName: first ?? DEFAULT_FIRST_NAME,
    lastName: rest.length > 0 ? rest.join(' ') : DEFAULT_LAST_NAME,
  };
}

/** The last name a profile shows: its own, else "Doe". */
export function profileLastName(lastName: string | null | undefined): string {
  const trimmed = lastName?.trim();
  return trimmed ? trimmed : PROFILE_FALLBACK_LAST_NAME;
}

/**
 * Whether a profile still carries the names given at sign-up when none was known ("Veteran
 * Tango", or "Veteran Doe" as shown). Forms that ask for a real name start empty then.
 */
export function isPlaceholderName(
  firstName: string | null | undefined,
  lastName: string | null | undefined,
): boolean {
  const last = lastName?.trim() ?? '';
  return (
    firstName?.trim() === DEFAULT_FIRST_NAME &&
    (last === '' || last === DEFAULT_LAST_NAME || last === PROFILE_FALLBACK_LAST_NAME)
  );
}
