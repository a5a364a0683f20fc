/**
 * Lists the medications named in a veteran's claims file (C-file), page by page: which drug, the
 * dose written most often, the first and last date it was seen and the pages it is on. Pure text
 * in, plain data out; the page-processing job does the reading and the OCR.
 *
 * How a mention is found:
 * - From the lexicon (medication-lexicon.json): generic names, US brands and common abbreviations,
 *   matched as whole words, case-insensitive, and reported under the generic. Combination products
 *   match with "/", "-", "+", a space, "and" or "w/" between the ingredients, in either order for
 *   two ingredients. The longest name wins, so "Tylenol #3" is codeine with acetaminophen and
 *   "Zantac 360" is famotidine.
 * - From a dose pattern: an unknown word followed by a dose ("Foobarol 20 mg", "10mg tab",
 *   "1 tab po") or by a sig ("Sig:", "po", "by mouth"). A stop-list keeps ordinary words ("take
 *   2 tabs", "patient 50 mg") and lab names out, and a lab unit (mg/dL, ng/mL, mmol/L…) is never a
 *   dose.
 *
 * What is not a medication the veteran takes:
 * - An allergy: anything in an "Allergies:" list (until a blank line or the next section), after
 *   "allergic to" or "intolerant of" in the same clause, or right before "allergy".
 * - A denial: "denies use of X", "negative for X", "never took X", "declined X", "avoid X", "no X",
 *   and the rest of a list that such a phrase governs ("denies ibuprofen, naproxen or aspirin").
 *   "Discontinued" and "no longer taking" are kept: stopping a drug does not erase its history.
 * - A lab result: the name followed by a value in a lab unit ("Vitamin D 25 ng/mL", "lithium
 *   0.8 mEq/L") or by "level", "deficiency" and the like.
 * - A relative's medicine ("mother takes metformin", "FH: father on lisinopril"), a drug screen's
 *   result ("UDS positive for buprenorphine") and a town written as an address ("Norco, CA").
 * - Nicotine and testosterone only count with a dose or a product word (patch, gum, gel,
 *   cypionate…): "nicotine dependence" and "low testosterone" are conditions, not drugs.
 *
 * OCR tolerance: a word split by a hyphen and line break ("sertra-\nline") or by a stray space or
 * line break is joined when the joined word is a lexicon name; a capital I, a 1 or a 0 inside a
 * word is read as l, l or o, and "rn" as m, when that turns an unknown word into a lexicon name
 * ("metoproIoI", "metforrnin"). Nothing else is guessed: a repair must land on a known word.
 *
 * Dates: a date on the same line as the mention, else the page's own date, else the nearest date
 * written on the page. Dates of birth and expiry dates are ignored.
 *
 * Protection: a drug that treats drug or alcohol use disorder makes the record one that 38 U.S.C.
 * 7332 protects. Tobacco cessation (nicotine replacement, varenicline) is not covered by the law.
 *
 * Speed: one pass over each page's words with a prefix tree of lexicon names; the work per mention
 * looks at a bounded window, so the whole run is linear in the text.
 */
import { isProtectedHealth } from '../protected-health.ts';
import lexiconFile from './medication-lexicon.json' with { type: 'json' };

export type MedicationPage = { page: number; text: string; date?: string | null };

export type MedicationSource = 'lexicon' | 'dose_pattern';

export type FoundMedication = {
  /** The generic name in lower case, or the word found before a dose. */
  name: string;
  /** The dose written most often, normalised ("50 mg", "90 mcg/actuation", "1 tab"). */
  dose: string | null;
  /** YYYY-MM-DD */
  first_seen: string | null;
  /** YYYY-MM-DD */
  last_seen: string | null;
  pages: number[];
  protected_7332: boolean;
  source: MedicationSource;
};

export type LexiconEntry = {
  generic: string;
  brands: string[];
  aliases?: string[];
  classes: string[];
  substance_use_treatment?: boolean;
};

export const MEDICATION_LEXICON: readonly LexiconEntry[] = lexiconFile.medications;

// ---------------------------------------------------------------------------------------------
// The prefix tree of lexicon names, built once.

type TrieNode = { children: Map<string, TrieNode>; entry: number };

function newNode(): TrieNode {
  return { children: new Map(), entry: -1 };
}

function wordsOf(name: string): string[] {
  return name.toLowerCase().match(/[a-z0-9]+/g) ?? [];
}

/** Abbreviations that mean something else too often unless a dose follows them. */
const NEEDS_DOSE_WORDS = new Set(['asa', 'kcl', 'mvi', 'ntg', 'ismn', 'isdn']);
/** Generics that also name a condition or a habit: they count only with a dose or product word. */
const NEEDS_PRODUCT_GENERICS = new Set(['nicotine', 'testosterone']);
const PRODUCT_WORD =
  /^[\s,:(-]*(?:patch(?:es)?|gum|lozenges?|inhaler|nasal|spray|replacement|nrt|gel|cream|cypionate|enanthate|undecanoate|injections?|inj|pellets?|transdermal|tabs?|tablets?|sublingual)\b/i;

type Lexicon = {
  root: TrieNode;
  /** Every word of every name, for OCR repairs. */
  words: Set<string>;
  /** The starts of those words that are not words themselves, for joining split words. */
  prefixes: Set<string>;
  /** Names (as word lists joined by a space) that need a dose after them. */
  needsDose: Set<string>;
};

function buildLexicon(entries: readonly LexiconEntry[]): Lexicon {
  const root = newNode();
  const words = new Set<string>();
  const needsDose = new Set<string>();
  const add = (tokens: string[], entry: number) => {
    if (tokens.length === 0) return;
    let node = root;
    for (const token of tokens) {
      words.add(token);
      let next = node.children.get(token);
      if (!next) {
        next = newNode();
        node.children.set(token, next);
      }
      node = next;
    }
    // The first entry to claim a name keeps it: a brand belongs to one generic.
    if (node.entry === -1) node.entry = entry;
  };
  entries.forEach((entry, index) => {
    const names = [entry.generic, ...entry.brands, ...(entry.aliases ?? [])];
    for (const name of names) {
      const tokens = wordsOf(name);
      add(tokens, index);
      if (tokens.length === 1 && NEEDS_DOSE_WORDS.has(tokens[0] ?? ''))
        needsDose.add(tokens[0] ?? '');
      // Combinations: the ingredients joined by "and", "w/" or "with", and reversed when two.
      if (name.includes('/')) {
        const parts = name.split('/').map(wordsOf);
        const variants = [parts];
        if (parts.length === 2) variants.push([...parts].reverse());
        for (const variant of variants) {
          for (const joiner of [[], ['and'], ['w'], ['with']]) {
            add(
              variant.flatMap((part, i) => (i === 0 ? part : [...joiner, ...part])),
              index,
            );
          }
        }
      }
    }
  });
  const prefixes = new Set<string>();
  for (const word of words) {
    for (let end = 2; end < word.length; end += 1) {
      const prefix = word.slice(0, end);
      if (!words.has(prefix)) prefixes.add(prefix);
    }
  }
  return { root, words, prefixes, needsDose };
}

let lexicon: Lexicon | undefined;
function getLexicon(): Lexicon {
  lexicon ??= buildLexicon(MEDICATION_LEXICON);
  return lexicon;
}

// ---------------------------------------------------------------------------------------------
// Words of a page.

type Token = { start: number; end: number; key: string; isWord: boolean };

const SOFT_BREAK = /^(?:-[ \t]*\r?\n[ \t]*|[ \t]*\r?\n[ \t]*|[ \t]{1,2})$/;
const NAME_GAP = /^[ \t]*[/\-+&#]?[ \t]*(?:\r?\n[ \t]*)?$/;

/** Reads a capital I or a 1 inside a word as l and a 0 as o, as OCR often confuses them. */
function repairOcr(raw: string, words: Set<string>): string | undefined {
  if (raw.length < 5 || !/[a-zA-Z]/.test(raw)) return undefined;
  const hasLower = /[a-z]/.test(raw);
  if (!/[10]/.test(raw) && !(hasLower && raw.includes('I'))) return undefined;
  const digitsRead = raw.replace(/1/g, 'l').replace(/0/g, 'o');
  // A capital I may be a real capital at the start of a word ("InderaI"), so try keeping it first.
  const candidates = hasLower
    ? [digitsRead[0] + digitsRead.slice(1).replace(/I/g, 'l'), digitsRead.replace(/I/g, 'l')]
    : [digitsRead];
  return candidates.map((candidate) => candidate.toLowerCase()).find((key) => words.has(key));
}

type Words = {
  tokens: Token[];
  /** Whether a word that can start an allergy list or phrase is on the page. */
  mentionsAllergy: boolean;
};

const ALLERGY_STEMS = ['allerg', 'adverse', 'intoleran', 'adr', 'sensitiv', 'reaction'];

/** Splits a page into words (runs of letters and digits) in one pass over its characters. */
function tokenize(text: string, lexicon: Lexicon): Words {
  const { words, prefixes } = lexicon;
  const tokens: Token[] = [];
  let mentionsAllergy = false;
  const length = text.length;
  let i = 0;
  while (i < length) {
    let code = text.charCodeAt(i);
    if (!isWordChar(code)) {
      i += 1;
      continue;
    }
    const start = i;
    let letters = true;
    let lower = false;
    let capitalI = false;
    let zeroOrOne = false;
    while (i < length && isWordChar((code = text.charCodeAt(i)))) {
      if (code <= 57) {
        letters = false;
        if (code === 48 || code === 49) zeroOrOne = true;
      } else if (code >= 97) {
        lower = true;
      } else if (code === 73) {
        capitalI = true;
      }
      i += 1;
    }
    // OCR confusions worth a second look: a capital I inside a lower-case word, or a 0 or 1 in a
    // word of letters.
    const oddCharacters = i - start >= 5 && ((lower && capitalI) || (zeroOrOne && !letters));
    const raw = text.slice(start, i);
    let key = raw.toLowerCase();
    if (!words.has(key)) {
      const repaired = oddCharacters ? repairOcr(raw, words) : undefined;
      if (repaired) {
        key = repaired;
        letters = true;
      } else if (letters && key.length >= 5 && key.includes('rn')) {
        // "rn" read for "m" ("metforrnin")
        const joined = key.replace(/rn/g, 'm');
        if (words.has(joined)) key = joined;
      }
    }
    if (!mentionsAllergy && letters && key.length >= 3) {
      mentionsAllergy = ALLERGY_STEMS.some((stem) => key.startsWith(stem));
    }
    // A word split by OCR or a hyphenated line break: join it when the join is a lexicon word and
    // the piece before it is only the start of one.
    const previous = tokens.at(-1);
    if (
      letters &&
      previous?.isWord &&
      prefixes.has(previous.key) &&
      words.has(previous.key + key) &&
      SOFT_BREAK.test(text.slice(previous.end, start))
    ) {
      previous.key += key;
      previous.end = i;
      continue;
    }
    tokens.push({ start, end: i, key, isWord: letters });
  }
  return { tokens, mentionsAllergy };
}

function isWordChar(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

// ---------------------------------------------------------------------------------------------
// Doses.

/** Words between a drug name and its dose: salts, forms and releases ("HCl ER 50 mg tab"). */
const DOSE_SKIP =
  /(?:[\s,:;()\-*]+|\((?:[^)\n]{0,30})\)|\b(?:hcl|hydrochloride|hbr|er|xr|xl|sr|cr|la|dr|ec|odt|ir|cd|hct|hfa|mdi|dpi|inh|inhl|inhaler|nebulizer|neb|oral|tab|tabs|tablet|tablets|cap|caps|capsule|capsules|sodium|potassium|calcium|magnesium|succinate|tartrate|besylate|maleate|mesylate|fumarate|citrate|sulfate|acetate|bromide|propionate|furoate|cypionate|enanthate|disoproxil|extended|release|delayed|sustained|taper|burst|dose\s+pack|dosepak|soln|solution|susp|suspension|patch|gel|cream|ointment|topical|nasal|spray|ophthalmic|opth|drops|injection|inj|pen|kwikpen|flexpen|solostar|respimat|ellipta|diskus|handihaler|sublingual|sl|film|strip|transdermal|chewable|ds|fc)\b)/iy;

const NUMBER = String.raw`(?:\d{1,3}(?:,\d{3})+|\d*\.\d+|\d+)`;
const PAIRED_DOSE = new RegExp(
  String.raw`(${NUMBER})\s*(mg|mcg)\s*\/\s*(${NUMBER})\s*(?:mg|mcg)(?![a-z\d])`,
  'iy',
);
const DOSE = new RegExp(
  String.raw`(${NUMBER})(?:\s*\/\s*(${NUMBER}))?(?:\s*\/\s*(${NUMBER}))?\s*` +
    String.raw`(milligrams?|micrograms?|mg|mcg|µg|ug|grams?|gm|g|units?|iu|meq|ml|%|puffs?|tablets?|tabs?|capsules?|caps?|sprays?|drops?|gtts?|patch(?:es)?)?` +
    String.raw`(?:\s*\/\s*(act(?:uat(?:ion)?)?|inh(?:alation)?|puff|spray|hr|h|hour|ml|${NUMBER}\s*(?:ml|hr|hours?|h)))?(?![a-z\d])`,
  'iy',
);
const LAB_AFTER_DOSE = /^\s*\/\s*d?l\b/i;

const UNIT_NAMES: Record<string, [string, string]> = {
  mg: ['mg', 'mg'],
  milligram: ['mg', 'mg'],
  mcg: ['mcg', 'mcg'],
  µg: ['mcg', 'mcg'],
  ug: ['mcg', 'mcg'],
  microgram: ['mcg', 'mcg'],
  g: ['g', 'g'],
  gm: ['g', 'g'],
  gram: ['g', 'g'],
  unit: ['units', 'unit'],
  iu: ['units', 'unit'],
  meq: ['mEq', 'mEq'],
  ml: ['mL', 'mL'],
  '%': ['%', '%'],
  puff: ['puffs', 'puff'],
  tab: ['tabs', 'tab'],
  tablet: ['tabs', 'tab'],
  cap: ['caps', 'cap'],
  capsule: ['caps', 'cap'],
  spray: ['sprays', 'spray'],
  drop: ['drops', 'drop'],
  gtt: ['drops', 'drop'],
  patch: ['patches', 'patch'],
};

function normaliseNumber(raw: string): string {
  return String(Number(raw.replace(/,/g, '')));
}

function unitOf(raw: string, amount: string): string {
  let key = raw.toLowerCase();
  if (key.endsWith('es') && key.startsWith('patch')) key = 'patch';
  else if (key.length > 2 && key.endsWith('s')) key = key.slice(0, -1);
  const names = UNIT_NAMES[key];
  if (!names) return key;
  return amount === '1' ? names[1] : names[0];
}

function perOf(raw: string): string {
  const key = raw.toLowerCase().replace(/\s+/g, '');
  if (/^(?:act|inh|puff|spray)/.test(key)) return 'actuation';
  if (key === 'hr' || key === 'h' || key === 'hour') return 'hr';
  if (key === 'ml') return 'mL';
  const amount = /^([\d.,]+)(ml|hr|hours?|h)$/.exec(key);
  if (!amount?.[1]) return key;
  return `${normaliseNumber(amount[1])} ${amount[2] === 'ml' ? 'mL' : 'hr'}`;
}

type Dose = { text: string | null; end: number; hasUnit: boolean };

/**
 * Reads the dose that follows a name at `from`: the skipped words, then an amount with a unit (or
 * an ingredient pair such as 10/325). Returns where the reading stopped, dose or not.
 */
function readDose(text: string, from: number): Dose {
  const limit = Math.min(text.length, from + 90);
  let position = from;
  let newlines = 0;
  for (;;) {
    DOSE_SKIP.lastIndex = position;
    const skip = DOSE_SKIP.exec(text);
    if (!skip || skip[0].length === 0 || position >= limit) break;
    newlines += skip[0].split('\n').length - 1;
    if (newlines > 1) break;
    position += skip[0].length;
  }
  PAIRED_DOSE.lastIndex = position;
  const paired = PAIRED_DOSE.exec(text);
  if (paired?.[1] && paired[2] && paired[3]) {
    const unit = paired[2].toLowerCase();
    return {
      text: `${normaliseNumber(paired[1])}/${normaliseNumber(paired[3])} ${unit}`,
      end: position + paired[0].length,
      hasUnit: true,
    };
  }
  DOSE.lastIndex = position;
  const dose = DOSE.exec(text);
  if (!dose?.[1]) return { text: null, end: from, hasUnit: false };
  const end = position + dose[0].length;
  const amounts = [dose[1], dose[2], dose[3]].filter((part) => part !== undefined);
  const amount = amounts.map(normaliseNumber).join('/');
  const rawUnit = dose[4];
  if (!rawUnit) {
    // A bare number is a dose only as an ingredient pair ("Norco 10/325").
    return amounts.length > 1
      ? { text: amount, end, hasUnit: false }
      : { text: null, end: from, hasUnit: false };
  }
  if (LAB_AFTER_DOSE.test(text.slice(end, end + 6)))
    return { text: null, end: from, hasUnit: false };
  const unit = unitOf(rawUnit, amount);
  const per = dose[5] ? `/${perOf(dose[5])}` : '';
  const joined = unit === '%' ? `${amount}%` : `${amount} ${unit}${per}`;
  return { text: joined, end, hasUnit: true };
}

// ---------------------------------------------------------------------------------------------
// Context: labs, allergies, denials.

const LAB_VALUE =
  /^[\s:,=-]*(?:\([^)\n]{0,20}\)\s*)?(?:[<>]=?\s*)?\d+(?:\.\d+)?\s*(?:(?:mg|g|µg|ug|mcg)\s*\/\s*dl|(?:mg|mmol|nmol|pmol|meq|g|iu|u|units|miu|uiu|ng|µg|ug|mcg)\s*\/\s*l|(?:ng|pg|miu|uiu|iu|u)\s*\/\s*ml)\b/i;
const LAB_WORD =
  /^[\s,:-]*(?:levels?|deficiency|deficient|insufficiency|toxicity|trough|peak|screen|panel|equivalents?|milligram\s+equivalents?|mme|25\s*-?\s*(?:oh|hydroxy))\b/i;

const ALLERGY_AFTER =
  /^[\s,-]*(?:\([^)\n]{0,30}\)\s*)?(?:allerg(?:y|ies|ic)|intolerance|sensitivity)\b/i;

const ALLERGY_HEADER =
  /\b(?:allerg(?:y|ies)|adverse\s+(?:drug\s+)?reactions?|intolerances?|ADRs?)(?:\s*(?:\/|and|&)\s*(?:adverse\s+(?:drug\s+)?reactions?|ADRs?|allerg(?:y|ies)))?\s*(?:\([^)\n]{0,20}\))?[ \t]*(?::|-(?=\s))/i;
const ALLERGY_PHRASE =
  /\b(?:allergic|allergy|allergies|intoleran(?:t|ce)|sensitivity|sensitive|reactions?)\s+(?:to|of|with)\b/i;
const SECTION_LABEL =
  /(?:^|\n|[.;]\s+|\s{2,})[ \t]*(?:\d+[.)]\s*)?(?:(?:current|active|outpatient|inpatient|home|discharge|non-va|va|prescribed|other)\s+)*(?:medications?|meds|rx|prescriptions|problems?|problem\s+list|assessment|plan|impression|diagnos[ie]s|vitals?|vital\s+signs|labs?|laboratory|results|history|hpi|pmh|exam(?:ination)?|social|family|ros|review\s+of\s+systems|subjective|objective|chief\s+complaint|cc|immunizations?|procedures?|orders?|instructions|signed|note|allergies)\b[^:\n]{0,20}:/iy;

type Span = { start: number; end: number };

/** A line that starts a new part of a note: a section label, or S:, O:, A:, P: and the like. */
const NEW_PART = /\n[ \t]*(?:[A-Z]{1,3}:|\d+[.)]\s*(?:medications?|meds)\b)/y;

/** Where an allergy list that starts at `start` ends. */
function allergyListEnd(text: string, start: number): number {
  const newline = text.indexOf('\n', start);
  const lineEnd = newline === -1 ? text.length : newline;
  // A list on the header's own line ends with the line, or earlier at the next section label.
  for (let i = start; i < lineEnd; i += 1) {
    const char = text[i];
    if (char === '.' || char === ';' || (char === ' ' && text[i + 1] === ' ')) {
      SECTION_LABEL.lastIndex = i;
      if (SECTION_LABEL.test(text)) return i;
    }
  }
  const firstLine = text.slice(start, lineEnd);
  if (firstLine.trim() !== '' && !/,\s*$/.test(firstLine)) return lineEnd;
  // A list under the header runs to a blank line or the next part of the note.
  let end = lineEnd;
  for (let lines = 0; end < text.length && lines < 15; lines += 1) {
    const next = text.indexOf('\n', end + 1);
    const nextEnd = next === -1 ? text.length : next;
    if (text.slice(end + 1, nextEnd).trim() === '') break;
    SECTION_LABEL.lastIndex = end;
    NEW_PART.lastIndex = end;
    if (SECTION_LABEL.test(text) || NEW_PART.test(text)) break;
    end = nextEnd;
  }
  return end;
}

const ALLERGY_HEADER_AT = new RegExp(ALLERGY_HEADER.source, 'iy');
const ALLERGY_PHRASE_AT = new RegExp(ALLERGY_PHRASE.source, 'iy');

/** The allergy lists and phrases on a page, looked for only at words that can start them. */
function findAllergySpans(text: string, tokens: Token[]): Span[] {
  const spans: Span[] = [];
  let after = 0;
  for (const token of tokens) {
    if (token.start < after || !ALLERGY_STEMS.some((stem) => token.key.startsWith(stem))) continue;
    ALLERGY_HEADER_AT.lastIndex = token.start;
    const header = ALLERGY_HEADER_AT.exec(text);
    if (header) {
      const start = token.start + header[0].length;
      const end = allergyListEnd(text, start);
      spans.push({ start, end });
      after = start;
      continue;
    }
    ALLERGY_PHRASE_AT.lastIndex = token.start;
    if (ALLERGY_PHRASE_AT.test(text)) {
      const rest = text.slice(token.start, token.start + 300);
      const stop = /[.;\n]/.exec(rest);
      spans.push({ start: token.start, end: token.start + (stop ? stop.index : rest.length) });
    }
  }
  return spans;
}

function inSpans(spans: Span[], position: number): boolean {
  return spans.some((span) => position >= span.start && position < span.end);
}

const DENIAL = new RegExp(
  // The denial word…
  String.raw`(?:\bdenie[sd]\b|\bdeny(?:ing)?\b|\bnegative\s+for\b|\bnever\s+(?:took|taken|used|tried|been\s+on|on)\b|\bavoid(?:s|ing|ed)?\b|\bdeclined?\b|\bdeclines\b|\brefused?\b|\brefuses\b|\bno\b)` +
    // …history words…
    String.raw`(?:\s+(?:any|use|using|taking|of|prior|current|past|history|other|otc|over-the-counter|medications?|such|as|the|illicit|recreational|further|additional))*` +
    // …then a list of other things denied ("marijuana, ibuprofen or"), right up to the drug.
    String.raw`[\s:,]*(?:[a-z-]+(?:\s+[a-z-]+){0,2}\s*(?:,|\bor\b|\band\b|\/)\s*)*$`,
  'i',
);
const LIST_JOIN = /^[\s,/]*(?:(?:and|or|nor)\b)?[\s,/]*$/i;

/**
 * A relative's medicine ("mother takes metformin", "FH: father on lisinopril"): a family word
 * earlier in the clause, with no word for the veteran between it and the drug.
 */
const FAMILY_WORD =
  /\b(?:mother|father|mom|dad|brother|sister|son|daughter|wife|husband|spouse|grandmother|grandfather|grandparents?|aunt|uncle|cousin|family\s+history|fh)\b/gi;
const VETERAN_WORD = /\b(?:veteran|patient|pt|vet|member|snm|he|she|i)\b/i;
/** A drug screen's result names what was in the urine, not what was prescribed. */
const DRUG_SCREEN =
  /\b(?:uds|udt|urine\s+(?:drug|tox(?:icology)?)|tox(?:icology)?\s+screen|drug\s+screen|drug\s+test)\b/i;
/**
 * A place that shares a brand's name, written as an address ("Norco, CA 92860"): the name, a comma,
 * a US state code, then a ZIP code, a comma or the end of the line.
 */
const STATE_AFTER =
  /^,[ \t]*(?:A[KLRZ]|C[AOT]|D[CE]|FL|GA|HI|I[ADLN]|K[SY]|LA|M[ADEINOST]|N[CDEHJMVY]|O[HKR]|PA|RI|S[CD]|T[NX]|UT|V[AT]|W[AIVY])(?:[ \t]+\d{5}(?:-\d{4})?)?[ \t]*(?:,|\r?\n|$)/;

function isRelatives(before: string): boolean {
  let last = -1;
  for (const match of before.matchAll(FAMILY_WORD)) last = match.index + match[0].length;
  return last >= 0 && !VETERAN_WORD.test(before.slice(last));
}

// ---------------------------------------------------------------------------------------------
// Dates.

const MONTHS =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const DATE = new RegExp(
  [
    String.raw`(?<![\w/.-])(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?![\w/])`,
    String.raw`(?<![\w/.-])(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?![\w/])`,
    String.raw`(?<![\w/.-])(\d{1,2})[ -]?(${MONTHS})\.?[ ,-]?(\d{4}|\d{2})(?![\w/])`,
    String.raw`(?<![\w])(${MONTHS})\.?[ ]+(\d{1,2})(?:st|nd|rd|th)?,?[ ]+(\d{4})(?![\w/])`,
  ].join('|'),
  'gi',
);
const IGNORED_DATE_LABEL =
  /(?:\bDOB|\bbirth|\bborn|\bexp(?:ires|iration|\.)?|\bexpiry|\bdiscard)\b[^\n]{0,12}$/i;
const MONTH_NUMBER: Record<string, number> = {
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

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isoDate(year: number, month: number, day: number): string | null {
  if (year < 1940 || year > 2099 || month < 1 || month > 12 || day < 1) return null;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const daysInMonth = month === 2 ? (leap ? 29 : 28) : (DAYS_IN_MONTH[month - 1] ?? 31);
  if (day > daysInMonth) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A two-digit year in a military date (14MAR04) is read as 1950–2049. */
function fullYear(raw: string): number {
  const year = Number(raw);
  if (raw.length === 4) return year;
  return year < 50 ? 2000 + year : 1900 + year;
}

function dateFromMatch(match: RegExpMatchArray): string | null {
  const g = match;
  if (g[1]) return isoDate(Number(g[1]), Number(g[2]), Number(g[3]));
  if (g[4]) return isoDate(Number(g[6]), Number(g[4]), Number(g[5]));
  if (g[7] && g[8] && g[9]) {
    return isoDate(fullYear(g[9]), MONTH_NUMBER[g[8].slice(0, 3).toLowerCase()] ?? 0, Number(g[7]));
  }
  if (g[10] && g[11] && g[12]) {
    return isoDate(
      Number(g[12]),
      MONTH_NUMBER[g[10].slice(0, 3).toLowerCase()] ?? 0,
      Number(g[11]),
    );
  }
  return null;
}

type PageDate = { index: number; iso: string };

const MONTH_WORDS = new Set(
  'jan january feb february mar march apr april may jun june jul july aug august sep sept september oct october nov november dec december'.split(
    ' ',
  ),
);
const DATE_AT = new RegExp(DATE.source, 'iy');
const DATE_ANYWHERE = new RegExp(DATE.source, 'i');

/** A cheap look at whether a date could start at this word, before the full date pattern runs. */
function mayStartDate(text: string, tokens: Token[], token: Token, index: number): boolean {
  const { key } = token;
  const code = key.charCodeAt(0);
  if (!(code >= 48 && code <= 57)) return MONTH_WORDS.has(key);
  let digits = 1;
  while (digits < key.length && key.charCodeAt(digits) <= 57) digits += 1;
  // "14mar2004" is one word.
  if (digits < key.length) return MONTH_WORDS.has(key.slice(digits, digits + 3));
  const next = text[token.end];
  if (next === '/' || next === '-' || next === '.') return true;
  const following = tokens[index + 1]?.key;
  return next === ' ' && following !== undefined && MONTH_WORDS.has(following.slice(0, 3));
}

/** The dates on a page, read only where a word could start one (a number or a month). */
function findDates(text: string, tokens: Token[]): PageDate[] {
  const dates: PageDate[] = [];
  let after = 0;
  for (const [index, token] of tokens.entries()) {
    if (token.start < after) continue;
    if (!mayStartDate(text, tokens, token, index)) continue;
    DATE_AT.lastIndex = token.start;
    const match = DATE_AT.exec(text);
    if (!match) continue;
    after = token.start + match[0].length;
    const iso = dateFromMatch(match);
    if (!iso) continue;
    const before = text.slice(Math.max(0, token.start - 30), token.start);
    if (IGNORED_DATE_LABEL.test(before)) continue;
    dates.push({ index: token.start, iso });
  }
  return dates;
}

/** Reads a date on its own ("2004-03-14", "14MAR2004", an ISO timestamp) as YYYY-MM-DD. */
export function parseRecordDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (iso) return isoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const match = DATE_ANYWHERE.exec(value);
  return match ? dateFromMatch(match) : null;
}

function dateForMention(
  text: string,
  dates: PageDate[],
  position: number,
  pageDate: string | null,
): string | null {
  if (dates.length === 0) return pageDate;
  const lineStart = text.lastIndexOf('\n', position - 1) + 1;
  const newline = text.indexOf('\n', position);
  const lineEnd = newline === -1 ? text.length : newline;
  let sameLine: PageDate | undefined;
  let before: PageDate | undefined;
  let after: PageDate | undefined;
  for (const date of dates) {
    if (date.index >= lineStart && date.index < lineEnd) {
      if (!sameLine || Math.abs(date.index - position) < Math.abs(sameLine.index - position)) {
        sameLine = date;
      }
    }
    if (date.index < position) before = date;
    else after ??= date;
  }
  return sameLine?.iso ?? pageDate ?? before?.iso ?? after?.iso ?? null;
}

// ---------------------------------------------------------------------------------------------
// Names found by a dose pattern.

/** Words that come before a dose but are not drugs: instructions, record words, labs, habits. */
const NOT_A_DRUG = new Set(
  (
    'take takes taking took given give gave giving increase increased increasing decrease decreased ' +
    'reduce reduced reducing dose doses dosage dosing total daily then about approximately approx ' +
    'over under than from with plus each every weekly monthly nightly patient patients veteran ' +
    'member soldier sailor airman marine service qty quantity refill refills dispense disp dispensed ' +
    'supply remaining only start started starting continue continued continues resume resumed stop ' +
    'stopped titrate titrated titrating wean weaned change changed prescribed prescribe received ' +
    'receiving receives administered administer injected inject apply applied inhale inhaled instill ' +
    'chew dissolve place use using used also additional extra another maximum minimum least most more ' +
    'less before after while during since until within times once twice morning evening night ' +
    'bedtime noon lunch dinner breakfast meals meal food water weight weighs height pulse temp ' +
    'mouth oral orally tablet tablets capsule capsules tabs caps pill pills unit units hours days weeks ' +
    'months years were been being have their your them they when which what where that this these ' +
    'those into onto upon medication medications meds drug drugs medicine medicines prescription ' +
    'prescriptions strength amount directions instructions sodium ' +
    'chloride protein carbs carbohydrate carbohydrates sugar fiber cholesterol glucose creatinine ' +
    'albumin microalbumin urine serum blood level levels result results value values triglycerides ' +
    'hemoglobin iron ferritin alcohol beer beers drinks drink wine liquor caffeine coffee soda ' +
    'cigarettes cigars tobacco nothing fluids fluid intake output pain anxiety sleep insomnia nausea ' +
    'headache headaches migraine spasm spasms cough fever itching allergies constipation heartburn ' +
    'reflux wheezing nightmares depression mood needed prior previous current currently dosed ' +
    'regimen schedule scheduled sliding scale correction bolus basal additional twice thrice single ' +
    'double half quarter full usual same dispensing filled fill fills issued released expires ' +
    'lot number page line item items note notes dated date signed sig label labeled follow ' +
    'injection injections infusion drip solution syrup liquid cream ointment patch spray drops ' +
    'inhaler puff puffs vial vials bottle bottles pack packs box boxes container supply supplies ' +
    'approximately roughly around nearly almost just exactly least max maximal minimal per via ' +
    'trial trials course courses burst taper tapering tapered stat load loading loaded recommended ' +
    'recommend advised advise suggested suggest consider considered discussed counseled ordered ' +
    'order orders renew renewed refilled refilling switch switched convert converted equivalent ' +
    'tolerating tolerated tolerates compliant adherent noncompliant missed skipped extra remains ' +
    'remain film films strip strips troche lozenge lozenges suppository wafer ring implant pellet ' +
    'kit packet packets sachet scoop scoops ampule syringe vaccine vaccines booster shot shots ' +
    'blood plasma platelets saline fluids plan narcotic narcotics opioid opioids opiate opiates ' +
    'steroid steroids antibiotic antibiotics nsaid nsaids benzo benzos benzodiazepine stimulant ' +
    'stimulants antidepressant antidepressants sleeping reports report states says notes endorses ' +
    'describes takes uses needs requires gets receives continues denies admits tries wants prefers ' +
    'equivalent equivalents'
  ).split(/\s+/),
);
/** Verb forms, adverbs and abstract nouns ("transfused 2 units", "roughly 50 mg") are not drugs. */
const NOT_A_DRUG_ENDING = /(?:[^f]ed|ing|ly|tion|sion|ment|ness|ance|ence)$/;
/** Second words of supplements written as two words ("krill oil", "lipoic acid"). */
const TWO_WORD_TAILS = new Set(['oil', 'acid', 'extract', 'root', 'seed', 'powder']);
const SIG_AFTER =
  /^[ \t,:;-]*(?:sig\b|(?:\d+(?:\.\d+)?\s*)?(?:po|p\.o\.|by\s+mouth|sl|subq|sq|s\.?c\.?)\b)/i;
function isDoseForUnknown(dose: Dose): boolean {
  if (!dose.text || !dose.hasUnit) return false;
  return /^[\d./]+ (?:mg|mcg|units?|mEq|tabs?|caps?|puffs?)(?:\/(?:actuation|hr|mL|[\d.]+ mL))?$/.test(
    dose.text,
  );
}

// ---------------------------------------------------------------------------------------------
// Finding mentions on one page.

type Mention = {
  name: string;
  entry: number;
  start: number;
  end: number;
  dose: string | null;
  date: string | null;
};

function findOnPage(text: string, pageDate: string | null): Mention[] {
  const lexicon = getLexicon();
  const { root, needsDose } = lexicon;
  const { tokens, mentionsAllergy } = tokenize(text, lexicon);
  const candidates: Omit<Mention, 'date'>[] = [];
  let i = 0;
  while (i < tokens.length) {
    const first = tokens[i];
    if (!first) break;
    // The longest lexicon name starting here.
    let node = root.children.get(first.key);
    let bestEntry = -1;
    let bestEnd = i;
    let j = i;
    while (node) {
      if (node.entry !== -1) {
        bestEntry = node.entry;
        bestEnd = j;
      }
      const next = tokens[j + 1];
      const current = tokens[j];
      if (!next || !current || !NAME_GAP.test(text.slice(current.end, next.start))) break;
      node = node.children.get(next.key);
      j += 1;
    }
    if (bestEntry !== -1) {
      const last = tokens[bestEnd] ?? first;
      const entry = MEDICATION_LEXICON[bestEntry];
      const dose = readDose(text, last.end);
      // An ingredient pair without a unit ("Norco 10/325") is in milligrams.
      if (dose.text && !dose.hasUnit && entry?.generic.includes('/')) dose.text += ' mg';
      // The names that need a dose or a product word after them are all single words.
      const phrase = bestEnd === i ? first.key : '';
      const needs =
        needsDose.has(phrase) ||
        (entry !== undefined &&
          NEEDS_PRODUCT_GENERICS.has(phrase) &&
          !PRODUCT_WORD.test(text.slice(last.end, last.end + 30)));
      if (entry && (!needs || dose.text !== null)) {
        candidates.push({
          name: entry.generic,
          entry: bestEntry,
          start: first.start,
          end: last.end,
          dose: dose.text,
        });
      }
      i = bestEnd + 1;
      while (dose.text !== null && i < tokens.length && (tokens[i]?.start ?? 0) < dose.end) i += 1;
      continue;
    }
    // A word the lexicon does not know, followed by a dose or a sig.
    if (first.isWord && mayPrecedeDose(tokens, i)) {
      const found = readUnknown(text, tokens, i);
      if (found) {
        candidates.push(found.mention);
        i = found.next;
        continue;
      }
    }
    i += 1;
  }
  if (candidates.length === 0) return [];

  const allergies = mentionsAllergy ? findAllergySpans(text, tokens) : [];
  const dates = findDates(text, tokens);
  const mentions: Mention[] = [];
  let previousDenied: { end: number } | undefined;
  for (const candidate of candidates) {
    const after = text.slice(candidate.end, candidate.end + 60);
    if (LAB_VALUE.test(after) || LAB_WORD.test(after)) continue;
    if (ALLERGY_AFTER.test(after) || inSpans(allergies, candidate.start)) continue;
    if (STATE_AFTER.test(after)) continue;
    const clauseStart = clauseStartBefore(text, candidate.start);
    const before = text.slice(clauseStart, candidate.start);
    if (isRelatives(before) || DRUG_SCREEN.test(before)) continue;
    const continuesDenial =
      previousDenied !== undefined &&
      previousDenied.end >= clauseStart &&
      LIST_JOIN.test(text.slice(previousDenied.end, candidate.start));
    if (DENIAL.test(before) || continuesDenial) {
      previousDenied = { end: candidate.end };
      continue;
    }
    previousDenied = undefined;
    mentions.push({
      ...candidate,
      date: dateForMention(text, dates, candidate.start, pageDate),
    });
  }
  return mentions;
}

/** Words that may stand between a name and its dose, for a cheap look before reading one. */
const DOSE_SKIP_WORDS = new Set(
  'hcl hydrochloride er xr xl sr cr la dr ec odt ir cd hfa oral tab tabs tablet tablets cap caps capsule capsules sodium potassium succinate tartrate sulfate acetate extended release delayed'.split(
    ' ',
  ),
);
const SIG_WORDS = new Set(['sig', 'po', 'by', 'sl', 'subq', 'sq', 's', 'p']);

/** Whether the words after `index` could be a dose or a sig: a number, or a route word, soon. */
function mayPrecedeDose(tokens: Token[], index: number): boolean {
  for (let j = index + 1; j <= index + 4; j += 1) {
    const key = tokens[j]?.key;
    if (key === undefined) return false;
    const code = key.charCodeAt(0);
    if (code >= 48 && code <= 57) return true;
    if (SIG_WORDS.has(key)) return true;
    if (!DOSE_SKIP_WORDS.has(key)) return false;
  }
  return false;
}

/** Where the clause holding `position` starts: after a full stop, semicolon or line break, at most 80 characters back. */
function clauseStartBefore(text: string, position: number): number {
  const limit = Math.max(0, position - 80);
  for (let i = position - 1; i >= limit; i -= 1) {
    const char = text[i];
    if (char === '.' || char === ';' || char === '\n') return i + 1;
  }
  return limit;
}

function readUnknown(
  text: string,
  tokens: Token[],
  index: number,
): { mention: Omit<Mention, 'date'>; next: number } | undefined {
  const token = tokens[index];
  if (!token) return undefined;
  let name = token.key;
  let start = token.start;
  const previous = tokens[index - 1];
  if (TWO_WORD_TAILS.has(name)) {
    // "krill oil 1000 mg", "alpha lipoic acid 600 mg"
    if (
      !previous?.isWord ||
      previous.key.length < 4 ||
      NOT_A_DRUG.has(previous.key) ||
      !/^[ \t]+$/.test(text.slice(previous.end, token.start))
    ) {
      return undefined;
    }
    name = `${previous.key} ${name}`;
    start = previous.start;
  } else if (name.length < 4) {
    // "Vitamin C 500 mg", "vitamin B6 50 mg"
    if (previous?.key !== 'vitamin' || !/^[a-z]\d{0,2}$/.test(name)) return undefined;
    name = `vitamin ${name}`;
    start = previous.start;
  } else if (NOT_A_DRUG.has(name) || NOT_A_DRUG_ENDING.test(name)) {
    return undefined;
  }
  const after = text.slice(token.end, token.end + 40);
  // A word followed by a colon is a label ("Plan: sig …", "Dose: 50 mg"), not a drug.
  if (/^\s*:/.test(after)) return undefined;
  const dose = readDose(text, token.end);
  // The dose of a word found only by its dose is on the word's own line.
  const hasDose = isDoseForUnknown(dose) && !text.slice(token.end, dose.end).includes('\n');
  if (!hasDose && !SIG_AFTER.test(after)) return undefined;
  let next = index + 1;
  if (hasDose) while (next < tokens.length && (tokens[next]?.start ?? 0) < dose.end) next += 1;
  return {
    mention: { name, entry: -1, start, end: token.end, dose: hasDose ? dose.text : null },
    next,
  };
}

// ---------------------------------------------------------------------------------------------
// The whole file.

type Tally = {
  name: string;
  entry: number;
  doses: Map<string, number>;
  first: string | null;
  last: string | null;
  pages: Set<number>;
};

export function findMedications(pages: readonly MedicationPage[]): FoundMedication[] {
  const tallies = new Map<string, Tally>();
  for (const page of pages) {
    const pageDate = parseRecordDate(page.date);
    for (const mention of findOnPage(page.text, pageDate)) {
      let tally = tallies.get(mention.name);
      if (!tally) {
        tally = {
          name: mention.name,
          entry: mention.entry,
          doses: new Map(),
          first: null,
          last: null,
          pages: new Set(),
        };
        tallies.set(mention.name, tally);
      }
      tally.pages.add(page.page);
      if (mention.dose) tally.doses.set(mention.dose, (tally.doses.get(mention.dose) ?? 0) + 1);
      if (mention.date) {
        if (tally.first === null || mention.date < tally.first) tally.first = mention.date;
        if (tally.last === null || mention.date > tally.last) tally.last = mention.date;
      }
    }
  }
  return [...tallies.values()]
    .map((tally): FoundMedication => {
      const entry = tally.entry === -1 ? undefined : MEDICATION_LEXICON[tally.entry];
      return {
        name: tally.name,
        dose: mostFrequent(tally.doses),
        first_seen: tally.first,
        last_seen: tally.last,
        pages: [...tally.pages].sort((a, b) => a - b),
        protected_7332: entry?.substance_use_treatment === true || isProtectedHealth(tally.name),
        source: entry ? 'lexicon' : 'dose_pattern',
      };
    })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The dose written most often; on a tie, the one seen first. */
function mostFrequent(counts: Map<string, number>): string | null {
  let best: string | null = null;
  let bestCount = 0;
  for (const [dose, count] of counts) {
    if (count > bestCount) {
      best = dose;
      bestCount = count;
    }
  }
  return best;
}
