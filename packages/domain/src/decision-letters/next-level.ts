import type { DecisionOutcome, NextLevel } from '@muster/contract/decision-letters';
import { labelWithoutSide } from '../condition-catalogue-import.ts';
import { CONDITION_CATALOGUE } from '../condition-catalogue.ts';
import type { KnowledgeBaseFile, KnowledgePassage } from '../knowledge/knowledge-base-import.ts';
import passagesFile from '../knowledge/passages.json' with { type: 'json' };

/**
 * The next higher level of a rating a veteran holds, in the rating schedule's own words (38 CFR
 * Part 4 as the knowledge base holds it, passages.json).
 *
 * The rules, in our words:
 * - Only a rating the veteran holds has a next level: a grant, an increase, a reduction or a
 *   continued rating, with its percent. Anything else has none.
 * - The code is the decision's own; of a hyphenated code ("5299-5260") the one after the hyphen,
 *   which is the code whose criteria rate it. Without a code, the condition's name finds it in the
 *   condition catalogue, but only when the name is one of the catalogue's names (sides and filler
 *   words aside) and every condition of that name has the same single code.
 * - The levels are the code's own rows ("… — N percent") and the rows of the general formulas it
 *   is rated under (the mental disorders formula, the spine formula…). A level may be reached by
 *   any of them, so the next level is the smallest one above the percent held, whichever gives it.
 * - A code with no levels and no formula that says to be rated as one other code ("Rate under
 *   diagnostic code 7346", "Rate as for irritable colon syndrome") is followed to that code, once.
 *   An instruction with choices or conditions ("… or …, whichever is predominant", "If …") is not.
 * - Where a table has a column per side (major and minor arm, dominant and nondominant), the
 *   columns that have the percent held as a level are the ones that may apply; when they disagree
 *   on the next percent, the side decides and we cannot tell it, so there is none to show.
 * - The spine formula rates the neck (cervical) and the back (thoracolumbar) apart: when the
 *   condition names one of them, only that segment's words count (a lumbar strain at 20 percent
 *   goes next to 40, not to the 30 that only a neck can have). Likewise rows for one side only
 *   ("Unilateral") do not apply to a condition of both sides ("bilateral pes planus"), nor rows
 *   for both sides to a condition of the left or right.
 * - The criteria are the level's row, led by the short heading it sits under ("Incomplete:"),
 *   with rows of the same percent joined; long ones are cut at a sentence end. The citation is
 *   the code's, or that of the code it was followed to, where the words are.
 * - `amended_on` is the date the knowledge base gives the section for an amendment after the 2019
 *   text it quotes; sections only perhaps changed carry none.
 * Everything is read from the passages on first use and kept; answers are kept per code, percent,
 * spine segment and side, so this can run for every decision on every read of a letter.
 */

/** What of a decision the next level depends on. */
export type NextLevelDecision = {
  condition: string;
  outcome: DecisionOutcome;
  percent: number | null;
  diagnostic_code: string | null;
};

const HELD_OUTCOMES: ReadonlySet<DecisionOutcome> = new Set([
  'granted',
  'increased',
  'decreased',
  'continued',
]);

/**
 * Criteria longer than this (some 120 words) are cut at a sentence end: every single level of the
 * schedule fits (the longest, the mental disorders' 70 percent, has 719 characters); levels joined
 * from two formulas may not.
 */
const MAX_CRITERIA_CHARS = 720;

/** A line under which levels sit ("Incomplete:") leads their words only when it is this short. */
const MAX_LEAD_IN_CHARS = 400;

/** A row this short ("Bilateral", "Moderate") says little alone: the line above it leads it. */
const SHORT_ROW_CHARS = 25;

/** "Severe; objective evidence…": a degree and its signs, a sibling of the next such line. */
const DEGREE_LINE = /^[A-Z][a-z]+(?: [a-z]+)?;/;

const PASSAGES = (passagesFile as KnowledgeBaseFile).passages;

/** What of the condition narrows the rows: the segment of the spine, one side or both. */
type Scope = {
  segment: 'cervical' | 'thoracolumbar' | null;
  side: 'unilateral' | 'bilateral' | null;
};

/** One rating of a row: its percent, its column ("major", "dominant"; null for the only one). */
type Entry = { percent: number; column: string | null; text: string };

/** A code's table or a formula, read into its levels. */
type Table = { passage: KnowledgePassage; name: string; entries: Entry[] };

type Step = { kind: 'next'; percent: number; criteria: string } | { kind: 'top' | 'unknown' };

// ---------------------------------------------------------------------------------------------
// Words

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

const FILLER_WORDS = new Set(
  'a an the of in on at and or for with to type i ii 1 2 left right bilateral both'.split(' '),
);

/** A name as a set of rough stems, order and filler words aside: the key names are compared by. */
function nameKey(text: string): string {
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’‘ʼ`]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '' && !FILLER_WORDS.has(word))
    .map((word) => {
      if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
      if (word.length > 3 && word.endsWith('s') && !/(?:ss|us|is)$/.test(word))
        return word.slice(0, -1);
      return word;
    });
  return [...new Set(words)].sort().join(' ');
}

/** The segment of the spine and the sides a condition names, each when it names just one. */
function scopeOf(condition: string): Scope {
  const text = condition.toLowerCase();
  const neck = /\b(?:cervical|neck)\b/.test(text);
  const back = /\b(?:thoracolumbar|lumbar|lumbosacral|thoracic|back)\b/.test(text);
  const both = /\b(?:bilateral|both)\b/.test(text);
  const one = /\b(?:left|right)\b/.test(text);
  return {
    segment: neck === back ? null : neck ? 'cervical' : 'thoracolumbar',
    side: both === one ? null : both ? 'bilateral' : 'unilateral',
  };
}

/**
 * A level's words for the condition's scope: a row for the other side count is dropped, and so
 * are the alternatives ("…; or, …") that name only the other segment of the spine; null when
 * nothing is left (the level is not one this condition can have).
 */
function forScope(text: string, scope: Scope): string | null {
  const rowSide = /(?:^|: )(Unilateral|Bilateral)$/.exec(text)?.[1]?.toLowerCase();
  if (scope.side !== null && rowSide !== undefined && rowSide !== scope.side) return null;
  const { segment } = scope;
  if (segment === null || !/\b(?:cervical|thoracolumbar) spine\b/i.test(text)) return text;
  const other = segment === 'cervical' ? 'thoracolumbar' : 'cervical';
  const kept = text.split(/;\s*or,?\s+/i).filter((alternative) => {
    const lower = alternative.toLowerCase();
    return lower.includes(`${segment} spine`) || !lower.includes(`${other} spine`);
  });
  if (kept.length === 0) return null;
  const joined = kept.join('; or, ');
  return joined.charAt(0).toUpperCase() + joined.slice(1);
}

/** Text cut at the last sentence end within the limit, with "…" to show it goes on. */
function bounded(text: string, max = MAX_CRITERIA_CHARS): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max - 1);
  const ends = [...head.matchAll(/[.;](?=\s)/g)].map((match) => match.index);
  const end = ends.at(-1);
  if (end !== undefined && end > max / 2) return `${head.slice(0, end).trimEnd()}…`;
  const space = head.lastIndexOf(' ');
  return `${head.slice(0, space > 0 ? space : head.length).replace(/[,;:]$/, '')}…`;
}

// ---------------------------------------------------------------------------------------------
// Tables

const RATING = /^(\d{1,3}) percent(?: \((?!see footnote)([^)]+)\))?(?: \(see footnote [^)]+\))?$/;

/**
 * A row's words and ratings: "Moderate — 20 percent", "Severe — 40 percent (major), 30 percent
 * (minor)", or the few rows the source wrote inline ("Both—20^(1)"); null for any other line.
 */
function ratedRow(
  line: string,
): { text: string; ratings: { percent: number; column: string | null }[] } | null {
  const at = line.lastIndexOf(' — ');
  if (at > 0) {
    const parts = line
      .slice(at + 3)
      .split(', ')
      .map((part) => RATING.exec(part));
    if (parts.every((match) => match !== null)) {
      return {
        text: line.slice(0, at).trim(),
        ratings: parts.map((match) => ({ percent: Number(match[1]), column: match[2] ?? null })),
      };
    }
  }
  const inline = /^(.*\S)—(\d{1,3})(?:\^\(\d+\))?$/.exec(line);
  if (inline?.[1] && inline[2])
    return { text: inline[1], ratings: [{ percent: Number(inline[2]), column: null }] };
  return null;
}

/** The name a code's or a formula's first line gives ("7319 Irritable colon syndrome (…):"). */
function nameOf(passage: KnowledgePassage): string {
  const first = passage.text.split('\n')[0] ?? '';
  const withoutRating = ratedRow(first)?.text ?? first;
  return withoutRating
    .replace(/^\d{4}\s+/, '')
    .replace(/:.*$/, '')
    .replace(/\([^)]*\)/g, '')
    .replace(/[.:\s]+$/, '')
    .trim();
}

const tables = new Map<string, Table>();

/** A line that leads rows; `listing` when it ends "the following:", `items` the lines it took. */
type LeadIn = { text: string; colon: boolean; listing: boolean; items: number };

/**
 * Whether a line leads the rows after it: a heading ending in a colon leads every row under it; a
 * degree with its signs ("Pronounced; marked pronation…") leads only rows too short to stand alone
 * ("Bilateral"); and a degree never leads the next degree ("Moderate; …" after "Severe; …:").
 */
function leadsRow(leadIn: LeadIn, row: string): boolean {
  if (DEGREE_LINE.test(leadIn.text) && DEGREE_LINE.test(row)) return false;
  return leadIn.colon || row.length <= SHORT_ROW_CHARS;
}

/** The line as a lead-in of the rows after it, or null when it is none. */
function leadInOf(line: string): LeadIn | null {
  if (line.startsWith('(') || line.length > MAX_LEAD_IN_CHARS) return null;
  if (line.endsWith(':'))
    return {
      text: line.slice(0, -1).trim(),
      colon: true,
      listing: /\bfollowing:$/i.test(line),
      items: 0,
    };
  return DEGREE_LINE.test(line) ? { text: line, colon: false, listing: false, items: 0 } : null;
}

/** A passage's rows read into levels (kept per passage). */
function tableOf(passage: KnowledgePassage): Table {
  const known = tables.get(passage.id);
  if (known) return known;
  const entries: Entry[] = [];
  let leadIn: LeadIn | null = null;
  // A row such as "At least one of the following — 30 percent" takes the lines after it.
  let taking: Entry[] = [];
  let taken = 0;
  passage.text.split('\n').forEach((raw, index) => {
    // Footnote marks ("^(1)") go; a square unit ("in^(2)") is kept as one.
    const line = collapse(raw.replace(/\b(in|cm|mm|m)\^\(2\)/g, '$1²').replace(/\^\(\d+\)/g, ''));
    if (line === '' || /^(?:Note|Footnote)\b/i.test(line)) {
      taking = [];
      return;
    }
    const row = ratedRow(line);
    if (row) {
      // The first line is the code's or the formula's name; its words lead, so drop them.
      let text =
        index > 0
          ? row.text
          : passage.diagnostic_code !== undefined
            ? row.text.replace(/^\d{4}\s+/, '')
            : row.text.replace(/^[^:]*:\s*/, '');
      if (leadIn !== null && index > 0 && leadsRow(leadIn, text))
        text = `${leadIn.text}${leadIn.items > 0 ? ' ' : ': '}${text}`;
      const added = row.ratings.map((rating) => ({ ...rating, text: collapse(text) }));
      entries.push(...added);
      taking = /\bfollowing:?$/i.test(row.text) ? added : [];
      taken = 0;
      if (leadIn?.listing) leadIn = null;
      return;
    }
    if (index === 0) return;
    if (taking.length > 0) {
      for (const entry of taking)
        entry.text =
          taken === 0 ? `${entry.text.replace(/:$/, '')}: ${line}` : `${entry.text} ${line}`;
      taken += 1;
      return;
    }
    // The items of "… one or more of the following:" belong to it, up to the row they lead to.
    if (leadIn?.listing && !line.endsWith(':')) {
      const joint = leadIn.items > 0 ? ' ' : ': ';
      leadIn = { ...leadIn, text: `${leadIn.text}${joint}${line}`, items: leadIn.items + 1 };
      return;
    }
    // Any other line without a rating (an instruction, a list) leaves the heading as it is.
    leadIn = leadInOf(line) ?? leadIn;
  });
  const table = { passage, name: nameOf(passage), entries };
  tables.set(passage.id, table);
  return table;
}

/** Rows of one percent as one text: "…; or …", an alternative already ending in "or" joined plainly. */
function joinRows(texts: string[]): string {
  return [...new Set(texts)].reduce((joined, text) => {
    if (joined === '') return text;
    return /\bor[;,]?$/.test(joined) ? `${joined} ${text}` : `${joined}; or ${text}`;
  }, '');
}

/** The smallest level of a table above `percent` (see the module comment on columns). */
function stepAbove(table: Table, percent: number, scope: Scope): Step {
  const entries = table.entries.flatMap((entry) => {
    const text = forScope(entry.text, scope);
    return text === null ? [] : [{ ...entry, text }];
  });
  if (entries.length === 0) return { kind: 'unknown' };
  const named = [...new Set(entries.map((entry) => entry.column))].filter((c) => c !== null);
  const columns: (string | null)[] = named.length > 1 ? named : [null];
  const inColumn = (column: string | null) =>
    entries.filter((entry) => column === null || entry.column === column || entry.column === null);
  const holding = columns.filter((column) =>
    inColumn(column).some((entry) => entry.percent === percent),
  );
  const candidates = holding.length > 0 ? holding : columns;
  const steps = candidates.map((column) => {
    const above = inColumn(column).filter((entry) => entry.percent > percent);
    if (above.length === 0) return null;
    const next = Math.min(...above.map((entry) => entry.percent));
    const texts = above.filter((entry) => entry.percent === next).map((entry) => entry.text);
    return { column, percent: next, criteria: joinRows(texts) };
  });
  if (steps.every((step) => step === null)) return { kind: 'top' };
  const found = steps.filter((step) => step !== null);
  const first = found[0];
  if (!first || found.length < steps.length || found.some((s) => s.percent !== first.percent))
    return { kind: 'unknown' };
  const criteria = new Set(found.map((step) => step.criteria));
  return {
    kind: 'next',
    percent: first.percent,
    criteria:
      criteria.size === 1
        ? first.criteria
        : found.map((step) => `${step.criteria} (${step.column ?? ''})`).join('; '),
  };
}

// ---------------------------------------------------------------------------------------------
// The passages, indexed once

type Index = {
  /** A code's first passage. */
  byCode: Map<string, KnowledgePassage>;
  byId: Map<string, KnowledgePassage>;
  /** Part 4 passages with levels (codes, formulas, criteria blocks) by the key of their name. */
  byName: Map<string, KnowledgePassage[]>;
};

let index: Index | undefined;

function getIndex(): Index {
  if (index) return index;
  const byCode = new Map<string, KnowledgePassage>();
  const byId = new Map<string, KnowledgePassage>();
  const byName = new Map<string, KnowledgePassage[]>();
  for (const passage of PASSAGES) {
    byId.set(passage.id, passage);
    if (!passage.section.startsWith('4.') || passage.part_of !== undefined) continue;
    if (passage.diagnostic_code !== undefined && !byCode.has(passage.diagnostic_code))
      byCode.set(passage.diagnostic_code, passage);
    if (passage.diagnostic_code !== undefined || /-(?:formula|criteria)-/.test(passage.id)) {
      const key = nameKey(nameOf(passage));
      if (key !== '') byName.set(key, [...(byName.get(key) ?? []), passage]);
    }
  }
  index = { byCode, byId, byName };
  return index;
}

/**
 * The one passage with levels a name points to ("chorea" → "Chorea, Sydenham's"): a passage of
 * that very name, else one whose name holds all its words; in the same section first, else
 * anywhere in Part 4.
 */
function passageNamed(name: string, section: string): KnowledgePassage | null {
  const key = nameKey(name);
  if (key === '') return null;
  const { byName } = getIndex();
  const words = key.split(' ');
  const holding = [...byName.entries()]
    .filter(([other]) => {
      const own = new Set(other.split(' '));
      return words.every((word) => own.has(word));
    })
    .flatMap(([, passages]) => passages);
  for (const found of [byName.get(key) ?? [], holding]) {
    const rated = found.filter((passage) => sourcesOf(passage).length > 0);
    const here = rated.filter((passage) => passage.section === section);
    const chosen = here.length > 0 ? here : rated;
    if (chosen.length === 1) return chosen[0] ?? null;
    if (chosen.length > 1) return null;
  }
  return null;
}

/**
 * Where a code without levels of its own says to be rated: one other code ("Rate under
 * diagnostic code 7346") or one named entry ("Rate as for irritable colon syndrome"); null when
 * it gives a choice, a condition, or nothing we can find.
 */
function referenceOf(passage: KnowledgePassage): KnowledgePassage | null {
  const sentences = passage.text
    .split('\n')
    .slice(0, 1)
    .map((line) => line.replace(/^\d{4}\s+/, ''))
    .concat(passage.text.split('\n').slice(1))
    // A note tells of other cases (a variant, a complication), not how this code is rated.
    .filter((line) => !/^(?:Note|Footnote)\b/.test(line))
    .flatMap((line) => line.split(/(?<=[.:])\s+/));
  const targets = new Set<KnowledgePassage>();
  for (const sentence of sentences) {
    // The sentence must say how this code is rated, not a part of it ("Rate thoracoplasty as…").
    if (
      !/^(?:rate|evaluate)d?\s+(?:under|as|based on|on|using|according to)\b/i.test(sentence) &&
      !/\brate the disability as\b/i.test(sentence)
    )
      continue;
    // A choice, a condition, a part of the picture or a fixed rating is not a code to follow.
    if (
      /^If\b|\bexcept\b|\bwhichever\b|\bdepending\b|\bappropriate\b|\bseparately\b|\be\.g\.|\bcombine|\band\/or\b|\bpercent\b/i.test(
        sentence,
      )
    )
      continue;
    const codes = [...sentence.matchAll(/\b(?:diagnostic codes?|DC'?s?)\s+(\d{4})\b/gi)];
    if (/\bor\b/i.test(sentence) && codes.length > 0) continue;
    const listed = /\b\d{4}\s*(?:,|-|–|or|and|through|to)\s*\d{2,4}\b/.test(sentence);
    if (codes.length === 1 && !listed) {
      const target = getIndex().byCode.get(codes[0]?.[1] ?? '');
      if (target) targets.add(target);
      continue;
    }
    // Codes listed as the subject ("diagnostic codes 5004 through 5009, rate … as …") name no
    // target; any others are a choice.
    if (codes.length > 0 && !(listed && /\brate (?:the disability )?as\b/i.test(sentence)))
      continue;
    const named = /\brate (?:the disability )?as (?:for )?([^.;]+)/i.exec(sentence)?.[1];
    if (named === undefined || /\b(?:or|and)\b/i.test(named)) continue;
    const target = passageNamed(named, passage.section);
    if (target) targets.add(target);
  }
  const [target] = targets;
  return targets.size === 1 && target !== undefined && target !== passage ? target : null;
}

/** The tables a code's levels come from: its own first, then its formulas. */
function sourcesOf(passage: KnowledgePassage): Table[] {
  const { byId } = getIndex();
  const own = tableOf(passage);
  const formulas = (passage.rated_under ?? [])
    .map((id) => byId.get(id))
    .filter((formula) => formula !== undefined)
    .map(tableOf)
    .filter((table) => table.entries.length > 0);
  return [...(own.entries.length > 0 ? [own] : []), ...formulas];
}

/** A code's levels: the passage they are cited by and the tables they come from. */
type Rated = { passage: KnowledgePassage; sources: Table[] };

const ratedCodes = new Map<string, Rated | null>();

/** Where a code's levels are: its own table and formulas, else the one code it is rated as. */
function ratedOf(code: string): Rated | null {
  if (ratedCodes.has(code)) return ratedCodes.get(code) ?? null;
  const passage = getIndex().byCode.get(code);
  let rated: Rated | null = null;
  if (passage) {
    const sources = sourcesOf(passage);
    const target = sources.length > 0 ? passage : referenceOf(passage);
    rated = target === null ? null : { passage: target, sources: sourcesOf(target) };
  }
  ratedCodes.set(code, rated);
  return rated;
}

const answers = new Map<string, NextLevel | null>();

/** The answer for a code of the schedule, kept (so at most codes × 100 percents × scopes). */
function nextLevelOfCode(code: string, percent: number, scope: Scope): NextLevel | null {
  // No level is above 100 percent, and a percent below 0 is no rating.
  if (percent < 0 || percent >= 100) return null;
  const rated = ratedOf(code);
  if (rated === null) return null;
  const key = `${code}|${percent}|${scope.segment ?? ''}|${scope.side ?? ''}`;
  if (answers.has(key)) return answers.get(key) ?? null;
  const answer = computeNextLevel(rated, percent, scope);
  answers.set(key, answer);
  return answer;
}

function computeNextLevel(rated: Rated, percent: number, scope: Scope): NextLevel | null {
  const { sources } = rated;
  const steps = sources.map((table) => ({ table, step: stepAbove(table, percent, scope) }));
  if (steps.some(({ step }) => step.kind === 'unknown')) return null;
  const nexts = steps.flatMap(({ table, step }) => (step.kind === 'next' ? [{ table, step }] : []));
  if (nexts.length === 0) return null;
  const lowest = Math.min(...nexts.map(({ step }) => step.percent));
  const chosen = nexts.filter(({ step }) => step.percent === lowest);
  const criteria = chosen
    .map(({ table, step }, position) =>
      position === 0 ? step.criteria : `Or, under the ${table.name}: ${step.criteria}`,
    )
    .join(' ');
  const words = chosen[0]?.table.passage ?? rated.passage;
  return {
    percent: lowest,
    criteria: bounded(collapse(criteria)),
    citation: rated.passage.citation,
    amended_on: words.changed_on,
  };
}

// ---------------------------------------------------------------------------------------------
// The code of a decision

/** The rated code of what a letter gives: "9411", "DC 9411", "5299-5260" → "5260"; else null. */
function ratedCode(diagnosticCode: string): string | null {
  const match = /(\d{4})(?:\s*[-–—]\s*(\d{4}))?/.exec(diagnosticCode);
  return match ? (match[2] ?? match[1] ?? null) : null;
}

let codesByName: Map<string, string | null> | undefined;

/**
 * Each name of the catalogue (its label without the side, the label without or within its
 * brackets, VA's other terms) to its code; null when conditions of that name differ in code or
 * have none, or one has several.
 */
function getCodesByName(): Map<string, string | null> {
  if (codesByName) return codesByName;
  const map = new Map<string, string | null>();
  for (const entry of CONDITION_CATALOGUE) {
    const label = labelWithoutSide(entry.label);
    const bracketed = [...label.matchAll(/\(([^)]*)\)/g)].map((match) => match[1] ?? '');
    const names = [label, label.replace(/\([^)]*\)/g, ' '), ...bracketed, ...entry.terms];
    const code = entry.diagnostic_codes.length === 1 ? (entry.diagnostic_codes[0] ?? null) : null;
    for (const name of names) {
      const key = nameKey(name);
      if (key === '') continue;
      map.set(key, map.has(key) && map.get(key) !== code ? null : code);
    }
  }
  codesByName = map;
  return map;
}

function codeOfCondition(condition: string): string | null {
  const key = nameKey(condition);
  return key === '' ? null : (getCodesByName().get(key) ?? null);
}

/**
 * The next higher level of the schedule for a rating read from a letter, or null when there is
 * none to show (not a rating held, no code found, the top level, or levels we cannot read).
 */
export function nextLevelFor(decision: NextLevelDecision): NextLevel | null {
  const { percent } = decision;
  if (!HELD_OUTCOMES.has(decision.outcome) || percent === null) return null;
  const given = decision.diagnostic_code === null ? null : ratedCode(decision.diagnostic_code);
  const code = given ?? codeOfCondition(decision.condition);
  if (code === null) return null;
  const answer = nextLevelOfCode(code, percent, scopeOf(decision.condition));
  // A copy, so a caller that changes it cannot change what later calls get.
  return answer === null ? null : { ...answer };
}
