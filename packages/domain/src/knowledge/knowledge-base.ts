import MiniSearch, { type SearchResult } from 'minisearch';
import { labelWithoutSide } from '../condition-catalogue-import.ts';
import { CONDITION_CATALOGUE } from '../condition-catalogue.ts';
import { everydayWordsFor } from '../condition-search.ts';
import { formatLongDay } from '../format.ts';
import type { PresumptiveListRecord } from '../presumptive-import.ts';
import { exposureLocations, PRESUMPTIVE_LISTS } from '../presumptive.ts';
import { GUIDES, type Guide } from './guides.ts';
import type { KnowledgeBaseFile, KnowledgePassage } from './knowledge-base-import.ts';
import { KNOWLEDGE_SYNONYMS } from './knowledge-synonyms.ts';
import passagesFile from './passages.json' with { type: 'json' };

export type { KnowledgePassage } from './knowledge-base-import.ts';

/**
 * The assistant's knowledge base: the regulation passages of passages.json (38 CFR Parts 3, 4
 * and 20, built by scripts/import-knowledge-base.ts) and the guides of guides.ts, with a BM25
 * search over them (MiniSearch) and citation look-up.
 *
 * Search, in our words:
 * - Words are lower-cased, split at anything not a letter or digit (a section number such as
 *   "3.2501" stays whole) and stemmed roughly ("ratings", "rated" and "rate" meet; so do
 *   "limitation" and "limited"), the same way for passages and questions. Common words of
 *   questions ("what", "does", "my") are not searched; words every passage uses ("rating",
 *   "disability", "veteran") weigh a third.
 * - BM25 (MiniSearch) ranks the passages by their title, text, section and code numbers (and a
 *   guide's keywords), prefix and small typos allowed on the question's longer words.
 * - The phrases of the everyday table (knowledge-synonyms.ts) a question uses add the
 *   regulation's words at a lower weight, and lift the sections their topic lives in.
 * - Conditions the question names ("tinnitus", "PTSD", "sleep apnea": the condition catalogue's
 *   labels, VA's synonyms and the everyday words of condition-synonyms.ts, and the titles of the
 *   codes) lift their codes' passages (a rating question much more) and the formulas those codes
 *   are rated under; so do codes and sections it names by number.
 * - The BM25 scores are then re-weighed by how much of the question a passage holds (each word
 *   by its rarity; a translated phrase counts when the passage has its meaning), how much its
 *   title holds, the pairs of the question's words it has side by side, and whether it defines a
 *   phrase of the question ("the term … means"), so a passage about the question beats one that
 *   repeats a single common word.
 * The index is built on first use and kept.
 */

const FILE = passagesFile as KnowledgeBaseFile;

/** A guide as a passage: its citation names the guide, its sources the regulation text. */
function guidePassage(guide: Guide): KnowledgePassage {
  return {
    id: guide.id,
    citation: `Muster guide: ${guide.title}`,
    section: 'guide',
    title: guide.title,
    text: guide.text,
    source: 'Muster guide, written for this app',
    changed_on: null,
    sources: [...guide.sources],
  };
}

/** The line of a presumptive list's passage after which its qualifying service is listed. */
export const PRESUMPTIVE_SERVICE_HEADING = 'Service that qualifies:';

/** Where and when service qualifies for a presumptive list, in words. */
function serviceLines(list: PresumptiveListRecord): string[] {
  return list.service.map((rule) => {
    const labels = new Map(
      rule.kinds
        .flatMap((kind) => exposureLocations(kind))
        .map((place) => [place.key, place.label]),
    );
    const places = rule.locations.map((key) => labels.get(key) ?? key).join(', ');
    const from = rule.from ? formatLongDay(rule.from) : null;
    const to = rule.to ? formatLongDay(rule.to) : null;
    const period =
      from && to ? `from ${from} to ${to}` : from ? `from ${from}` : to ? `until ${to}` : '';
    const days = rule.min_days ? `, at least ${rule.min_days} days` : '';
    const detail = rule.requirement ? ` ${rule.requirement.text}` : '';
    return `- ${[places, period].filter(Boolean).join(', ')}${days} (${rule.citation}).${detail}`;
  });
}

/**
 * A presumptive list as a passage: the conditions VA presumes were caused by an exposure, the
 * service that qualifies, and the timing rule, each with its citation. The lists hold what the
 * regulation text does not yet (the PACT Act's additions, from the statute and VA.gov).
 */
function presumptivePassage(list: PresumptiveListRecord): KnowledgePassage {
  const items = list.items.map((item) => `- ${item.text} (${item.citation})`);
  return {
    id: `presumptive-${list.id}`,
    citation: list.citation,
    section: 'presumptive',
    title: list.title,
    text: [
      `Conditions presumed to be service connected, without a medical opinion linking them to service:`,
      ...items,
      PRESUMPTIVE_SERVICE_HEADING,
      ...serviceLines(list),
      `${list.manifestation.text} (${list.manifestation.citation})`,
    ].join('\n'),
    source:
      "VA's presumptive lists as Muster keeps them: 38 CFR 3.307-3.320 (eCFR text of 2025) and, for the PACT Act's additions, 38 U.S.C. 1116-1120 as VA.gov applies them",
    changed_on: null,
  };
}

/**
 * Every passage: the regulation text first, in document order, then the guides and the
 * presumptive lists.
 */
export const PASSAGES: readonly KnowledgePassage[] = [
  ...FILE.passages,
  ...GUIDES.map(guidePassage),
  ...PRESUMPTIVE_LISTS.map(presumptivePassage),
];

const BY_ID = new Map(PASSAGES.map((passage, index) => [passage.id, { passage, index }]));

export function getPassage(id: string): KnowledgePassage | undefined {
  return BY_ID.get(id)?.passage;
}

/** Where a passage sits in the document order (for reading quotes in order). */
export function passageOrder(id: string): number {
  return BY_ID.get(id)?.index ?? Number.MAX_SAFE_INTEGER;
}

export function isGuide(passage: KnowledgePassage): boolean {
  return passage.section === 'guide';
}

// ---------------------------------------------------------------------------------------------
// Words

const STOP_WORDS = new Set(
  (
    'a about after again all also am an and any are as at be because been before being both but ' +
    'by can could did do does doing during each few for from further had has have having he her ' +
    'here hers him his how i if in into is it its itself just me more most my myself no nor not ' +
    'now of off on once only or other our ours out over own same she should so some such than ' +
    'that the their them then there these they this those through to too under until up very was ' +
    'we were what when where which while who whom why will with would you your yours im ive dont ' +
    'doesnt cant get gets got give gives va vas tell know want need let may might much many ' +
    'there s t non made make makes cfr usc c f r u'
  ).split(' '),
);

/** Lower case, accents and apostrophes gone ("Ménière's" → "menieres"). */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’‘ʼ`]/g, '');
}

/** A word reduced to a rough stem, the same for passages and questions. */
export function stemWord(word: string): string {
  let w = word;
  if (w.length <= 3 || /^\d/.test(w)) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (/(?:ches|shes|xes|zes)$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(?:ss|us|is|ous)$/.test(w)) w = w.slice(0, -1);
  if (w.length > 7 && w.endsWith('ation')) w = w.slice(0, -3);
  else if (w.length > 6 && w.endsWith('ment')) w = w.slice(0, -4);
  if (w.length > 5 && w.endsWith('ly')) w = w.slice(0, -2);
  // "limitation", "limited" and "limit" meet at "limit"; "evaluation", "evaluate" at "evalu".
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed') && !w.endsWith('eed')) w = w.slice(0, -2);
  if (w.length >= 4 && w.endsWith('e')) w = w.slice(0, -1);
  if (w.length > 4 && /([bdfgmnprt])\1$/.test(w)) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('at')) w = w.slice(0, -2);
  return w;
}

/** Words of a text ("C-123" also as "c123"; a section number such as "3.2501" also whole). */
export function tokenizeText(text: string): string[] {
  const folded = foldText(text);
  const words = folded.split(/[^a-z0-9]+/).filter(Boolean);
  for (const compound of folded.match(/[a-z0-9]+(?:-[a-z0-9]+)+/g) ?? [])
    words.push(compound.replaceAll('-', ''));
  for (const section of folded.match(SECTION_NUMBER) ?? []) words.push(section);
  return words;
}

/** A section of Parts 3, 4 and 20 as a reader writes it ("3.2501", "4.71a"). */
const SECTION_NUMBER = /\b(?:3|4|20)\.\d{1,4}[a-z]?\b/g;

function processTerm(word: string): string | null {
  if (STOP_WORDS.has(word)) return null;
  return stemWord(word);
}

/** The searchable stems of a text, in order. */
export function stemsOf(text: string): string[] {
  return (foldText(text).match(WORD_OR_SECTION) ?? [])
    .map(processTerm)
    .filter((word): word is string => word !== null);
}

/** A word, or a section number kept whole ("3.2501" is one term here, not "3" and "2501"). */
const WORD_OR_SECTION = /\b(?:3|4|20)\.\d{1,4}[a-z]?\b|[a-z0-9]+/g;

// ---------------------------------------------------------------------------------------------
// Names of diagnostic codes, from the condition catalogue

/** Everyday names of each diagnostic code: catalogue labels, VA's synonyms, everyday words. */
function namesByCode(): Map<string, string[]> {
  const names = new Map<string, string[]>();
  for (const entry of CONDITION_CATALOGUE) {
    const own = [labelWithoutSide(entry.label), ...entry.terms, ...everydayWordsFor(entry)];
    for (const code of entry.diagnostic_codes) {
      const list = names.get(code) ?? [];
      for (const name of own) if (!list.includes(name)) list.push(name);
      names.set(code, list);
    }
  }
  return names;
}

/** The formulas each code is rated under, and the codes each formula rates. */
function formulaLinks() {
  const codesOf = new Map<string, KnowledgePassage[]>();
  for (const passage of PASSAGES) {
    for (const formula of passage.rated_under ?? []) {
      const list = codesOf.get(formula) ?? [];
      list.push(passage);
      codesOf.set(formula, list);
    }
  }
  return codesOf;
}

let links: Map<string, KnowledgePassage[]> | undefined;

/** The diagnostic-code passages rated under a formula (its first passage's id). */
export function codesRatedUnder(formulaId: string): KnowledgePassage[] {
  links ??= formulaLinks();
  return links.get(formulaId) ?? [];
}

/** The first passage of a long table entry this passage continues, or the passage itself. */
export function headOf(passage: KnowledgePassage): KnowledgePassage {
  return (passage.part_of === undefined ? undefined : getPassage(passage.part_of)) ?? passage;
}

// ---------------------------------------------------------------------------------------------
// Index

type Doc = {
  id: string;
  title: string;
  text: string;
  /** A guide's keywords. */
  keywords: string;
  numbers: string;
};

/** A name of a condition, as stems, and the diagnostic code it stands for. */
type ConditionName = { stems: string[]; code: string };

type Index = {
  search: MiniSearch<Doc>;
  /** Each passage's stems as " a b c ", to find pairs of words side by side. */
  stemLine: Map<string, string>;
  /** Each passage's distinct stems. */
  stemSet: Map<string, Set<string>>;
  /** The distinct stems of each passage's title. */
  titleSet: Map<string, Set<string>>;
  /** How many passages hold each stem. */
  documentFrequency: Map<string, number>;
  /** The terms each passage defines (see definedTerms). */
  definitions: Map<string, string[]>;
  codes: Set<string>;
  sections: Set<string>;
  /** Names of conditions by their first stem. */
  conditionNames: Map<string, ConditionName[]>;
};

const FIELD_BOOSTS = { title: 1.6, text: 1, keywords: 1.2, numbers: 2 };

/**
 * Words nearly every passage and question uses ("rating", "percent", "disability"): searched, but
 * weighing a third of another word.
 */
const GENERIC_STEMS = new Set(
  [
    'rate',
    'rated',
    'rating',
    'ratings',
    'percent',
    'disability',
    'disabilities',
    'disabled',
    'veteran',
    'veterans',
    'service',
    'connected',
    'condition',
    'conditions',
    'compensation',
  ].map(stemWord),
);
const GENERIC_WEIGHT = 0.35;

/** Words that make a question one on VA benefits (besides the generic ones above). */
const TOPIC_STEMS = new Set(
  (
    'claim claims claimant benefit benefits appeal appeals board decision decisions evidence ' +
    'exam examination military army navy marine marines air force coast guard guard reserve ' +
    'national deployment deployed combat injury injured illness disease diagnosis diagnosed ' +
    'presumptive presumption exposure exposed effective review reviewed representative ' +
    'entitlement entitled eligible eligibility award awarded denied denial rated increase ' +
    'reduce reduced reduction schedule symptom symptoms treatment doctor medical'
  )
    .split(' ')
    .map(stemWord),
);

function fuzziness(term: string): number {
  if (/\d/.test(term) || term.length < 6) return 0;
  return term.length < 9 ? 1 : 2;
}

function buildIndex(): Index {
  const names = namesByCode();
  const search = new MiniSearch<Doc>({
    fields: ['title', 'text', 'keywords', 'numbers'],
    tokenize: tokenizeText,
    processTerm,
    searchOptions: { boost: FIELD_BOOSTS },
  });
  const docs = PASSAGES.map((passage): Doc => ({
    id: passage.id,
    title: passage.title,
    text: passage.text,
    keywords: GUIDES.find((entry) => entry.id === passage.id)?.keywords.join(' | ') ?? '',
    numbers: [passage.section, passage.diagnostic_code ?? ''].join(' '),
  }));
  search.addAll(docs);

  const stemLine = new Map<string, string>();
  const stemSet = new Map<string, Set<string>>();
  const documentFrequency = new Map<string, number>();
  const definitions = new Map<string, string[]>();
  const titleSet = new Map<string, Set<string>>();
  for (const doc of docs) {
    titleSet.set(doc.id, new Set(stemsOf(doc.title)));
    const terms = definedTerms(doc.text);
    if (terms.length > 0) definitions.set(doc.id, terms);
    const stems = stemsOf(`${doc.title}\n${doc.text}\n${doc.keywords}\n${doc.numbers}`);
    stemLine.set(doc.id, ` ${stems.join(' ')} `);
    const set = new Set(stems);
    stemSet.set(doc.id, set);
    for (const stem of set) documentFrequency.set(stem, (documentFrequency.get(stem) ?? 0) + 1);
  }

  // Names of conditions: the catalogue's, and the titles of codes that need no comma to read
  // ("Posttraumatic stress disorder", "Migraine"; not "Leg, limitation of flexion of").
  const codes = new Set(
    PASSAGES.flatMap((p) => (p.diagnostic_code === undefined ? [] : [p.diagnostic_code])),
  );
  const conditionNames = new Map<string, ConditionName[]>();
  const seen = new Set<string>();
  const titleStems = new Map<string, Set<string>>();
  for (const passage of PASSAGES) {
    if (passage.diagnostic_code === undefined || passage.part_of !== undefined) continue;
    titleStems.set(passage.diagnostic_code, new Set(stemsOf(passage.title)));
  }
  const addName = (name: string, code: string) => {
    const stems = stemsOf(name);
    const key = `${code}:${stems.join(' ')}`;
    if (stems.length === 0 || stems.length > 6 || seen.has(key)) return;
    // A lone common word ("disease", "pain") names nothing in particular, nor one the everyday
    // table reads otherwise ("the bends" is caisson disease, "bend my knee" is flexion).
    if (stems.length === 1 && (documentFrequency.get(stems[0] ?? '') ?? 0) > 60) return;
    const means = stems.length === 1 ? SINGLE_WORD_TRIGGERS.get(stems[0] ?? '') : undefined;
    const title = titleStems.get(code);
    if (means && ![...means].some((stem) => title?.has(stem))) return;
    if (stems.every((stem) => GENERIC_STEMS.has(stem))) return;
    seen.add(key);
    const first = stems[0] ?? '';
    conditionNames.set(first, [...(conditionNames.get(first) ?? []), { stems, code }]);
  };
  for (const [code, list] of names) {
    if (!codes.has(code)) continue;
    for (const name of list) {
      addName(name.replace(/\(.*?\)/g, ' '), code);
      for (const inner of name.matchAll(/\(([^)]+)\)/g)) addName(inner[1] ?? '', code);
    }
  }
  for (const passage of PASSAGES) {
    if (passage.diagnostic_code === undefined || passage.part_of !== undefined) continue;
    const title = passage.title.replace(/^DC \d{4} /, '').replace(/ \([^()]*\)$/, '');
    if (!title.includes(',')) addName(title.replace(/\(.*?\)/g, ' '), passage.diagnostic_code);
  }
  return {
    search,
    stemLine,
    stemSet,
    titleSet,
    documentFrequency,
    definitions,
    codes,
    sections: new Set(PASSAGES.map((p) => p.section)),
    conditionNames,
  };
}

let index: Index | undefined;

function getIndex(): Index {
  index ??= buildIndex();
  return index;
}

// ---------------------------------------------------------------------------------------------
// Questions

export type QueryAnalysis = {
  /** The question's own searchable stems, in order (repeats kept). */
  stems: string[];
  /** Stems the everyday-language table adds, not among the question's own. */
  expansions: string[];
  /** Phrases (as stem lines) the table adds, for the side-by-side bonus. */
  expansionLines: string[];
  /**
   * For each phrase of the question the table translated: its own stems and the stems it
   * means. A passage that holds the meaning covers the question's words too.
   */
  translations: { words: string[]; means: string[]; group: number }[];
  /** Diagnostic codes the question names ("DC 5260", "6260"). */
  codes: string[];
  /** Sections the question names ("§ 3.400", "38 CFR 4.16"). */
  sections: string[];
  /** Sections that govern the topics the question's everyday phrases name. */
  topicSections: string[];
  /** Diagnostic codes of the conditions the question names ("tinnitus", "PTSD"). */
  conditionCodes: string[];
  /** The question asks about a rating (its percentages, criteria or code). */
  isAboutRating: boolean;
  /** The question asks what a term means ("what is…", "what counts as…", "definition of…"). */
  asksMeaning: boolean;
  /**
   * The question uses a word of VA benefits (a condition, a phrase of the everyday table, or a
   * word such as "claim", "rating" or "veteran"): a short question without one ("what is my
   * name?") is not taken as one on the regulations, however many passages share its words.
   */
  isOnTopic: boolean;
};

/** Whether `phrase` (stems) occurs in `stems` word by word. */
function containsPhrase(stems: string[], phrase: string[]): boolean {
  if (phrase.length === 0 || phrase.length > stems.length) return false;
  outer: for (let i = 0; i + phrase.length <= stems.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (stems[i + j] !== phrase[j]) continue outer;
    return true;
  }
  return false;
}

/** Stems of a phrase, stop words included (the table's phrases are short and deliberate). */
function phraseStems(text: string): string[] {
  return foldText(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map(stemWord);
}

/** One-word phrases of the everyday table, and what each means there. */
const SINGLE_WORD_TRIGGERS = new Map<string, Set<string>>();
for (const entry of KNOWLEDGE_SYNONYMS) {
  for (const word of entry.words) {
    const stems = stemsOf(word);
    if (stems.length !== 1 || stems[0] === undefined) continue;
    const means = SINGLE_WORD_TRIGGERS.get(stems[0]) ?? new Set<string>();
    for (const stem of stemsOf(entry.means)) means.add(stem);
    SINGLE_WORD_TRIGGERS.set(stems[0], means);
  }
}

let statutes: Set<string> | undefined;

/** Numbers of the statutes the knowledge base's cross references name ("7332"). */
function statuteNumbers(): Set<string> {
  statutes ??= new Set(
    PASSAGES.flatMap(statutesNamed).map((statute) => statute.replace(/^38 U\.S\.C\. /, '')),
  );
  return statutes;
}

const SYNONYM_PHRASES = KNOWLEDGE_SYNONYMS.map((entry) => ({
  words: entry.words.map(phraseStems),
  means: entry.means,
  sections: entry.sections ?? [],
}));

export function analyzeQuery(question: string): QueryAnalysis {
  const { codes: knownCodes, sections: knownSections } = getIndex();
  const stems = stemsOf(question);
  const allStems = phraseStems(question);
  const expansions = new Set<string>();
  const expansionLines: string[] = [];
  const translations: QueryAnalysis['translations'] = [];
  const topicSections = new Set<string>();
  for (const [group, entry] of SYNONYM_PHRASES.entries()) {
    const phrase = entry.words.find((words) => containsPhrase(allStems, words));
    if (phrase === undefined) continue;
    for (const section of entry.sections) topicSections.add(section);
    // "within one year | any time": each alternative is a way the regulation words it.
    for (const alternative of entry.means.split('|')) {
      const means = stemsOf(alternative);
      if (means.length === 0) continue;
      expansionLines.push(` ${means.join(' ')} `);
      translations.push({ words: phrase.filter((stem) => stems.includes(stem)), means, group });
      for (const stem of means) if (!stems.includes(stem)) expansions.add(stem);
    }
  }
  const folded = foldText(question);
  // A four-digit number is a diagnostic code unless it follows "U.S.C." or "section", or is a
  // statute the knowledge base names (7332) without "DC" before it.
  const codes = [...folded.matchAll(/(^|[^0-9.])(\d{4})(?![0-9])/g)]
    .filter((match) => {
      const before = folded.slice(0, match.index + (match[1]?.length ?? 0));
      if (/(u\.?\s?s\.?\s?c\.?|section|title)\s*$/.test(before)) return false;
      return !statuteNumbers().has(match[2] ?? '') || /(dc|diagnostic code)\s*$/.test(before);
    })
    .map((match) => match[2] ?? '')
    .filter((code) => knownCodes.has(code));
  const sections = [...folded.matchAll(/\b((?:3|4|20)\.\d{1,4}[a-z]?)\b/g)]
    .map((match) => match[1] ?? '')
    .filter((section) => knownSections.has(section));
  // The longest names win: "major depressive disorder" names 9434, not every "disorder".
  const names = getIndex().conditionNames;
  const named = [...new Set(stems)]
    .flatMap((stem) => names.get(stem) ?? [])
    .filter((name) => containsPhrase(stems, name.stems))
    .sort((a, b) => b.stems.length - a.stems.length);
  const covered = new Set<string>();
  const conditionCodes: string[] = [];
  for (const name of named) {
    const key = name.stems.join(' ');
    if ([...covered].some((longer) => ` ${longer} `.includes(` ${key} `) && longer !== key))
      continue;
    covered.add(key);
    if (!conditionCodes.includes(name.code)) conditionCodes.push(name.code);
  }
  const isAboutRating =
    codes.length > 0 ||
    /\b(rat(e|ed|ing|ings)|percent|%|evaluat\w*|diagnostic code|dc|compensable)\b/.test(folded);
  return {
    stems,
    expansions: [...expansions],
    expansionLines,
    translations,
    codes: [...new Set(codes)],
    sections: [...new Set(sections)],
    topicSections: [...topicSections],
    conditionCodes,
    isAboutRating,
    isOnTopic:
      translations.length > 0 ||
      conditionCodes.length > 0 ||
      codes.length > 0 ||
      sections.length > 0 ||
      stems.some((stem) => GENERIC_STEMS.has(stem) || TOPIC_STEMS.has(stem)),
    asksMeaning:
      /\b(definition|define[ds]?|mean|means|meaning|what is an?|what are|what counts)\b/.test(
        folded,
      ),
  };
}

export type ScoredPassage = {
  passage: KnowledgePassage;
  score: number;
  /** The share of the question's words (weighed by rarity) the passage holds, 0 to 1. */
  coverage: number;
  /** The same, not as a share: the summed rarity of what it holds (a short question holds little). */
  matched: number;
};

export type RankOptions = {
  limit?: number;
  /** Diagnostic codes to lift (named in the question or found in the user's records). */
  codes?: readonly string[];
  /** Sections to lift. */
  sections?: readonly string[];
};

const EXPANSION_WEIGHT = 0.55;

function rarity(stem: string, idx: Index): number {
  const df = idx.documentFrequency.get(stem) ?? 0;
  return Math.log(1 + (PASSAGES.length - df + 0.5) / (df + 0.5));
}

/** How rare a stem is in the knowledge base (inverse document frequency, as BM25 weighs it). */
export function stemRarity(stem: string): number {
  return rarity(stem, getIndex());
}

/**
 * The terms a passage defines, as stem lines: "“Puretone threshold average,” as used in…", "the
 * term medically unexplained chronic multisymptom illness means…", "a qualifying chronic
 * disability means…", "an illness that is defined by…" (the last six words before the verb).
 */
function definedTerms(text: string): string[] {
  const terms: string[] = [];
  const add = (term: string) => {
    const stems = stemsOf(term);
    if (stems.length > 0) terms.push(` ${stems.slice(-6).join(' ')} `);
  };
  for (const m of text.matchAll(/“([^”]{3,100}?),?”,?\s+(?:as used in|means|refers to)/g))
    add(m[1] ?? '');
  for (const m of text.matchAll(
    /\b((?:[\w'-]+\s+){0,7}[\w'-]+)\s+(?:means|is defined as|that is defined by|refers to)\b/g,
  ))
    add(m[1] ?? '');
  return terms;
}

/**
 * A passage that defines a phrase of the question ("the term medically unexplained chronic
 * multisymptom illness means…") answers "what counts as…" better than one that only uses it:
 * lifted by the length of the phrase.
 */
function definitionBonus(terms: string[], phrases: { text: string; length: number }[]): number {
  if (terms.length === 0) return 1;
  // Most passages define nothing; those that do define few terms.
  for (const phrase of phrases) {
    if (terms.some((term) => term.endsWith(phrase.text))) return 1 + 0.15 * phrase.length;
  }
  return 1;
}

/** The runs of two to six words of the question, longest first, as " a b " lines. */
function questionPhrases(
  stems: string[],
  asksMeaning: boolean,
): { text: string; length: number }[] {
  const phrases: { text: string; length: number }[] = [];
  for (let n = Math.min(6, stems.length); n >= 2; n--)
    for (let i = 0; i + n <= stems.length; i++)
      phrases.push({ text: ` ${stems.slice(i, i + n).join(' ')} `, length: n });
  // "What is the definition of a veteran?": one word can be the term asked about.
  if (asksMeaning)
    for (const stem of stems)
      if (!GENERIC_STEMS.has(stem) && !DEFINITION_CUES.has(stem))
        phrases.push({ text: ` ${stem} `, length: 2 });
  return phrases;
}

/** Words of a question asking what a term means (stems). */
const DEFINITION_CUES = new Set(['definition', 'defin', 'mean', 'meaning', 'count']);

/** How many search results are re-weighed in full (the rest cannot catch up). */
const RERANKED = 150;

/**
 * The share of a question (0 to 1) a set of stems holds: each of its words the set has, each word
 * whose phrase's meaning the set mostly has (in part), and each phrase the everyday table
 * translated (a concept of its own, weighed like a searched word of the meaning; alternatives of
 * one phrase count once). Words weigh by their rarity; common words of the domain weigh less.
 */
export function coverageOf(
  analysis: QueryAnalysis,
): ((set: Set<string>) => number) & { total: number } {
  const idx = getIndex();
  const own = [...new Set(analysis.stems)];
  const expansionSet = new Set(analysis.expansions);
  const weight = (stem: string) =>
    (expansionSet.has(stem) ? EXPANSION_WEIGHT : 1) *
    (GENERIC_STEMS.has(stem) ? GENERIC_WEIGHT : 1);
  const ownWeight = own.reduce((sum, stem) => sum + rarity(stem, idx) * weight(stem), 0);
  const conceptWeight = new Map<number, number>();
  for (const t of analysis.translations) {
    if (t.means.length === 0) continue;
    const mean = t.means.reduce((sum, stem) => sum + rarity(stem, idx), 0) / t.means.length;
    conceptWeight.set(t.group, Math.max(conceptWeight.get(t.group) ?? 0, mean * EXPANSION_WEIGHT));
  }
  const totalWeight = ownWeight + [...conceptWeight.values()].reduce((a, b) => a + b, 0);
  const share = (set: Set<string>): number => {
    if (totalWeight === 0) return 0;
    const translated = new Map<string, number>();
    const concepts = new Map<number, number>();
    for (const t of analysis.translations) {
      if (t.means.length === 0) continue;
      const share = t.means.filter((stem) => set.has(stem)).length / t.means.length;
      if (share < 0.5) continue;
      concepts.set(t.group, Math.max(concepts.get(t.group) ?? 0, share));
      for (const word of t.words) translated.set(word, Math.max(translated.get(word) ?? 0, share));
    }
    const words = own.reduce(
      (sum, stem) =>
        sum + rarity(stem, idx) * weight(stem) * (set.has(stem) ? 1 : (translated.get(stem) ?? 0)),
      0,
    );
    let meanings = 0;
    for (const [group, share] of concepts) meanings += (conceptWeight.get(group) ?? 0) * share;
    return (words + meanings) / totalWeight;
  };
  return Object.assign(share, { total: totalWeight });
}

/** Ranks passages for an analysed question (see the module comment). */
export function rankPassages(analysis: QueryAnalysis, options: RankOptions = {}): ScoredPassage[] {
  const idx = getIndex();
  const own = [...new Set(analysis.stems)];
  const terms = [...own, ...analysis.expansions];
  if (terms.length === 0) return [];
  const expansionSet = new Set(analysis.expansions);
  const liftCodes = new Set([
    ...analysis.codes,
    ...(options.codes ?? []),
    ...analysis.conditionCodes,
  ]);
  // A condition named in passing ("is my HIV status protected?") is not a rating question.
  const codeLift = analysis.isAboutRating || analysis.codes.length > 0 ? 4 : 1.3;
  const liftSections = new Set([...analysis.sections, ...(options.sections ?? [])]);
  const topicSections = new Set(analysis.topicSections);
  const formulasOfCodes = new Set(
    PASSAGES.filter(
      (p) => p.diagnostic_code !== undefined && liftCodes.has(p.diagnostic_code),
    ).flatMap((p) => p.rated_under ?? []),
  );
  const weight = (stem: string) =>
    (expansionSet.has(stem) ? EXPANSION_WEIGHT : 1) *
    (GENERIC_STEMS.has(stem) ? GENERIC_WEIGHT : 1);

  const results: SearchResult[] = idx.search.search(terms.join(' '), {
    // The terms are stems already: split at spaces, not stemmed again.
    tokenize: (query) => query.split(' '),
    processTerm: (term) => term,
    combineWith: 'OR',
    // Typos and unfinished words are the veteran's: the table's own words are searched exactly.
    prefix: (term) => term.length >= 5 && !/\d/.test(term) && !expansionSet.has(term),
    fuzzy: (term) => (expansionSet.has(term) ? 0 : fuzziness(term)),
    weights: { fuzzy: 0.3, prefix: 0.4 },
    boostTerm: (term) => weight(term),
  });

  const shareHeld = coverageOf(analysis);
  /** Two words side by side: the stems, and the line to look for once both are there. */
  type Pair = { first: string; second: string; line: string };
  const pairOf = (first: string, second: string): Pair => ({
    first,
    second,
    line: ` ${first} ${second} `,
  });
  const pairs: Pair[] = [];
  for (let i = 0; i + 1 < analysis.stems.length; i++) {
    const first = analysis.stems[i] ?? '';
    const second = analysis.stems[i + 1] ?? '';
    if (GENERIC_STEMS.has(first) && GENERIC_STEMS.has(second)) continue;
    pairs.push(pairOf(first, second));
  }
  const expansionPairs = analysis.expansionLines.flatMap((line) => {
    const words = line.trim().split(' ');
    return words.slice(1).map((word, i) => pairOf(words[i] ?? '', word));
  });
  const wholeMeanings = analysis.translations
    .filter((t) => t.means.length >= 2)
    .map((t) => ({ stems: t.means, line: ` ${t.means.join(' ')} ` }));

  const phrases = questionPhrases(analysis.stems, analysis.asksMeaning);
  /** The lifts of codes and sections the question or the records point to. */
  const liftOf = (passage: KnowledgePassage): number => {
    let lift = 1;
    if (passage.diagnostic_code !== undefined && liftCodes.has(passage.diagnostic_code))
      lift *= codeLift;
    else if (formulasOfCodes.has(headOf(passage).id)) lift *= 1 + (codeLift - 1) * 0.6;
    if (liftSections.has(passage.section)) lift *= 2.5;
    else if (topicSections.has(passage.section)) lift *= 2;
    return lift;
  };
  const candidates = results
    .map((result) => {
      const passage = getPassage(String(result.id));
      if (!passage) throw new Error(`no passage ${String(result.id)}`);
      const lift = liftOf(passage);
      return { result, passage, lift, rough: result.score * lift };
    })
    .sort((a, b) => b.rough - a.rough)
    .slice(0, RERANKED);

  const scored = candidates.map(({ result, passage, lift }): ScoredPassage => {
    const id = passage.id;
    const set = idx.stemSet.get(id) ?? new Set<string>();
    const line = idx.stemLine.get(id) ?? '';
    const coverage = shareHeld(set);
    // The same share for the title alone: a section titled with the question's subject leads.
    const titleCoverage = shareHeld(idx.titleSet.get(id) ?? new Set<string>());
    // The regulation's own words for a phrase of the question, all there and side by side.
    // The sets rule most candidates out before the text is searched.
    const holds = (pair: Pair) =>
      set.has(pair.first) && set.has(pair.second) && line.includes(pair.line);
    const translatedWhole = wholeMeanings.filter(
      (t) => t.stems.every((stem) => set.has(stem)) && line.includes(t.line),
    ).length;
    const sideBySide = pairs.filter(holds).length + 0.5 * expansionPairs.filter(holds).length;
    const score =
      result.score *
      (0.35 + coverage) *
      (1 + 0.25 * Math.min(sideBySide, 4)) *
      (1 + 0.4 * Math.min(translatedWhole, 2)) *
      (1 + 0.5 * titleCoverage) *
      definitionBonus(idx.definitions.get(id) ?? [], phrases) *
      lift;
    return { passage, score, coverage, matched: coverage * shareHeld.total };
  });
  scored.sort(
    (a, b) => b.score - a.score || passageOrder(a.passage.id) - passageOrder(b.passage.id),
  );
  return scored.slice(0, options.limit ?? 20);
}

/**
 * Searches the knowledge base (regulation passages and guides) with BM25, best first. The index
 * is built on the first call and kept for the life of the process.
 */
export function searchPassages(
  query: string,
  options: { limit?: number } = {},
): { passage: KnowledgePassage; score: number }[] {
  return rankPassages(analyzeQuery(query), { limit: options.limit ?? 10 }).map(
    ({ passage, score }) => ({ passage, score }),
  );
}

// ---------------------------------------------------------------------------------------------
// Citations

/**
 * A citation compared without "§", spaces, case or the dots of "C.F.R." and "U.S.C.": "38 C.F.R.
 * § 4.87, DC 6260" and "38 cfr 4.87,dc 6260" are the same.
 */
export function citationKey(citation: string): string {
  return citation
    .normalize('NFKC')
    .replace(/§/g, '')
    .toLowerCase()
    .replace(/c\.f\.r\./g, 'cfr')
    .replace(/u\.s\.c\./g, 'usc')
    .replace(/\bsections?\b/g, '')
    .replace(/\s+/g, '');
}

/** "see 38 U.S.C. 7332" in a cross reference: the statute a passage points to. */
export function statutesNamed(passage: KnowledgePassage): string[] {
  if (!/^Cross References?:/.test(passage.text)) return [];
  return [...passage.text.matchAll(/\bsee (38 U\.S\.C\. \d+[a-z]?)\b/g)].map((m) => m[1] ?? '');
}

let citations: Map<string, KnowledgePassage> | undefined;

function citationMap(): Map<string, KnowledgePassage> {
  const map = new Map<string, KnowledgePassage>();
  const add = (key: string, passage: KnowledgePassage) => {
    if (!map.has(key)) map.set(key, passage);
  };
  for (const passage of PASSAGES) {
    add(citationKey(passage.citation), passage);
    for (const statute of statutesNamed(passage)) add(citationKey(statute), passage);
    // A paragraph: "38 CFR 3.155(b)(1)" → the passage "3.155-b-1".
    const paragraph = passage.id.startsWith(`${passage.section}-`)
      ? passage.id.slice(passage.section.length + 1)
      : '';
    if (/^[a-zA-Z0-9]{1,5}(?:-[a-zA-Z0-9]{1,5})*$/.test(paragraph) && !/part\d/.test(paragraph)) {
      // "(c)(1)" also answers for "(c)" when no passage starts at "(c)" alone.
      const parts = paragraph.split('-');
      for (let depth = parts.length; depth >= 1; depth--) {
        const path = parts
          .slice(0, depth)
          .map((part) => `(${part})`)
          .join('');
        add(citationKey(`38 CFR ${passage.section}${path}`), passage);
      }
    }
  }
  return map;
}

/**
 * The passage a citation points to, or undefined when the knowledge base has no such text (a
 * model's invented citation is dropped on that). A paragraph citation ("38 CFR 3.155(b)(1)") falls
 * back to its nearest cited ancestor, then to the section.
 */
export function resolveCitation(citation: string): KnowledgePassage | undefined {
  citations ??= citationMap();
  let key = citationKey(citation);
  for (;;) {
    const found = citations.get(key);
    if (found) return found;
    const shorter = key.replace(/\([a-z0-9]+\)$/i, '');
    if (shorter === key) return undefined;
    key = shorter;
  }
}
