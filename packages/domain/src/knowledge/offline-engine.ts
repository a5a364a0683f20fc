import { calculateCombinedRating } from '../combined-rating.ts';
import type { Part4StatusFile } from '../part4-status-import.ts';
import statusFile from '../part4-status.json' with { type: 'json' };
import { OTHER_PROGRAMS, type OtherProgram } from './knowledge-synonyms.ts';
import {
  analyzeQuery,
  codesRatedUnder,
  coverageOf,
  foldText,
  getPassage,
  headOf,
  isGuide,
  PASSAGES,
  passageOrder,
  rankPassages,
  resolveCitation,
  statutesNamed,
  PRESUMPTIVE_SERVICE_HEADING,
  stemRarity,
  stemsOf,
  type KnowledgePassage,
  type QueryAnalysis,
  type ScoredPassage,
} from './knowledge-base.ts';

/**
 * The assistant without a language model: answers a veteran's question from the knowledge base
 * alone, in Markdown, plain words first, then the regulation passages it relies on, quoted word
 * for word and cited. Deterministic: the same question and records give the same answer.
 *
 * How an answer is put together, in our words:
 * - The question is searched (knowledge-base.ts). Codes it names ("DC 5260"), conditions it names
 *   ("tinnitus", "PTSD") and the veteran's own disabilities it mentions ("my knee") point to their
 *   diagnostic codes.
 * - Two ratings or more and the word "combine" (or "my combined rating" with rated records) are
 *   combined with combined-rating.ts, step by step.
 * - A rating question (or a best passage from a rating table) is answered with the code: its
 *   rating levels, each percentage with its criteria, then the code's passage and the general
 *   rating formula it is rated under. A formula found without a code is shown with the code the
 *   question or the records name, else the code most veterans are rated under by it.
 * - Any other question is answered with the best passages of the best section (and up to two
 *   from other sections when they score close), led by the sentence that best answers it (a time
 *   limit in it set in bold). When one of our guides fits, its plain words come first and its
 *   best sources are quoted too. "How is <topic> rated?" also quotes the start of the section
 *   that governs the topic.
 * - A question about a program the knowledge base does not hold (home loans, education, health
 *   care…) is told so, with where to go.
 * - A passage of a Part 4 section amended since the 2019 text is labelled with the date of the
 *   change. When nothing scores high enough, the answer says so and where to look instead; it
 *   never makes an answer up.
 */

export type UserRecords = {
  disabilities: {
    title: string;
    diagnosticCode: string | null;
    diagnosis: string | null;
    percent: number | null;
  }[];
};

export type OfflineAnswer = {
  text: string;
  citations: { passageId: string; citation: string; title: string }[];
  found: boolean;
};

type Disability = UserRecords['disabilities'][number];

/** The most passages an answer quotes, and the most text (characters) it quotes in all. */
const MAX_QUOTES = 5;
const QUOTE_BUDGET = 7000;

/** A best passage holding less of the question than this (by word rarity) is not an answer. */
const MIN_COVERAGE = 0.45;
/** …nor one scoring under this. */
const MIN_SCORE = 12;
/** In a section the question's topic points to, a lower share of its words will do. */
const MIN_TOPIC_COVERAGE = 0.2;
/**
 * …and, for a question without a word of VA benefits, the words it holds must weigh this much
 * (summed rarity): "What is my name?" is wholly held by many passages, yet is not about them.
 */
const MIN_MATCHED = 8;

/**
 * Codes many veterans claim, in an order of our own choosing: the code a formula is shown with
 * when the question and the records name none of its codes (only the example changes, never the
 * formula's levels).
 */
const COMMON_CODES = [
  '6260',
  '6100',
  '9411',
  '7805',
  '5260',
  '5237',
  '8520',
  '5271',
  '8100',
  '5242',
];

const STATUS = new Map((statusFile as Part4StatusFile).sections.map((s) => [s.section, s]));

export const NOT_FOUND_TEXT = [
  'I could not find an answer to this in the regulations I hold (38 CFR Parts 3, 4 and 20), so I ' +
    'will not guess.',
  '',
  'Where to look instead:',
  '- **An accredited representative.** Veterans Service Organization (VSO) representatives help ' +
    "with claims free of charge; find one with VA's accreditation search on VA.gov.",
  '- **VA.gov**, or VA at 1-800-827-1000.',
  '- **The current regulations** at ecfr.gov (Title 38, Chapter I).',
].join('\n');

const FOOTER =
  '_General information from the regulations, not legal advice. An accredited VSO ' +
  'representative can look at your own case free of charge._';

// ---------------------------------------------------------------------------------------------
// Text helpers

/**
 * Text from the knowledge base or the veteran, safe in Markdown: angle brackets as entities (no
 * HTML can start), Markdown's other marks escaped (no stray emphasis or link).
 */
function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_[\]|]/g, (char) => `\\${char}`)
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** A passage's text as a Markdown blockquote, one paragraph per line. */
function blockquote(text: string): string {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => `> ${escapeMarkdown(line.trim())}`)
    .join('\n>\n');
}

/** Cut at a word boundary with an ellipsis when longer than `max`. */
function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20)).replace(/[,;:]$/, '')}…`;
}

function unique<T>(items: T[]): T[] {
  return [...new Set(items)];
}

// ---------------------------------------------------------------------------------------------
// Rating tables

type Level = { percent: string; criteria: string };

/** The rating levels of a table passage: "Flexion limited to 15° — 30 percent" and the like. */
function levelsOf(passage: KnowledgePassage): Level[] {
  const levels: Level[] = [];
  let context = '';
  const lines = passage.text.split('\n');
  lines.forEach((line, index) => {
    const match = /^(.*?) — (\d{1,3}) percent\b(.*)$/.exec(line);
    if (!match) {
      // A line that leads the rows under it ("Recurrent subluxation or lateral instability:").
      if (index > 0 && /:$/.test(line) && !/^Note\b/.test(line)) context = line;
      else if (index > 0 && !/^Note\b|^Footnote\b/.test(line)) context = '';
      return;
    }
    let criteria = (match[1] ?? '').replace(/^\d{4} /, '');
    if (context && index > 0) criteria = `${context} ${criteria}`;
    levels.push({ percent: match[2] ?? '', criteria: criteria.trim() });
  });
  return levels;
}

/** The code's name: "DC 5260 Leg, limitation of flexion of (The Knee and Leg)" → its middle. */
function codeName(passage: KnowledgePassage): string {
  return passage.title
    .replace(/^DC \d{4} /, '')
    .replace(/ \([^()]*(?:\([^()]*\)[^()]*)*\)$/, '')
    .replace(/:$/, '');
}

function formulaName(passage: KnowledgePassage): string {
  return passage.title.replace(/ \([^()]*\)$/, '').replace(/:$/, '');
}

let codes: Map<string, KnowledgePassage> | undefined;

/** The first passage of a code. */
function codePassage(code: string): KnowledgePassage | undefined {
  codes ??= new Map(
    PASSAGES.filter((p) => p.diagnostic_code !== undefined && p.part_of === undefined).map((p) => [
      p.diagnostic_code ?? '',
      p,
    ]),
  );
  return codes.get(code);
}

/** A passage of a rating table: a code, a formula, or a note or continuation of one. */
function isTablePassage(passage: KnowledgePassage): boolean {
  const head = headOf(passage);
  return head.diagnostic_code !== undefined || codesRatedUnder(head.id).length > 0;
}

/**
 * The code to show a formula with: one whose name the question holds, else one of the
 * veteran's, else the most common, else the first.
 */
function representativeCode(
  formula: KnowledgePassage,
  analysis: QueryAnalysis,
  recordCodes: string[],
): KnowledgePassage | undefined {
  const codes = codesRatedUnder(formula.id);
  if (codes.length === 0) return undefined;
  const asked = new Set([...analysis.stems, ...analysis.expansions]);
  // The share of the code's name the question holds, each word weighed by its rarity.
  const named = codes
    .map((code) => {
      const stems = unique(stemsOf(codeName(code)));
      const total = stems.reduce((sum, s) => sum + stemRarity(s), 0);
      const held = stems.filter((s) => asked.has(s)).reduce((sum, s) => sum + stemRarity(s), 0);
      return { code, share: total === 0 ? 0 : held / total };
    })
    .filter((entry) => entry.share >= 0.6)
    .sort((a, b) => b.share - a.share);
  if (named[0]) return named[0].code;
  const own = codes.find((code) => recordCodes.includes(code.diagnostic_code ?? ''));
  if (own) return own;
  for (const common of COMMON_CODES) {
    const found = codes.find((code) => code.diagnostic_code === common);
    if (found) return found;
  }
  return codes[0];
}

/** Whether the question names the code: its number, or most of its name. */
function codeNamedIn(code: KnowledgePassage, analysis: QueryAnalysis): boolean {
  if (analysis.codes.includes(code.diagnostic_code ?? '')) return true;
  const asked = new Set([...analysis.stems, ...analysis.expansions]);
  const stems = unique(stemsOf(codeName(code)));
  return stems.filter((s) => asked.has(s)).length * 2 > stems.length;
}

/** Numbers of degrees in the question ("bends to 45 degrees", "25°"). */
function degreesAsked(question: string): number[] {
  return [...foldText(question).matchAll(/(\d{1,3})\s*(?:degrees?|deg\b|°)/g)].map((m) =>
    Number(m[1]),
  );
}

/**
 * The levels a measurement fits: "Flexion limited to 45°", "greater than 30 degrees but not
 * greater than 60 degrees", "30 degrees or less". Clauses about the other part of the spine, or
 * about the combined range of motion, count only when the question names them.
 */
function levelsFitting(levels: Level[], degrees: number, question: string): Level[] {
  const asked = foldText(question);
  const neck = /\b(neck|cervical)\b/.test(asked);
  const combined = /\bcombined\b/.test(asked);
  return levels.flatMap((level) =>
    level.criteria
      .split(/;\s*or,?\s*|,?\s*or;\s*/)
      .filter((clause) => {
        const text = foldText(clause);
        if (/cervical/.test(text) && !neck) return false;
        if (/thoracolumbar/.test(text) && neck) return false;
        if (/combined range/.test(text) && !combined) return false;
        const range = /greater than (\d+) degrees but not greater than (\d+) degrees/.exec(text);
        if (range) return degrees > Number(range[1]) && degrees <= Number(range[2]);
        const atMost =
          /(\d+) degrees or less/.exec(text) ?? /not greater than (\d+) degrees/.exec(text);
        if (atMost) return degrees <= Number(atMost[1]);
        const limited = /limited to (\d+)\s*°/.exec(text);
        if (limited) return degrees === Number(limited[1]);
        return false;
      })
      .slice(0, 1)
      .map((clause) => ({
        percent: level.percent,
        criteria: clause.replace(/^\w/, (c) => c.toUpperCase()),
      })),
  );
}

/** Percentages the question asks about ("the 70 percent level", "100%"). */
function percentsAsked(question: string): string[] {
  return [...foldText(question).matchAll(/(\d{1,3})\s*(?:%|percent)/g)].map((m) => m[1] ?? '');
}

// ---------------------------------------------------------------------------------------------
// Records and combined ratings

const SIDE_OR_GENERIC = new Set(
  stemsOf(
    'left right bilateral both side condition disability disabilities rating rated rate percent ' +
      'service connected chronic syndrome disorder disease injury other',
  ),
);

/** The veteran's disabilities the question mentions ("my knee", "my tinnitus", "DC 5260"). */
function recordsMentioned(
  analysis: QueryAnalysis,
  question: string,
  records: UserRecords | undefined,
): Disability[] {
  if (!records) return [];
  const asked = new Set(analysis.stems);
  const folded = foldText(question);
  return records.disabilities.filter((disability) => {
    if (disability.diagnosticCode && folded.includes(disability.diagnosticCode)) return true;
    const words = stemsOf(`${disability.title} ${disability.diagnosis ?? ''}`).filter(
      (stem) => !SIDE_OR_GENERIC.has(stem),
    );
    return words.some((stem) => asked.has(stem));
  });
}

/** The ratings to combine, when the question asks for a combination; null otherwise. */
function combinationAsked(
  question: string,
  records: UserRecords | undefined,
): { percents: number[]; fromRecords: boolean } | null {
  const folded = foldText(question);
  if (!/\bcombin/.test(folded)) return null;
  // Whole numbers up to 100, not parts of "4.25" or of a date; one after a negation ("…not 80
  // percent") is the veteran's guess, not a rating.
  const percents = [
    ...folded.matchAll(
      /(?<!not |isnt |instead of |rather than |[\d.])(\d{1,3})(?![\d.]\d|\s*(?:degrees|°|days|years|months))/g,
    ),
  ]
    .map((m) => Number(m[1]))
    .filter((n) => n > 0 && n <= 100);
  // A last number that is the plain sum of the others is what the veteran expected.
  const last = percents.at(-1);
  if (percents.length >= 3 && last === percents.slice(0, -1).reduce((sum, n) => sum + n, 0))
    percents.pop();
  if (percents.length >= 2) return { percents, fromRecords: false };
  if (/\bmy\b/.test(folded) && records) {
    const rated = records.disabilities
      .map((d) => d.percent)
      .filter((p): p is number => p !== null && p >= 0 && p <= 100);
    if (rated.length >= 1) return { percents: rated, fromRecords: true };
  }
  return null;
}

function combinationLines(request: { percents: number[]; fromRecords: boolean }): string[] {
  const ratings = request.percents.map((percent) => ({ percent: Math.round(percent) }));
  const result = calculateCombinedRating({ ratings });
  const lines: string[] = [];
  const listed = request.percents.map((p) => `${p} percent`).join(', ');
  lines.push(
    request.fromRecords
      ? `**Your combined rating from the ratings in your records (${listed}) is ${result.combined} percent.**`
      : `**${listed.replace(/, ([^,]*)$/, ' and $1')} combine to ${result.combined} percent, not ${request.percents.reduce((a, b) => a + b, 0)} percent.**`,
  );
  lines.push('');
  lines.push(
    'VA does not add ratings. It orders them from the highest and applies each one to the ' +
      'efficiency the ones before it left (38 CFR 4.25):',
  );
  if (request.fromRecords)
    lines.push(
      'Your records do not say which limbs are rated, so this leaves out the bilateral factor ' +
        '(38 CFR 4.26), which adds to the value when both arms or both legs are rated.',
      '',
    );
  for (const step of result.steps) {
    if (step.kind === 'start') {
      lines.push(
        `- Start with ${step.percent} percent: ${100 - step.value} percent efficiency remains.`,
      );
    } else if (step.kind === 'combine') {
      lines.push(
        `- ${step.percent} percent of the remaining ${step.efficiency_before} percent is ${step.added}: ` +
          `combined value ${step.value} percent.`,
      );
    } else if (step.kind === 'final_rounding') {
      lines.push(
        `- The combined value ${step.exact} percent is rounded to the nearest 10: **${step.value} percent**.`,
      );
    }
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------
// Planning an answer

type Plan = {
  found: boolean;
  analysis: QueryAnalysis;
  ranked: ScoredPassage[];
  /** Regulation passages to quote, in reading order. */
  quotes: KnowledgePassage[];
  guide: KnowledgePassage | null;
  /** Markdown lines of the plain-words answer. */
  lead: string[];
  /** A program the knowledge base does not cover that the question is about. */
  otherProgram: OtherProgram | null;
};

const OTHER_PROGRAM_PHRASES = OTHER_PROGRAMS.map((program) => ({
  program,
  phrases: program.words.map(
    (word) =>
      ` ${foldText(word)
        .replace(/[^a-z0-9&.]+/g, ' ')
        .trim()} `,
  ),
}));

/** The program outside the knowledge base a question is about, if any. */
function otherProgramOf(question: string): OtherProgram | null {
  const line = ` ${foldText(question)
    .replace(/[^a-z0-9&.]+/g, ' ')
    .trim()} `;
  return (
    OTHER_PROGRAM_PHRASES.find((entry) => entry.phrases.some((p) => line.includes(p)))?.program ??
    null
  );
}

function scoreMap(ranked: ScoredPassage[]): Map<string, number> {
  return new Map(ranked.map((entry) => [entry.passage.id, entry.score]));
}

/** Passages of a table entry (its notes, its continuation) that score well enough to quote. */
function partsWorthQuoting(
  head: KnowledgePassage,
  ranked: ScoredPassage[],
  floor: number,
): KnowledgePassage[] {
  return ranked
    .filter((entry) => entry.passage.part_of === head.id && entry.score >= floor)
    .map((entry) => entry.passage);
}

function planAnswer(question: string, records?: UserRecords): Plan {
  const analysis = analyzeQuery(question);
  // A condition named in a question on another topic ("is asthma presumptive for burn pits?",
  // "when is my back pay due?") does not make it a question on that condition's rating.
  const otherTopic = analysis.topicSections.some((section) => !section.startsWith('4.'));
  const mentioned = otherTopic ? [] : recordsMentioned(analysis, question, records);
  const recordCodes = unique(
    mentioned.map((d) => d.diagnosticCode ?? '').filter((code) => codePassage(code) !== undefined),
  );
  const combination = combinationAsked(question, records);
  const ranked = rankPassages(analysis, {
    codes: recordCodes,
    sections: combination ? ['4.25'] : [],
    limit: 40,
  });
  const scores = scoreMap(ranked);
  const regulation = ranked.filter((entry) => !isGuide(entry.passage));
  const top = regulation[0];
  const topScore = top?.score ?? 0;
  // A condition the question names is its subject when it asks about a rating, or when the
  // search itself puts the condition's code among the best five.
  const bestFive = new Set(ranked.slice(0, 5).map((entry) => entry.passage.diagnostic_code));
  const namedCodes = otherTopic
    ? []
    : analysis.conditionCodes.filter((code) => analysis.isAboutRating || bestFive.has(code));
  const subjectCodes = unique([...analysis.codes, ...namedCodes, ...recordCodes]).filter(
    (code) => codePassage(code) !== undefined,
  );

  const best = ranked[0];
  const enough = (entry: ScoredPassage | undefined) =>
    entry !== undefined &&
    entry.coverage >= MIN_COVERAGE &&
    entry.score >= MIN_SCORE &&
    (analysis.isOnTopic || entry.matched >= MIN_MATCHED);
  const otherProgram = otherProgramOf(question);
  const found =
    combination !== null ||
    subjectCodes.length > 0 ||
    analysis.sections.length > 0 ||
    (otherProgram === null && enough(top)) ||
    // The section of a topic the question names in everyday words.
    (top !== undefined &&
      top.coverage >= MIN_TOPIC_COVERAGE &&
      analysis.topicSections.includes(top.passage.section)) ||
    // A guide that answers it (its sources are quoted).
    (otherProgram === null && best !== undefined && isGuide(best.passage) && enough(best));
  const plan: Plan = { found, analysis, ranked, quotes: [], guide: null, lead: [], otherProgram };
  if (!found) return plan;

  const quotes: KnowledgePassage[] = [];
  let quoted = 0;
  /** Quotes a passage, while the answer stays readable (`always` for what it cannot do without). */
  const add = (passage: KnowledgePassage | undefined, always = false) => {
    if (!passage || quotes.some((q) => q.id === passage.id) || quotes.length >= MAX_QUOTES) return;
    if (!always && quoted + passage.text.length > QUOTE_BUDGET) return;
    quotes.push(passage);
    quoted += passage.text.length;
  };

  // 1. Combined ratings.
  if (combination) {
    plan.lead.push(...combinationLines(combination));
    add(getPassage('4.25-a'), true);
    if (/bilateral|both (arms|legs)/.test(foldText(question))) add(getPassage('4.26'));
  }

  // 2. A rating: the code, its formula, their notes.
  let subject: KnowledgePassage | undefined;
  let formulas: KnowledgePassage[] = [];
  /** The code was picked to show a formula the question found, not named by the question. */
  let chosenForFormula = false;
  if (!combination) {
    if (subjectCodes.length > 0) {
      const candidates = subjectCodes
        .map((code) => codePassage(code))
        .filter((p): p is KnowledgePassage => p !== undefined)
        .sort((a, b) => (scores.get(b.id) ?? 0) - (scores.get(a.id) ?? 0));
      subject = candidates[0];
    } else if (top && isTablePassage(top.passage)) {
      const head = headOf(top.passage);
      if (head.diagnostic_code !== undefined) subject = head;
      else {
        formulas = [head];
        subject = representativeCode(head, analysis, recordCodes);
        chosenForFormula = subject !== undefined && !codeNamedIn(subject, analysis);
      }
    }
  }
  if (subject) {
    const floor = topScore * 0.25;
    add(subject, true);
    for (const part of partsWorthQuoting(subject, ranked, floor)) add(part);
    if (formulas.length === 0) {
      formulas = (subject.rated_under ?? [])
        .map((id) => getPassage(id))
        .filter((p): p is KnowledgePassage => p !== undefined)
        .sort((a, b) => (scores.get(b.id) ?? 0) - (scores.get(a.id) ?? 0));
    }
    for (const formula of formulas.slice(0, 2)) {
      add(formula, true);
      for (const part of partsWorthQuoting(formula, ranked, floor)) add(part);
    }
    // The passage that scored best, when it belongs to neither (a note elsewhere in the section).
    if (top && top.passage.section === subject.section) add(top.passage);
    plan.lead.push(...ratingLead(subject, formulas[0], question, mentioned, chosenForFormula));
  }

  // 3. Everything else: the best section's best passages, and a guide's plain words.
  const guideEntry = ranked.find((entry) => isGuide(entry.passage));
  if (guideEntry && !subject && guideEntry.score >= topScore * 0.4) {
    plan.guide = guideEntry.passage;
  }
  if (!subject) {
    if (top) add(top.passage, true);
    const section = top?.passage.section;
    // "How is hearing loss rated?": the section that governs the topic, from its start.
    if (
      top &&
      analysis.isAboutRating &&
      analysis.topicSections.includes(top.passage.section) &&
      /\bhow\b.*\b(rate|rated|evaluated)\b/.test(foldText(question))
    ) {
      for (const passage of PASSAGES.filter((p) => p.section === section).slice(0, 2)) add(passage);
    }
    // Then, best first: the section's other good passages (up to three), close runners-up from
    // other sections (up to two), and the guide's sources (up to two; one the search did not
    // rank counts as a middling match).
    type Candidate = { passage: KnowledgePassage; score: number; kind: 'own' | 'other' | 'source' };
    const candidates: Candidate[] = [];
    for (const entry of regulation.slice(1)) {
      if (entry.passage.section === section && entry.score >= topScore * 0.3)
        candidates.push({ ...entry, kind: 'own' });
      else if (entry.passage.section !== section && entry.score >= topScore * 0.6)
        candidates.push({ ...entry, kind: 'other' });
    }
    for (const citation of plan.guide?.sources ?? []) {
      const passage = resolveCitation(citation);
      if (passage)
        candidates.push({
          passage,
          score: Math.max(scores.get(passage.id) ?? 0, topScore * 0.5),
          kind: 'source',
        });
    }
    const limits = { own: 3, other: 2, source: 2 };
    for (const candidate of candidates.sort((a, b) => b.score - a.score)) {
      if (limits[candidate.kind] === 0 || quotes.some((q) => q.id === candidate.passage.id))
        continue;
      const before = quotes.length;
      add(candidate.passage);
      if (quotes.length > before) limits[candidate.kind] -= 1;
    }
    if (!combination) {
      const listed = presumptiveLead(quotes, analysis);
      plan.lead.push(
        ...(listed.length > 0 ? listed : keySentenceLead(quotes, analysis, question, scores)),
      );
    }
  }

  // Reading order: the sections in the order they were chosen, each in document order.
  const sectionRank = new Map<string, number>();
  quotes.forEach((q) => {
    if (!sectionRank.has(q.section)) sectionRank.set(q.section, sectionRank.size);
  });
  const head = quotes[0];
  plan.quotes = [
    ...(head && subject ? [head] : []),
    ...quotes
      .filter((q) => !(subject && q === head))
      .sort(
        (a, b) =>
          (sectionRank.get(a.section) ?? 0) - (sectionRank.get(b.section) ?? 0) ||
          passageOrder(a.id) - passageOrder(b.id),
      ),
  ];
  if (mentioned.length > 0 && !subject) plan.lead.push(...recordLines(mentioned));
  return plan;
}

function recordLines(mentioned: Disability[]): string[] {
  return [
    '',
    ...mentioned.map((d) => {
      const parts = [`Your records list **${escapeMarkdown(d.title)}**`];
      if (d.diagnosticCode) parts.push(`under diagnostic code ${d.diagnosticCode}`);
      parts.push(d.percent === null ? 'with no rating yet' : `rated ${d.percent} percent`);
      return `${parts.join(' ')}.`;
    }),
  ];
}

/** The plain-words part of a rating answer: the code, its levels, what fits the question. */
function ratingLead(
  code: KnowledgePassage,
  formula: KnowledgePassage | undefined,
  question: string,
  mentioned: Disability[],
  chosenForFormula: boolean,
): string[] {
  const lines: string[] = [];
  const dc = code.diagnostic_code ?? '';
  const name = escapeMarkdown(codeName(code));
  const own = levelsOf(code);
  const source = own.length > 0 || !formula ? code : formula;
  const levels = own.length > 0 ? own : formula ? levelsOf(formula) : [];
  if (chosenForFormula && formula) {
    const count = codesRatedUnder(formula.id).length;
    lines.push(
      `The **${escapeMarkdown(formulaName(formula))}** (38 CFR ${formula.section}) rates ` +
        `${count === 1 ? 'one diagnostic code' : `${count} diagnostic codes`}, among them ` +
        `**${name}** (diagnostic code ${dc}).`,
    );
  } else if (own.length === 0 && formula) {
    lines.push(
      `**${name}** is diagnostic code ${dc} (38 CFR ${code.section}). It is rated under the ` +
        `**${escapeMarkdown(formulaName(formula))}** (38 CFR ${formula.section}).`,
    );
  } else {
    lines.push(`**${name}** is rated under diagnostic code ${dc} (38 CFR ${code.section}).`);
  }
  if (levels.length === 1 && levels[0]) {
    lines.push(
      `It has a single rating level: **${levels[0].percent} percent** (${escapeMarkdown(levels[0].criteria)}).`,
    );
  } else if (levels.length > 1) {
    lines.push('', `The rating levels in ${source === code ? 'the schedule' : 'the formula'}:`);
    for (const level of levels)
      lines.push(`- **${level.percent} percent**: ${escapeMarkdown(shorten(level.criteria, 170))}`);
  } else if (own.length === 0 && !formula) {
    lines.push('The schedule gives no percentages of its own for this code; see the text below.');
  }

  // What fits the question: a measurement, or a percentage it asks about.
  const fitting = unique(degreesAsked(question).flatMap((d) => levelsFitting(levels, d, question)));
  const degrees = degreesAsked(question);
  if (fitting.length > 0 && degrees.length > 0) {
    lines.push(
      '',
      `**Your ${degrees.join(' and ')} degrees** fit${fitting.length === 1 ? 's' : ''} ` +
        fitting
          .map(
            (l) =>
              `the **${l.percent} percent** level (“${escapeMarkdown(shorten(l.criteria, 220))}”)`,
          )
          .join(', and ') +
        '. VA measures motion at the examination, and pain, weakness and flare-ups can count too.',
    );
  } else {
    const asked = percentsAsked(question).filter((p) => levels.some((l) => l.percent === p));
    for (const percent of unique(asked)) {
      const level = levels.find((l) => l.percent === percent);
      if (level)
        lines.push(
          '',
          `**The ${percent} percent level** requires: ${escapeMarkdown(level.criteria)}`,
        );
    }
  }

  // The veteran's own rating under this code.
  for (const disability of mentioned.filter((d) => d.diagnosticCode === dc)) {
    const percents = levels.map((l) => Number(l.percent));
    const highest = percents.length > 0 ? Math.max(...percents) : null;
    let line = `Your records list **${escapeMarkdown(disability.title)}** under diagnostic code ${dc}`;
    if (disability.percent === null) line += ' with no rating yet.';
    else {
      line += `, rated ${disability.percent} percent.`;
      const higher = levels.filter((l) => Number(l.percent) > (disability.percent ?? 0));
      if (highest !== null && disability.percent >= highest)
        line += ` That is the highest level the schedule gives for this code.`;
      else if (higher.length > 0)
        line +=
          ` A higher rating needs the criteria of the ` +
          unique(higher.map((l) => Number(l.percent)))
            .sort((a, b) => a - b)
            .map((percent) => `${percent}`)
            .join(' or ') +
          ' percent level above, shown by the medical evidence; you can claim an increase with ' +
          'new evidence.';
    }
    lines.push('', line);
  }
  return lines;
}

/**
 * For a question about a presumptive list: the list's entries that name what the question asks
 * about ("Is hypertension presumptive for Agent Orange?" → the list's "High blood pressure
 * (hypertension)"), said first, each with its citation. Nothing when no entry is named.
 */
function presumptiveLead(quotes: KnowledgePassage[], analysis: QueryAnalysis): string[] {
  const asked = new Set(analysis.stems);
  for (const passage of quotes.filter((q) => q.section === 'presumptive')) {
    const lines = passage.text.split('\n');
    const serviceAt = lines.indexOf(PRESUMPTIVE_SERVICE_HEADING);
    // Each entry scored by the rarity of the question's words it holds; the best and those close.
    const scored = lines
      .slice(0, serviceAt === -1 ? lines.length : serviceAt)
      .filter((line) => line.startsWith('- '))
      .map((line) => {
        const entry = line.slice(2).replace(/\s*\([^()]*\)$/, '');
        const held = unique(stemsOf(entry)).filter((stem) => asked.has(stem));
        return { line, score: held.reduce((sum, stem) => sum + stemRarity(stem), 0) };
      })
      .filter((entry) => entry.score > 1);
    const top = Math.max(0, ...scored.map((entry) => entry.score));
    const named = scored.filter((entry) => entry.score >= top * 0.75).map((entry) => entry.line);
    if (named.length === 0) continue;
    return [
      `**On VA's list** (${escapeMarkdown(passage.citation)}): ${escapeMarkdown(passage.title)} ` +
        'includes:',
      ...named.slice(0, 6).map((line) => escapeMarkdown(line)),
      '',
      'VA presumes these are service connected for a veteran whose service qualifies (below), ' +
        'so no medical opinion linking them to service is needed; a diagnosis is.',
    ];
  }
  return [];
}

/** Sentences of the quotes that best answer the question, as the plain-words lead. */
function keySentenceLead(
  quotes: KnowledgePassage[],
  analysis: QueryAnalysis,
  question: string,
  scores: Map<string, number>,
): string[] {
  const share = coverageOf(analysis);
  const bestScore = Math.max(1e-9, ...quotes.map((q) => scores.get(q.id) ?? 0));
  const deadline = /\b(how long|deadline|time limit|when|how soon|by when)\b/.test(
    foldText(question),
  );
  type Candidate = { sentence: string; passage: KnowledgePassage; score: number; order: number };
  const candidates: Candidate[] = [];
  quotes.forEach((passage, order) => {
    for (const sentence of sentencesOf(passage.text)) {
      // What the sentence holds of the question, and how well its passage answers it.
      let score =
        share(new Set(stemsOf(sentence))) + 0.4 * ((scores.get(passage.id) ?? 0) / bestScore);
      if (deadline && TIME_LIMIT.test(sentence)) score += 0.3;
      // A long sentence says less per word.
      score -= Math.max(0, sentence.length - 400) / 4000;
      candidates.push({ sentence, passage, score, order });
    }
  });
  candidates.sort((a, b) => b.score - a.score || a.order - b.order);
  // The best passage's own best sentence, when it says something to the point; else the best.
  const fromTop = candidates.find(
    (c) =>
      c.order === 0 &&
      (share(new Set(stemsOf(c.sentence))) >= 0.3 || (deadline && TIME_LIMIT.test(c.sentence))),
  );
  const best = fromTop ?? candidates[0];
  if (!best || best.score <= 0) return [];
  // A time limit in the answer is the answer: it is set in bold.
  const sentence = escapeMarkdown(shorten(best.sentence, 600)).replace(
    new RegExp(TIME_LIMIT.source, 'gi'),
    (phrase) => `**${phrase}**`,
  );
  return [`**In short** (${best.passage.citation}): “${sentence}”`];
}

/** A time limit: "within one year from…", "within 90 days", "at any time after…". */
const TIME_LIMIT =
  /\b(?:within|not later than|no later than|before the end of)\s+(?:\w+\s+){0,3}?(?:years?|days|months)\b|\b(?:at )?any time after\b/i;

/** Abbreviations a sentence does not end at ("P.O. Box", "38 U.S.C. 7332", "e.g., …"). */
const ABBREVIATION =
  /(?:\b(?:P\.O|U\.S\.C|U\.S|C\.F\.R|e\.g|i\.e|No|Nos|Sec|Pub|L|Stat|Jan|Feb|Mar|Apr|Aug|Sept|Oct|Nov|Dec|Dr|St|cm|sq|pct|[A-Z])\.)$/;

/** The sentences of a passage (lines first, then at a full stop that ends a sentence). */
function sentencesOf(text: string): string[] {
  const sentences: string[] = [];
  for (const line of text.split('\n')) {
    let start = 0;
    for (const match of line.matchAll(/[.;:](?=\s+[A-Z(])/g)) {
      const end = match.index + 1;
      if (ABBREVIATION.test(line.slice(start, end))) continue;
      sentences.push(line.slice(start, end).trim());
      start = end;
    }
    sentences.push(line.slice(start).trim());
  }
  // A paragraph's heading ("(b) Intent to file a claim.") is not an answer.
  return sentences.filter(
    (sentence) =>
      sentence.split(/\s+/).length >= 8 &&
      !/^(?:\([a-zA-Z0-9]{1,5}\))+\s+[^.;:]{0,120}[.:]?$/.test(sentence),
  );
}

// ---------------------------------------------------------------------------------------------
// Writing the answer

function changeNote(passage: KnowledgePassage): string | null {
  if (passage.changed_on === null) return null;
  return (
    `_This rule was amended on ${passage.changed_on}; the text below is the 2019 version — ` +
    `check the current 38 CFR._`
  );
}

/** Sections eCFR dates after the 2019 text without a known amendment: a softer word. */
function laterDateNote(section: string): string | null {
  const entry = STATUS.get(section);
  if (entry?.status !== 'maybe_changed' || entry.changed_on === null) return null;
  return (
    `eCFR records a later update of § ${section} on ${entry.changed_on}, not known to change ` +
    `this text; the current 38 CFR is the final word.`
  );
}

function citationsOf(plan: Plan): OfflineAnswer['citations'] {
  const list: OfflineAnswer['citations'] = [];
  const push = (passageId: string, citation: string, title: string) => {
    if (!list.some((entry) => entry.citation === citation && entry.passageId === passageId))
      list.push({ passageId, citation, title });
  };
  for (const passage of plan.quotes) {
    push(passage.id, passage.citation, passage.title);
    for (const statute of statutesNamed(passage)) push(passage.id, statute, passage.title);
    // A presumptive list rests on the sections and statutes it names ("38 CFR 3.309(e); 38 U.S.C.
    // 1116"): each is cited, a regulation paragraph also by its section.
    if (passage.section === 'presumptive') {
      for (const piece of passage.citation.split(';').map((part) => part.trim())) {
        push(passage.id, piece, passage.title);
        const section = piece.replace(/^(38 CFR \d+\.\d+[a-z]?)\(.*$/, '$1');
        if (section !== piece) push(passage.id, section, passage.title);
      }
    }
  }
  if (plan.guide) push(plan.guide.id, plan.guide.citation, plan.guide.title);
  return list;
}

function writeAnswer(plan: Plan): string {
  const parts: string[] = [];
  if (plan.lead.length > 0) parts.push(plan.lead.join('\n'));
  if (plan.guide) {
    parts.push(
      `**In plain words** (our guide “${escapeMarkdown(plan.guide.title)}”): ` +
        escapeMarkdown(plan.guide.text),
    );
  }
  const changed = unique(
    plan.quotes
      .filter((p) => p.changed_on !== null)
      .map((p) => `38 CFR ${p.section} on ${p.changed_on ?? ''}`),
  );
  if (changed.length > 0) {
    parts.push(
      `**The rule has changed since this text:** VA amended ${changed.join(' and ')}, after the ` +
        '2019 version quoted here. Check the current 38 CFR (ecfr.gov) before relying on these ' +
        'criteria.',
    );
  }
  const later = unique(plan.quotes.map((p) => p.section))
    .map(laterDateNote)
    .filter((note): note is string => note !== null);
  if (later.length > 0) parts.push(`_${later.join(' ')}_`);

  parts.push('**What the regulation says:**');
  for (const passage of plan.quotes) {
    const note = changeNote(passage);
    const statutes = statutesNamed(passage);
    const cite = [passage.citation, ...statutes].join('; ');
    parts.push(
      [
        ...(note ? [note, ''] : []),
        blockquote(passage.text),
        '',
        `— ${escapeMarkdown(cite)}: ${escapeMarkdown(passage.title.replace(/^DC \d{4} /, ''))} ` +
          `(${passage.source})`,
      ].join('\n'),
    );
  }
  parts.push(FOOTER);
  return parts.join('\n\n');
}

/**
 * Answers a question from the knowledge base alone, using the veteran's records when the question
 * is about them. `found` is false (and the text says where to look) when nothing fits.
 */
export function answerOffline(question: string, records?: UserRecords): OfflineAnswer {
  const plan = planAnswer(question, records);
  if (!plan.found || (plan.quotes.length === 0 && plan.lead.length === 0)) {
    const program = plan.otherProgram;
    const text = program
      ? `This looks like a question about ${program.name}, which the regulations I hold (38 CFR ` +
        `Parts 3, 4 and 20, on disability compensation) do not cover, so I will not guess. ` +
        `See ${program.where}.\n\n${NOT_FOUND_TEXT.split('\n').slice(2).join('\n')}`
      : NOT_FOUND_TEXT;
    return { text, citations: [], found: false };
  }
  return { text: writeAnswer(plan), citations: citationsOf(plan), found: true };
}

/**
 * The passages an answer to the question rests on, best first: those the offline answer quotes,
 * then the next best regulation passages, up to `limit` (for a model to answer from).
 */
export function retrievePassages(
  question: string,
  records?: UserRecords,
  limit = 6,
): KnowledgePassage[] {
  const plan = planAnswer(question, records);
  if (!plan.found) return [];
  const chosen: KnowledgePassage[] = [...plan.quotes];
  for (const entry of plan.ranked) {
    if (chosen.length >= limit) break;
    if (!isGuide(entry.passage) && !chosen.some((p) => p.id === entry.passage.id))
      chosen.push(entry.passage);
  }
  return chosen.slice(0, limit);
}
