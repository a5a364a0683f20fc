import { reviewDeadlines } from '../deadlines.ts';
import {
  DATE,
  LEAD,
  LONG_DATE,
  REASON_ORDER,
  cleanName,
  dateFromGroups,
  dayBefore,
  denialReasons,
  findDiagnosticCode,
  namesCondition,
  parseStatement,
  sameName,
  statesCriteria,
  statesPresumption,
  type LetterOutcome,
  type Reason,
  type Stage,
  type Statement,
} from './grammar.ts';
import { cleanCharacters, removePageHeaders, repairLines, squash } from './normalise.ts';

/**
 * The deterministic reader of VA decision letters: a grammar of VA's own phrasing, never a
 * model's guess. It reads the text that PDF extraction or OCR gives (page headers repeated, lines
 * broken mid-sentence, words split, digits misread), from legacy letters with their rating decision
 * and code sheet as well as from letters under the Appeals Modernization Act. The rules, in our
 * words:
 *
 * - The letter's date is its dateline: the first full date that opens a line of its own before
 *   the salutation (not a date inside a sentence, not the rating decision's date).
 * - The combined rating is the last row of the combined-rating table; without a table, the last
 *   row of the code sheet's combined evaluation; without either, what the letter states in words
 *   ("Your combined evaluation is 40 percent"), never a sentence about ratings in general.
 * - The monthly amount is the last row of the monthly entitlement table, and null without one.
 * - The evidence is every item of every evidence list (the letter's Evidence Considered, the rating
 *   decision's EVIDENCE), each on one line, each once.
 * - A decision is a statement that opens with "Service connection for", "Evaluation of",
 *   "Entitlement to", "Basic eligibility to" and the like, names its subject and says what was
 *   decided ("is granted with an evaluation of …", "is increased to …", "remains denied", …).
 *   A decision stated again (in the rating decision, its reasons, the code sheet) is one decision:
 *   the first statement keeps its place and its outcome, later ones fill what it left out.
 * - The explanation of a decision is the text from where it is named (its statement, a numbered
 *   reasons heading, a "Condition:" paragraph heading) to where the next thing is named or a new
 *   section starts. The diagnostic code, the reasons for a denial, the criteria for a low or
 *   unchanged evaluation and a presumptive basis are read there. A code-sheet row for the condition
 *   gives its diagnostic code (for a denial, only a row under "not service connected").
 */

export type { LetterOutcome } from './grammar.ts';

export type ParsedDecision = {
  condition: string;
  outcome: LetterOutcome;
  percent: number | null;
  effective_date: string | null;
  diagnostic_code: string | null;
  secondary_to: string | null;
  presumptive: boolean;
  previous_percent: number | null;
  staged: { percent: number; from: string; to: string | null }[];
  reason_keywords: string[];
};

export type ParsedLetter = {
  letter_date: string | null;
  combined_rating: number | null;
  monthly_amount: number | null;
  decisions: ParsedDecision[];
  evidence: string[];
  deadlines: { kind: string; due: string }[];
};

// ------------------------------------------------------------------------------------------------
// Layout helpers

/** A bullet, or the number an evidence list may give its items instead. */
const ITEM_MARK = /^\s*(?:[•·●▪■◦*]|-(?=\s)|\d{1,2}[.)](?=\s))\s*/;

/** A section title: a short line of capitalised words with no closing punctuation. */
function isTitle(line: string): boolean {
  const text = line.trim();
  if (text.length < 3 || text.length > 70) return false;
  if (/[.,;:?!]$/.test(text) || /^[•·●▪■*\-\d$(]/.test(text)) return false;
  const words = text.split(/\s+/);
  if (words.length > 10 || !/[A-Za-z]{3}/.test(text)) return false;
  if (text === text.toUpperCase()) return true;
  return words.every((word) => !/^[a-z]{4,}/.test(word));
}

/** "Tinnitus: We assigned …", "Anxiety disorder:": a paragraph that names its subject first. */
const PARAGRAPH_HEADING = /^\s*([A-Z][^:.;•\d]{0,80}?):(?:\s|$)/;
/** Labels inside an explanation that do not start a new one. */
const INNER_LABEL = /^(?:un)?favou?rable findings$|^(?:please )?note$/i;
/** "1. Service connection for X.", "2. and 3. …": a numbered reasons heading. */
const NUMBERED = /^\s*\d{1,2}\.(?:\s*(?:and|&|,)\s*\d{1,2}\.)*\s+(.*)$/i;
const LEAD_AT_START = new RegExp(`^(?:${LEAD.source.replace(/^\\b/, '')})`, 'i');

const ANCILLARY =
  /individual unemployability|special monthly compensation|dependents'? educational assistance|\bchapter 35\b/;

/**
 * Whether line i continues the sentence of the line before: that line was wrapped and did not end
 * a sentence (a paragraph that ends near the column looks wrapped).
 */
function continues(lines: readonly string[], full: readonly boolean[], i: number): boolean {
  return i > 0 && full[i - 1] === true && !/[.!?:]$/.test((lines[i - 1] ?? '').trim());
}

// ------------------------------------------------------------------------------------------------
// Letter date, combined rating, monthly amount

/** A dateline: the date opens its own line ("March 18, 2016 In Reply Refer To: …"). */
const DATELINE = new RegExp(`^\\s*(?:date:?\\s*)?${LONG_DATE}`, 'i');

function readLetterDate(lines: readonly string[], full: readonly boolean[]): string | null {
  let seen = 0;
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    if (/^\s*dear\b/i.test(line) || LEAD_AT_START.test(line.trim())) break;
    if (line.trim() === '') continue;
    seen += 1;
    if (seen > 40) break;
    const match = continues(lines, full, i) ? null : DATELINE.exec(line);
    // A date that reads on into a sentence ("March 15, 2004 to July 21, 2011") is not a dateline.
    if (match && !/^\s*[,;]?\s*[a-z]/.test(line.slice(match[0].length))) {
      const iso = dateFromGroups(match, 1);
      if (iso) return iso;
    }
  }
  return null;
}

const TABLE_ROW_PERCENT = new RegExp(`^\\s*(\\d{1,3})\\s*(?:%|percent)\\s+${DATE}`, 'i');
const MONEY_ROW = /^\s*\$\s*([0-9lIO][0-9lIO,]*\.[0-9lIO]{2})(?![0-9])/;

/** The rows of the table whose header line matches `header`: the lines right under it. */
function tableRows(lines: readonly string[], header: RegExp, row: RegExp): RegExpExecArray[] {
  let rows: RegExpExecArray[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    if (!header.test(lines[i] ?? '')) continue;
    const found: RegExpExecArray[] = [];
    for (let j = i + 1; j < lines.length; j += 1) {
      const line = lines[j] ?? '';
      if (line.trim() === '' && found.length === 0) continue;
      const match = row.exec(line);
      if (!match) break;
      found.push(match);
    }
    if (found.length > 0) rows = found;
  }
  return rows;
}

const COMBINED_IN_WORDS =
  /\byour (?:overall )?combined (?:disability )?(?:rating|evaluation)(?: evaluation)? (?:is|will be|remains|has been) (?:now )?(\d{1,3})\s*(?:percent|%)(?!\s*or\s+(?:more|higher|greater|above|less))/gi;

function readCombined(lines: readonly string[], body: string, sheet: CodeSheet): number | null {
  const rows = tableRows(
    lines,
    /combined\s+rating\s+evaluation|^\s*combined evaluation\s*$/i,
    TABLE_ROW_PERCENT,
  );
  const fromRows = (list: { percent: number }[]) => list.at(-1)?.percent ?? null;
  const table = fromRows(rows.map((row) => ({ percent: Number(row[1]) })));
  if (table !== null && table <= 100) return table;
  const coded = fromRows(sheet.combined);
  if (coded !== null) return coded;
  let stated: number | null = null;
  for (const match of body.replace(/\s+/g, ' ').matchAll(COMBINED_IN_WORDS)) {
    const value = Number(match[1]);
    if (value <= 100) stated = value;
  }
  return stated;
}

function readMonthly(lines: readonly string[]): number | null {
  const rows = tableRows(lines, /monthly\s+entitlement\s+amount/i, MONEY_ROW);
  const last = rows.at(-1)?.[1];
  if (last === undefined) return null;
  const value = Number(last.replace(/[Oo]/g, '0').replace(/[Il]/g, '1').replace(/,/g, ''));
  return Number.isFinite(value) && value > 0 ? value : null;
}

// ------------------------------------------------------------------------------------------------
// Evidence

const EVIDENCE_HEADING = /^(?:evidence considered|evidence)$/i;
const EVIDENCE_INTRO =
  /\b(?:considered|reviewed)\b[^:]{0,80}\b(?:evidence|following)(?: of record)?[^:]{0,60}:$/i;

/** The end of an evidence list: a title with no comma or digit (items almost always have one). */
const endsList = (line: string) => isTitle(line) && !/[,\d]/.test(line);

function readEvidence(raw: readonly string[], full: readonly boolean[]): string[] {
  const items: string[] = [];
  const seen = new Set<string>();
  const add = (parts: string[]) => {
    const item = parts.join(' ').replace(/\s+/g, ' ').trim();
    if (item !== '' && !seen.has(item)) {
      seen.add(item);
      items.push(item);
    }
  };
  for (let i = 0; i < raw.length; i += 1) {
    const line = (raw[i] ?? '').trim();
    let start = -1;
    if (EVIDENCE_HEADING.test(line)) {
      start = i + 1;
      // An introduction of a line or two ("In making our decision, … the following evidence:"),
      // ended by its colon or, when it has none, by the first bullet.
      for (let k = i + 1; k < Math.min(raw.length, i + 5); k += 1) {
        const next = raw[k] ?? '';
        if (ITEM_MARK.test(next)) {
          start = k;
          break;
        }
        if (next.trim().endsWith(':')) {
          start = k + 1;
          break;
        }
      }
    } else if (EVIDENCE_INTRO.test(line) && ITEM_MARK.test(raw[i + 1] ?? '')) {
      start = i + 1;
    }
    if (start < 0) continue;
    let k = start;
    while (k < raw.length && (raw[k] ?? '').trim() === '') k += 1;
    const bulleted = ITEM_MARK.test(raw[k] ?? '');
    let current: string[] | null = null;
    for (; k < raw.length; k += 1) {
      const text = raw[k] ?? '';
      const trimmed = text.trim();
      if (trimmed === '') break;
      if (ITEM_MARK.test(text)) {
        if (!bulleted) break;
        if (current) add(current);
        current = [trimmed.replace(ITEM_MARK, '')];
        continue;
      }
      const previous = raw[k - 1] ?? '';
      const unfinished = /(?:,|\b(?:of|and|the|in|for|from|through|to|dated|received|or))$/i.test(
        previous.trim(),
      );
      if (current && full[k - 1] === true && (unfinished || !endsList(trimmed))) {
        current.push(trimmed);
        continue;
      }
      if (!bulleted && !endsList(trimmed) && !PARAGRAPH_HEADING.test(trimmed)) {
        if (current) add(current);
        current = [trimmed];
        continue;
      }
      break;
    }
    if (current) add(current);
    i = k - 1;
  }
  return items;
}

// ------------------------------------------------------------------------------------------------
// Code sheet

type CodeSheetEntry = {
  code: string;
  name: string;
  serviceConnected: boolean;
  notes: string;
  ratings: { percent: number; from: string }[];
};

type CodeSheet = { entries: CodeSheetEntry[]; combined: { percent: number; from: string }[] };

const CODE_ROW = /^\s*(\d{4}(?:-\d{4})?)\s+([A-Z][A-Z0-9 ,'()/&-]*[A-Z)])\s*$/;
const RATING_ROW = new RegExp(`^\\s*(\\d{1,3})\\s*%\\s+(?:from\\s+)?${DATE}`, 'i');

function readCodeSheet(lines: readonly string[]): CodeSheet {
  const sheet: CodeSheet = { entries: [], combined: [] };
  let mode: 'none' | 'sc' | 'combined' | 'nsc' = 'none';
  let current: CodeSheetEntry | null = null;
  let read = 0;
  for (const line of lines) {
    const text = line.trim();
    if (/\(\s*1\s*\.\s*SC\s*\)/i.test(text)) {
      mode = 'sc';
      current = null;
      read = 0;
      continue;
    }
    if (/\(\s*8\s*\.\s*NSC\s*\)/i.test(text)) {
      mode = 'nsc';
      current = null;
      read = 0;
      continue;
    }
    if (mode === 'none') continue;
    if (/^combined\s+evaluation\b/i.test(text)) {
      mode = 'combined';
      current = null;
      continue;
    }
    read += 1;
    if (read > 300 || /[.?]$/.test(text) || text.split(/\s+/).length > 12) {
      mode = 'none';
      current = null;
      continue;
    }
    const rating = RATING_ROW.exec(text);
    if (rating) {
      const percent = Number(rating[1]);
      const from = dateFromGroups(rating, 2) ?? '';
      if (percent > 100 || from === '') continue;
      if (mode === 'combined') sheet.combined.push({ percent, from });
      else current?.ratings.push({ percent, from });
      continue;
    }
    const row = CODE_ROW.exec(text);
    if (row?.[1] && row[2]) {
      if (mode === 'combined') mode = 'sc';
      current = {
        code: row[1],
        name: row[2].toLowerCase(),
        serviceConnected: mode === 'sc',
        notes: '',
        ratings: [],
      };
      sheet.entries.push(current);
      continue;
    }
    if (current) current.notes += ` ${text}`;
  }
  return sheet;
}

// ------------------------------------------------------------------------------------------------
// Decisions

type Draft = {
  condition: string;
  key: string;
  outcome: LetterOutcome;
  percent: number | null;
  effectiveDate: string | null;
  stages: Stage[];
  secondaryTo: string | null;
  previousPercent: number | null;
  /** A diagnostic code stated in a decision statement itself. */
  statedCode: string | null;
  /** The explanations that name this decision. */
  scopes: string[];
  sheet: CodeSheetEntry | null;
};

/**
 * How repeated names are recognised as one: squashed, without an "eligibility to" opening and
 * without an acronym in parentheses ("post traumatic stress disorder (PTSD)").
 */
function keyOf(condition: string): string {
  return squash(condition.replace(/\s*\(\s*[a-z0-9-]{2,8}\s*\)/g, '')).replace(
    /^(?:basic)?eligibilityto/,
    '',
  );
}

function newDraft(statement: Statement): Draft {
  return {
    condition: statement.condition,
    key: keyOf(statement.condition),
    outcome: statement.outcome,
    percent: statement.percent,
    effectiveDate: statement.effectiveDate,
    stages: statement.stages,
    secondaryTo: statement.secondaryTo,
    previousPercent: statement.previousPercent,
    statedCode: statement.diagnosticCode,
    scopes: [],
    sheet: null,
  };
}

/** A later statement of the same decision fills what the first left out. */
function mergeInto(draft: Draft, statement: Statement): void {
  const sameOutcome = draft.outcome === statement.outcome;
  if (sameOutcome) {
    draft.percent ??= statement.percent;
    draft.effectiveDate ??= statement.effectiveDate;
    if (statement.stages.length > draft.stages.length) draft.stages = statement.stages;
  }
  draft.previousPercent ??= statement.previousPercent;
  draft.secondaryTo ??= statement.secondaryTo;
  draft.statedCode ??= statement.diagnosticCode;
}

type Anchor = { at: number; drafts: number[]; previous: number | null };

/** A line that names what follows (`label`), or a title that names nothing (`label` empty). */
type Heading = { at: number; label: string; previous: number | null };

/** The kind of an ancillary benefit, or null for a disability. */
function ancillaryKind(condition: string): string | null {
  return ANCILLARY.exec(condition)?.[0].replace(/'/g, '') ?? null;
}

/**
 * Whether a statement can restate an earlier decision in other words: the same outcome, and one
 * name covers the other or both are the same ancillary benefit.
 */
function restates(statement: Statement, draft: Draft | undefined): boolean {
  if (!draft || draft.outcome !== statement.outcome) return false;
  const kind = ancillaryKind(statement.condition);
  return (
    namesCondition(statement.condition, draft.condition) ||
    (kind !== null && kind === ancillaryKind(draft.condition))
  );
}

/**
 * Bounds that keep any input fast: a letter decides far fewer issues, names each far fewer times
 * and explains each in far fewer characters.
 */
const MAX_DECISIONS = 200;
const MAX_EXPLANATIONS = 16;
const MAX_EXPLANATION_LENGTH = 2500;
const MAX_LABELS = 500;

/** The drafts a heading or row names: exact names first, else every name it covers. */
function draftsNamed(label: string, drafts: readonly Draft[]): number[] {
  const exact: number[] = [];
  const covered: number[] = [];
  drafts.forEach((draft, i) => {
    if (sameName(label, draft.condition)) exact.push(i);
    else if (namesCondition(label, draft.condition)) covered.push(i);
  });
  return exact.length > 0 ? exact : covered;
}

/** The name a numbered or unnumbered reasons heading gives, without its openings and tails. */
function headingName(text: string): { name: string; previous: number | null } {
  const previous = /currently\s+(?:evaluated|rated)\s+(?:as|at)\s+(\d{1,3})\s*(?:percent|%)/i.exec(
    text,
  );
  const name = text
    .replace(LEAD_AT_START, '')
    .split(/[.:;]/)[0]
    ?.split(/\s+(?:under|currently|which|claimed)\b|,?\s+(?:as\s+)?secondary\s+to\b/i)[0];
  return { name: cleanName(name ?? ''), previous: previous ? Number(previous[1]) : null };
}

function readDecisions(
  body: string,
  lines: readonly string[],
  full: readonly boolean[],
  sheet: CodeSheet,
): ParsedDecision[] {
  // 1. The statements, in order.
  const statements: Statement[] = [];
  let consumed = 0;
  for (const lead of body.matchAll(LEAD)) {
    if (lead.index < consumed) continue;
    const statement = parseStatement(body, lead.index, lead.index + lead[0].length);
    if (!statement) continue;
    consumed = statement.end;
    statements.push(statement);
  }
  if (statements.length === 0) return [];

  // 2. Headings that name what they explain, and titles that end an explanation.
  const headings: Heading[] = [];
  const subjects = [...new Set(statements.map((statement) => statement.condition))].slice(
    0,
    MAX_DECISIONS,
  );
  const stated = new Map<string, boolean>();
  const namesStated = (label: string | undefined): boolean => {
    if (label === undefined) return false;
    let found = stated.get(label);
    if (found === undefined) {
      // Each new label is compared with every subject; a bound keeps hostile text linear.
      found =
        stated.size < MAX_LABELS && subjects.some((subject) => namesCondition(label, subject));
      stated.set(label, found);
    }
    return found;
  };
  let nextStatement = 0;
  let offset = 0;
  lines.forEach((line, i) => {
    const at = offset;
    offset += line.length + 1;
    const lineEnd = at + line.length;
    // The statements that start on this line (both lists are in text order).
    while ((statements[nextStatement]?.start ?? Infinity) < at) nextStatement += 1;
    const firstStatement = statements[nextStatement]?.start ?? Infinity;
    const text = line.trim();
    if (text === '') return;
    const numbered = NUMBERED.exec(text);
    const paragraph = PARAGRAPH_HEADING.exec(text);
    // After a line that looks wrapped, only a numbered heading or one naming a decision stated
    // before starts a paragraph.
    if (continues(lines, full, i) && numbered === null && !namesStated(paragraph?.[1])) return;
    if (numbered?.[1] !== undefined || LEAD_AT_START.test(text)) {
      if (firstStatement <= at + 12) return;
      let heading = numbered?.[1] ?? text;
      // A heading wrapped onto the next line reads on until its sentence ends.
      for (let j = i; full[j] === true && !/[.:]/.test(heading) && j + 1 < lines.length; j += 1) {
        heading += ` ${(lines[j + 1] ?? '').trim()}`;
      }
      const { name, previous } = headingName(heading);
      headings.push({ at, label: name, previous });
      return;
    }
    if (paragraph?.[1] !== undefined && paragraph[1].split(/\s+/).length <= 10) {
      if (INNER_LABEL.test(paragraph[1].trim())) return;
      headings.push({ at, label: cleanName(paragraph[1]), previous: null });
      return;
    }
    if (isTitle(text) && firstStatement >= lineEnd)
      headings.push({ at, label: '', previous: null });
  });

  // 3. The decisions: each statement is a new decision unless it repeats one stated before, by
  // its name, as a list of names ("left knee … and right knee …"), or as a restatement inside a
  // paragraph whose heading names earlier decisions and this subject too.
  const drafts: Draft[] = [];
  const byKey = new Map<string, number>();
  const anchors: Anchor[] = [];
  let context: { label: string; drafts: number[] } = { label: '', drafts: [] };
  let h = 0;
  for (const statement of statements) {
    for (; h < headings.length && (headings[h]?.at ?? Infinity) <= statement.start; h += 1) {
      const label = headings[h]?.label ?? '';
      context = { label, drafts: label === '' ? [] : draftsNamed(label, drafts) };
    }
    const key = keyOf(statement.condition);
    const named = byKey.get(key);
    let targets: number[] = named === undefined ? [] : [named];
    if (targets.length === 0 && / and /.test(statement.condition)) {
      const found = statement.condition.split(/,?\s+and\s+/).map((part) => byKey.get(keyOf(part)));
      if (found.length > 1 && found.every((i) => i !== undefined)) targets = found;
    }
    if (
      targets.length === 0 &&
      context.drafts.length > 0 &&
      namesCondition(context.label, statement.condition) &&
      context.drafts.every((i) => restates(statement, drafts[i]))
    ) {
      targets = context.drafts;
    }
    if (targets.length === 0) {
      if (drafts.length >= MAX_DECISIONS) continue;
      byKey.set(key, drafts.length);
      targets = [drafts.length];
      drafts.push(newDraft(statement));
    } else if (targets.length === 1) {
      const target = drafts[targets[0] ?? -1];
      if (target) mergeInto(target, statement);
    }
    anchors.push({ at: statement.start, drafts: targets, previous: null });
  }
  for (const heading of headings) {
    const named = heading.label === '' ? [] : draftsNamed(heading.label, drafts);
    anchors.push({ at: heading.at, drafts: named, previous: heading.previous });
  }
  anchors.sort((a, b) => a.at - b.at);

  // 4. Each anchor's explanation runs to the next anchor.
  anchors.forEach((anchor, i) => {
    const end = Math.min(anchors[i + 1]?.at ?? body.length, anchor.at + MAX_EXPLANATION_LENGTH);
    const scope = body.slice(anchor.at, end);
    for (const index of anchor.drafts) {
      const draft = drafts[index];
      if (!draft || draft.scopes.length >= MAX_EXPLANATIONS) continue;
      draft.scopes.push(scope);
      if (anchor.previous !== null) draft.previousPercent ??= anchor.previous;
    }
  });

  // 5. The code sheet's rows, matched by name.
  for (const entry of sheet.entries) {
    const exact = drafts.filter((draft) => sameName(entry.name, draft.condition));
    const matches =
      exact.length > 0
        ? exact
        : drafts.filter((draft) => namesCondition(entry.name, draft.condition));
    const only = matches.length === 1 ? matches[0] : undefined;
    const target = exact.length > 0 ? exact : only ? [only] : [];
    for (const draft of target) draft.sheet ??= entry;
  }

  return drafts.map(finish);
}

function finish(draft: Draft): ParsedDecision {
  const { outcome } = draft;
  const ancillary = ANCILLARY.test(draft.condition);
  const sheet = draft.sheet;
  const notDecidedOnMerits = outcome === 'denied' || outcome === 'deferred';
  let percent = draft.percent;
  let effective = draft.effectiveDate;
  let stages = draft.stages;
  if (outcome === 'granted' && sheet?.serviceConnected && sheet.ratings.length > 0) {
    percent ??= sheet.ratings.at(-1)?.percent ?? null;
    effective ??= sheet.ratings[0]?.from ?? null;
    if (stages.length === 0 && sheet.ratings.length > 1) {
      stages = sheet.ratings.map((rating, i) => {
        const next = sheet.ratings[i + 1];
        return {
          percent: rating.percent,
          from: rating.from,
          to: next ? dayBefore(next.from) : null,
        };
      });
    }
  }
  let code: string | null = null;
  if (sheet && sheet.serviceConnected !== notDecidedOnMerits) code = sheet.code;
  else if (!notDecidedOnMerits) {
    code = draft.statedCode;
    for (const scope of draft.scopes) code ??= findDiagnosticCode(scope);
  }
  const reasons = new Set<Reason>();
  if (outcome === 'denied') {
    if (ancillary) reasons.add('criteria');
    else
      for (const scope of draft.scopes)
        for (const reason of denialReasons(scope)) reasons.add(reason);
  } else if (
    outcome === 'continued' ||
    outcome === 'decreased' ||
    (percent === 0 && outcome === 'granted')
  ) {
    if (draft.scopes.some(statesCriteria)) reasons.add('criteria');
  }
  const presumptive =
    outcome === 'granted' &&
    (draft.scopes.some(statesPresumption) || /\bpresumptive\b/i.test(sheet?.notes ?? ''));
  const rated = !ancillary && !notDecidedOnMerits && outcome !== 'severed';
  const previous =
    outcome === 'increased' ||
    outcome === 'decreased' ||
    outcome === 'continued' ||
    outcome === 'severed'
      ? draft.previousPercent
      : null;
  return {
    condition: draft.condition,
    outcome,
    percent: rated ? (outcome === 'continued' ? (percent ?? previous) : percent) : null,
    effective_date: notDecidedOnMerits || outcome === 'continued' ? null : effective,
    diagnostic_code: ancillary ? null : code,
    secondary_to: draft.secondaryTo,
    presumptive,
    previous_percent: ancillary ? null : previous,
    staged: rated && stages.length > 1 ? stages : [],
    reason_keywords: REASON_ORDER.filter((reason) => reasons.has(reason)),
  };
}

// ------------------------------------------------------------------------------------------------

/** Reads a decision letter's text. Any input gives a result; what the letter does not say is null. */
export function parseDecisionLetter(text: string): ParsedLetter {
  const source = typeof text === 'string' ? text : '';
  const { raw, full } = removePageHeaders(cleanCharacters(source).split('\n'));
  const lines = repairLines(raw);
  const body = lines.join('\n');
  const sheet = readCodeSheet(lines);
  const letterDate = readLetterDate(lines, full);
  return {
    letter_date: letterDate,
    combined_rating: readCombined(lines, body, sheet),
    monthly_amount: readMonthly(lines),
    decisions: readDecisions(body, lines, full, sheet),
    evidence: readEvidence(raw, full),
    deadlines: letterDate ? reviewDeadlines(letterDate) : [],
  };
}
