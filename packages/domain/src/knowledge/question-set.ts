/**
 * The fixed evaluation set for the offline assistant (see README.md): questions a veteran asks,
 * the facts a correct answer must contain and the citations it must give, plus the scoring the
 * engine is measured with. Pure: the set is imported, never read from disk.
 */
import questionSetFile from './question-set.json' with { type: 'json' };

/** One evaluation question. Facts are in the regulation's own words. */
export type EvaluationQuestion = {
  id: string;
  topic: string;
  question: string;
  expectedFacts: string[];
  /** "38 CFR <section>" with an optional ", DC <code>", or "38 U.S.C. 7332". */
  expectedCitations: string[];
  /** The cited Part 4 text was amended after the 2019 text the data holds. */
  isRuleChanged: boolean;
  /** The last eCFR change date (YYYY-MM-DD) of the amended section, when `isRuleChanged`. */
  ruleChangedOn: string | null;
  notes: string | null;
};

export type QuestionSet = { version: number; fixedOn: string; questions: EvaluationQuestion[] };

/** An engine's answer: its text and the citations it gives. */
export type EngineAnswer = { text: string; citations: string[] };

export type AnswerScore = {
  factsFound: number;
  factsTotal: number;
  citationFound: boolean;
  pass: boolean;
};

/** The shape of question-set.json (snake_case, as committed). */
export type QuestionSetFile = {
  version: number;
  fixed_on: string;
  questions: {
    id: string;
    topic: string;
    question: string;
    expected_facts: string[];
    expected_citations: string[];
    rule_changed?: boolean;
    rule_changed_on?: string;
    notes?: string;
  }[];
};

export const CFR_CITATION_PATTERN = /^38 CFR (\d+\.\d+[a-z]?)(?:, DC (\d{4}))?$/;
export const STATUTE_CITATIONS = ['38 U.S.C. 7332'] as const;

/** Checks the committed file's shape and turns it into a QuestionSet; throws on the first problem. */
export function parseQuestionSet(file: QuestionSetFile): QuestionSet {
  const seen = new Set<string>();
  const questions = file.questions.map((entry) => {
    const where = `question ${entry.id}`;
    if (!/^q\d{3}$/.test(entry.id)) throw new Error(`${where}: the id must look like q001`);
    if (seen.has(entry.id)) throw new Error(`${where}: the id is used twice`);
    seen.add(entry.id);
    if (entry.topic.trim() === '' || entry.question.trim() === '')
      throw new Error(`${where}: topic and question are required`);
    if (entry.expected_facts.length < 1 || entry.expected_facts.length > 4)
      throw new Error(`${where}: give 1 to 4 expected facts`);
    if (entry.expected_facts.some((fact) => normalizeText(fact) === ''))
      throw new Error(`${where}: an expected fact is empty`);
    if (entry.expected_citations.length === 0) throw new Error(`${where}: give a citation`);
    for (const citation of entry.expected_citations) {
      if (!isWellFormedCitation(citation))
        throw new Error(`${where}: "${citation}" is not a well-formed citation`);
    }
    const isRuleChanged = entry.rule_changed === true;
    if (isRuleChanged !== (entry.rule_changed_on !== undefined))
      throw new Error(`${where}: rule_changed and rule_changed_on go together`);
    if (entry.rule_changed_on !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(entry.rule_changed_on))
      throw new Error(`${where}: rule_changed_on must be YYYY-MM-DD`);
    return {
      id: entry.id,
      topic: entry.topic,
      question: entry.question,
      expectedFacts: entry.expected_facts,
      expectedCitations: entry.expected_citations,
      isRuleChanged,
      ruleChangedOn: entry.rule_changed_on ?? null,
      notes: entry.notes ?? null,
    };
  });
  return { version: file.version, fixedOn: file.fixed_on, questions };
}

/** The committed evaluation set, validated. */
export function loadQuestionSet(): QuestionSet {
  return parseQuestionSet(questionSetFile as QuestionSetFile);
}

export function isWellFormedCitation(citation: string): boolean {
  return (
    CFR_CITATION_PATTERN.test(citation) ||
    (STATUTE_CITATIONS as readonly string[]).includes(citation)
  );
}

/** Case, Unicode form, curly quotes and runs of whitespace do not count when matching facts. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** "38 C F R § 4.87, DC 6260" and "38 cfr 4.87 , dc 6260" compare equal: "§", spaces and case go. */
export function normalizeCitation(citation: string): string {
  return normalizeText(citation.replace(/§/g, '')).replace(/\s+/g, '');
}

/** Every fact found (substring, normalised) and at least one expected citation given. */
export function scoreAnswer(
  question: Pick<EvaluationQuestion, 'expectedFacts' | 'expectedCitations'>,
  answer: EngineAnswer,
): AnswerScore {
  const text = normalizeText(answer.text);
  const factsFound = question.expectedFacts.filter((fact) =>
    text.includes(normalizeText(fact)),
  ).length;
  const given = new Set(answer.citations.map(normalizeCitation));
  const citationFound = question.expectedCitations.some((citation) =>
    given.has(normalizeCitation(citation)),
  );
  const factsTotal = question.expectedFacts.length;
  return {
    factsFound,
    factsTotal,
    citationFound,
    pass: factsFound === factsTotal && citationFound,
  };
}

/** The share of passing answers, as a percentage (0 for no answers). */
export function scoreSet(results: Pick<AnswerScore, 'pass'>[]): number {
  if (results.length === 0) return 0;
  return (results.filter((result) => result.pass).length / results.length) * 100;
}
