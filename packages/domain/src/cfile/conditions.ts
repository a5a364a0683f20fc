import type { SideOfBody } from '@muster/contract/conditions';
import { CONDITION_CATALOGUE } from '../condition-catalogue.ts';
import { labelWithoutSide } from '../condition-catalogue-import.ts';
import { normalizeText, stem } from '../condition-search.ts';
import { presumptiveMatches } from '../presumptive.ts';
import {
  PROTECTED_HEALTH_PLACEHOLDER,
  isProtectedCondition,
  redactProtectedHealth,
} from '../protected-health.ts';
import {
  BLOCKING_PHRASES,
  CLINICAL_TERMS,
  EXCLUDED_TERMS,
  ICD10_PREFIXES,
  JOINT_WORDS,
  LIMB_WORDS,
  PROTECTED_DIAGNOSES,
  SITE_FAMILIES,
  SPINE_WORDS,
  SYMPTOM_SYNONYMS,
  SYMPTOM_TERMS,
  type SiteFamily,
} from './conditions-vocabulary.ts';
import { clauseAround, findAssertion, type Assertion } from './negation.ts';

/**
 * The diagnoses of a C-file (a veteran's whole claims file), read page by page: which catalogue
 * conditions the pages say the veteran has, on which pages, with a few snippets of evidence,
 * whether each is claimed already, may be presumptive, or is protected by 38 U.S.C. 7332. Pure:
 * the page-processing job hands in the pages' text. The rules, in our words:
 *
 * - A condition is named by its catalogue label, the catalogue's terms, the clinical words of
 *   conditions-vocabulary.ts (abbreviations such as PTSD, DJD, OSA, HTN, T2DM), an ICD-10-CM code
 *   written in the text ("F43.10"), or a VA diagnostic code written as "DC 5237" / "diagnostic
 *   code 6260" when the catalogue ties that code to one condition only. A code written as
 *   "5299-5237" names the condition by its first code, or by the second when the first is an
 *   analogous "-99" code.
 * - Only affirmed mentions count (negation.ts): denied, ruled-out, suspected, claimed or
 *   relatives' conditions are not findings. A mention under a "Family history" heading is a
 *   relative's; one under a differential or a claim form's list of disabilities ("Current
 *   disability(ies):") is uncertain; one in a form's title ("… Disability Benefits
 *   Questionnaire") is not a diagnosis.
 * - Words that usually name a symptom ("anxiety", "headaches", "low back pain" and the
 *   catalogue's "diagnosis unknown" conditions) count only in a diagnostic section (assessment,
 *   A/P, diagnosis, impression, problem list, past medical history) or after "diagnosed with" /
 *   "Dx" in their clause. Everything else counts wherever it is affirmed.
 * - Phrases are matched on whole words, longest first, with plurals folded ("migraines"). A
 *   phrase longer than a condition's name that is not that condition ("sickle cell trait",
 *   "pulmonary hypertension", "HIV test") stops the shorter match.
 * - Sickle cell trait is not a finding and not protected (the law names sickle cell anemia; the
 *   detector of protected-health.ts leaves the trait out for the same reason).
 * - A finding is protected when protected-health.ts says its name or diagnostic code is
 *   (substance use disorders, HIV, sickle cell anemia). Its snippets are replaced by the
 *   placeholder; every other snippet has any protected sentence inside it withheld too, so
 *   nothing downstream sees those words.
 * - Sides: the name is the label without its side; the sides written next to the mentions
 *   ("left", "R", "bilateral") are listed apart.
 * - Speed: the phrases are compiled once into a word trie, and each page is read word by word,
 *   so the time grows with the length of the file.
 */

export type PresumptiveFlag =
  | false
  | {
      /** The presumptive lists that name the condition (which exposure qualifies is not known here). */
      lists: { id: string; title: string; certain: boolean }[];
    };

export type ConditionEvidence = { page: number; snippet: string };

export type ConditionFinding = {
  /** The catalogue label without its side, or one of PROTECTED_DIAGNOSES. */
  name: string;
  /** False for the substance-use diagnoses, which the catalogue does not hold. */
  catalogued: boolean;
  diagnostic_code: string | null;
  pages: number[];
  sides: SideOfBody[];
  claimed: boolean;
  presumptive: PresumptiveFlag;
  protected_7332: boolean;
  /** The first few mentions, one a page. */
  evidence: ConditionEvidence[];
};

export type CfilePage = { page: number; text: string };
export type ClaimedCondition = { name: string; diagnostic_code?: string | null };

/** Longest snippet of evidence, in characters. */
export const SNIPPET_LENGTH = 160;
/** Snippets kept per finding. */
export const MAX_EVIDENCE = 3;
/** How far (in words) from a mention a body site is looked for, within its clause. */
const SITE_WINDOW = 6;
/** How far (in words) from a mention its side is looked for. */
const SIDE_WINDOW = 3;
/**
 * A day for the presumptive check: with no exposures, presumptiveMatches only reads which lists
 * name the condition, and the day bounds nothing.
 */
const PRESUMPTIVE_DAY = '2000-01-01';

// ---------------------------------------------------------------------------------------------
// Conditions

type Condition = { name: string; label: string; codes: string[]; catalogued: boolean };

const REGION_ENDING = /, (?:extremities or trunk|head or neck)$/;
/** A catalogue label without its side or body region. */
export const baseName = (label: string): string =>
  labelWithoutSide(label).replace(REGION_ENDING, '');

const CONDITIONS = new Map<string, Condition>();
for (const entry of CONDITION_CATALOGUE) {
  const name = baseName(entry.label);
  const known = CONDITIONS.get(name);
  const codes = entry.diagnostic_codes.filter((code) => /^\d{4}$/.test(code));
  if (known) known.codes = [...new Set([...known.codes, ...codes])];
  else CONDITIONS.set(name, { name, label: entry.label, codes, catalogued: true });
}
for (const name of PROTECTED_DIAGNOSES)
  CONDITIONS.set(name, { name, label: name, codes: [], catalogued: false });

function conditionNamed(name: string): Condition {
  const condition = CONDITIONS.get(name);
  if (!condition) throw new Error(`conditions: "${name}" is not a catalogue condition`);
  return condition;
}

/** The conditions a VA diagnostic code names on its own (codes shared by several are left out). */
const BY_DIAGNOSTIC_CODE = new Map<string, string>();
{
  const names = new Map<string, Set<string>>();
  for (const condition of CONDITIONS.values())
    for (const code of condition.codes)
      names.set(code, (names.get(code) ?? new Set()).add(condition.name));
  for (const [code, set] of names) if (set.size === 1) BY_DIAGNOSTIC_CODE.set(code, [...set][0]!);
}

// ---------------------------------------------------------------------------------------------
// Words

type Token = { norm: string; raw: string; start: number; end: number };

/** The words of a text as parallel arrays (a 2,000-page file holds about a million). */
type Tokens = { text: string; norms: string[]; starts: number[]; ends: number[] };

const NORMS = new Map<string, string>();

/** A word as it is compared: lower case, no accents or apostrophes, plural folded. */
function normOf(raw: string): string {
  let norm = NORMS.get(raw);
  if (norm === undefined) {
    // eslint-disable-next-line no-control-regex -- plain ASCII takes the fast path
    const plain = /^[\x00-\x7f]*$/.test(raw) ? raw.toLowerCase() : normalizeText(raw);
    norm = stem(plain.replace(/['’]/g, ''));
    if (NORMS.size < 200_000) NORMS.set(raw, norm);
  }
  return norm;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** ASCII letters and digits, by character code. */
const ASCII_WORD = new Uint8Array(128);
for (let code = 0; code < 128; code++)
  ASCII_WORD[code] = /[A-Za-z0-9]/.test(String.fromCharCode(code)) ? 1 : 0;

function isWordChar(code: number): boolean {
  if (code < 128) return ASCII_WORD[code] === 1;
  return LETTER_OR_DIGIT.test(String.fromCharCode(code));
}

/** Words: runs of letters and digits, an apostrophe inside one kept ("Meniere's"). */
function tokensOf(text: string): Tokens {
  const tokens: Tokens = { text, norms: [], starts: [], ends: [] };
  const length = text.length;
  let index = 0;
  while (index < length) {
    if (!isWordChar(text.charCodeAt(index))) {
      index += 1;
      continue;
    }
    const start = index;
    while (index < length) {
      const code = text.charCodeAt(index);
      const isApostrophe = code === 39 || code === 0x2019;
      if (isWordChar(code) || (isApostrophe && isWordChar(text.charCodeAt(index + 1)))) index += 1;
      else break;
    }
    tokens.norms.push(normOf(text.slice(start, index)));
    tokens.starts.push(start);
    tokens.ends.push(index);
  }
  return tokens;
}

function tokenAt(tokens: Tokens, index: number): Token | undefined {
  const norm = tokens.norms[index];
  const start = tokens.starts[index];
  const end = tokens.ends[index];
  if (norm === undefined || start === undefined || end === undefined) return undefined;
  return { norm, raw: tokens.text.slice(start, end), start, end };
}

// ---------------------------------------------------------------------------------------------
// The phrase trie

type Target =
  | { kind: 'condition'; name: string; symptom: boolean; upper: boolean }
  | { kind: 'family'; family: SiteFamily; upper: boolean }
  | { kind: 'block'; upper: false };

type TrieNode = { next: Map<string, TrieNode>; targets: Target[] };

const newNode = (): TrieNode => ({ next: new Map(), targets: [] });
const ROOT = newNode();

/** Written in capitals in the vocabulary: then matched only in capitals. */
const isAcronym = (phrase: string) =>
  /[A-Z]/.test(phrase) && !/[a-z]/.test(phrase) && phrase.replace(/[^A-Z0-9]/g, '').length <= 6;

/** The phrase's words, and those of its joined form when it has hyphens ("post-traumatic"). */
function phraseVariants(phrase: string): string[][] {
  const variants = [phrase];
  if (phrase.includes('-')) variants.push(phrase.replace(/-/g, ''));
  return variants.map((variant) => tokensOf(variant).norms);
}

/** Adds a phrase; `decides` makes it the phrase's only condition (the clinical table settles a
 * term the catalogue gives to two conditions). */
function addPhrase(phrase: string, target: Target, decides = false): void {
  for (const words of phraseVariants(phrase)) {
    if (words.length === 0) continue;
    let node = ROOT;
    for (const word of words) {
      let child = node.next.get(word);
      if (!child) {
        child = newNode();
        node.next.set(word, child);
      }
      node = child;
    }
    if (decides) node.targets = node.targets.filter((known) => known.kind !== 'condition');
    const same = node.targets.some(
      (known) =>
        known.kind === target.kind &&
        (known.kind !== 'condition' || (target.kind === 'condition' && known.name === target.name)),
    );
    if (!same) node.targets.push(target);
  }
}

const SYMPTOMS = new Set(SYMPTOM_TERMS.map((term) => term.toLowerCase()));
const isSymptomName = (name: string) => name.includes('diagnosis unknown');

/** The label's own words: without what is in brackets, or after ", including". */
const labelPhrase = (name: string) =>
  name
    .replace(/\([^)]*\)/g, ' ')
    .replace(/, including .*$/, '')
    .replace(/\s+/g, ' ')
    .trim();

function addConditionPhrase(name: string, phrase: string, symptom = false, decides = false): void {
  if (EXCLUDED_TERMS.has(phrase.toLowerCase())) return;
  addPhrase(
    phrase,
    {
      kind: 'condition',
      name,
      symptom: symptom || isSymptomName(name) || SYMPTOMS.has(phrase.toLowerCase()),
      upper: isAcronym(phrase),
    },
    decides,
  );
}

for (const entry of CONDITION_CATALOGUE) {
  const name = baseName(entry.label);
  addConditionPhrase(name, labelPhrase(name));
  for (const term of entry.terms) addConditionPhrase(name, term);
}
for (const [name, terms] of Object.entries(CLINICAL_TERMS)) {
  conditionNamed(name);
  for (const term of terms) addConditionPhrase(name, term, false, true);
}
for (const [name, terms] of Object.entries(SYMPTOM_SYNONYMS)) {
  conditionNamed(name);
  for (const term of terms) addConditionPhrase(name, term, true, true);
}
for (const family of SITE_FAMILIES) {
  for (const label of [
    ...Object.values(family.joints ?? {}),
    ...Object.values(family.spine ?? {}),
    ...Object.values(family.limbs ?? {}),
    ...(family.fallback ? [family.fallback] : []),
  ])
    conditionNamed(label);
  for (const head of family.heads)
    addPhrase(head, { kind: 'family', family, upper: isAcronym(head) });
}
for (const phrase of BLOCKING_PHRASES) addPhrase(phrase, { kind: 'block', upper: false });

// ---------------------------------------------------------------------------------------------
// Mentions

export type ConditionMention = {
  name: string;
  start: number;
  end: number;
  assertion: Assertion;
  /** Whether it names a diagnosis (see the header): affirmed, and in diagnostic context if needed. */
  counted: boolean;
  side: SideOfBody | null;
  /** The VA diagnostic code written for it, if any. */
  diagnosticCode: string | null;
};

type RawMention = {
  start: number;
  end: number;
  first: number;
  last: number;
  symptom: boolean;
  /** The condition it names, and where its words end (a body site after it belongs to it). */
  resolve: (tokens: Tokens, clause: Span) => { name: string; end: number } | null;
  diagnosticCode: string | null;
};

type Span = { start: number; end: number };

/** Whether the words from `first` to `last` are written in capitals. */
function isUpperRun(tokens: Tokens, first: number, last: number): boolean {
  for (let index = first; index <= last; index++) {
    const raw = tokens.text.slice(tokens.starts[index], tokens.ends[index]);
    if (raw !== raw.toUpperCase()) return false;
  }
  return true;
}

/** The longest phrases of the trie in the tokens, left to right, not overlapping. */
function phraseMentions(tokens: Tokens, ignoreCase: boolean): RawMention[] {
  const found: RawMention[] = [];
  let index = 0;
  const count = tokens.norms.length;
  while (index < count) {
    let node: TrieNode | undefined = ROOT;
    let best: { target: Target; last: number } | null = null;
    for (let at = index; at < count && node; at++) {
      node = node.next.get(tokens.norms[at]!);
      if (!node || node.targets.length === 0) continue;
      const upperOk = ignoreCase || isUpperRun(tokens, index, at);
      const usable = node.targets.filter((target) => !target.upper || upperOk);
      const block = usable.find((target) => target.kind === 'block');
      const names = new Set(usable.map((t) => (t.kind === 'condition' ? t.name : t.kind)));
      // A phrase two conditions share names neither.
      if (block) best = { target: block, last: at };
      else if (usable.length > 0 && names.size === 1) best = { target: usable[0]!, last: at };
    }
    if (!best) {
      index += 1;
      continue;
    }
    const { target, last } = best;
    const first = index;
    index = last + 1;
    if (target.kind === 'block') continue;
    const start = tokens.starts[first]!;
    const end = tokens.ends[last]!;
    if (target.kind === 'condition') {
      const { name } = target;
      found.push({
        start,
        end,
        first,
        last,
        symptom: target.symptom,
        resolve: () => ({ name, end }),
        diagnosticCode: null,
      });
    } else {
      const { family } = target;
      found.push({
        start,
        end,
        first,
        last,
        symptom: false,
        resolve: (all, clause) => {
          const site = resolveSite(family, all, first, last, clause);
          return site && { name: site.name, end: Math.max(end, site.end) };
        },
        diagnosticCode: null,
      });
    }
  }
  return found;
}

/** Tokens near [first, last] within the clause, nearest first. */
function* nearby(tokens: Tokens, first: number, last: number, clause: Span) {
  for (let distance = 0; distance <= SITE_WINDOW; distance++) {
    const before = tokenAt(tokens, first - distance);
    const after = tokenAt(tokens, last + distance);
    if (before && before.start >= clause.start) yield before;
    if (after && distance > 0 && after.end <= clause.end) yield after;
  }
}

function resolveSite(
  family: SiteFamily,
  tokens: Tokens,
  first: number,
  last: number,
  clause: Span,
): { name: string; end: number } | null {
  for (const token of nearby(tokens, first, last, clause)) {
    const joint = JOINT_WORDS[token.norm];
    const spine = SPINE_WORDS[token.norm];
    const limb = LIMB_WORDS[token.norm];
    const label =
      (joint && family.joints?.[joint]) ||
      (spine && family.spine?.[spine]) ||
      (limb && family.limbs?.[limb]);
    if (label) return { name: label, end: token.end };
  }
  return family.fallback ? { name: family.fallback, end: 0 } : null;
}

const SIDE_WORDS: Readonly<Record<string, SideOfBody>> = {
  left: 'left',
  lt: 'left',
  right: 'right',
  rt: 'right',
  bilateral: 'bilateral',
  bilat: 'bilateral',
  both: 'bilateral',
};

/** Words a side does not reach across ("sleep apnea and bilateral hearing loss"). */
const SIDE_STOPS = new Set(['and', 'or', 'with', 'vs', 'versus', 'but']);

function sideOf(tokens: Tokens, index: number): SideOfBody | null {
  const token = tokenAt(tokens, index);
  if (!token) return null;
  const side = SIDE_WORDS[token.norm];
  if (side) return side;
  // "R knee", "L ear": a capital letter alone (not the R of "R/O").
  const isAlone = tokens.text.charAt(token.end) !== '/';
  if (token.raw === 'L' && isAlone) return 'left';
  if (token.raw === 'R' && isAlone) return 'right';
  return null;
}

/** The side written in or next to a mention: the nearest within SIDE_WINDOW words, after it first. */
function sideNear(tokens: Tokens, first: number, last: number, clause: Span): SideOfBody | null {
  const reach = (from: number, step: 1 | -1): SideOfBody | null => {
    for (let index = from, taken = 0; taken < SIDE_WINDOW; index += step, taken++) {
      const start = tokens.starts[index];
      if (start === undefined || start < clause.start || start >= clause.end) return null;
      if (SIDE_STOPS.has(tokens.norms[index] ?? '')) return null;
      const side = sideOf(tokens, index);
      if (side) return side;
    }
    return null;
  };
  // "Bilateral hearing loss" names its side inside the phrase.
  for (let index = first; index <= last; index++) {
    const side = sideOf(tokens, index);
    if (side) return side;
  }
  return reach(last + 1, 1) ?? reach(first - 1, -1);
}

const ICD_CODE = /\b([A-TV-Z]\d[0-9A-Z])(?:\.([0-9A-Z]{1,4}))?\b/g;
const ICD_CONTEXT = /(?:\bICD(?:-?10)?(?:-CM)?|\bcode)\s*:?\s*$/i;

/** The condition an ICD-10-CM code names, by its longest known prefix. */
export function conditionForIcd10(code: string): string | null {
  const plain = code.toUpperCase().replace('.', '');
  for (let length = plain.length; length >= 3; length--) {
    const prefix =
      length > 3 ? `${plain.slice(0, 3)}.${plain.slice(3, length)}` : plain.slice(0, 3);
    if (prefix in ICD10_PREFIXES) return ICD10_PREFIXES[prefix] ?? null;
  }
  return null;
}

function icdMentions(text: string, sections: readonly Section[]): RawMention[] {
  const found: RawMention[] = [];
  for (const match of text.matchAll(ICD_CODE)) {
    const name = conditionForIcd10(match[0]);
    if (!name) continue;
    const start = match.index;
    const end = start + match[0].length;
    // A bare three-character code ("I10") counts only where a code is expected.
    const isBare = match[2] === undefined;
    if (
      isBare &&
      sectionAt(sections, start)?.kind !== 'diagnostic' &&
      !/[([]\s*$/.test(text.slice(Math.max(0, start - 2), start)) &&
      !ICD_CONTEXT.test(text.slice(Math.max(0, start - 16), start))
    )
      continue;
    found.push({
      start,
      end,
      first: -1,
      last: -1,
      symptom: false,
      resolve: () => ({ name, end }),
      diagnosticCode: null,
    });
  }
  return found;
}

const DIAGNOSTIC_CODE =
  /\b(?:DC|D\.C\.|diagnostic\s+code|diag\.?\s+code)\s*(?:#|no\.?)?\s*:?\s*(\d{4})(?:\s*[-–/]\s*(\d{4}))?\b/gi;

function diagnosticCodeMentions(text: string): RawMention[] {
  const found: RawMention[] = [];
  for (const match of text.matchAll(DIAGNOSTIC_CODE)) {
    const first = match[1] ?? '';
    const code = first.endsWith('99') && match[2] ? match[2] : first;
    const name = BY_DIAGNOSTIC_CODE.get(code);
    if (!name) continue;
    found.push({
      start: match.index,
      end: match.index + match[0].length,
      first: -1,
      last: -1,
      symptom: false,
      resolve: () => ({ name, end: match.index + match[0].length }),
      diagnosticCode: code,
    });
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// Sections

/**
 * A part of a page under a heading: a diagnostic one (assessment, diagnoses, problem list, medical
 * history), a relative's (family history), or a doubtful one whose conditions are not diagnoses (a
 * differential, or the conditions a claim form lists).
 */
type SectionKind = 'diagnostic' | 'family' | 'doubtful';
type Section = Span & { kind: SectionKind };

/**
 * A heading: its name at the start of a line, then a colon or dash within a few words ("Assessment
 * and plan:", "A/P -"), or nothing else on the line but a note in brackets ("FAMILY HISTORY",
 * "Problem list (active)").
 */
const heading = (names: string) =>
  new RegExp(
    `^[ \\t]*(?:[-*•#]\\s*)?(?:${names})\\b(?:[^:\\n]{0,30}[:\\-–—]|\\s*(?:\\([^)\\n]{0,30}\\)\\s*)?$)`,
    'i',
  );

const HEADINGS: readonly { kind: SectionKind | null; pattern: RegExp }[] = [
  {
    kind: 'diagnostic',
    pattern: heading(
      'a|assessment(?:\\s*(?:and|&|/)\\s*plan)?|a\\s*/\\s*p|a\\s*&\\s*p|impressions?|clinical\\s+impression|' +
        '(?:final\\s+|discharge\\s+|working\\s+|current\\s+)?diagnos[ie]s|dx|problem\\s+list|problems|' +
        'active\\s+problems|past\\s+medical\\s+history|medical\\s+history|pmh|pmhx|conditions?',
    ),
  },
  { kind: 'family', pattern: heading('family\\s+(?:medical\\s+)?history|family\\s+hx|fhx|fh') },
  {
    kind: 'doubtful',
    pattern: heading(
      'ddx|differential(?:\\s+diagnos[ie]s)?|current\\s+disabilit(?:y|ies)(?:\\s*\\(ies\\))?|' +
        'claimed\\s+(?:conditions?|disabilit(?:y|ies))|conditions?\\s+claimed|contentions?|issues?',
    ),
  },
  {
    kind: null,
    pattern: heading(
      'subjective|objective|s|o|hpi|history\\s+of\\s+present\\s+illness|chief\\s+complaint|cc|' +
        'reason\\s+for\\s+(?:visit|referral|exam|consult)|ros|review\\s+of\\s+systems|plan|p|' +
        'physical\\s+exam(?:ination)?|exam|pe|vitals?|vital\\s+signs|medications?|meds|allergies|' +
        'social\\s+history|sh|shx|labs?|results|imaging|procedures?|remarks|disposition|instructions|' +
        'follow[\\s-]*up|signed|signature|history|mse|mental\\s+status\\s+exam|exposures?',
    ),
  },
];

/** The sections of a page, each from its heading to the next heading. */
function sectionsOf(text: string): Section[] {
  const sections: Section[] = [];
  let open: Section | null = null;
  let lineStart = 0;
  while (lineStart <= text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    // A heading has a colon or dash near the start, or is a short line: others are not tested.
    const head = text.slice(lineStart, Math.min(lineEnd, lineStart + 60));
    const line = text.slice(lineStart, lineEnd);
    if (lineEnd - lineStart <= 40 || /[:\-–—]/.test(head)) {
      const found = HEADINGS.find((entry) => entry.pattern.test(line));
      if (found) {
        if (open) {
          open.end = lineStart;
          sections.push(open);
        }
        open = found.kind ? { start: lineStart, end: text.length, kind: found.kind } : null;
        // A doubtful heading with its items on the same line ("Contention: tinnitus") covers
        // only that line.
        if (open?.kind === 'doubtful' && /[:\-–—]\s*\S/.test(line)) {
          open.end = lineEnd;
          sections.push(open);
          open = null;
        }
      } else if (open?.kind === 'doubtful' && line.trim() === '') {
        open.end = lineStart;
        sections.push(open);
        open = null;
      }
    }
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  if (open) sections.push(open);
  return sections;
}

const sectionAt = (sections: readonly Section[], index: number) =>
  sections.find((section) => index >= section.start && index < section.end);

const DIAGNOSIS_CUE = /\b(?:diagnos\w*|dx|assessment|impression|a\/p)\b/i;

/** A form's title ("Hearing Loss and Tinnitus Disability Benefits Questionnaire") names the
 * conditions it examines, not a diagnosis. */
const FORM_TITLE = /\b(?:disability\s+benefits\s+questionnaire|DBQ)\b/i;

function lineAt(text: string, index: number): string {
  const start = text.lastIndexOf('\n', index - 1) + 1;
  const end = text.indexOf('\n', index);
  return text.slice(start, end === -1 ? text.length : end);
}

/** Every mention of a condition on a page, counted or not, in order. */
export function findConditionMentions(text: string): ConditionMention[] {
  const tokens = tokensOf(text);
  const sections = sectionsOf(text);
  const raw = [
    ...phraseMentions(tokens, false),
    ...icdMentions(text, sections),
    ...diagnosticCodeMentions(text),
  ];
  raw.sort((a, b) => a.start - b.start);
  const mentions: ConditionMention[] = [];
  for (const mention of raw) {
    const clause = clauseAround(text, mention.start, mention.end);
    const resolved = mention.resolve(tokens, clause);
    if (!resolved) continue;
    const { name } = resolved;
    const span = { start: mention.start, end: Math.max(mention.end, resolved.end) };
    const section = sectionAt(sections, mention.start);
    let assertion = findAssertion(text, span);
    if (section?.kind === 'family' && assertion !== 'negated') assertion = 'family';
    if (section?.kind === 'doubtful' && assertion === 'affirmed') assertion = 'uncertain';
    const inContext =
      !mention.symptom ||
      section?.kind === 'diagnostic' ||
      DIAGNOSIS_CUE.test(text.slice(clause.start, mention.start));
    mentions.push({
      name,
      start: span.start,
      end: span.end,
      assertion,
      counted: assertion === 'affirmed' && inContext && !FORM_TITLE.test(lineAt(text, span.start)),
      side: mention.first >= 0 ? sideNear(tokens, mention.first, mention.last, clause) : null,
      diagnosticCode: mention.diagnosticCode,
    });
  }
  return mentions;
}

// ---------------------------------------------------------------------------------------------
// Findings

/** The conditions a name (typed by the veteran or a catalogue label) stands for. */
export function conditionsNamed(text: string): Set<string> {
  const names = new Set<string>();
  const direct = CONDITIONS.get(baseName(text.trim()));
  if (direct) names.add(direct.name);
  const tokens = tokensOf(text);
  const whole = { start: 0, end: text.length };
  for (const mention of phraseMentions(tokens, true)) {
    const resolved = mention.resolve(tokens, whole);
    if (resolved) names.add(resolved.name);
  }
  return names;
}

const PRESUMPTIVE = new Map<string, PresumptiveFlag>();

function presumptiveFor(condition: Condition): PresumptiveFlag {
  const known = PRESUMPTIVE.get(condition.name);
  if (known !== undefined) return known;
  let flag: PresumptiveFlag = false;
  if (condition.catalogued) {
    const { lists } = presumptiveMatches({
      condition: { name: condition.label, diagnosticCodes: condition.codes },
      exposures: [],
      today: PRESUMPTIVE_DAY,
    });
    if (lists.length > 0)
      flag = {
        lists: lists.map((named) => ({
          id: named.list.id,
          title: named.list.title,
          certain: named.certain,
        })),
      };
  }
  PRESUMPTIVE.set(condition.name, flag);
  return flag;
}

/** Up to SNIPPET_LENGTH characters around [start, end), cut at spaces, protected text withheld. */
export function snippetAround(text: string, start: number, end: number): string {
  const room = Math.max(0, SNIPPET_LENGTH - (end - start));
  let from = Math.max(0, start - Math.floor(room / 2));
  const to = Math.min(text.length, from + (end - start) + room);
  from = Math.max(0, Math.min(from, to - SNIPPET_LENGTH));
  let cutFrom = from;
  let cutTo = to;
  if (cutFrom > 0 && /\S/.test(text.charAt(cutFrom - 1))) {
    const space = text.slice(cutFrom, start).search(/\s/);
    if (space !== -1) cutFrom += space + 1;
  }
  if (cutTo < text.length && /\S/.test(text.charAt(cutTo))) {
    const tail = text.slice(end, cutTo);
    const space = Math.max(tail.lastIndexOf(' '), tail.lastIndexOf('\n'), tail.lastIndexOf('\t'));
    if (space !== -1) cutTo = end + space;
  }
  // Withheld before the line breaks are folded: a line break ends a sentence for the detector.
  const snippet = redactProtectedHealth(text.slice(cutFrom, cutTo)).replace(/\s+/g, ' ').trim();
  if (snippet.length <= SNIPPET_LENGTH) return snippet;
  // A placeholder can be longer than the sentence it stands for: cut at a space.
  const cut = snippet.slice(0, SNIPPET_LENGTH + 1);
  return cut.slice(0, Math.max(cut.lastIndexOf(' '), 0)).trimEnd();
}

type Accumulator = {
  condition: Condition;
  pages: number[];
  sides: Set<SideOfBody>;
  writtenCode: string | null;
  mentions: { page: number; text: string; start: number; end: number }[];
};

/**
 * The diagnoses of a C-file: each condition the pages affirm, with its pages (ascending), a few
 * snippets, and its flags; ordered by the first page it appears on, then by name.
 */
export function findConditions(
  pages: readonly CfilePage[],
  options: { claimed: readonly ClaimedCondition[] },
): ConditionFinding[] {
  const found = new Map<string, Accumulator>();
  // In page order, so the evidence kept is that of the first pages.
  const ordered = [...pages].sort((a, b) => a.page - b.page);
  for (const { page, text } of ordered) {
    for (const mention of findConditionMentions(text)) {
      if (!mention.counted) continue;
      let entry = found.get(mention.name);
      if (!entry) {
        entry = {
          condition: conditionNamed(mention.name),
          pages: [],
          sides: new Set(),
          writtenCode: null,
          mentions: [],
        };
        found.set(mention.name, entry);
      }
      if (entry.pages.at(-1) !== page) {
        entry.pages.push(page);
        if (entry.mentions.length < MAX_EVIDENCE)
          entry.mentions.push({ page, text, start: mention.start, end: mention.end });
      }
      if (mention.side) entry.sides.add(mention.side);
      entry.writtenCode ??= mention.diagnosticCode;
    }
  }

  const claims = options.claimed.map((claim) => ({
    names: conditionsNamed(claim.name),
    code: claim.diagnostic_code?.trim() || null,
  }));

  const findings = [...found.values()].map((entry): ConditionFinding => {
    const { condition } = entry;
    const diagnosticCode = entry.writtenCode ?? condition.codes[0] ?? null;
    const codes = new Set([...condition.codes, ...(entry.writtenCode ? [entry.writtenCode] : [])]);
    const isProtected = isProtectedCondition({ title: condition.name, diagnosticCode });
    const pagesSorted = [...new Set(entry.pages)].sort((a, b) => a - b);
    return {
      name: condition.name,
      catalogued: condition.catalogued,
      diagnostic_code: diagnosticCode,
      pages: pagesSorted,
      sides: [...entry.sides].sort(),
      claimed: claims.some(
        (claim) =>
          claim.names.has(condition.name) ||
          (claim.names.size === 0 && claim.code !== null && codes.has(claim.code)),
      ),
      presumptive: presumptiveFor(condition),
      protected_7332: isProtected,
      evidence: entry.mentions.map((mention) => ({
        page: mention.page,
        snippet: isProtected
          ? PROTECTED_HEALTH_PLACEHOLDER
          : snippetAround(mention.text, mention.start, mention.end),
      })),
    };
  });
  return findings.sort(
    (a, b) => (a.pages[0] ?? 0) - (b.pages[0] ?? 0) || a.name.localeCompare(b.name),
  );
}
