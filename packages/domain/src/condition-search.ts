import MiniSearch, { type SearchOptions } from 'minisearch';
import {
  CONDITION_RESULTS_DEFAULT,
  type CatalogueCondition,
  type SideOfBody,
} from '@muster/contract/conditions';
import {
  CONDITION_CATALOGUE,
  toCatalogueCondition,
  type CatalogueEntry,
} from './condition-catalogue.ts';
import { labelWithoutSide } from './condition-catalogue-import.ts';
import { EVERYDAY_SYNONYMS, type EverydaySynonym } from './condition-synonyms.ts';

/**
 * Search of the condition catalogue with the words a veteran would type: "bad back", "ringing
 * ears", "can't sleep", typos and half-typed words included. MiniSearch (BM25 with prefix and fuzzy
 * matching) ranks each condition by five fields:
 *
 * - its label without the side (weighs most);
 * - VA's synonyms and legacy terms for it;
 * - the everyday words of condition-synonyms.ts whose label pieces it contains;
 * - its classification name (weighs least: "Mental Disorders", "Musculoskeletal - Knee");
 * - its diagnostic codes, so a code read off a decision letter finds it too.
 *
 * Ranking: the conditions that match every word of the query come first, then those that match
 * some, minus those scoring under a tenth of the best (one common word of several is noise);
 * within each, by score, then in VA's order (so the sides of one condition stay together:
 * bilateral, left, right). A condition whose label or other name is the query, or holds it as a
 * phrase, is lifted. "left", "right", "both" and "bilateral" in the query are not searched for:
 * they lift the labels of that side above the others.
 */

const STOP_WORDS = new Set(
  (
    'a an and are as at be been by due for from had has have i im in including into is it its ' +
    'me my of on or other than the their to type was with without diagnosis unknown'
  ).split(' '),
);

/** Words of the query that name a side rather than a condition. */
const SIDE_WORDS: Readonly<Record<string, SideOfBody>> = {
  left: 'left',
  right: 'right',
  bilateral: 'bilateral',
  both: 'bilateral',
};

const IRREGULAR_PLURALS: Readonly<Record<string, string>> = { feet: 'foot', teeth: 'tooth' };

/** Results scoring under this share of the best one are dropped. */
const WEAK_MATCH = 0.1;

/** At most this many words of a query are searched (a long paste is not slowed down by its tail). */
export const MAX_QUERY_WORDS = 12;

/** Lower case, accents and apostrophes dropped ("Can't", "Ménière's" → "cant", "menieres"). */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’‘ʼ`]/g, '');
}

/**
 * Words of a text, split at anything that is not a letter or digit; a hyphenated word also counts
 * joined ("A-fib" → "a", "fib", "afib"), since people type it both ways.
 */
export function tokenize(text: string): string[] {
  const normalized = normalizeText(text);
  const words = normalized.split(/[^a-z0-9]+/).filter(Boolean);
  for (const compound of normalized.match(/[a-z0-9]+(?:-[a-z0-9]+)+/g) ?? [])
    words.push(compound.replaceAll('-', ''));
  return words;
}

/** The searchable words of a text in their order, as one string ("Knees, left" → "knee left"). */
function phraseOf(text: string): string {
  return normalizeText(text)
    .split(/[^a-z0-9]+/)
    .map((word) => (word ? processTerm(word) : null))
    .filter((word) => word !== null)
    .join(' ');
}

/**
 * A word reduced to a common stem, roughly: plurals to the singular ("knees" → "knee", "migraines"
 * → "migraine") and "-ness" nouns to their adjective ("dizziness" → "dizzy", "stiffness" →
 * "stiff"), so the everyday form and VA's form meet. Index and query go through the same rule.
 */
export function stem(word: string): string {
  const irregular = IRREGULAR_PLURALS[word];
  if (irregular) return irregular;
  if (word.length > 6 && word.endsWith('iness')) return `${word.slice(0, -5)}y`;
  if (word.length > 6 && word.endsWith('ness')) return word.slice(0, -4);
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length >= 4 && word.endsWith('s') && !/(ss|us|is|ous)$/.test(word))
    return word.slice(0, -1);
  return word;
}

/** The indexed form of a word, or null for words that carry no meaning here. */
export function processTerm(word: string): string | null {
  if (STOP_WORDS.has(word)) return null;
  return stem(word);
}

/** How many letters a query word may be off by: none for short words, more for long ones. */
function fuzziness(term: string): number {
  if (/^\d+$/.test(term) || term.length <= 3) return 0;
  return term.length <= 6 ? 1 : 2;
}

type Doc = {
  id: number;
  label: string;
  terms: string;
  everyday: string;
  classification: string;
  codes: string;
};

/** The everyday words each condition is also found by (from the table of condition-synonyms.ts). */
export function everydayWordsFor(
  entry: Pick<CatalogueEntry, 'label'>,
  synonyms: readonly EverydaySynonym[] = EVERYDAY_SYNONYMS,
): string[] {
  const label = labelWithoutSide(entry.label).toLowerCase();
  return synonyms
    .filter((synonym) => synonym.labels.some((piece) => label.includes(piece)))
    .flatMap((synonym) => synonym.words);
}

const SEARCH_OPTIONS: SearchOptions = {
  boost: { label: 3, terms: 1.5, everyday: 2, classification: 0.5, codes: 2 },
  prefix: (term) => term.length >= 3,
  fuzzy: fuzziness,
  weights: { fuzzy: 0.3, prefix: 0.6 },
};

/**
 * How much a condition is lifted for holding the query as a phrase: the query is its label (×3),
 * one of its other names (×2), the start of its label (×1.5) or a run of its label's words (×1.25).
 */
function phraseBoost(own: { label: string; names: Set<string> }, queries: Set<string>): number {
  let boost = 1;
  const label = ` ${own.label} `;
  for (const phrase of queries) {
    if (!phrase) continue;
    if (own.label === phrase) boost = Math.max(boost, 3);
    else if (own.names.has(phrase)) boost = Math.max(boost, 2);
    else if (label.startsWith(` ${phrase} `)) boost = Math.max(boost, 1.5);
    else if (label.includes(` ${phrase} `)) boost = Math.max(boost, 1.25);
  }
  return boost;
}

export type ConditionSearch = (q: string, options?: { limit?: number }) => CatalogueCondition[];

/** Builds the index over `entries` (the whole catalogue by default) and returns its search. */
export function createConditionSearch(
  entries: readonly CatalogueEntry[] = CONDITION_CATALOGUE,
  synonyms: readonly EverydaySynonym[] = EVERYDAY_SYNONYMS,
): ConditionSearch {
  const index = new MiniSearch<Doc>({
    fields: ['label', 'terms', 'everyday', 'classification', 'codes'],
    tokenize,
    processTerm,
    searchOptions: SEARCH_OPTIONS,
  });
  index.addAll(
    entries.map((entry, id) => ({
      id,
      label: labelWithoutSide(entry.label),
      terms: entry.terms.join(' | '),
      everyday: everydayWordsFor(entry, synonyms).join(' | '),
      classification: entry.classification.name,
      codes: entry.diagnostic_codes.join(' '),
    })),
  );

  // Each condition's label and other names as phrases, to spot a query that is one of them.
  const phrases = entries.map((entry) => ({
    label: phraseOf(labelWithoutSide(entry.label)),
    names: new Set([...entry.terms, ...everydayWordsFor(entry, synonyms)].map(phraseOf)),
  }));

  return (q, options = {}) => {
    const limit = options.limit ?? CONDITION_RESULTS_DEFAULT;
    const words = tokenize(q);
    const sides = new Set(
      words.map((word) => SIDE_WORDS[word]).filter((side) => side !== undefined),
    );
    const searched = words
      .filter((word) => !SIDE_WORDS[word] && processTerm(word) !== null)
      .slice(0, MAX_QUERY_WORDS);
    if (searched.length === 0 || limit < 1) return [];
    const text = searched.join(' ');
    // The query as a phrase, with and without its side words ("right ventricular hypertrophy"
    // is a label of its own, not the right side of one).
    const queryPhrases = new Set([
      phraseOf(q),
      phraseOf(words.filter((word) => !SIDE_WORDS[word]).join(' ')),
    ]);

    const boostDocument = (id: number) => {
      const own = phrases[id];
      const side = entries[id]?.side_of_body;
      // A label of the side the query names is lifted; the other sides stay, lower.
      const sideBoost = sides.size === 0 || !side ? 1 : sides.has(side) ? 2 : 0.5;
      return (own ? phraseBoost(own, queryPhrases) : 1) * sideBoost;
    };
    const rank = (results: { id: number; score: number }[]) =>
      results.sort((a, b) => b.score - a.score || a.id - b.id).map((result) => result.id);

    const everyWord = index.search(text, { combineWith: 'AND', boostDocument });
    const someWords = index.search(text, { combineWith: 'OR', boostDocument });
    // A match far weaker than the best one (one common word of several) is noise, not a suggestion.
    const floor = (someWords[0]?.score ?? 0) * WEAK_MATCH;
    const ids = [
      ...new Set([...rank(everyWord), ...rank(someWords.filter((r) => r.score >= floor))]),
    ];
    return ids.slice(0, limit).flatMap((id) => {
      const entry = entries[id];
      return entry ? [toCatalogueCondition(entry)] : [];
    });
  };
}

let shared: ConditionSearch | undefined;

/**
 * Searches the catalogue; the index is built on the first call and kept for the life of the
 * process (the catalogue does not change while it runs).
 */
export function searchConditions(q: string, options?: { limit?: number }): CatalogueCondition[] {
  shared ??= createConditionSearch();
  return shared(q, options);
}
