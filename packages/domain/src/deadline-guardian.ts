import {
  DEFAULT_TIME_ZONE,
  REMINDER_DAYS,
  type BoardDocket,
  type Deadline,
  type DeadlineKind,
} from '@muster/contract/deadlines';
import { formatLongDay } from './format.ts';
import { addDays, daysUntil, deadlineFrom, type IsoDay } from './deadlines.ts';

/**
 * The deadline guardian's rules: which VA deadlines a user's records make, which reminder email
 * (30, 7 or 1 days before) is due on a day, what "today" is in the user's time zone, and the
 * calendar file. Pure: callers pass the records and the current day or instant.
 */

/** The records deadlines come from, reduced to what the rules need (no medical text). */
export type DeadlineRecords = {
  /** Intents to file as VA reported them; `expirationDate` is a day or an ISO date-time. */
  intentToFiles?: {
    id: string;
    status: string | null;
    /** The day VA recorded the intent (a day or an ISO date-time), when known. */
    creationDate?: string | null;
    expirationDate: string | null;
  }[];
  /**
   * The days (in VA's calendar, Eastern) on which a claim was accepted by VA. A claim filed on or
   * after the day an intent was recorded uses that intent up, so its expiry is no longer a deadline.
   */
  claimsSubmittedOn?: IsoDay[];
  boardAppeals?: { id: string; docket: BoardDocket; filedOn: IsoDay; letterId?: string | null }[];
  /** Upcoming separations: a service period whose end date lies ahead. */
  separations?: { id: string; separationDate: IsoDay }[];
  /** Decision letters whose date was read. */
  decisionLetters?: { id: string; letterDate: IsoDay }[];
};

/** The Board accepts evidence on the evidence docket for this many days after it received the form. */
export const BOARD_EVIDENCE_DAYS = 90;
/** A BDD claim may be filed from 180 days before separation … */
export const BDD_OPENS_DAYS_BEFORE = 180;
/** … up to 90 days before it. */
export const BDD_CLOSES_DAYS_BEFORE = 90;

export const DEADLINE_KIND_NAMES: Record<DeadlineKind, string> = {
  itf_expiry: 'Intent to File expiry',
  board_evidence: 'Board evidence window',
  bdd_window: 'Benefits Delivery at Discharge window',
  decision_review: 'Decision review deadline',
};

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/;

/**
 * The day part of VA's date, as VA wrote it (`2027-01-31` or `2027-01-31T23:59:59-05:00`): VA
 * states the expiry in its own calendar, so the written day is the day, whatever the offset.
 * A value that is not a real calendar day (`2027-02-30`, `2027-13-01`) is no day at all: it makes
 * no deadline rather than failing the whole list.
 */
function dayOf(value: string): IsoDay | null {
  const match = ISO_DAY.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day;
  return real ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

/** Whether a claim filed on one of `filedOn` came on or after the intent recorded on `created`. */
function usedUp(created: string | null | undefined, filedOn: readonly IsoDay[]): boolean {
  const createdOn = created ? dayOf(created) : null;
  // An intent whose start is unknown is kept: a reminder too many is better than one missing.
  return createdOn !== null && filedOn.some((day) => day >= createdOn);
}

/**
 * Stable, with no medical text: the kind, the record's id and the due day (a changed due day is a
 * new deadline for reminders, which are sent once per key).
 */
export function deadlineKey(kind: DeadlineKind, recordId: string, dueOn: IsoDay): string {
  return `${kind}:${recordId}:${dueOn}`;
}

/**
 * Every deadline the records make that is still ahead of `today` (or due today), soonest first
 * (ties by kind, then key, so the order is stable).
 */
export function collectDeadlines(records: DeadlineRecords, today: IsoDay): Deadline[] {
  const found: Omit<Deadline, 'days_left'>[] = [];

  for (const itf of records.intentToFiles ?? []) {
    const due = itf.expirationDate ? dayOf(itf.expirationDate) : null;
    // Only an active intent protects a date; VA's other statuses (claim received, expired) end it,
    // and so does a claim filed since the intent was recorded.
    if (!due || (itf.status !== null && itf.status.toLowerCase() !== 'active')) continue;
    if (usedUp(itf.creationDate, records.claimsSubmittedOn ?? [])) continue;
    found.push({
      key: deadlineKey('itf_expiry', itf.id, due),
      kind: 'itf_expiry',
      title: `File your claim by ${formatLongDay(due)} to keep the date your Intent to File protects`,
      due_on: due,
      opens_on: null,
      path: '/va-forms/526ez',
    });
  }

  for (const appeal of records.boardAppeals ?? []) {
    if (appeal.docket !== 'evidence') continue;
    const due = deadlineFrom(appeal.filedOn, { days: BOARD_EVIDENCE_DAYS });
    found.push({
      key: deadlineKey('board_evidence', appeal.id, due),
      kind: 'board_evidence',
      title:
        'Send the Board your evidence (evidence docket, 90 days from when it received your appeal)',
      due_on: due,
      opens_on: null,
      path: appeal.letterId ? `/decision-letters/${appeal.letterId}/results` : '/profile',
    });
  }

  for (const separation of records.separations ?? []) {
    const due = addDays(separation.separationDate, -BDD_CLOSES_DAYS_BEFORE);
    const opens = addDays(separation.separationDate, -BDD_OPENS_DAYS_BEFORE);
    found.push({
      key: deadlineKey('bdd_window', separation.id, due),
      kind: 'bdd_window',
      title: 'Last day to file a Benefits Delivery at Discharge (BDD) claim before you separate',
      due_on: due,
      opens_on: opens > today ? opens : null,
      path: '/va-forms/526ez',
    });
  }

  for (const letter of records.decisionLetters ?? []) {
    const due = deadlineFrom(letter.letterDate, { years: 1 });
    found.push({
      key: deadlineKey('decision_review', letter.id, due),
      kind: 'decision_review',
      title: `Ask VA to review the decision of ${formatLongDay(letter.letterDate)} (Supplemental Claim, Higher-Level Review or Board Appeal)`,
      due_on: due,
      opens_on: null,
      path: `/decision-letters/${letter.id}/results`,
    });
  }

  return found
    .map((deadline) => ({ ...deadline, days_left: daysUntil(deadline.due_on, today) }))
    .filter((deadline) => deadline.days_left >= 0)
    .sort(
      (a, b) =>
        a.due_on.localeCompare(b.due_on) ||
        a.kind.localeCompare(b.kind) ||
        a.key.localeCompare(b.key),
    );
}

/** The day the `daysBefore` reminder of a deadline due on `dueOn` is sent. */
export function reminderDay(dueOn: IsoDay, daysBefore: number): IsoDay {
  return addDays(dueOn, -daysBefore);
}

/** The reminder (30, 7 or 1) whose day is exactly `today`, or null. */
export function reminderOn(dueOn: IsoDay, today: IsoDay): number | null {
  const left = daysUntil(dueOn, today);
  return REMINDER_DAYS.find((days) => days === left) ?? null;
}

/**
 * The reminder to send on `today`, with catch-up for days the job did not run: the most urgent
 * reminder whose day has come (its day is today or passed) while the deadline is still ahead or due
 * today. So a missed 7-day reminder goes out once on the next run, a 30-day one that was missed
 * is not sent once the 7-day one is due, and nothing is sent after the deadline. The caller sends
 * each (deadline, reminder) once; null when none is due.
 */
export function reminderDue(dueOn: IsoDay, today: IsoDay): number | null {
  const left = daysUntil(dueOn, today);
  if (left < 0) return null;
  const due = REMINDER_DAYS.filter((days) => left <= days);
  return due.length === 0 ? null : Math.min(...due);
}

/** The zone database's own spelling of `name`, or null when it is not a zone. */
export function canonicalTimeZone(name: string): string | null {
  if (!name || name.length > 64) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The user's zone, or the default (America/New_York) when none is chosen or it is unknown. */
export function effectiveTimeZone(name: string | null | undefined): string {
  return (name && canonicalTimeZone(name)) || DEFAULT_TIME_ZONE;
}

/** The calendar day `now` falls on in `timeZone`. */
export function todayIn(timeZone: string, now: Date): IsoDay {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

// --- Calendar export (RFC 5545) ---

/** TEXT values escape backslash, semicolon, comma and line breaks. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** The length of a character in UTF-8. */
function utf8Length(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  return code < 0x10000 ? 3 : 4;
}

/**
 * Folds a content line so no line is longer than 75 octets (UTF-8), each continuation starting
 * with one space; a multi-byte character is never split.
 */
export function foldIcsLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = utf8Length(char);
    const limit = out.length === 0 ? 75 : 74; // a continuation's leading space is one of its 75
    if (size + bytes > limit) {
      out.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  out.push(current);
  return out.join('\r\n ');
}

const compactDay = (day: IsoDay) => day.replace(/-/g, '');

function stamp(now: Date): string {
  return `${now.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/** The calendar event's identity: the deadline's kind and record, never its due day. */
function eventUid(key: string): string {
  const parts = key.split(':');
  return parts.length > 2 ? parts.slice(0, -1).join(':') : key;
}

/** Minutes since 2024: grows with each export, so a client takes the latest copy of an event. */
function sequenceAt(now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - Date.UTC(2024, 0, 1)) / 60_000));
}

/**
 * A calendar (RFC 5545) with one all-day event per deadline: CRLF line ends, folded lines, escaped
 * text, and a UID built from the deadline's kind and record only, so a re-import updates rather
 * than duplicates even when the due day moved; SEQUENCE and LAST-MODIFIED grow with each export so
 * the client takes the new copy. `appUrl` makes each event link to where the user acts. A calendar
 * needs at least one event, so with no deadlines there is no file (null).
 */
export function toIcs(deadlines: readonly Deadline[], now: Date, appUrl?: string): string | null {
  if (deadlines.length === 0) return null;
  const seen = new Map<string, number>();
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Muster//Deadline guardian//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'X-WR-CALNAME:Muster VA deadlines',
  ];
  for (const deadline of deadlines) {
    const description = [
      `${DEADLINE_KIND_NAMES[deadline.kind]}: due ${formatLongDay(deadline.due_on)}.`,
      ...(deadline.opens_on ? [`Opens ${formatLongDay(deadline.opens_on)}.`] : []),
      ...(appUrl ? [`${appUrl}${deadline.path}`] : []),
    ].join('\n');
    // One record can make two deadlines of a kind (two separations on one veteran record): the
    // second and later get their place in the (day-ordered) list as a suffix.
    const base = eventUid(deadline.key);
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    const uid = count === 1 ? base : `${base}:${count}`;
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeIcsText(uid)}@muster`,
      `DTSTAMP:${stamp(now)}`,
      `LAST-MODIFIED:${stamp(now)}`,
      `SEQUENCE:${sequenceAt(now)}`,
      `DTSTART;VALUE=DATE:${compactDay(deadline.due_on)}`,
      `DTEND;VALUE=DATE:${compactDay(addDays(deadline.due_on, 1))}`,
      `SUMMARY:${escapeIcsText(deadline.title)}`,
      `DESCRIPTION:${escapeIcsText(description)}`,
      ...(appUrl ? [`URL:${appUrl}${deadline.path}`] : []),
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}
