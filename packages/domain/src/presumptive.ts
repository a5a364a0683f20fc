import {
  EXPOSURE_KINDS,
  type ExposureKind,
  type ListItemRecord,
  type LocationRecord,
  type PresumptiveFile,
  type PresumptiveListRecord,
  type RequirementRecord,
  type ServiceRuleRecord,
} from './presumptive-import.ts';
import presumptiveFile from './presumptive-lists.json' with { type: 'json' };
import {
  PRESUMPTIVE_VOCABULARY,
  conditionWords,
  type VocabularyEntry,
} from './presumptive-vocabulary.ts';

/**
 * Presumptive service connection for the claim wizard's exposures step: given a condition and the
 * places and periods a veteran was exposed, which of VA's presumptive lists apply, so the
 * condition can be flagged "presumptive — no nexus needed".
 *
 * The lists, places and periods are those of presumptive-lists.json (38 CFR 3.307, 3.309, 3.317,
 * 3.320, 3.320a, 3.320b and the PACT Act, see presumptive-import.ts); the condition is read through
 * presumptive-vocabulary.ts. The rules, in our words:
 *
 * - The condition is recognised by its catalogue label when the vocabulary names that label,
 *   otherwise by the words of its name (the longest matching term wins), otherwise by its
 *   diagnostic codes. A match by code alone always asks the diagnosis to confirm it.
 * - A list entry covers a condition when it names the condition or a family it belongs to, and
 *   does not leave it out ("leukemia other than chronic lymphocytic"). A condition named only by
 *   its family is still a match when the list covers every member of the family (every lymphoma
 *   is Hodgkin's or not); when the list covers only some members, or leaves some out, it is a
 *   match whose diagnosis must say which.
 * - An exposure qualifies for a list when the list names its place for that kind of exposure and
 *   the dates given fall in the place's period (and, where days are counted, enough of them do).
 *   Dates may be given to the year, month or day; when they are too rough to tell, or missing,
 *   the match stands with the period stated as something the veteran must show. An exposure
 *   whose place the list names but whose dates fall outside, or whose days are too few, is
 *   reported as a miss with its reason. The airspace counts only above the places of the list
 *   whose rule includes their airspace.
 * - Every match carries what must also be true, stated, never dropped: the service requirement
 *   of the place, how and when the disease must have appeared, anything the entry itself
 *   requires, and whatever the dates or the diagnosis leave open. A match is `confirmed` when
 *   nothing is left open (what remains are rules the veteran's records must meet).
 * - Exposures whose dates are impossible (in the future, or ending before they start) are
 *   refused with PresumptiveInputError: the step that saves them validates them first.
 */

const FILE = presumptiveFile as PresumptiveFile;

export { EXPOSURE_KINDS, type ExposureKind };
export type { RequirementRecord as PresumptiveRequirement };

/** The lists, as committed. */
export const PRESUMPTIVE_LISTS: readonly PresumptiveListRecord[] = FILE.lists;

/** The places (or radiation-risk activities) a veteran can choose for an exposure kind. */
export function exposureLocations(kind: ExposureKind): { key: string; label: string }[] {
  return Object.entries(FILE.locations[kind]).map(([key, record]) => ({
    key,
    label: record.label,
  }));
}

/**
 * One exposure: where, and when. Dates are "YYYY", "YYYY-MM" or "YYYY-MM-DD" (the 526EZ allows a
 * year alone); either may be missing when unknown. `days` is the number of days there, together
 * or apart, when the veteran knows it (Camp Lejeune and the gaseous diffusion plants count days).
 */
export type Exposure = {
  kind: ExposureKind;
  location: string;
  from?: string | undefined;
  to?: string | undefined;
  days?: number | undefined;
};

/** The condition: its name (a catalogue label or free text) and any diagnostic codes. */
export type PresumptiveCondition = { name: string; diagnosticCodes?: readonly string[] };

export type MatchedBy = { kind: 'catalogue_label' | 'name' | 'diagnostic_code'; value: string };

export type PresumptiveListRef = { id: string; title: string; citation: string };
export type ListedAs = { text: string; citation: string };

/** A list that names the condition, whatever the exposures. */
export type ListNamingCondition = {
  list: PresumptiveListRef;
  listed_as: ListedAs[];
  /** False when the list covers only some forms of the condition as named. */
  certain: boolean;
};

export type PresumptiveMatch = {
  /** Index of the exposure in the input. */
  exposure: number;
  list: PresumptiveListRef;
  listed_as: ListedAs[];
  matched_by: MatchedBy;
  place: { kind: ExposureKind; location: string; label: string };
  /** The period the place qualifies in (null: no bound), and the rule that sets it. */
  qualifying_period: { from: string | null; to: string | null };
  service_citation: string;
  /** True when nothing about the diagnosis, dates or days is left open. */
  confirmed: boolean;
  requirements: RequirementRecord[];
};

export type MissReason = 'place_not_listed' | 'outside_period' | 'too_few_days';

export type PresumptiveMiss = {
  exposure: number;
  list: PresumptiveListRef;
  listed_as: ListedAs[];
  reason: MissReason;
  /** The reason in plain words, with the rule's citation. */
  detail: string;
};

export type PresumptiveResult = {
  /** How the condition was recognised; null when no list names it. */
  matched_by: MatchedBy | null;
  lists: ListNamingCondition[];
  matches: PresumptiveMatch[];
  misses: PresumptiveMiss[];
};

// ---------------------------------------------------------------------------------------------
// Input checks

export type ExposureIssueCode =
  | 'unknown_kind'
  | 'unknown_location'
  | 'bad_date'
  | 'date_in_future'
  | 'dates_reversed'
  | 'bad_days'
  | 'days_exceed_dates'
  | 'too_many_exposures';

export type ExposureIssue = {
  /** Index of the exposure (-1 for the list as a whole). */
  exposure: number;
  field: 'kind' | 'location' | 'from' | 'to' | 'days' | 'exposures';
  code: ExposureIssueCode;
  message: string;
};

export type ConditionIssue = {
  field: 'name' | 'diagnosticCodes';
  code: 'name_required' | 'name_too_long' | 'bad_diagnostic_code';
  message: string;
};

/** Refused input: the exposures or the condition cannot be read. */
export class PresumptiveInputError extends Error {
  readonly issues: readonly (ExposureIssue | ConditionIssue)[];
  constructor(issues: readonly (ExposureIssue | ConditionIssue)[]) {
    super(issues.map((issue) => issue.message).join('; '));
    this.name = 'PresumptiveInputError';
    this.issues = issues;
  }
}

export const MAX_EXPOSURES = 50;
export const MAX_CONDITION_NAME = 200;
/** The most days an exposure can count (a hundred years). */
export const MAX_EXPOSURE_DAYS = 36_525;
const EARLIEST_YEAR = 1900;

const DAY_MS = 86_400_000;

/** A day as a whole number (days since 1970-01-01, UTC). */
const dayNumber = (year: number, month: number, day: number) =>
  Date.UTC(year, month - 1, day) / DAY_MS;

const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The first and last day a "YYYY", "YYYY-MM" or "YYYY-MM-DD" date can mean; null if invalid. */
export function dateBounds(text: string): { lo: number; hi: number } | null {
  const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(text);
  if (!match) return null;
  const year = Number(match[1]);
  if (year < EARLIEST_YEAR) return null;
  if (match[2] === undefined) return { lo: dayNumber(year, 1, 1), hi: dayNumber(year, 12, 31) };
  const month = Number(match[2]);
  if (month < 1 || month > 12) return null;
  if (match[3] === undefined)
    return { lo: dayNumber(year, month, 1), hi: dayNumber(year, month + 1, 1) - 1 };
  const day = Number(match[3]);
  const value = dayNumber(year, month, day);
  // Date.UTC rolls 2023-02-30 over into March: such a date does not exist.
  if (day < 1 || isoOf(value) !== text) return null;
  return { lo: value, hi: value };
}

function todayNumber(today: string): number {
  const bounds = /^\d{4}-\d{2}-\d{2}$/.test(today) ? dateBounds(today) : null;
  if (!bounds) throw new RangeError(`today must be a YYYY-MM-DD date, got ${today}`);
  return bounds.lo;
}

const isKind = (kind: unknown): kind is ExposureKind =>
  typeof kind === 'string' && (EXPOSURE_KINDS as readonly string[]).includes(kind);

/** What is wrong with a list of exposures, if anything (empty when they can be matched). */
export function checkExposures(exposures: readonly Exposure[], today: string): ExposureIssue[] {
  const now = todayNumber(today);
  const issues: ExposureIssue[] = [];
  if (exposures.length > MAX_EXPOSURES)
    issues.push({
      exposure: -1,
      field: 'exposures',
      code: 'too_many_exposures',
      message: `at most ${MAX_EXPOSURES} exposures, got ${exposures.length}`,
    });
  exposures.forEach((exposure, index) => {
    const issue = (field: ExposureIssue['field'], code: ExposureIssueCode, message: string) =>
      issues.push({ exposure: index, field, code, message: `exposure ${index + 1}: ${message}` });
    if (!isKind(exposure.kind)) {
      issue('kind', 'unknown_kind', `"${String(exposure.kind)}" is not an exposure kind`);
      return;
    }
    if (!Object.hasOwn(FILE.locations[exposure.kind], exposure.location))
      issue(
        'location',
        'unknown_location',
        `"${exposure.location}" is not a ${exposure.kind} location`,
      );
    const bounds: Partial<Record<'from' | 'to', { lo: number; hi: number }>> = {};
    for (const field of ['from', 'to'] as const) {
      const value = exposure[field];
      if (value === undefined) continue;
      const parsed = dateBounds(value);
      if (!parsed)
        issue(field, 'bad_date', `${field} "${value}" is not a date (YYYY, YYYY-MM or YYYY-MM-DD)`);
      else if (parsed.lo > now)
        issue(field, 'date_in_future', `${field} ${value} is in the future`);
      else bounds[field] = parsed;
    }
    if (bounds.from && bounds.to && bounds.from.lo > bounds.to.hi)
      issue(
        'to',
        'dates_reversed',
        `the exposure ends (${exposure.to}) before it starts (${exposure.from})`,
      );
    const { days } = exposure;
    if (days !== undefined) {
      if (!Number.isInteger(days) || days < 1 || days > MAX_EXPOSURE_DAYS)
        issue('days', 'bad_days', `days must be a whole number from 1 to ${MAX_EXPOSURE_DAYS}`);
      else if (bounds.from && bounds.to && days > Math.min(bounds.to.hi, now) - bounds.from.lo + 1)
        issue(
          'days',
          'days_exceed_dates',
          `${days} days do not fit between ${exposure.from} and ${exposure.to}`,
        );
    }
  });
  return issues;
}

function checkCondition(condition: PresumptiveCondition): ConditionIssue[] {
  const issues: ConditionIssue[] = [];
  const name = condition.name.trim();
  if (!name)
    issues.push({ field: 'name', code: 'name_required', message: 'the condition needs a name' });
  if (name.length > MAX_CONDITION_NAME)
    issues.push({
      field: 'name',
      code: 'name_too_long',
      message: `the condition name is longer than ${MAX_CONDITION_NAME} characters`,
    });
  for (const code of condition.diagnosticCodes ?? [])
    if (!/^\d{4}$/.test(code))
      issues.push({
        field: 'diagnosticCodes',
        code: 'bad_diagnostic_code',
        message: `"${code}" is not a four-digit diagnostic code`,
      });
  return issues;
}

// ---------------------------------------------------------------------------------------------
// Recognising the condition

type Compiled = {
  entry: VocabularyEntry;
  ancestors: Set<string>;
  descendants: Set<string>;
  children: string[];
};

const BY_ID = new Map<string, Compiled>();
for (const entry of PRESUMPTIVE_VOCABULARY)
  BY_ID.set(entry.id, { entry, ancestors: new Set(), descendants: new Set(), children: [] });

function compiled(id: string): Compiled {
  const found = BY_ID.get(id);
  if (!found) throw new Error(`presumptive vocabulary: no entry ${id}`);
  return found;
}

for (const { entry } of BY_ID.values()) {
  for (const parent of entry.parents ?? []) compiled(parent).children.push(entry.id);
  const queue = [...(entry.parents ?? [])];
  const own = compiled(entry.id);
  while (queue.length > 0) {
    const id = queue.shift() ?? '';
    if (own.ancestors.has(id)) continue;
    if (id === entry.id) throw new Error(`presumptive vocabulary: ${id} is its own ancestor`);
    own.ancestors.add(id);
    compiled(id).descendants.add(entry.id);
    queue.push(...(compiled(id).entry.parents ?? []));
  }
}

const labelKey = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

const BY_LABEL = new Map<string, string[]>();
const BY_CODE = new Map<string, string[]>();
const BY_WHOLE_NAME = new Map<string, string[]>();
const TERMS: { id: string; term: string; words: string[] }[] = [];
const append = (map: Map<string, string[]>, key: string, id: string) =>
  map.set(key, [...(map.get(key) ?? []), id]);
for (const entry of PRESUMPTIVE_VOCABULARY) {
  for (const label of entry.labels ?? []) append(BY_LABEL, labelKey(label), entry.id);
  for (const code of entry.codes ?? []) append(BY_CODE, code, entry.id);
  for (const name of entry.whole ?? [])
    append(BY_WHOLE_NAME, conditionWords(name).join(' '), entry.id);
  for (const term of entry.terms) TERMS.push({ id: entry.id, term, words: conditionWords(term) });
}

/** Where a term's words occur, as a run, in the name's words. */
function runsOf(words: readonly string[], term: readonly string[]): number[] {
  const starts: number[] = [];
  for (let start = 0; start + term.length <= words.length; start++)
    if (term.every((word, offset) => words[start + offset] === word)) starts.push(start);
  return starts;
}

/** Words after which a name says what the condition is not, to the end of the clause. */
const NEGATIONS = [
  ['other', 'than'],
  ['except'],
  ['excluding'],
  ['exclusive', 'of'],
  ['not'],
  ['without'],
];

/** What a name was read as: the conditions it names, and those it rules out. */
export type RecognizedCondition = { ids: string[]; without: string[]; by: MatchedBy };

/** The vocabulary entries a condition names (and rules out), and how they were found. */
export function recognizeCondition(condition: PresumptiveCondition): RecognizedCondition | null {
  const name = condition.name.trim();
  const labelled = BY_LABEL.get(labelKey(name));
  if (labelled) return { ids: labelled, without: [], by: { kind: 'catalogue_label', value: name } };

  // The words of the name, and where the clause of each word ends (at a bracket, comma, …).
  const words: string[] = [];
  const clauseEnd: number[] = [];
  for (const clause of name.split(/[(),;:]/)) {
    const clauseWords = conditionWords(clause);
    words.push(...clauseWords);
    clauseEnd.push(...clauseWords.map(() => words.length));
  }
  const whole = BY_WHOLE_NAME.get(words.join(' '));
  if (whole) return { ids: whole, without: [], by: { kind: 'name', value: name } };

  const hits = TERMS.flatMap(({ id, term, words: termWords }) =>
    runsOf(words, termWords).map((start) => ({ id, term, start, end: start + termWords.length })),
  );
  // A hit inside a longer one is not meant on its own ("diabetes" in "type 1 diabetes").
  const kept = hits.filter(
    (hit) =>
      !hits.some(
        (other) =>
          other.start <= hit.start &&
          other.end >= hit.end &&
          other.end - other.start > hit.end - hit.start,
      ),
  );
  // "leukemia (other than chronic lymphocytic leukemia)": what follows the negation is ruled out.
  const negated = NEGATIONS.flatMap((negation) =>
    runsOf(words, negation).map((start) => ({ start, end: clauseEnd[start] ?? words.length })),
  );
  const isNegated = (hit: { start: number; end: number }) =>
    negated.some((span) => hit.start > span.start && hit.end <= span.end);
  const named = kept.filter((hit) => !isNegated(hit));
  if (named.length > 0)
    return {
      ids: [...new Set(named.map((hit) => hit.id))],
      without: [...new Set(kept.filter(isNegated).map((hit) => hit.id))],
      by: { kind: 'name', value: [...new Set(named.map((hit) => hit.term))].join(', ') },
    };

  for (const code of condition.diagnosticCodes ?? []) {
    const ids = BY_CODE.get(code);
    if (ids) return { ids, without: [], by: { kind: 'diagnostic_code', value: code } };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Which list entries cover it

/** A condition the name rules out, itself or through a family it belongs to. */
function ruledOut(id: string, without: readonly string[]): boolean {
  const { ancestors } = compiled(id);
  return without.some((x) => x === id || ancestors.has(x));
}

/** The entry covers the condition outright (what it leaves out, the name rules out too). */
function coversOutright(item: ListItemRecord, id: string, without: readonly string[]): boolean {
  const { ancestors, descendants } = compiled(id);
  const within = (ids: readonly string[]) => ids.some((x) => x === id || ancestors.has(x));
  return (
    within(item.covers) &&
    !within(item.except) &&
    item.except.every((excluded) => !descendants.has(excluded) || ruledOut(excluded, without))
  );
}

/** The list's entries that cover the condition outright, through its members if it has to. */
function outrightItems(
  list: PresumptiveListRecord,
  id: string,
  without: readonly string[],
): ListItemRecord[] {
  const direct = list.items.filter((item) => coversOutright(item, id, without));
  if (direct.length > 0) return direct;
  const { entry, children } = compiled(id);
  const members = children.filter((child) => !ruledOut(child, without));
  if (!entry.exhaustive || members.length === 0) return [];
  const byMember = members.map((child) => outrightItems(list, child, without));
  return byMember.every((items) => items.length > 0) ? [...new Set(byMember.flat())] : [];
}

const nameList = (names: string[]) =>
  names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`;
const verb = (count: number) => (count === 1 ? 'is' : 'are');
const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

type Coverage = { items: ListItemRecord[]; open: RequirementRecord | null };

/** How a list covers a condition: outright, only some forms of it, or not at all. */
function coverage(list: PresumptiveListRecord, recognized: RecognizedCondition): Coverage | null {
  const { ids, without } = recognized;
  const outright = [...new Set(ids.flatMap((id) => outrightItems(list, id, without)))];
  if (outright.length > 0) return { items: outright, open: null };
  for (const id of ids) {
    const { entry, ancestors, descendants } = compiled(id);
    const coveredMembers = (item: ListItemRecord) =>
      item.covers.filter((x) => descendants.has(x) && !ruledOut(x, without));
    const narrower = list.items.filter((item) => coveredMembers(item).length > 0);
    if (narrower.length > 0) {
      const names = [
        ...new Set(
          narrower.flatMap((item) => coveredMembers(item).map((x) => compiled(x).entry.name)),
        ),
      ];
      return {
        items: narrower,
        open: {
          kind: 'diagnosis',
          text: `Only ${nameList(names)} ${verb(names.length)} on this list, which is narrower than “${entry.name}”: the diagnosis must say so.`,
          citation: narrower[0]?.citation ?? list.citation,
        },
      };
    }
    const leftOutOf = (item: ListItemRecord) =>
      item.except.filter((x) => descendants.has(x) && !ruledOut(x, without));
    const leftOut = list.items.filter(
      (item) => item.covers.some((x) => x === id || ancestors.has(x)) && leftOutOf(item).length > 0,
    );
    if (leftOut.length > 0) {
      const names = [
        ...new Set(leftOut.flatMap((item) => leftOutOf(item).map((x) => compiled(x).entry.name))),
      ];
      return {
        items: leftOut,
        open: {
          kind: 'diagnosis',
          text: `${capitalized(nameList(names))} ${verb(names.length)} left out of this list: the diagnosis must be another kind of ${entry.name}.`,
          citation: leftOut[0]?.citation ?? list.citation,
        },
      };
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Which exposures qualify

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "1990-08-02" → "August 2, 1990". */
function longDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${MONTH_NAMES[Number(month) - 1] ?? ''} ${Number(day)}, ${year ?? ''}`;
}

function periodText(from: string | null, to: string | null): string {
  if (from && to) return `from ${longDate(from)} to ${longDate(to)}`;
  if (from) return `on or after ${longDate(from)}`;
  if (to) return `on or before ${longDate(to)}`;
  return 'at any time';
}

const dayOf = (iso: string | null, fallback: number) =>
  iso ? (dateBounds(iso)?.lo ?? fallback) : fallback;

/** Days in [lo, hi]: 0 when empty, Infinity when unbounded. */
function span(lo: number, hi: number): number {
  if (lo === Infinity || hi === -Infinity || hi < lo) return 0;
  if (lo === -Infinity || hi === Infinity) return Infinity;
  return hi - lo + 1;
}

type Verdict =
  | { outcome: 'confirmed' | 'open'; requirement: RequirementRecord | null }
  | { outcome: 'outside' | 'too_few_days'; detail: string };

/** Whether the dates (and days) of an exposure fall in a rule's period. */
function judgeDates(
  exposure: Exposure,
  rule: ServiceRuleRecord,
  now: number,
  place: string,
): Verdict {
  const windowLo = dayOf(rule.from, -Infinity);
  const windowHi = dayOf(rule.to, Infinity);
  const from = exposure.from === undefined ? null : dateBounds(exposure.from);
  const to = exposure.to === undefined ? null : dateBounds(exposure.to);
  // The widest the stay can have been, and the days it certainly covered.
  const earliest = from?.lo ?? -Infinity;
  const latest = Math.min(to?.hi ?? now, now);
  const surelyFrom = from?.hi ?? Infinity;
  const surelyTo = to?.lo ?? -Infinity;
  const inWindow = (lo: number, hi: number) => span(Math.max(lo, windowLo), Math.min(hi, windowHi));
  const within = (bounds: { lo: number; hi: number } | null) =>
    bounds !== null && bounds.lo >= windowLo && bounds.hi <= windowHi;
  const period = periodText(rule.from, rule.to);
  const citation = rule.citation;
  const outsideDetail = () =>
    `“${place}” counts only ${period} (${citation}); the dates given (${exposure.from ?? '?'} to ${exposure.to ?? '?'}) fall outside.`;

  if (rule.min_days !== null) {
    const possibleSpan = inWindow(earliest, latest);
    const outside =
      span(earliest, Math.min(latest, windowLo - 1)) +
      span(Math.max(earliest, windowHi + 1), latest);
    const possibleDays =
      exposure.days === undefined ? possibleSpan : Math.min(exposure.days, possibleSpan);
    const certainDays =
      exposure.days === undefined
        ? inWindow(surelyFrom, surelyTo)
        : Math.max(0, exposure.days - outside);
    if (certainDays >= rule.min_days) return { outcome: 'confirmed', requirement: null };
    if (possibleSpan === 0) return { outcome: 'outside', detail: outsideDetail() };
    if (possibleDays >= rule.min_days)
      return {
        outcome: 'open',
        requirement: {
          kind: 'days',
          text: `At least ${rule.min_days} days at “${place}” ${period} are needed; the dates given do not show that many in that period.`,
          citation,
        },
      };
    const counted = Number.isFinite(possibleDays) ? possibleDays : 0;
    return {
      outcome: 'too_few_days',
      detail: `Only ${counted} day${counted === 1 ? '' : 's'} at “${place}” ${period} can be counted; at least ${rule.min_days} are needed (${citation}).`,
    };
  }

  const certain =
    inWindow(surelyFrom, surelyTo) > 0 ||
    within(from) ||
    within(to) ||
    (windowLo === -Infinity && windowHi === Infinity);
  if (certain) return { outcome: 'confirmed', requirement: null };
  if (inWindow(earliest, latest) > 0)
    return {
      outcome: 'open',
      requirement: {
        kind: 'dates',
        text: `“${place}” counts only ${period}; the dates given do not show that the service fell then.`,
        citation,
      },
    };
  return { outcome: 'outside', detail: outsideDetail() };
}

/** The rules of a list that can apply to an exposure's place. */
function rulesFor(list: PresumptiveListRecord, exposure: Exposure): ServiceRuleRecord[] {
  const keys = Object.keys(FILE.locations[exposure.kind]);
  return list.service.filter(
    (rule) =>
      rule.kinds.includes(exposure.kind) &&
      rule.locations.includes(exposure.location) &&
      // The airspace counts above the places of this rule that this kind of exposure names.
      (exposure.location !== 'airspace' ||
        rule.locations.some((location) => location !== 'airspace' && keys.includes(location))),
  );
}

/** Which places' airspace counts for an exposure kind on a list, by period. */
function airspaceRequirement(list: PresumptiveListRecord, kind: ExposureKind): RequirementRecord {
  const locations: Record<string, LocationRecord> = FILE.locations[kind];
  const parts = list.service
    .filter((rule) => rule.kinds.includes(kind) && rule.locations.includes('airspace'))
    .map((rule) => {
      const labels = rule.locations
        .filter((location) => location !== 'airspace' && location in locations)
        .map((location) => locations[location]?.label ?? location);
      const period = periodText(rule.from, rule.to);
      return labels.length > 0
        ? `${period.charAt(0).toUpperCase()}${period.slice(1)}: ${labels.join('; ')}.`
        : '';
    })
    .filter(Boolean);
  return {
    kind: 'service',
    text: `Only the airspace above these places counts. ${parts.join(' ')}`,
    citation: list.citation,
  };
}

const ref = (list: PresumptiveListRecord): PresumptiveListRef => ({
  id: list.id,
  title: list.title,
  citation: list.citation,
});
const listedAs = (items: ListItemRecord[]): ListedAs[] =>
  items.map((item) => ({ text: item.text, citation: item.citation }));

const OPEN_KINDS = new Set<RequirementRecord['kind']>(['diagnosis', 'dates', 'days']);
const RANK = { confirmed: 0, open: 1, too_few_days: 2, outside: 3 } as const;

/**
 * The presumptive lists a condition is on, and which of the exposures qualify it for them.
 * Throws PresumptiveInputError for a condition without a name or exposures that cannot be read
 * (see checkExposures); `today` (YYYY-MM-DD) is the day dates may not pass.
 */
export function presumptiveMatches(options: {
  condition: PresumptiveCondition;
  exposures: readonly Exposure[];
  today: string;
}): PresumptiveResult {
  const { condition, exposures, today } = options;
  const issues = [...checkCondition(condition), ...checkExposures(exposures, today)];
  if (issues.length > 0) throw new PresumptiveInputError(issues);
  const now = todayNumber(today);

  const recognized = recognizeCondition(condition);
  const result: PresumptiveResult = {
    matched_by: null,
    lists: [],
    matches: [],
    misses: [],
  };
  if (!recognized) return result;

  const byCodeOnly: RequirementRecord | null =
    recognized.by.kind === 'diagnostic_code'
      ? {
          kind: 'diagnosis',
          text: `Matched only by diagnostic code ${recognized.by.value}; the diagnosis itself must be ${nameList(recognized.ids.map((id) => compiled(id).entry.name))}.`,
          citation: null,
        }
      : null;

  for (const list of PRESUMPTIVE_LISTS) {
    const covered = coverage(list, recognized);
    if (!covered) continue;
    result.matched_by = recognized.by;
    result.lists.push({
      list: ref(list),
      listed_as: listedAs(covered.items),
      certain: covered.open === null && byCodeOnly === null,
    });

    exposures.forEach((exposure, index) => {
      if (!list.service.some((rule) => rule.kinds.includes(exposure.kind))) return;
      const location = FILE.locations[exposure.kind][exposure.location];
      const label = location?.label ?? exposure.location;
      const base = { exposure: index, list: ref(list), listed_as: listedAs(covered.items) };
      const rules = rulesFor(list, exposure);
      if (rules.length === 0) {
        result.misses.push({
          ...base,
          reason: 'place_not_listed',
          detail: `“${label}” is not one of the places of ${list.citation}.`,
        });
        return;
      }
      const judged = rules
        .map((rule) => ({ rule, verdict: judgeDates(exposure, rule, now, label) }))
        .sort((a, b) => RANK[a.verdict.outcome] - RANK[b.verdict.outcome]);
      const best = judged[0];
      if (!best) return;
      const { rule, verdict } = best;
      if (verdict.outcome === 'outside' || verdict.outcome === 'too_few_days') {
        // One period is explained; many (the nuclear tests) are summed up.
        const detail =
          verdict.outcome === 'outside' && judged.length > 1
            ? `None of the ${judged.length} qualifying periods for “${label}” in ${list.citation} includes the dates given (${exposure.from ?? '?'} to ${exposure.to ?? '?'}).`
            : verdict.detail;
        result.misses.push({
          ...base,
          reason: verdict.outcome === 'outside' ? 'outside_period' : 'too_few_days',
          detail,
        });
        return;
      }
      const manifestations = covered.items.map((item) => item.manifestation ?? list.manifestation);
      const requirements = dedupe([
        ...(rule.requirement ? [rule.requirement] : []),
        ...(exposure.location === 'airspace' ? [airspaceRequirement(list, exposure.kind)] : []),
        ...('requirement' in verdict && verdict.requirement ? [verdict.requirement] : []),
        ...(covered.open ? [covered.open] : []),
        ...(byCodeOnly ? [byCodeOnly] : []),
        ...covered.items.flatMap((item) => (item.requirement ? [item.requirement] : [])),
        ...manifestations,
      ]);
      result.matches.push({
        ...base,
        matched_by: recognized.by,
        place: { kind: exposure.kind, location: exposure.location, label },
        qualifying_period: { from: rule.from, to: rule.to },
        service_citation: rule.citation,
        confirmed: !requirements.some((requirement) => OPEN_KINDS.has(requirement.kind)),
        requirements,
      });
    });
  }
  return result;
}

function dedupe(requirements: RequirementRecord[]): RequirementRecord[] {
  const seen = new Set<string>();
  return requirements.filter((requirement) => {
    const key = `${requirement.kind}|${requirement.text}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
