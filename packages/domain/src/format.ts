/** How amounts and VA dates read on the app and the site alike (US English). */

/** `1234.5` → `$1,234.50`. */
export const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** `2024-12-01` → `Dec 1, 2024` (a calendar day: read in UTC so no time zone shifts it). */
export function formatDay(isoDate: string): string {
  return dayFormat.format(new Date(`${isoDate}T00:00:00Z`));
}

const longDayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** `2024-12-01` → `December 1, 2024`, as a signed letter is dated. */
export function formatLongDay(isoDate: string): string {
  return longDayFormat.format(new Date(`${isoDate}T00:00:00Z`));
}

const monthYearFormat = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** `2024-12-01` → `December 2024`. */
export function formatMonthYear(isoDate: string): string {
  return monthYearFormat.format(new Date(`${isoDate}T00:00:00Z`));
}

/**
 * A condition's name as it reads inside a sentence: the first letter in lower case when the name
 * begins with an ordinary capitalised word ("Left knee strain" → "left knee strain"), kept as
 * written for an acronym ("PTSD"), a code or an eponym in the possessive ("Crohn’s disease").
 */
export function inSentence(name: string): string {
  const trimmed = name.trim();
  if (!/^[A-Z][a-z]/.test(trimmed) || /^[A-Z][a-z]*['’]s\b/.test(trimmed)) return trimmed;
  return `${trimmed.charAt(0).toLowerCase()}${trimmed.slice(1)}`;
}
