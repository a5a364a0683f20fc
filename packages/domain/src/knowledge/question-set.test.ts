/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import type { Part4StatusFile } from '../part4-status-import.ts';
import statusFile from '../part4-status.json' with { type: 'json' };
import questionSetFile from './question-set.json' with { type: 'json' };
import {
  CFR_CITATION_PATTERN,
  isWellFormedCitation,
  loadQuestionSet,
  normalizeText,
  parseQuestionSet,
  scoreAnswer,
  scoreSet,
  type QuestionSetFile,
} from './question-set.ts';

const STATUS = statusFile as Part4StatusFile;
const SET = loadQuestionSet();

/**
 * The regulation text, read by the test bundler (domain code does no I/O): the 2019 Part 4 section
 * files and the 2025 Part 3 and Part 20 text, beside the repository in ../shared/data. A machine
 * without that folder skips the checks against the text.
 */
const PART4_FILES: Record<string, string> = import.meta.glob(
  '../../../../../shared/data/cfr/part4_2019-10-07/sections/*.md',
  { query: '?raw', import: 'default', eager: true },
);
const JSON_FILES: Record<string, string> = import.meta.glob(
  [
    '../../../../../shared/data/cfr/part3_eCFR_2025/38CFR_part3_eCFR_2025.json',
    '../../../../../shared/data/cfr/part20_eCFR_2025/38CFR_part20_eCFR_2025.json',
  ],
  { query: '?raw', import: 'default', eager: true },
);

type SectionsFile = { sections: { section: string; paragraphs: string[] }[] };
const sectionText = new Map<string, string>();
for (const [file, text] of Object.entries(PART4_FILES)) {
  sectionText.set(file.split('/').at(-1)?.replace(/\.md$/, '') ?? file, flattenMarkdown(text));
}
for (const text of Object.values(JSON_FILES)) {
  for (const entry of (JSON.parse(text) as SectionsFile).sections) {
    sectionText.set(entry.section, entry.paragraphs.join('\n'));
  }
}
const hasText = sectionText.has('4.87') && sectionText.has('3.400') && sectionText.has('20.203');

/**
 * Part 4 tables as text: one line per row, cells joined by spaces, and in a table headed "Rating"
 * a number cell read as "<n> percent" (the Rating column is the percentage evaluation).
 */
function flattenMarkdown(markdown: string): string {
  const lines: string[] = [];
  let isRatingTable: boolean | null = null;
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('|')) {
      isRatingTable = null;
      lines.push(line);
      continue;
    }
    const cells = line
      .trim()
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((cell) => cell.trim());
    if (isRatingTable === null) {
      isRatingTable = cells.some((cell) => /rating/i.test(cell));
      continue;
    }
    if (cells.every((cell) => /^-*$/.test(cell))) continue;
    const rating = isRatingTable;
    lines.push(
      cells
        .filter((cell) => cell !== '')
        .map((cell) => (rating && /^\d+$/.test(cell) ? `${cell} percent` : cell))
        .join(' '),
    );
  }
  return lines.join('\n').replaceAll('**', '');
}

/** The text a citation points to: the section, or for 38 U.S.C. 7332 the Part 20 cross-reference. */
function citedText(citation: string): string | undefined {
  if (citation === '38 U.S.C. 7332') {
    return sectionText
      .get('20.1202-20.1299')
      ?.split('\n')
      .filter((paragraph) => paragraph.includes('38 U.S.C. 7332'))
      .join('\n');
  }
  const section = CFR_CITATION_PATTERN.exec(citation)?.[1];
  return section === undefined ? undefined : sectionText.get(section);
}

const TOPICS = [
  'tinnitus',
  'hearing-loss',
  'knee',
  'spine',
  'mental-disorders',
  'migraine',
  'sleep-apnea',
  'effective-dates',
  'intent-to-file',
  'review-deadlines',
  'presumptive-herbicide',
  'presumptive-gulf-war',
  'presumptive-burn-pit',
  'tdiu',
  'smc',
  'secondary-service-connection',
  'combined-ratings',
  'character-of-discharge',
  'protected-information-7332',
];

describe('[DOMAIN][QUESTION SET]: the committed evaluation set', () => {
  it('[DOMAIN]: has at least 60 questions with unique ids', () => {
    expect(SET.questions.length).toBeGreaterThanOrEqual(60);
    expect(new Set(SET.questions.map((question) => question.id)).size).toBe(SET.questions.length);
  });

  it('[DOMAIN]: covers every topic of the brief', () => {
    const covered = new Set(SET.questions.map((question) => question.topic));
    expect(TOPICS.filter((topic) => !covered.has(topic))).toEqual([]);
  });

  it('[DOMAIN]: every citation is well formed', () => {
    const citations = SET.questions.flatMap((question) => question.expectedCitations);
    expect(citations.filter((citation) => !isWellFormedCitation(citation))).toEqual([]);
  });

  it('[DOMAIN]: the 7332 questions cite the statute, not the CFR', () => {
    for (const question of SET.questions.filter((q) => q.topic === 'protected-information-7332')) {
      expect(question.expectedCitations).toEqual(['38 U.S.C. 7332']);
    }
  });

  it('[DOMAIN]: a question on amended Part 4 text is flagged with the change date; others are not', () => {
    const status = new Map(STATUS.sections.map((entry) => [entry.section, entry]));
    for (const question of SET.questions) {
      const changed = question.expectedCitations
        .map((citation) => CFR_CITATION_PATTERN.exec(citation)?.[1])
        .map((section) => (section === undefined ? undefined : status.get(section)))
        .filter((entry) => entry?.status === 'changed');
      const lastChange =
        changed
          .map((entry) => entry?.changed_on ?? '')
          .sort()
          .at(-1) ?? null;
      expect({
        id: question.id,
        isRuleChanged: question.isRuleChanged,
        on: question.ruleChangedOn,
      }).toEqual({ id: question.id, isRuleChanged: changed.length > 0, on: lastChange });
    }
  });

  it('[DOMAIN]: a question on Part 4 text with an unverified later change says so in its notes', () => {
    const status = new Map(STATUS.sections.map((entry) => [entry.section, entry]));
    for (const question of SET.questions) {
      for (const citation of question.expectedCitations) {
        const section = CFR_CITATION_PATTERN.exec(citation)?.[1];
        const entry = section === undefined ? undefined : status.get(section);
        if (entry?.status === 'maybe_changed' && entry.changed_on !== null) {
          expect(question.notes, question.id).toContain(entry.changed_on);
        }
      }
    }
  });

  it('[DOMAIN]: the loader refuses a malformed entry', () => {
    const file = questionSetFile as QuestionSetFile;
    const first = file.questions[0];
    if (!first) throw new Error('empty set');
    const withEntry = (entry: Partial<typeof first>) => ({
      ...file,
      questions: [{ ...first, ...entry }],
    });
    expect(() => parseQuestionSet(withEntry({ expected_citations: ['CFR 4.87'] }))).toThrow(
      /not a well-formed citation/,
    );
    expect(() => parseQuestionSet(withEntry({ expected_facts: [] }))).toThrow(/1 to 4/);
    expect(() => parseQuestionSet(withEntry({ rule_changed: true }))).toThrow(/go together/);
    expect(() => parseQuestionSet({ ...file, questions: [first, first] })).toThrow(/twice/);
  });
});

describe.skipIf(!hasText)('[DOMAIN][QUESTION SET]: the set against the regulation text', () => {
  it('[DOMAIN]: every cited section exists in the data', () => {
    const missing = SET.questions
      .flatMap((question) => question.expectedCitations)
      .filter((citation) => citedText(citation) === undefined || citedText(citation) === '');
    expect(missing).toEqual([]);
  });

  it('[DOMAIN]: every cited diagnostic code appears in its section', () => {
    for (const citation of SET.questions.flatMap((question) => question.expectedCitations)) {
      const code = CFR_CITATION_PATTERN.exec(citation)?.[2];
      if (code !== undefined) expect(citedText(citation), citation).toContain(code);
    }
  });

  it("[DOMAIN]: every expected fact is in the cited sections' text", () => {
    const unsupported = SET.questions.flatMap((question) => {
      const text = normalizeText(
        question.expectedCitations.map((citation) => citedText(citation) ?? '').join('\n'),
      );
      return question.expectedFacts
        .filter((fact) => !text.includes(normalizeText(fact)))
        .map((fact) => `${question.id}: ${fact}`);
    });
    expect(unsupported).toEqual([]);
  });
});

describe('[DOMAIN][QUESTION SET]: scoring', () => {
  const question = {
    expectedFacts: ['Tinnitus, recurrent', '10 percent'],
    expectedCitations: ['38 CFR 4.87, DC 6260'],
  };

  it('[DOMAIN]: an answer with every fact and the citation passes, whatever its case and spacing', () => {
    expect(
      scoreAnswer(question, {
        text: 'Under DC 6260,  TINNITUS,\n recurrent is rated at 10   percent.',
        citations: ['38 cfr § 4.87,  DC 6260'],
      }),
    ).toEqual({ factsFound: 2, factsTotal: 2, citationFound: true, pass: true });
  });

  it('[DOMAIN]: a missing fact fails the answer', () => {
    expect(
      scoreAnswer(question, {
        text: 'Tinnitus, recurrent: 20 percent.',
        citations: ['38 CFR 4.87, DC 6260'],
      }),
    ).toEqual({ factsFound: 1, factsTotal: 2, citationFound: true, pass: false });
  });

  it('[DOMAIN]: a wrong or missing citation fails the answer', () => {
    const text = 'Tinnitus, recurrent is rated 10 percent.';
    expect(scoreAnswer(question, { text, citations: ['38 CFR 4.85'] }).pass).toBe(false);
    expect(scoreAnswer(question, { text, citations: [] })).toEqual({
      factsFound: 2,
      factsTotal: 2,
      citationFound: false,
      pass: false,
    });
  });

  it('[DOMAIN]: one expected citation among several given is enough', () => {
    const result = scoreAnswer(
      { expectedFacts: ['drug abuse'], expectedCitations: ['38 U.S.C. 7332'] },
      { text: 'It covers drug abuse.', citations: ['38 CFR 20.1200', '38 u.s.c. 7332'] },
    );
    expect(result.pass).toBe(true);
  });

  it('[DOMAIN]: scoreSet gives the share of passing answers as a percentage', () => {
    expect(scoreSet([])).toBe(0);
    expect(scoreSet([{ pass: true }, { pass: false }, { pass: true }, { pass: true }])).toBe(75);
    expect(scoreSet(Array.from({ length: 10 }, (_, index) => ({ pass: index !== 0 })))).toBe(90);
  });
});
