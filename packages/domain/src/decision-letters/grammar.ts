/**
 * The grammar of VA's decision phrasing, in small pieces the parser composes. Every pattern here
 * is anchored or bounded (no nested quantifier runs over the whole letter), so any input is read
 * in time proportional to its length.
 */

export type LetterOutcome =
  'granted' | 'denied' | 'deferred' | 'increased' | 'decreased' | 'continued' | 'severed';

export type Stage = { percent: number; from: string; to: string | null };

export type Reason =
  'diagnosis' | 'in-service event' | 'nexus' | 'new and relevant evidence' | 'criteria';

/** The reasons in the order they are reported. */
export const REASON_ORDER: readonly Reason[] = [
  'diagnosis',
  'in-service event',
  'nexus',
  'new and relevant evidence',
  'criteria',
];

// ------------------------------------------------------------------------------------------------
// Dates

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

const MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
/** A day or month number; OCR reads 1 as l or I and 0 as O. */
const SMALL = '([0-9OlI]{1,2})';
const YEAR = '([12][0-9OlI]{3})';

/** "March 5, 2019", "Mar 5 2019", "Sept. 5, 2019" (capture groups: month, day, year). */
export const LONG_DATE = `\\b${MONTH}\\.?\\s+${SMALL},?\\s+${YEAR}(?![0-9])`;
/** "03/05/2019" (capture groups: month, day, year). */
export const NUMERIC_DATE = `(?<![0-9/])${SMALL}/${SMALL}/${YEAR}(?![0-9])`;
/** Either kind of date, as six captures: long month, day, year; numeric month, day, year. */
export const DATE = `(?:${LONG_DATE}|${NUMERIC_DATE})`;

const digitsOf = (text: string) => Number(text.replace(/[Oo]/g, '0').replace(/[IilL]/g, '1'));

/** `YYYY-MM-DD` for a calendar day that exists, else null. */
export function isoDay(year: number, month: number, day: number): string | null {
  if (!(year >= 1900 && year <= 2199 && month >= 1 && month <= 12 && day >= 1 && day <= 31)) {
    return null;
  }
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** The ISO day of a match of DATE (its six groups start at `first`). */
export function dateFromGroups(
  groups: readonly (string | undefined)[],
  first: number,
): string | null {
  const month = groups[first];
  if (month !== undefined) {
    const number = MONTHS[month.slice(0, 3).toLowerCase()];
    if (number === undefined) return null;
    return isoDay(digitsOf(groups[first + 2] ?? ''), number, digitsOf(groups[first + 1] ?? ''));
  }
  const m = groups[first + 3];
  const d = groups[first + 4];
  const y = groups[first + 5];
  if (m === undefined || d === undefined || y === undefined) return null;
  return isoDay(digitsOf(y), digitsOf(m), digitsOf(d));
}

const DATE_ANYWHERE = new RegExp(DATE, 'gi');

/** Every date written in `text`, in order, with where it starts. */
export function findDates(text: string): { iso: string; index: number }[] {
  const found: { iso: string; index: number }[] = [];
  for (const match of text.matchAll(DATE_ANYWHERE)) {
    const iso = dateFromGroups(match, 1);
    if (iso) found.push({ iso, index: match.index });
  }
  return found;
}

/** The first date in `text`, or null. */
export function parseDate(text: string): string | null {
  return findDates(text)[0]?.iso ?? null;
}

// ------------------------------------------------------------------------------------------------
// Percentages and codes

const PCT = '(\\d{1,3})\\s*(?:percent|per cent|%)';

/** The percentage a phrase states ("10 percent", "10%", "noncompensable"), or null. */
export function parsePercent(text: string): number | null {
  const match = new RegExp(`^\\s*${PCT}`, 'i').exec(text);
  if (match) {
    const value = Number(match[1]);
    return value <= 100 ? value : null;
  }
  return /^\s*(?:a\s+)?non-?compensable\b/i.test(text) ? 0 : null;
}

const percentValue = (text: string | undefined): number | null => {
  if (text === undefined) return null;
  const value = Number(text);
  return value <= 100 ? value : null;
};

/** A diagnostic code as VA writes it: four digits, or two joined by a hyphen ("5024-5201"). */
const DIAGNOSTIC_CODE = /\bdiagnostic\s+codes?\s+(\d{4}(?:\s?-\s?\d{4})?)(?![0-9])/i;

/** The first diagnostic code stated in `text` ("under Diagnostic Code 5260"), or null. */
export function findDiagnosticCode(text: string): string | null {
  const match = DIAGNOSTIC_CODE.exec(text);
  return match?.[1] ? match[1].replace(/\s/g, '') : null;
}

// ------------------------------------------------------------------------------------------------
// Decision statements

/**
 * The words that open a decision statement. The subject follows them; "Entitlement to" and the
 * "service connection" and "evaluation" openings are not part of the condition's name, the
 * eligibility openings are ("basic eligibility to Dependents' Educational Assistance").
 */
export const LEAD =
  /\b(?:the\s+issue\s+of\s+service\s+connection\s+for|service\s+connection\s+for|the\s+evaluation\s+of|evaluation\s+of|entitlement\s+to|(?:basic\s+)?eligibility\s+to|the\s+issue\s+of)\s+/gi;

const KEPT_LEAD = /^(?:basic\s+)?eligibility\s+to\s+/i;

/** A subject: no sentence end, no label colon, no bullet; at most 200 characters. */
const SUBJECT = '([^.:;•·●▪■*]{1,200}?)';

/** ", which is currently 50 percent disabling," and ", currently evaluated as 10 percent disabling under Diagnostic Code 5260,". */
const CURRENTLY = `(?:\\s*,?\\s*(?:which\\s+is\\s+|that\\s+is\\s+)?currently\\s+(?:evaluated\\s+(?:as|at)\\s+|rated\\s+(?:as|at)\\s+)?${PCT}(?:\\s+disabling)?(?:\\s+under\\s+diagnostic\\s+code\\s+(\\d{4}(?:-\\d{4})?))?\\s*,?)?`;

/** Present and perfect tense only: "was denied" tells the history of a claim, not a decision. */
const BE = '(?:is|are|has\\s+(?:also\\s+)?been|have\\s+(?:also\\s+)?been)';
const VERB = `(${BE}\\s+(?:not\\s+established|not\\s+warranted|denied|granted|established|re-?established|deferred|returned\\s+for\\s+correction|(?:increased|decreased|reduced)\\s+(?:to|from)|(?:confirmed\\s+and\\s+)?continued|severed)|remains?\\s+denied|remains\\s+(?:evaluated\\s+(?:at|as)\\s+)?\\d{1,3}\\s*(?:percent|%))(?![a-z])`;

const STATEMENT = new RegExp(`^${SUBJECT}${CURRENTLY}\\s+${VERB}`, 'i');

/** The outcome a verb phrase states. */
function outcomeOf(verb: string): LetterOutcome {
  const v = verb.toLowerCase().replace(/\s+/g, ' ');
  if (/not established|not warranted|denied/.test(v)) return 'denied';
  if (/deferred|returned/.test(v)) return 'deferred';
  if (/increased/.test(v)) return 'increased';
  if (/decreased|reduced/.test(v)) return 'decreased';
  if (/continued|^remains? /.test(v)) return 'continued';
  if (/severed/.test(v)) return 'severed';
  return 'granted';
}

export type Statement = {
  /** Where the statement starts (its opening words) and where its verb phrase ends. */
  start: number;
  end: number;
  condition: string;
  secondaryTo: string | null;
  outcome: LetterOutcome;
  percent: number | null;
  previousPercent: number | null;
  effectiveDate: string | null;
  stages: Stage[];
  diagnosticCode: string | null;
};

/** Words that never belong in a condition's name: another statement or a rating run into it. */
const NOT_A_SUBJECT =
  /\b(?:service connection|evaluation of|entitlement to|percent|diagnostic code)\b|%|\d{1,2}\/\d{1,2}\/\d{4}/i;

/**
 * A subject as a condition's name: spaces collapsed, lower case, "(claimed as …)" and a closing
 * legal reference ("under 38 U.S.C. chapter 35") dropped, and the opening of an increase claim
 * ("an increased evaluation of") left out.
 */
export function cleanName(text: string): string {
  return text
    .replace(/\(\s*(?:also\s+)?claimed\s+as[^)]*\)/gi, ' ')
    .replace(/,\s*(?:also\s+)?claimed\s+as\b.*$/i, '')
    .replace(/\s+under\s+(?:title\s+)?(?:38\s+)?(?:usc|cfr|chapter|section|diagnostic)\b.*$/i, '')
    .replace(/^(?:an?\s+)?(?:increased|higher)\s+(?:evaluation|rating)\s+(?:of|for)\s+/i, '')
    .replace(/\s+/g, ' ')
    .replace(/\s+([,)])/g, '$1')
    .replace(/\(\s+/g, '(')
    .replace(/^[\s,;:-]+|[\s,;:-]+$/g, '')
    .toLowerCase();
}

/** "X secondary to Y" and "X associated with Y": the condition and what caused it. */
export function splitSecondary(subject: string): { condition: string; secondaryTo: string | null } {
  const match =
    /^(.*?)[\s,]+\(?(?:(?:claimed\s+)?as\s+)?(?:secondary\s+to|associated\s+with)\s+(?:your\s+|the\s+)?(?:service[\s-]connected\s+)?(.+?)\)?$/i.exec(
      subject,
    );
  if (!match?.[1] || !match[2]) return { condition: cleanName(subject), secondaryTo: null };
  return { condition: cleanName(match[1]), secondaryTo: cleanName(match[2]) };
}

/**
 * The decision statement whose opening words are at `leadStart`..`leadEnd` of `text`, or null
 * when what follows is not one ("service connection for a disability, you may be eligible …").
 */
export function parseStatement(text: string, leadStart: number, leadEnd: number): Statement | null {
  const rest = text.slice(leadEnd, leadEnd + 600);
  const match = STATEMENT.exec(rest);
  if (!match?.[1] || !match[4]) return null;
  // "tinnitus (Diagnostic Code 6260)": the code is read, the name kept.
  const coded = /\s*\(\s*(?:diagnostic\s+code|dc)\s*(\d{4}(?:-\d{4})?)\s*\)/i.exec(match[1]);
  const subject = coded ? match[1].replace(coded[0], '') : match[1];
  if (NOT_A_SUBJECT.test(subject) || subject.trim().split(/\s+/).length > 24) return null;
  const lead = text.slice(leadStart, leadEnd);
  const named = (KEPT_LEAD.test(lead) ? `${lead}${subject}` : subject).replace(/\s+/g, ' ');
  const { condition, secondaryTo } = splitSecondary(named);
  if (!/[a-z]/.test(condition)) return null;
  const outcome = outcomeOf(match[4]);
  const current = percentValue(match[2]);
  const tail = rest.slice(match[0].length, match[0].length + 400);
  const read = readTail(tail, outcome, match[4]);
  const statement: Statement = {
    start: leadStart,
    end: leadEnd + match[0].length + read.length,
    condition,
    secondaryTo,
    outcome,
    percent: read.percent,
    previousPercent: read.previous ?? current,
    effectiveDate: read.stages[0]?.from ?? read.effective,
    stages: read.stages.length > 1 ? read.stages : [],
    diagnosticCode: match[3] ?? coded?.[1] ?? null,
  };
  if (outcome === 'continued') {
    statement.percent ??= statement.previousPercent;
    statement.previousPercent ??= statement.percent;
    statement.effectiveDate = null;
  }
  return statement;
}

type Tail = {
  percent: number | null;
  previous: number | null;
  effective: string | null;
  stages: Stage[];
  length: number;
};

const sticky = (source: string) => new RegExp(source, 'iy');

/** "on a presumptive basis" and the like, between the verb and the rating. */
const BASIS = sticky(
  `\\s*,?\\s*(?:on\\s+an?\\s+(?:presumptive|secondary|direct|facts\\s+found)\\s+basis|as\\s+directly\\s+related\\s+to\\s+(?:military\\s+)?service)(?:\\s*\\([^)]{0,40}\\))?\\s*,?`,
);
const GRANT_RATING = sticky(
  `\\s*,?\\s*(?:with|at)\\s+(?:an?\\s+)?(?:(?:initial\\s+)?(?:evaluation|rating)\\s+of\\s+${PCT}|${PCT}(?:\\s+(?:evaluation|rating|disabling))?|non-?compensable(?:\\s*\\(\\s*0\\s*(?:percent|%)\\s*\\))?(?:\\s+(?:evaluation|rating))?)`,
);
const RATING = sticky(`\\s*${PCT}(?:\\s+disabling)?`);
const AT_RATING = sticky(`\\s*at\\s+${PCT}(?:\\s+disabling)?`);
const REDUCED_FROM = sticky(`\\s*${PCT}(?:\\s+disabling)?\\s+to\\s+${PCT}(?:\\s+disabling)?`);
const EFFECTIVE = sticky(
  `\\s*,?\\s*(?:effective(?:\\s+(?:as\\s+of|from|on))?|from|as\\s+of|beginning(?:\\s+on)?)\\s+${DATE}`,
);
/** "…, and 20 percent from March 12, 2020": the next stage, when the first states no end. */
const NEXT_STAGE_OPEN = sticky(
  `\\s*[,;]?\\s*(?:and\\s+|then\\s+)(?:an?\\s+(?:evaluation|rating)\\s+of\\s+)?${PCT}(?:\\s+disabling)?\\s+(?:from|effective|beginning|as\\s+of)\\s+${DATE}`,
);
const NEXT_STAGE = sticky(
  `\\s*(?:to|through|until|-)\\s+${DATE}\\s*[,;]?\\s*(?:and\\s+|then\\s+)?(?:an?\\s+(?:evaluation|rating)\\s+of\\s+)?${PCT}(?:\\s+disabling)?\\s+(?:from|effective|beginning|as\\s+of)\\s+${DATE}`,
);

function matchSticky(re: RegExp, text: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(text);
}

/** What follows the verb: the percentage, the effective date and any later stages. */
function readTail(tail: string, outcome: LetterOutcome, verb: string): Tail {
  let at = 0;
  let percent: number | null = null;
  let previous: number | null = null;
  const remains = /(\d{1,3})\s*(?:percent|%)/i.exec(verb);
  if (remains) percent = percentValue(remains[1]);
  if (outcome === 'granted') {
    const basis = matchSticky(BASIS, tail, at);
    if (basis) at += basis[0].length;
    const rated = matchSticky(GRANT_RATING, tail, at);
    if (rated) {
      percent = percentValue(rated[1] ?? rated[2]) ?? 0;
      at += rated[0].length;
    }
  } else if (/from$/i.test(verb.trim())) {
    const reduced = matchSticky(REDUCED_FROM, tail, at);
    if (reduced) {
      previous = percentValue(reduced[1]);
      percent = percentValue(reduced[2]);
      at += reduced[0].length;
    }
  } else if (outcome === 'increased' || outcome === 'decreased') {
    const rated = matchSticky(RATING, tail, at);
    if (rated) {
      percent = percentValue(rated[1]);
      at += rated[0].length;
    }
  } else if (outcome === 'continued') {
    const rated = matchSticky(AT_RATING, tail, at);
    if (rated) {
      percent = percentValue(rated[1]);
      at += rated[0].length;
    }
  }
  let effective: string | null = null;
  const stages: Stage[] = [];
  const dated = matchSticky(EFFECTIVE, tail, at);
  if (dated) {
    effective = dateFromGroups(dated, 1);
    at += dated[0].length;
    let from = effective;
    let stagePercent = percent;
    for (;;) {
      let to: string | null = null;
      let nextPercent: number | null = null;
      let nextFrom: string | null = null;
      const closed = matchSticky(NEXT_STAGE, tail, at);
      const open = closed ? null : matchSticky(NEXT_STAGE_OPEN, tail, at);
      if (closed) {
        to = dateFromGroups(closed, 1);
        nextPercent = percentValue(closed[7]);
        nextFrom = dateFromGroups(closed, 8);
      } else if (open) {
        nextPercent = percentValue(open[1]);
        nextFrom = dateFromGroups(open, 2);
        to = nextFrom ? dayBefore(nextFrom) : null;
      }
      const next = closed ?? open;
      if (!next || from === null || to === null || stagePercent === null) break;
      if (nextPercent === null || nextFrom === null || nextFrom <= from) break;
      stages.push({ percent: stagePercent, from, to });
      from = nextFrom;
      stagePercent = nextPercent;
      at += next[0].length;
    }
    if (stages.length > 0 && from !== null && stagePercent !== null) {
      stages.push({ percent: stagePercent, from, to: null });
      percent = stagePercent;
    }
  }
  return { percent, previous, effective, stages, length: at };
}

/** The day before an ISO day. */
export function dayBefore(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

// ------------------------------------------------------------------------------------------------
// Reasons

/** "does not show", "fails to show" and their kin. */
const NOT_SHOWN =
  '(?:(?:does|do|did)\\s+not|fails?\\s+to|failed\\s+to)\\s+(?:show|reflect|establish|demonstrate|indicate)';

/** How letters say what a denial lacks (read on one line, lower case). */
const REASON_PATTERNS: readonly [Reason, RegExp][] = [
  [
    'diagnosis',
    new RegExp(
      `\\b${NOT_SHOWN} (?:that you have )?(?:a|any) (?:current|chronic) (?:[a-z'-]+ ){0,4}?(?:diagnos[a-z]*|disability|disorder)\\b|\\b(?:without|no|absent) (?:evidence of )?(?:a )?current (?:diagnos[a-z]*|disability)\\b|\\bhas not been diagnosed\\b`,
    ),
  ],
  [
    'in-service event',
    new RegExp(
      `\\b${NOT_SHOWN} (?:an|any) (?:event, disease,? (?:or|and) injury|in-service (?:event|injury|disease))|\\b${NOT_SHOWN} that [^.]{0,80}? (?:occurred|began|happened) (?:in|during) (?:military )?service|\\bno (?:evidence of (?:an? )?)?(?:event, disease,? or injury|in-service (?:event|injury|disease))\\b`,
    ),
  ],
  [
    'nexus',
    new RegExp(
      `\\b${NOT_SHOWN} (?:a|any) (?:link|nexus|connection|relationship) between\\b|\\b${NOT_SHOWN} that (?:this|your|the) [^.]{0,60}? (?:is|was|are) (?:related to|caused by|due to|the result of|aggravated by)\\b|\\bneither occurred in nor was caused by\\b|\\bno (?:medical )?(?:nexus|link) between\\b|\\bless likely than not (?:related|caused|due|incurred)\\b`,
    ),
  ],
  [
    'new and relevant evidence',
    /\bnot new and (?:relevant|material)\b|\b(?:not|never) (?:receive|received|submit|submitted|provide|provided) (?:any )?new and (?:relevant|material)\b|\bno new and (?:relevant|material) evidence\b|\bnew and (?:relevant|material) evidence (?:was|has) not been (?:received|submitted)|\bnew and (?:relevant|material) evidence was not (?:received|submitted)/,
  ],
];

const CRITERIA = /\bcriteria\b|\bnot warranted unless\b|\bno longer met\b|\bare not met\b/;

const oneLine = (text: string) => text.replace(/\s+/g, ' ').toLowerCase();

/** The elements a denial's explanation says are missing. */
export function denialReasons(text: string): Reason[] {
  const flat = oneLine(text);
  return REASON_PATTERNS.filter(([, pattern]) => pattern.test(flat)).map(([reason]) => reason);
}

/** Whether an explanation says why a higher evaluation (or the benefit) is not met. */
export function statesCriteria(text: string): boolean {
  return CRITERIA.test(oneLine(text));
}

/**
 * Whether an explanation grants on a presumptive basis: a presumptive basis or a disease presumed
 * to be caused by service, in a sentence that does not rule it out. A presumed exposure alone
 * ("you are presumed to have been exposed") is not enough.
 */
export function statesPresumption(text: string): boolean {
  for (const sentence of oneLine(text).split(/(?<=\.)\s/)) {
    if (
      !/\bpresumptive(?:ly)?\b|\bpresumed to (?:be|have been) (?:caused|related|due|incurred)\b|\bwe presume that (?:it|this|your)\b/.test(
        sentence,
      )
    ) {
      continue;
    }
    if (/\bnot\b[^.]{0,60}\bpresum|\bno presumption\b|\brebutted\b/.test(sentence)) continue;
    return true;
  }
  return false;
}

// ------------------------------------------------------------------------------------------------
// Names

const STOPWORDS = new Set([
  'of',
  'the',
  'a',
  'an',
  'and',
  'to',
  'in',
  'with',
  'for',
  'on',
  'at',
  'by',
  'your',
]);
const SIDES = new Set(['left', 'right', 'bilateral', 'both']);

function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !/(?:ss|us|is)$/.test(word))
    return word.slice(0, -1);
  return word;
}

type NameProfile = {
  /** The words without the small ones, plurals read as singular, in order. */
  words: string;
  /** "left" and "right", when named. */
  sides: Set<string>;
  bilateral: boolean;
  /** The words that are not sides. */
  content: Set<string>;
};

const profiles = new Map<string, NameProfile>();

/** How a name is compared (remembered: the same names recur across a letter). */
function profile(name: string): NameProfile {
  let found = profiles.get(name);
  if (!found) {
    const list = (
      name
        .toLowerCase()
        .replace(/'/g, '')
        .match(/[a-z0-9]+/g) ?? []
    )
      .filter((word) => !STOPWORDS.has(word))
      .map(stem);
    found = {
      words: list.join(' '),
      sides: new Set(list.filter((word) => word === 'left' || word === 'right')),
      bilateral: list.includes('bilateral'),
      content: new Set(list.filter((word) => !SIDES.has(word))),
    };
    if (profiles.size > 5000) profiles.clear();
    profiles.set(name, found);
  }
  return found;
}

const within = (x: Set<string>, y: Set<string>) => {
  for (const word of x) if (!y.has(word)) return false;
  return true;
};

/**
 * Whether a heading, a code-sheet row or a reasons paragraph's name (`label`) names `condition`:
 * every word of one is a word of the other, leaving out the side, unless the label names one side
 * and the condition only the other ("Peripheral neuropathy" names both legs, "Left knee strain"
 * never the right knee).
 */
export function namesCondition(label: string, condition: string): boolean {
  const a = profile(label);
  const b = profile(condition);
  if (a.sides.size === 1 && b.sides.size === 1 && !within(a.sides, b.sides)) return false;
  if (a.sides.size === 1 && b.sides.size === 0 && b.bilateral) return false;
  if (a.content.size === 0 || b.content.size === 0) return false;
  let long = false;
  for (const word of a.content) if (word.length >= 3) long = true;
  if (!long) return false;
  return within(a.content, b.content) || within(b.content, a.content);
}

/** Whether two names are the same name once spacing, punctuation and plurals are read alike. */
export function sameName(a: string, b: string): boolean {
  return profile(a).words === profile(b).words;
}
