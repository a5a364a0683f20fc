import { describe, expect, it } from 'vitest';
import {
  canonicalTimeZone,
  collectDeadlines,
  effectiveTimeZone,
  escapeIcsText,
  foldIcsLine,
  reminderDue,
  reminderOn,
  todayIn,
  toIcs,
} from './deadline-guardian.ts';

const TODAY = '2026-11-26';

/** UTF-8 octets, counted independently of the code under test. */
const octets = (text: string) => encodeURIComponent(text).replace(/%[0-9A-F]{2}/g, 'x').length;

describe('[DOMAIN][DEADLINES]: collectDeadlines', () => {
  it('[DOMAIN]: gathers ITF, Board evidence, BDD and review deadlines, soonest first', () => {
    const list = collectDeadlines(
      {
        intentToFiles: [
          { id: 'itf1', status: 'active', expirationDate: '2027-01-15T10:00:00-05:00' },
        ],
        boardAppeals: [
          // 2026-11-02 + 90 days = Saturday 2027-01-31 → the next workday, Monday 2027-02-01.
          { id: 'ba1', docket: 'evidence', filedOn: '2026-11-02', letterId: null },
          { id: 'ba2', docket: 'direct', filedOn: '2026-11-02' },
        ],
        separations: [{ id: 'vet1', separationDate: '2027-06-30' }],
        decisionLetters: [{ id: 'dl1', letterDate: '2026-03-10' }],
      },
      TODAY,
    );
    expect(list.map((d) => [d.kind, d.due_on, d.days_left])).toEqual(
      [
        ['bdd_window', '2027-04-01', 126],
        ['itf_expiry', '2027-01-15', 50],
        ['board_evidence', '2027-02-01', 67],
        ['decision_review', '2027-03-10', 104],
      ].sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
    );
    const bdd = list.find((d) => d.kind === 'bdd_window')!;
    expect(bdd.opens_on).toBe('2027-01-01');
    expect(bdd.key).toBe('bdd_window:vet1:2027-04-01');
    expect(list.find((d) => d.kind === 'itf_expiry')!.path).toBe('/va-forms/526ez');
    expect(list.find((d) => d.kind === 'decision_review')!.path).toBe(
      '/decision-letters/dl1/results',
    );
  });

  it('[DOMAIN]: leaves out what is past, inactive intents and non-evidence dockets', () => {
    const list = collectDeadlines(
      {
        intentToFiles: [
          { id: 'a', status: 'claim_recieved', expirationDate: '2027-01-15' },
          { id: 'b', status: 'active', expirationDate: '2026-11-25' },
          { id: 'c', status: 'active', expirationDate: null },
        ],
        boardAppeals: [{ id: 'h', docket: 'hearing', filedOn: '2026-11-01' }],
        separations: [{ id: 's', separationDate: '2027-01-01' }], // 90 days before is past
      },
      TODAY,
    );
    expect(list).toEqual([]);
  });

  it('[DOMAIN]: a deadline due today is still listed with 0 days left', () => {
    const [only] = collectDeadlines(
      { intentToFiles: [{ id: 'x', status: 'ACTIVE', expirationDate: TODAY }] },
      TODAY,
    );
    expect(only?.days_left).toBe(0);
  });
});

describe('[DOMAIN][DEADLINES]: reminders', () => {
  it('[DOMAIN]: the exact reminder days are 30, 7 and 1 before', () => {
    expect(reminderOn('2026-12-26', TODAY)).toBe(30);
    expect(reminderOn('2026-12-03', TODAY)).toBe(7);
    expect(reminderOn('2026-11-27', TODAY)).toBe(1);
    expect(reminderOn('2026-12-04', TODAY)).toBeNull();
  });

  it('[DOMAIN]: catch-up sends the most urgent reminder whose day came, never after the deadline', () => {
    expect(reminderDue('2027-01-26', TODAY)).toBeNull(); // 61 days ahead
    expect(reminderDue('2026-12-26', TODAY)).toBe(30);
    expect(reminderDue('2026-12-20', TODAY)).toBe(30); // the 30-day day was missed
    expect(reminderDue('2026-12-01', TODAY)).toBe(7); // 5 left: the 7-day, not the 30-day
    expect(reminderDue('2026-11-27', TODAY)).toBe(1);
    expect(reminderDue(TODAY, TODAY)).toBe(1);
    expect(reminderDue('2026-11-25', TODAY)).toBeNull();
  });
});

describe('[DOMAIN][DEADLINES]: time zones', () => {
  it('[DOMAIN]: the same instant is a different day in Kiritimati and Adak', () => {
    const now = new Date('2026-11-26T11:30:00Z');
    expect(todayIn('Pacific/Kiritimati', now)).toBe('2026-11-27'); // UTC+14
    expect(todayIn('America/Adak', now)).toBe('2026-11-26'); // UTC-10
    expect(todayIn('America/Adak', new Date('2026-11-26T09:30:00Z'))).toBe('2026-11-25');
  });

  it('[DOMAIN]: unknown zones are refused, and the default is New York', () => {
    expect(canonicalTimeZone('America/Chicago')).toBe('America/Chicago');
    expect(canonicalTimeZone('Mars/Olympus_Mons')).toBeNull();
    expect(canonicalTimeZone('')).toBeNull();
    expect(effectiveTimeZone(null)).toBe('America/New_York');
    expect(effectiveTimeZone('Nowhere/Land')).toBe('America/New_York');
  });
});

describe('[DOMAIN][DEADLINES]: calendar export', () => {
  it('[DOMAIN]: escapes backslash, semicolon, comma and line breaks', () => {
    expect(escapeIcsText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('[DOMAIN]: folds at 75 octets without splitting a multi-byte character', () => {
    const ascii = `SUMMARY:${'x'.repeat(200)}`;
    const folded = foldIcsLine(ascii).split('\r\n');
    expect(folded[0]).toHaveLength(75);
    for (const line of folded.slice(1)) {
      expect(line.startsWith(' ')).toBe(true);
      expect(octets(line)).toBeLessThanOrEqual(75);
    }
    expect(folded.map((line, i) => (i === 0 ? line : line.slice(1))).join('')).toBe(ascii);

    const wide = `SUMMARY:${'é'.repeat(100)}`; // two octets each
    const parts = foldIcsLine(wide).split('\r\n');
    for (const line of parts) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(parts.map((line, i) => (i === 0 ? line : line.slice(1))).join('')).toBe(wide);
    expect(parts.join('')).not.toContain('\uFFFD');
    // Four-octet characters (an emoji) are never split either.
    const emoji = foldIcsLine(`SUMMARY:${'🎖'.repeat(40)}`).split('\r\n');
    for (const line of emoji) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(emoji.map((line, i) => (i === 0 ? line : line.slice(1))).join('')).toBe(
      `SUMMARY:${'🎖'.repeat(40)}`,
    );
  });

  it('[DOMAIN]: writes all-day events with stable UIDs, DTSTAMP and CRLF line ends', () => {
    const deadlines = collectDeadlines(
      { intentToFiles: [{ id: 'itf1', status: 'active', expirationDate: '2027-01-15' }] },
      TODAY,
    );
    const ics = toIcs(deadlines, new Date('2026-11-26T12:34:56.789Z'), 'https://app.example')!;
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n');
    expect(unfolded).toContain('UID:itf_expiry:itf1@muster');
    expect(unfolded).toContain('DTSTAMP:20261126T123456Z');
    expect(unfolded).toContain('LAST-MODIFIED:20261126T123456Z');
    expect(unfolded).toMatch(/\r\nSEQUENCE:\d+\r\n/);
    expect(unfolded).toContain('DTSTART;VALUE=DATE:20270115');
    expect(unfolded).toContain('DTEND;VALUE=DATE:20270116');
    expect(unfolded).toContain('URL:https://app.example/va-forms/526ez');
    expect(unfolded).toContain('SUMMARY:File your claim by January 15\\, 2027');
    expect(unfolded.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    for (const line of ics.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
    // The same deadlines give the same UIDs on another day.
    const again = toIcs(deadlines, new Date('2026-12-01T00:00:00Z'));
    expect(again!.replace(/\r\n /g, '')).toContain('UID:itf_expiry:itf1@muster');
  });

  it('[DOMAIN]: a moved due day keeps the UID and raises SEQUENCE so clients update the event', () => {
    const at = (expirationDate: string) =>
      collectDeadlines(
        { intentToFiles: [{ id: 'itf1', status: 'active', expirationDate }] },
        TODAY,
      );
    const first = toIcs(at('2027-01-15'), new Date('2026-11-26T00:00:00Z'))!;
    const moved = toIcs(at('2027-02-20'), new Date('2026-11-27T00:00:00Z'))!;
    const uid = (ics: string) => /\r\nUID:([^\r]+)\r\n/.exec(ics)?.[1];
    const sequence = (ics: string) => Number(/\r\nSEQUENCE:(\d+)\r\n/.exec(ics)?.[1]);
    expect(uid(moved)).toBe(uid(first));
    expect(sequence(moved)).toBeGreaterThan(sequence(first));
    expect(moved).toContain('DTSTART;VALUE=DATE:20270220');
  });

  it('[DOMAIN]: two deadlines of one record get distinct UIDs; no deadlines make no calendar', () => {
    const deadlines = collectDeadlines(
      {
        separations: [
          { id: 'vet1', separationDate: '2027-09-01' },
          { id: 'vet1', separationDate: '2027-12-01' },
        ],
      },
      TODAY,
    );
    const ics = toIcs(deadlines, new Date('2026-11-26T00:00:00Z'))!;
    const uids = [...ics.matchAll(/\r\nUID:([^\r]+)\r\n/g)].map((m) => m[1]);
    expect(uids).toEqual(['bdd_window:vet1@muster', 'bdd_window:vet1:2@muster']);
    expect(toIcs([], new Date('2026-11-26T00:00:00Z'))).toBeNull();
  });
});

describe('[DOMAIN][DEADLINES]: bad records and filed claims', () => {
  it('[DOMAIN]: an ITF date that is no calendar day is skipped, the rest still listed', () => {
    const list = collectDeadlines(
      {
        intentToFiles: [
          { id: 'bad1', status: 'active', expirationDate: '2027-02-30' },
          { id: 'bad2', status: 'active', expirationDate: '2027-02-30T23:59:59-05:00' },
          { id: 'bad3', status: 'active', expirationDate: '2027-13-01' },
          { id: 'bad4', status: 'active', expirationDate: '2027-01-150' },
          { id: 'ok', status: 'active', expirationDate: '2028-02-29T10:00:00Z' },
        ],
      },
      TODAY,
    );
    expect(list.map((d) => d.key)).toEqual(['itf_expiry:ok:2028-02-29']);
  });

  it('[DOMAIN]: a claim filed on or after the ITF was recorded ends the ITF deadline', () => {
    const intent = {
      id: 'itf1',
      status: 'active',
      creationDate: '2026-10-01T09:00:00-04:00',
      expirationDate: '2027-10-01',
    };
    const keys = (claimsSubmittedOn: string[], creationDate?: string | null) =>
      collectDeadlines(
        {
          intentToFiles: [{ ...intent, ...(creationDate === undefined ? {} : { creationDate }) }],
          claimsSubmittedOn,
        },
        TODAY,
      ).map((d) => d.kind);
    expect(keys([])).toEqual(['itf_expiry']);
    expect(keys(['2026-09-30'])).toEqual(['itf_expiry']); // an earlier claim does not use it up
    expect(keys(['2026-10-01'])).toEqual([]);
    expect(keys(['2026-09-30', '2026-11-20'])).toEqual([]);
    expect(keys(['2026-11-20'], null)).toEqual(['itf_expiry']); // start unknown: kept
  });
});
