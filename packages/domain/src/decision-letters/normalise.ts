import { CONDITION_CATALOGUE } from '../condition-catalogue.ts';

/**
 * Cleaning a decision letter's text before the grammar reads it. PDF extraction and OCR leave
 * page headers between the lines of a sentence, words hyphenated or split by a stray space
 * ("ser vice", "Septem-" / "ber"), and digits read as letters or letters as digits ("2O23",
 * "l0 percent", "Ju1y", "0ctober"). The rules, in our words:
 *
 * - A bullet is a mark at the start of a line followed by a space: the bullet, or what OCR reads
 *   it as ("«", "©", "+", "*"), or a dash. All are written as "•".
 * - A page header is a "File Number" or "Page N (of M)" line, and a short upper-case line next to
 *   one that repeats in the document or reads "LAST, FIRST M" (the veteran's name, the file
 *   number). Headers and the blank lines around them are dropped, so a sentence broken by a page
 *   break reads on.
 * - A line is "full" when the first word of the next line would not have fit on it: the text was
 *   wrapped there, mid-sentence. Text that was not wrapped at a column (pasted, one paragraph per
 *   line) has no full lines.
 * - A token made only of digits and look-alike letters (O, l, I) with at least one real digit is a
 *   number; a word with a 0 or 1 among its letters is a word ("Ju1y" is July, "0ct" is Oct).
 * - A word hyphenated at the end of a line is joined to its end on the next line: without the
 *   hyphen when the joined word is known or either piece is not a word, with it when both pieces
 *   are words ("service-" / "connected"). A hyphen followed by a space inside a line is the same.
 *   A word split by OCR at a line end without a hyphen is joined by the rule below.
 * - Two pieces separated by one space are one word when the joined word is a word of VA's
 *   phrasing, or when one piece is not a word and the joined word is a known condition word or
 *   occurs whole in the letter more often than split.
 *
 * Everything here is linear in the length of the text.
 */

/** Lines of the document with their wrap flags, after headers are removed. */
export type CleanLines = {
  /** The lines as written (look-alike characters untouched), page headers removed. */
  raw: string[];
  /** `full[i]`: line i was wrapped at the column, so line i + 1 continues its sentence. */
  full: boolean[];
};

// ------------------------------------------------------------------------------------------------
// Characters

/**
 * Everything else below the space, DEL, C1 controls, zero-width characters and the replacement
 * character: noise from binary or broken extraction.
 */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const NOISE = /[\u0000-\u0008\u000B\u000E-\u001F\u007F-\u009F\u200B-\u200D\u2060\uFEFF\uFFFD]/g;

/**
 * A list item's bullet as OCR reads it: the bullet itself or one of the marks it is misread as
 * (a guillemet, a copyright or registered sign, a plus), or a dash or asterisk, at the start of a
 * line and followed by a space and text. A plus or dash before a number is its sign, not a bullet.
 */
const BULLET = /^([ \t]*)(?:[•·●▪■◦«»©®*]|[+-](?=[ \t]+[^\s\d]))[ \t]+(?=\S)/gm;

/**
 * Unicode dashes, quotes and spaces to ASCII; control characters and stray binary removed; every
 * kind of bullet written as one.
 */
export function cleanCharacters(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u2018\u2019\u201B\u2032`]/g, "'")
    .replace(/[\u201C\u201D\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g, ' ')
    .replace(/\f/g, '\n')
    .replace(NOISE, '')
    .replace(BULLET, '$1• ');
}

// ------------------------------------------------------------------------------------------------
// Page headers and wrapping

const HEADER_ANCHOR = /^\s*(?:file\s+number:?\s*[\d ]{6,}|page\s+\d+(?:\s+of\s+\d+)?)\s*$/i;
/** "DELGADO, MARCUS T": the veteran's name as a page header writes it. */
const HEADER_NAME = /^[A-Z][A-Z'-]+(?: [A-Z][A-Z'-]+)*, [A-Z][A-Z'-]+(?: [A-Z][A-Z'-]*\.?)*$/;

/** Drops page headers and the blank lines around them; flags the lines that were wrapped. */
export function removePageHeaders(lines: readonly string[]): CleanLines {
  const counts = new Map<string, number>();
  for (const line of lines) {
    const key = line.trim();
    if (key !== '') counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const header = new Array<boolean>(lines.length).fill(false);
  lines.forEach((line, i) => {
    if (!HEADER_ANCHOR.test(line)) return;
    header[i] = true;
    for (let j = Math.max(0, i - 2); j <= Math.min(lines.length - 1, i + 2); j += 1) {
      const near = (lines[j] ?? '').trim();
      if (
        near !== '' &&
        near.length <= 48 &&
        !/[a-z]/.test(near) &&
        /[A-Z0-9]/.test(near) &&
        ((counts.get(near) ?? 0) >= 2 || HEADER_NAME.test(near))
      ) {
        header[j] = true;
      }
    }
  });
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    if (header[i]) continue;
    const line = (lines[i] ?? '').trimEnd();
    // A blank line right after a header (or before one) is the page break itself.
    if (line === '' && ((i > 0 && header[i - 1]) || (i + 1 < lines.length && header[i + 1]))) {
      continue;
    }
    kept.push(line);
  }
  return { raw: kept, full: wrapFlags(kept) };
}

const firstWord = (line: string) => /^\s*(\S+)/.exec(line)?.[1] ?? '';

/** The column a text was wrapped at, or none when it reads as one paragraph per line. */
function wrapFlags(lines: readonly string[]): boolean[] {
  let width = 0;
  for (const line of lines) width = Math.max(width, line.length);
  // Letters are set at 60 to 130 characters; longer lines were never wrapped at a column.
  const wrapped = width >= 40 && width <= 140;
  return lines.map((line, i) => {
    const next = lines[i + 1];
    if (!wrapped || next === undefined || next.trim() === '' || line.trim() === '') return false;
    return line.length + 1 + firstWord(next).length > width;
  });
}

// ------------------------------------------------------------------------------------------------
// Vocabulary

/** Words of VA's decision phrasing and the months: always joined when OCR splits them. */
const GRAMMAR_WORDS = new Set(
  `service connection connected evaluation evaluations effective percent disabling currently
  increased decreased reduced reduction continued confirmed granted denied deferred established
  severed severance remains secondary presumptive presumed basis because evidence diagnosis
  diagnosed diagnostic disability disabilities injury disease disorder syndrome condition
  conditions related military criteria warranted unless entitlement eligibility individual
  unemployability dependents educational assistance special monthly compensation housebound
  favorable unfavorable findings decision returned correction highest schedular compensable
  noncompensable evaluated examination examiner treatment records received dated through
  bilateral extremity extremities traumatic stress veterans veteran combined rating
  january february march april may june july august september october november december`
    .split(/\s+/)
    .filter(Boolean),
);

/** Short words of English that are words in their own right (never fragments). */
const COMMON_WORDS = new Set(
  `a an the of to in on at by for with and or nor but not no is be are was were as it its this
  that from your you we our us if any all can will has have had been do does did than then
  there their they he she his her so up out off over under into per via each both same other
  such only also more most less very who whom which what when where why how one two three i
  me my am self non post pre co ex well full part half long short high low`
    .split(/\s+/)
    .filter(Boolean),
);

let catalogueWords: Set<string> | undefined;

/** Every word of the condition catalogue's labels and terms (built once, on first use). */
function conditionWords(): Set<string> {
  if (!catalogueWords) {
    catalogueWords = new Set();
    for (const entry of CONDITION_CATALOGUE) {
      for (const name of [entry.label, ...entry.terms]) {
        for (const word of name.toLowerCase().match(/[a-z]+/g) ?? []) {
          if (word.length >= 4) catalogueWords.add(word);
        }
      }
    }
  }
  return catalogueWords;
}

type Vocabulary = {
  /** How often each lower-case word occurs whole in the letter. */
  counts: Map<string, number>;
  /** How often each pair "a b" of adjacent lower-case words occurs. */
  pairs: Map<string, number>;
};

/** Whether a lower-case word is a word in its own right, not a fragment. */
function isKnown(lower: string, vocabulary: Vocabulary): boolean {
  return (
    (vocabulary.counts.get(lower) ?? 0) >= 3 ||
    GRAMMAR_WORDS.has(lower) ||
    COMMON_WORDS.has(lower) ||
    conditionWords().has(lower)
  );
}

/** Whether a lower-case word is known at all: VA's phrasing, a condition word, or in the letter. */
function isWordLike(lower: string, vocabulary: Vocabulary): boolean {
  return (
    GRAMMAR_WORDS.has(lower) ||
    conditionWords().has(lower) ||
    (vocabulary.counts.get(lower) ?? 0) > 0
  );
}

function buildVocabulary(text: string): Vocabulary {
  // split keeps the words: separator, word, separator, …
  const parts = text.toLowerCase().split(/([a-z]+)/);
  const counts = new Map<string, number>();
  for (let i = 1; i < parts.length; i += 2) {
    const word = parts[i] ?? '';
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  // Pairs matter only where a piece is rare enough to be a fragment.
  const pairs = new Map<string, number>();
  const rare = (word: string) => (counts.get(word) ?? 0) < 3;
  for (let i = 3; i < parts.length; i += 2) {
    if (parts[i - 1] !== ' ') continue;
    const previous = parts[i - 2] ?? '';
    const word = parts[i] ?? '';
    if (rare(previous) || rare(word)) {
      const pair = `${previous} ${word}`;
      pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
    }
  }
  return { counts, pairs };
}

// ------------------------------------------------------------------------------------------------
// OCR look-alikes

/** One token with its look-alike characters read as the kind of token it is. */
export function repairToken(token: string): string {
  if (!/[0-9]/.test(token)) return token;
  if (/^[0-9OoIl]+$/.test(token) && /[0-9]/.test(token)) {
    return token.replace(/[Oo]/g, '0').replace(/[Il]/g, '1');
  }
  if (/^\d+(?:st|nd|rd|th)$/i.test(token)) return token;
  const letters = token.match(/[A-Za-z]/g)?.length ?? 0;
  const digits = token.match(/[01]/g)?.length ?? 0;
  if (
    digits > 0 &&
    digits <= 2 &&
    letters >= 2 &&
    letters >= 2 * digits &&
    /^[A-Za-z01]+$/.test(token) &&
    // A leading 1 is a digit ("1st" aside, nothing starts with l in a number's place).
    !token.startsWith('1')
  ) {
    return token
      .replace(/^0(?=[a-z])/, 'O')
      .replace(/0/g, 'o')
      .replace(/1/g, 'l');
  }
  return token;
}

function repairTokens(text: string): string {
  // Only tokens with a digit can need it; \b keeps each token to one try.
  return text.replace(/\b[A-Za-z]*[0-9][A-Za-z0-9]*/g, (token) => repairToken(token));
}

/**
 * Spaces OCR puts before punctuation ("strain ,", "Dependents ' Educational"), and the periods of
 * abbreviations that would read as a sentence end ("38 U.S.C. chapter 35", "Dr. Lee").
 */
function tidyPunctuation(text: string): string {
  return text
    .replace(/(\w) +([,.;:)])(?=\s|$)/g, '$1$2')
    .replace(/(\w) '(?=\s)/g, "$1'")
    .replace(/\bU\.\s?S\.\s?C\.?(?=[\s,;)]|$)/g, 'USC')
    .replace(/\bC\.\s?F\.\s?R\.?(?=[\s,;)]|$)/g, 'CFR')
    .replace(/\b(Dr|Mr|Mrs|Ms|No|Nos|Jr|Sr|St|Wm|vs|etc|e\.g|i\.e)\.(?=\s+[a-z0-9(])/g, '$1')
    .replace(/\b(Dr|Mr|Mrs|Ms|Wm)\.(?=\s+[A-Z])/g, '$1');
}

// ------------------------------------------------------------------------------------------------
// Split words

/** Whether two pieces written apart are one word that OCR split. */
function shouldJoin(left: string, right: string, vocabulary: Vocabulary): boolean {
  const l = left.toLowerCase();
  const r = right.toLowerCase();
  const joined = l + r;
  if (isKnown(l, vocabulary) && isKnown(r, vocabulary)) return GRAMMAR_WORDS.has(joined);
  if (GRAMMAR_WORDS.has(joined) || conditionWords().has(joined)) return true;
  const whole = vocabulary.counts.get(joined) ?? 0;
  return whole > 0 && whole >= (vocabulary.pairs.get(`${l} ${r}`) ?? 0);
}

/** Rejoins words split by one space ("Ser vice", "fibro myalgia"); never across a line break. */
function joinSplitWords(text: string, vocabulary: Vocabulary): string {
  // split keeps the words: separator, word, separator, …, word, separator
  const parts = text.split(/([A-Za-z]+)/);
  if (parts.length < 3) return text;
  const out: string[] = [parts[0] ?? ''];
  let current = parts[1] ?? '';
  for (let i = 2; i + 1 < parts.length; i += 2) {
    const gap = parts[i] ?? '';
    const next = parts[i + 1] ?? '';
    // A joined word may join the next piece too ("indiv" "id" "ual").
    if (gap === ' ' && shouldJoin(current, next, vocabulary)) {
      current += next;
      continue;
    }
    out.push(current, gap);
    current = next;
  }
  out.push(current, parts[parts.length - 1] ?? '');
  return out.join('');
}

/** Rejoins "X- Y" inside a line, where OCR kept the hyphen of a word broken at a line end. */
function joinSpacedHyphens(text: string, vocabulary: Vocabulary): string {
  return text.replace(/\b([A-Za-z]+)- ([A-Za-z]+)\b/g, (whole, left: string, right: string) => {
    if (COMMON_WORDS.has(right.toLowerCase()) && !GRAMMAR_WORDS.has(right.toLowerCase())) {
      return whole; // "short- and long-term"
    }
    return joinAcrossHyphen(left, right, vocabulary);
  });
}

function joinAcrossHyphen(left: string, right: string, vocabulary: Vocabulary): string {
  const joined = left + right;
  if (isWordLike(joined.toLowerCase(), vocabulary)) return joined;
  if (isKnown(left.toLowerCase(), vocabulary) && isKnown(right.toLowerCase(), vocabulary)) {
    return `${left}-${right}`;
  }
  return joined;
}

/**
 * Lines ready for the grammar: look-alike characters read, hyphenated and split words joined,
 * punctuation tidied. Line i of the result is line i of the input (a word carried up from the
 * next line leaves that line shorter), so wrap flags still apply. Each step runs once over the
 * whole text.
 */
export function repairLines(raw: readonly string[]): string[] {
  const text = tidyPunctuation(repairTokens(raw.join('\n')));
  const vocabulary = buildVocabulary(text);
  const lines = text.split('\n');
  for (let i = 0; i + 1 < lines.length; i += 1) {
    const line = lines[i] ?? '';
    const broken = /([A-Za-z]+)(-?)$/.exec(line);
    if (!broken?.[1] || /\s-$/.test(line)) continue;
    const next = lines[i + 1] ?? '';
    const carried = /^\s*([A-Za-z]+)([,.;:]?)(?=\s|$)/.exec(next);
    if (!carried?.[1]) continue;
    let word: string;
    if (broken[2] === '-') word = joinAcrossHyphen(broken[1], carried[1], vocabulary);
    else if (shouldJoin(broken[1], carried[1], vocabulary)) word = broken[1] + carried[1];
    else continue;
    lines[i] = line.slice(0, line.length - broken[0].length) + word + (carried[2] ?? '');
    lines[i + 1] = next.slice(carried[0].length).replace(/^\s+/, '');
  }
  return joinSplitWords(joinSpacedHyphens(lines.join('\n'), vocabulary), vocabulary).split('\n');
}

/** Lower case with spaces, hyphens and apostrophes removed: how names are compared. */
export function squash(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '');
}
