/**
 * Whether a mention of a condition in clinical text says the veteran has it: a small NegEx-style
 * reader of the words around the mention, within its clause. The rules, in our words:
 *
 * - Scope. A mention is read only against its own clause: the text back to, and on to, the
 *   nearest sentence end (. ! ? followed by a space), semicolon, bullet, or a contrast word ("but",
 *   "however", "although", "except"…) or a word that starts a new statement ("reports",
 *   "endorses", "complains", "diagnosed", "assessment"…). A line break ends the clause too, unless
 *   it looks like a scanned line wrapped mid-sentence: a line with no closing punctuation that
 *   ends in a hyphen or on a word no sentence ends on ("with", "of", "denies"…), or is followed
 *   by a line going on in lower case (and not by a bullet or a heading). A blank line always
 *   ends it.
 * - Window. A trigger before the mention governs it only within MAX_WORDS_BEFORE words; one after
 *   it within MAX_WORDS_AFTER words.
 * - Negated: "denies", "no", "not", "never", "without", "negative for", "no history/evidence of",
 *   "free of", "absence of", "ruled out X", "screen negative", and after the mention "… was ruled
 *   out", "… is unlikely", "… negative", "… not found", "… excluded", "…: denies", "…: none".
 *   "Negative" alone before a mention is not a trigger ("SLR negative, lumbar strain" affirms the
 *   strain). A cause ends the scope too ("not sleeping due to PTSD").
 * - Uncertain (hypothetical, suspected or only being tested): "r/o", "rule out", "possible",
 *   "probable", "likely", "suspected", "concern for", "question of", "?", "vs", "consider",
 *   "evaluate/screen for", "at risk for", "if", a claim ("claims", "claimed", "contends": a claim
 *   is not a diagnosis), and after the mention "… suspected", "… vs …", "… to be ruled out",
 *   "… cannot be excluded", "… screen/test/work-up", "… pending". "Probable" and
 *   "likely" are uncertain as in outpatient coding: a diagnosis stated that way is not coded.
 *   A positive screen is not a diagnosis either ("PTSD screen positive" is uncertain).
 * - Someone else's: "family history (of)", "FHx", or a relative followed by what they had
 *   ("father with diabetes", "mother: breast cancer", "brother has PTSD"), or a relative right
 *   after the mention ("diabetes (father)", "HTN in his mother"). A relative who only reports
 *   ("wife reports he has nightmares") does not make it someone else's.
 * - "Resolved", "history of", "s/p", "status post", "remote" and "in remission" leave a mention
 *   affirmed: a condition diagnosed in service and since resolved still shows it happened, which
 *   is what a claim needs from the file.
 * - Words that only look like triggers are skipped: "no change in", "denies worsening of", "not
 *   only", "no. 3", "gram negative", "without difficulty", "no complications of" (the condition
 *   itself stands).
 * - When several triggers govern one mention, negated wins over someone else's, which wins over
 *   uncertain.
 */

export type Assertion = 'affirmed' | 'negated' | 'uncertain' | 'family';

/** How far back (in words) a trigger before a mention reaches it. */
export const MAX_WORDS_BEFORE = 8;
/** How far on (in words) a trigger after a mention reaches back to it. */
export const MAX_WORDS_AFTER = 4;

/** Words no sentence ends on: a line cut after one was wrapped mid-sentence. */
const OPEN_ENDING =
  /\b(?:with|of|for|and|or|the|a|an|to|in|on|has|had|have|by|from|denies|denied|no|not|without|negative|possible|probable|suspected|r\/o)$/i;

type Trigger = readonly string[];

/** Triggers by their first word, for a quick look-up at each word of a clause. */
type Triggers = ReadonlyMap<string, readonly Trigger[]>;

function words(list: string): Triggers {
  const byFirst = new Map<string, Trigger[]>();
  for (const phrase of list.split('|')) {
    const trigger = phrase.split(' ');
    const first = trigger[0] ?? '';
    byFirst.set(first, [...(byFirst.get(first) ?? []), trigger]);
  }
  return byFirst;
}

/** The triggers of `triggers` that start at word `at`. */
const triggersAt = (seq: readonly Word[], at: number, triggers: Triggers): readonly Trigger[] =>
  (triggers.get(seq[at]?.text ?? '') ?? []).filter((trigger) => matchAt(seq, at, trigger));

const PRE_NEGATION = words(
  'no|not|never|without|w/o|denies|denied|deny|denying|negative for|neg for|' +
    'no history of|no hx of|no evidence of|no signs of|no sign of|free of|absence of|absent|' +
    'ruled out|rules out|has ruled out|screen negative|screened negative|screened negative for|' +
    'nonreactive for|non reactive for|did not have|does not have|no longer|not consistent with|' +
    'no diagnosis of|does not meet criteria for|did not meet criteria for|not meet criteria for|' +
    'does not meet the criteria for|fails to meet criteria for',
);

const PRE_UNCERTAIN = words(
  'r/o|ro|rule out|rule/out|to rule out|ruling out|possible|possibly|probable|probably|likely|' +
    'suspected|suspect|suspicious for|suspicion of|suspicion for|concern for|concerning for|' +
    'question of|questionable|query|?|may have|might have|could be|consider|considering|' +
    'differential|ddx|evaluate for|eval for|evaluation for|evaluated for|assess for|screen for|' +
    'screening for|screened for|positive screen for|at risk for|risk of|risk for|if|vs|versus|' +
    'provisional|prevent|prevention of|worried about|worries about|claimed|claims|claim for|' +
    'claiming|claim of|contends|contention|alleged|alleges|requested service connection for',
);

const PRE_FAMILY = words('family history|family history of|family hx|fhx|fh|family member');

/** A relative, then what they had: "father with", "mother has". */
const RELATIVES = new Set(
  (
    'father mother mom dad brother brothers sister sisters sibling siblings parent parents ' +
    'grandfather grandmother grandparent grandparents uncle aunt cousin son daughter'
  ).split(' '),
);
const RELATIVE_LINKS = new Set(
  'with has had have diagnosed died deceased suffered suffers also is was'.split(' '),
);

const POST_NEGATION = words(
  'ruled out|was ruled out|were ruled out|has been ruled out|is ruled out|is unlikely|unlikely|' +
    'negative|neg|not found|not present|not seen|not identified|absent|denied|excluded|' +
    'was excluded|not supported|nonreactive|non reactive|not confirmed|not diagnosed|denies|none',
);

const POST_UNCERTAIN = words(
  'suspected|is suspected|possible|is possible|probable|questionable|?|vs|versus|' +
    'to be ruled out|not ruled out|cannot be ruled out|can not be ruled out|not excluded|' +
    'cannot be excluded|not yet excluded|screen|screening|test|testing|workup|work up|' +
    'evaluation|eval|pending|unconfirmed|is considered|considered',
);

/** Words that end the scope of a trigger (a new statement starts). */
const TERMINATORS = new Set(
  (
    'but however although though except whereas nevertheless apart aside endorses endorsed ' +
    'reports reported complains c/o presents presented positive admits states notes ' +
    'diagnosed dx assessment impression due secondary because caused'
  ).split(' '),
);

/**
 * Between a negation and the mention, one of these means the condition itself stands: "denies
 * worsening of tinnitus", "no change in PTSD symptoms", "no complications of diabetes".
 */
const PSEUDO_NEGATION = new Set(
  (
    'change changes changed worsening worse increase increased improvement improved new ' +
    'flare flares exacerbation exacerbations complications complication difficulty only ' +
    'further acute distress'
  ).split(' '),
);

type Word = { text: string; start: number; end: number };

/** Words in lower case, "r/o" and "s/p" kept whole, "?" a word of its own. */
function wordsOf(text: string, offset: number): Word[] {
  const found: Word[] = [];
  for (const match of text.toLowerCase().matchAll(/[a-z0-9]+(?:\/[a-z0-9]+)?|\?/g))
    found.push({
      text: match[0],
      start: offset + match.index,
      end: offset + match.index + match[0].length,
    });
  return found;
}

const BULLET = /^[ \t]*(?:[-*•·▪◦]|\d{1,2}[.)](?!\d)|#\d|\(\d{1,2}\)|[a-z][.)]\s)/;
const HEADER = /^[ \t]*[A-Za-z][A-Za-z /&-]{1,40}:/;

/** Whether the line break at `index` ends a clause (see the header). */
function isBreakBoundary(text: string, index: number): boolean {
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  const line = text.slice(lineStart, index).trimEnd();
  const nextEnd = text.indexOf('\n', index + 1);
  const next = text.slice(index + 1, nextEnd === -1 ? text.length : nextEnd);
  if (line.trim() === '' || next.trim() === '') return true;
  if (BULLET.test(next) || HEADER.test(next)) return true;
  if (line.endsWith('-')) return false;
  if (/[.;:!?]$/.test(line)) return true;
  // A line going on in lower case, or one cut after a word no sentence ends on, continues.
  // (A note's shorthand, "r/o …", "s/p …", starts an item of its own.)
  if (/^[ \t]*[a-z(]/.test(next) && !/^[ \t]*[a-z]\/[a-z]/i.test(next)) return false;
  return !OPEN_ENDING.test(line);
}

/** Whether the character at `index` ends a clause. */
function isBoundaryChar(text: string, index: number): boolean {
  const char = text.charAt(index);
  if (char === ';' || char === '•' || char === '|') return true;
  if (char === '\n') return isBreakBoundary(text, index);
  if (char === '.' || char === '!')
    return /\s/.test(text.charAt(index + 1)) || index + 1 >= text.length;
  return false;
}

/** The clause around [start, end): its bounds in the text. */
export function clauseAround(
  text: string,
  start: number,
  end: number,
): { start: number; end: number } {
  let from = start;
  while (from > 0 && !isBoundaryChar(text, from - 1)) from -= 1;
  let to = end;
  while (to < text.length && !isBoundaryChar(text, to)) to += 1;
  return { start: from, end: to };
}

/** Where a trigger occurs in `seq` ending at or after `from` (indexes of its words). */
function matchAt(seq: readonly Word[], at: number, trigger: Trigger): boolean {
  if (at + trigger.length > seq.length) return false;
  return trigger.every((word, offset) => seq[at + offset]?.text === word);
}

type Found = 'negated' | 'uncertain' | 'family';

const RANK: Record<Assertion, number> = { negated: 3, family: 2, uncertain: 1, affirmed: 0 };

const stronger = (a: Assertion, b: Assertion): Assertion => (RANK[b] > RANK[a] ? b : a);

/** What the words before a mention say of it. */
function readBefore(before: readonly Word[], maxWords: number): Assertion {
  // The scope starts after the last terminator.
  let scopeStart = 0;
  before.forEach((word, index) => {
    // "never been diagnosed with" is a negation, not a new statement.
    const isNegatedDiagnosis =
      word.text === 'diagnosed' &&
      before
        .slice(Math.max(0, index - 3), index)
        .some((previous) => /^(?:never|not|no|been|ever|any)$/.test(previous.text));
    if (TERMINATORS.has(word.text) && !isNegatedDiagnosis) scopeStart = index + 1;
  });
  let result: Assertion = 'affirmed';
  const consider = (kind: Found, at: number, length: number) => {
    const between = before.slice(at + length);
    if (between.length > maxWords) return;
    if (kind === 'negated' && between.some((word) => PSEUDO_NEGATION.has(word.text))) return;
    result = stronger(result, kind);
  };
  for (let at = scopeStart; at < before.length; at++) {
    const word = before[at];
    if (!word) continue;
    // "No. 3", "no 2": a number, not a denial.
    if (word.text === 'no' && /^\d/.test(before[at + 1]?.text ?? '')) continue;
    for (const trigger of triggersAt(before, at, PRE_NEGATION))
      consider('negated', at, trigger.length);
    for (const trigger of triggersAt(before, at, PRE_UNCERTAIN))
      consider('uncertain', at, trigger.length);
    for (const trigger of triggersAt(before, at, PRE_FAMILY))
      consider('family', at, trigger.length);
    if (RELATIVES.has(word.text)) {
      const next = before[at + 1];
      // "father: diabetes" (the mention follows at once) or "father with diabetes".
      if (!next || RELATIVE_LINKS.has(next.text)) consider('family', at, 1);
    }
  }
  return result;
}

/** What the words after a mention say of it. */
function readAfter(after: readonly Word[], maxWords: number): Assertion {
  let scopeEnd = after.length;
  const terminator = after.findIndex((word) => TERMINATORS.has(word.text));
  if (terminator !== -1) scopeEnd = terminator;
  const scoped = after.slice(0, scopeEnd);
  let result: Assertion = 'affirmed';
  // "(father)", "in his mother": a relative right after the mention.
  const lead = scoped.slice(0, 3).map((word) => word.text);
  const relativeAt = lead.findIndex((word) => RELATIVES.has(word));
  if (
    relativeAt !== -1 &&
    lead.slice(0, relativeAt).every((word) => /^(?:in|his|her|the|a)$/.test(word))
  )
    result = stronger(result, 'family');
  for (let at = 0; at < Math.min(scoped.length, maxWords); at++) {
    // Longer triggers first: "to be ruled out" is uncertain, "ruled out" alone is negated.
    const uncertain = triggersAt(scoped, at, POST_UNCERTAIN);
    const negation = triggersAt(scoped, at, POST_NEGATION);
    const longestUncertain = Math.max(0, ...uncertain.map((trigger) => trigger.length));
    const longestNegation = Math.max(0, ...negation.map((trigger) => trigger.length));
    if (longestUncertain > 0 && longestUncertain >= longestNegation) {
      result = stronger(result, 'uncertain');
      at += longestUncertain - 1;
    } else if (longestNegation > 0) {
      // "not ruled out" is read above; a negation governs only a mention next to it.
      return 'negated';
    }
  }
  return result;
}

/**
 * What the text says of the mention at [start, end): that the veteran has the condition
 * (affirmed), does not (negated), might or is being tested for it (uncertain), or that it is a
 * relative's (family).
 */
export function findAssertion(
  text: string,
  span: { start: number; end: number },
  options: { maxWordsBefore?: number; maxWordsAfter?: number } = {},
): Assertion {
  const clause = clauseAround(text, span.start, span.end);
  const before = wordsOf(text.slice(clause.start, span.start), clause.start);
  const after = wordsOf(text.slice(span.end, clause.end), span.end);
  return stronger(
    readBefore(before, options.maxWordsBefore ?? MAX_WORDS_BEFORE),
    readAfter(after, options.maxWordsAfter ?? MAX_WORDS_AFTER),
  );
}

/** findAssertion for the first occurrence of `mention` (case-insensitive) in `text`. */
export function findAssertionOf(text: string, mention: string): Assertion {
  const start = text.toLowerCase().indexOf(mention.toLowerCase());
  if (start === -1) throw new Error(`"${mention}" is not in the text`);
  return findAssertion(text, { start, end: start + mention.length });
}
