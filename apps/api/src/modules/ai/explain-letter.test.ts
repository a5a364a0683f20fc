import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { missingFor, reasonsFor } from '@muster/domain/decision-letters/explain';
import { parseDecisionLetter } from '@muster/domain/decision-letters/parser';
import { isProtectedHealth } from '@muster/domain/protected-health';
import {
  EXPLAIN_LETTER_PROMPT,
  EXPLANATION_MAX_CHARS,
  acceptExplanation,
  buildLetterFacts,
  type LetterFacts,
} from './explain-letter.ts';

const FIXTURES = new URL(
  '../../../../../packages/domain/src/decision-letters/fixtures/',
  import.meta.url,
);
const letters = readdirSync(FIXTURES)
  .filter((name) => name.endsWith('.txt'))
  .map((name) => ({ name, text: readFileSync(new URL(name, FIXTURES), 'utf8') }));

/** The facts as the letter job stores them: the parser's reading, with its plain-words reasons. */
function factsOf(text: string): LetterFacts {
  const parsed = parseDecisionLetter(text);
  return {
    letter_date: parsed.letter_date,
    combined_rating: parsed.combined_rating,
    monthly_amount: parsed.monthly_amount,
    deadlines: parsed.deadlines as LetterFacts['deadlines'],
    decisions: parsed.decisions.map((decision) => ({
      condition: decision.condition,
      outcome: decision.outcome,
      percent: decision.percent,
      effective_date: decision.effective_date,
      diagnostic_code: decision.diagnostic_code,
      secondary_to: decision.secondary_to,
      presumptive: decision.presumptive,
      previous_percent: decision.previous_percent,
      staged: decision.staged,
      reasons: reasonsFor(decision),
      missing: missingFor(decision),
    })),
  };
}

type Decision = LetterFacts['decisions'][number];
function decision(condition: string, extra: Partial<Decision> = {}): Decision {
  const base = {
    condition,
    outcome: 'granted' as const,
    percent: 10,
    effective_date: '2023-01-09',
    diagnostic_code: null,
    secondary_to: null,
    presumptive: false,
    previous_percent: null,
    staged: [],
    ...extra,
  };
  return { ...base, reasons: reasonsFor({ ...base, reason_keywords: [] }), missing: [], ...extra };
}

const withDecisions = (decisions: Decision[]): LetterFacts => ({
  letter_date: '2023-06-14',
  combined_rating: 80,
  monthly_amount: 1933.15,
  deadlines: [
    { kind: 'supplemental-claim', due: '2024-06-14' },
    { kind: 'higher-level-review', due: '2024-06-14' },
    { kind: 'board-appeal', due: '2024-06-14' },
  ],
  decisions,
});

describe('[AI][LETTER EXPLANATION] the facts a model is shown', () => {
  it('[AI]: every fixture letter gives facts with its decisions and none of its own text, names or file number', () => {
    for (const letter of letters) {
      const facts = factsOf(letter.text);
      const sent = buildLetterFacts(facts);
      expect(sent, letter.name).not.toBeNull();
      for (const d of facts.decisions) expect(sent, letter.name).toContain(d.condition);
      // No line of the letter itself (anything longer than a condition's name) is in the facts.
      for (const line of letter.text.split('\n').map((l) => l.trim())) {
        if (line.length >= 40) expect(sent, `${letter.name}: ${line}`).not.toContain(line);
      }
      for (const fileNumber of letter.text.matchAll(/File Number:?\s*([\d ]{8,11}\d)/gi)) {
        expect(sent, letter.name).not.toContain(fileNumber[1]!.trim());
      }
      const name = /Dear\s+(?:Mr\.?\s+|Ms\.?\s+|Mrs\.?\s+)?([A-Z][A-Za-z'-]+)/.exec(letter.text);
      if (name) expect(sent!.toLowerCase(), letter.name).not.toContain(name[1]!.toLowerCase());
    }
  });

  it('[AI]: the first fixture reads as dated facts, with no evidence list or address', () => {
    const sent = buildLetterFacts(factsOf(letters[0]!.text))!;
    expect(sent).toContain('Letter dated June 14, 2023.');
    expect(sent).toContain('Combined rating: 80 percent.');
    expect(sent).toContain('Monthly payment: $1,933.15.');
    expect(sent).toContain(
      'post traumatic stress disorder: rating increased; rated 70 percent; previously rated 50 percent; effective January 9, 2023; diagnostic code 9411.',
    );
    expect(sent).toContain('Higher-Level Review (VA Form 20-0996), by June 14, 2024.');
    for (const absent of [/delgado/i, /918462037/, /willow/i, /lone star/i, /south texas/i]) {
      expect(sent).not.toMatch(absent);
    }
  });

  it('[AI]: a protected decision (by its words, its code, or what it is secondary to) is left out without a trace', () => {
    const facts = withDecisions([
      decision('tinnitus', { diagnostic_code: '6260' }),
      decision('alcohol use disorder', { outcome: 'denied', percent: null }),
      decision('hiv-related illness'),
      decision('immune system disorder', { diagnostic_code: '6351', percent: 30 }),
      decision('blood disorder', { diagnostic_code: '7714', percent: 60 }),
      // Rated by analogy: the protected code is the second (or the first) of a pair.
      decision('immune system disease', { diagnostic_code: '6399-6351', percent: 10 }),
      decision('anemia, other', { diagnostic_code: '7714-7799', percent: 10 }),
      decision('sickle cell anemia', { outcome: 'denied', percent: null }),
      decision('hypertension', { secondary_to: 'alcohol use disorder', percent: 20 }),
      decision('right knee strain', { outcome: 'denied', percent: null }),
    ]);
    const sent = buildLetterFacts(facts)!;
    expect(sent).toContain('tinnitus');
    expect(sent).toContain('right knee strain');
    expect(isProtectedHealth(sent)).toBe(false);
    for (const absent of [
      /alcohol/i,
      /hiv/i,
      /sickle/i,
      /immune/i,
      /blood disorder/i,
      /anemia/i,
      /hypertension/i,
      /6351/,
      /7714/,
      /7332/,
      /protected|withheld|left out|omitted/i,
    ]) {
      expect(sent).not.toMatch(absent);
    }
    // Two decisions listed, as if the letter had only those.
    const listed = sent.split('\n\n').find((block) => block.startsWith('Decisions:'))!;
    expect(listed.split('\n').filter((line) => line.startsWith('- '))).toHaveLength(2);
  });

  it('[AI]: a letter whose every decision is protected, or that has none, gives nothing to send', () => {
    expect(buildLetterFacts(withDecisions([decision('alcohol use disorder')]))).toBeNull();
    expect(buildLetterFacts(withDecisions([]))).toBeNull();
  });

  it('[AI]: the instructions ask for a short plain explanation from the facts alone', () => {
    expect(EXPLAIN_LETTER_PROMPT).toMatch(/no more than 250 words/);
    expect(EXPLAIN_LETTER_PROMPT).toMatch(/only them/);
    expect(EXPLAIN_LETTER_PROMPT).toMatch(/no legal advice/i);
    expect(isProtectedHealth(EXPLAIN_LETTER_PROMPT)).toBe(false);
  });
});

describe('[AI][LETTER EXPLANATION] what is kept of the answer', () => {
  const facts = buildLetterFacts(
    withDecisions([decision('tinnitus', { diagnostic_code: '6260' })]),
  )!;

  it('[AI]: an answer using the facts’ numbers, however written, is kept (trimmed, blank lines folded)', () => {
    const answer =
      '  VA granted your tinnitus at 10% from January 9, 2023.\r\n\r\n\r\n\u0007Your combined rating is 80 percent, paying $1,933.15 a month. You have until June 14, 2024 to ask for a Higher-Level Review on VA Form 20-0996.  ';
    expect(acceptExplanation(answer, facts)).toBe(
      'VA granted your tinnitus at 10% from January 9, 2023.\n\nYour combined rating is 80 percent, paying $1,933.15 a month. You have until June 14, 2024 to ask for a Higher-Level Review on VA Form 20-0996.',
    );
  });

  it('[AI]: an empty answer, or one bringing a number the facts lack, is dropped', () => {
    expect(acceptExplanation('  \n ', facts)).toBeNull();
    expect(acceptExplanation('Your tinnitus is rated 30 percent.', facts)).toBeNull();
    expect(acceptExplanation('You will be paid $2,000 a month.', facts)).toBeNull();
    expect(acceptExplanation('File by June 15, 2024.', facts)).toBeNull();
    // A number the facts hold, but as another kind of number (a form's, a year's).
    expect(acceptExplanation('Your combined rating is 20 percent.', facts)).toBeNull();
    expect(acceptExplanation('You will be paid $2023 a month.', facts)).toBeNull();
  });

  it('[AI]: an overlong answer is cut at a sentence', () => {
    const sentence = 'VA granted your tinnitus and rated it at 10 percent. ';
    const kept = acceptExplanation(sentence.repeat(80), facts)!;
    expect(kept.length).toBeLessThanOrEqual(EXPLANATION_MAX_CHARS);
    expect(kept.endsWith('10 percent.')).toBe(true);
    const words = acceptExplanation('word '.repeat(1_000), facts)!;
    expect(words.length).toBeLessThanOrEqual(EXPLANATION_MAX_CHARS);
    expect(words.endsWith('word…')).toBe(true);
  });
});
