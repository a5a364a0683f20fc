import { generateText, type LanguageModel } from 'ai';
import type { DecisionLetter, LetterDecision } from '@muster/contract/decision-letters';
import type { Db } from '@muster/db/client';
import { REVIEW_OPTIONS } from '@muster/domain/deadlines';
import { formatLongDay, usd } from '@muster/domain/format';
import { isProtectedCondition, isProtectedHealth } from '@muster/domain/protected-health';
import type { AiProviderConfig } from '#src/config/env.ts';
import { getAiConsent } from '#src/modules/preferences/preferences.service.ts';
import { createLanguageModel, describeProvider } from './ai.providers.ts';

/**
 * What the deterministic reading found in a decision letter: the only thing a model is shown when
 * it explains the letter. The letter's own text, the veteran's name, file number and address, and
 * the evidence list never are.
 */
export type LetterFacts = Pick<
  DecisionLetter,
  'letter_date' | 'combined_rating' | 'monthly_amount' | 'deadlines'
> & { decisions: Omit<LetterDecision, 'next_level'>[] };

export const EXPLAIN_LETTER_PROMPT = [
  'You explain a VA disability compensation decision letter to the US military veteran who received it.',
  'The facts below were read from the letter. Using only them, tell the veteran, addressed as "you", in plain everyday words: what VA decided, what it means for them, and what they can do next and by when.',
  'Do not add any number, percentage, amount, date, form, regulation, condition or reason that the facts do not give, and do not guess at what they leave out.',
  'Give no legal advice and do not predict what VA will decide. If you mention asking VA to look again, say that accredited representatives (Veterans Service Organizations) help for free.',
  'Write no more than 250 words of plain text in short paragraphs, with no headings, lists, tables or markdown.',
].join('\n');

/** The longest explanation kept: some 250 words with room to spare; a longer one is cut. */
export const EXPLANATION_MAX_CHARS = 2_000;
/** A condition's name is a short label; anything longer is cut before it is sent. */
const CONDITION_MAX_CHARS = 120;

const OUTCOME_WORDS: Record<LetterDecision['outcome'], string> = {
  granted: 'service connection granted',
  denied: 'denied',
  deferred: 'deferred (not decided yet)',
  increased: 'rating increased',
  decreased: 'rating decreased',
  continued: 'rating continued (unchanged)',
  severed: 'service connection severed (ended)',
};

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);
const percent = (value: number) => `${value} percent`;

/**
 * Whether a decision may be shown to an outside model. One about a record that federal law
 * (38 U.S.C. 7332) shields (drug or alcohol abuse, HIV, sickle cell anemia), by its words or its
 * diagnostic code, never is, and neither is one whose other words (what it is secondary to, its
 * reasons) speak of such a record.
 */
function isShareable(decision: LetterFacts['decisions'][number]): boolean {
  if (
    isProtectedCondition({ title: decision.condition, diagnosticCode: decision.diagnostic_code })
  ) {
    return false;
  }
  const words = [
    decision.secondary_to ?? '',
    ...decision.reasons,
    ...decision.missing.map((m) => m.explanation),
  ];
  return !words.some((text) => text !== '' && isProtectedHealth(text));
}

function decisionLines(decision: LetterFacts['decisions'][number]): string[] {
  const head = [
    `${clip(decision.condition, CONDITION_MAX_CHARS)}: ${OUTCOME_WORDS[decision.outcome]}`,
  ];
  if (decision.percent !== null) head.push(`rated ${percent(decision.percent)}`);
  if (decision.previous_percent !== null) {
    head.push(`previously rated ${percent(decision.previous_percent)}`);
  }
  if (decision.effective_date) head.push(`effective ${formatLongDay(decision.effective_date)}`);
  if (decision.diagnostic_code) head.push(`diagnostic code ${decision.diagnostic_code}`);
  if (decision.secondary_to) {
    head.push(`secondary to ${clip(decision.secondary_to, CONDITION_MAX_CHARS)}`);
  }
  if (decision.presumptive) head.push('granted on a presumptive basis');
  const lines = [`- ${head.join('; ')}.`];
  if (decision.staged.length > 0) {
    const stages = decision.staged.map(
      (stage) =>
        `${percent(stage.percent)} from ${formatLongDay(stage.from)}` +
        (stage.to ? ` to ${formatLongDay(stage.to)}` : ' on'),
    );
    lines.push(`  Staged ratings: ${stages.join('; ')}.`);
  }
  for (const reason of decision.reasons) lines.push(`  Why: ${reason}`);
  for (const missing of decision.missing) {
    lines.push(`  What the claim lacked (${missing.element}): ${missing.explanation}`);
  }
  return lines;
}

/**
 * The facts of a letter as the model reads them, or null when no decision may be shown (none was
 * found, or every one is protected): the model would then have nothing true to explain. Protected
 * decisions are left out without a word, so the text sent does not hint at them either.
 */
export function buildLetterFacts(facts: LetterFacts): string | null {
  const decisions = facts.decisions.filter(isShareable);
  if (decisions.length === 0) return null;
  const lines: string[] = [];
  if (facts.letter_date) lines.push(`Letter dated ${formatLongDay(facts.letter_date)}.`);
  if (facts.combined_rating !== null) {
    lines.push(`Combined rating: ${percent(facts.combined_rating)}.`);
  }
  if (facts.monthly_amount !== null) {
    lines.push(`Monthly payment: ${usd.format(facts.monthly_amount)}.`);
  }
  lines.push('', 'Decisions:', ...decisions.flatMap(decisionLines));
  if (facts.deadlines.length > 0) {
    lines.push('', 'Ways to ask VA to look again at a decision, and their deadlines:');
    for (const deadline of facts.deadlines) {
      const option = REVIEW_OPTIONS.find((o) => o.kind === deadline.kind);
      if (!option) continue;
      // A Supplemental Claim may come later; within the year it keeps the original effective date.
      const by =
        deadline.kind === 'supplemental-claim'
          ? `by ${formatLongDay(deadline.due)} to keep the original effective date (it can still be filed later)`
          : `by ${formatLongDay(deadline.due)}`;
      lines.push(`- ${option.name} (${option.form}), ${by}. ${option.needs}.`);
    }
  }
  const text = lines.join('\n');
  // A last guard: nothing that reads as protected leaves, whatever slipped past the filter.
  return isProtectedHealth(text) ? null : text;
}

/** A number written one way: `1,933.00` and `1933` alike, `09` as `9`. */
const canonical = (raw: string) => String(Number(raw.replace(/,/g, '')));

/** The numbers of `text`: every one, and those that are percentages and dollar amounts. */
function numbersOf(text: string) {
  const all = (pattern: RegExp) =>
    new Set([...text.matchAll(pattern)].map((m) => canonical(m[1]!)));
  return {
    any: all(/(\d[\d,]*(?:\.\d+)?)/g),
    percents: all(/(\d[\d,]*(?:\.\d+)?)\s*(?:%|per\s?cent)/gi),
    dollars: all(/\$\s*(\d[\d,]*(?:\.\d+)?)/g),
  };
}

/** Whether every number of `output` is one the facts give, and as the same kind of number. */
function numbersAreKnown(output: string, facts: string): boolean {
  const known = numbersOf(facts);
  const used = numbersOf(output);
  const within = (values: Set<string>, allowed: Set<string>) =>
    [...values].every((value) => allowed.has(value));
  return (
    within(used.any, known.any) &&
    within(used.percents, known.percents) &&
    within(used.dollars, known.dollars)
  );
}

/**
 * The model's explanation as kept, or null when it is empty or brings a number the facts do not
 * have (a wrong rating, amount or deadline would mislead the veteran more than no explanation).
 * Control characters go, blank lines are folded, and an overlong one is cut at a sentence.
 */
export function acceptExplanation(output: string, facts: string): string | null {
  let text = output
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+/g, ' ')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (text === '') return null;
  if (!numbersAreKnown(text, facts)) return null;
  if (text.length > EXPLANATION_MAX_CHARS) {
    const head = text.slice(0, EXPLANATION_MAX_CHARS);
    const sentenceEnd = Math.max(head.lastIndexOf('. '), head.lastIndexOf('.\n'));
    text =
      sentenceEnd > EXPLANATION_MAX_CHARS / 2
        ? head.slice(0, sentenceEnd + 1)
        : `${head.slice(0, head.lastIndexOf(' ')).trimEnd()}…`;
  }
  return text;
}

const models = new WeakMap<AiProviderConfig, LanguageModel>();
function languageModelFor(config: AiProviderConfig): LanguageModel {
  let model = models.get(config);
  if (!model) {
    model = createLanguageModel(config);
    models.set(config, model);
  }
  return model;
}

/** The longest the reading of a letter waits for its explanation. */
const EXPLAIN_TIMEOUT_MS = 45_000;

/**
 * A plain-language explanation of a decision letter, written by the configured model from the
 * parsed facts only. Null when there is no model, the veteran has not agreed to the model at its
 * host, nothing may be shown, or the call fails, times out or answers something unusable: the
 * reading never depends on it. Nothing about the call is logged (the facts are medical).
 */
export async function explainLetter(
  options: LetterFacts & {
    userId: string;
    db: Db;
    config: AiProviderConfig | undefined;
    /** Ends the call early (the job's own time is up). */
    signal?: AbortSignal;
  },
): Promise<string | null> {
  const { config } = options;
  if (!config) return null;
  const facts = buildLetterFacts(options);
  if (facts === null) return null;
  try {
    const consent = await getAiConsent({
      db: options.db,
      userId: options.userId,
      host: describeProvider(config).host,
    });
    if (consent !== 'provider') return null;
    const result = await generateText({
      model: languageModelFor(config),
      system: EXPLAIN_LETTER_PROMPT,
      prompt: facts,
      // The letter's results wait on this: one try, and not long.
      maxRetries: 0,
      timeout: { totalMs: Math.min(config.timeoutMs, EXPLAIN_TIMEOUT_MS) },
      ...(options.signal ? { abortSignal: options.signal } : {}),
    });
    return acceptExplanation(result.text, facts);
  } catch {
    // The SDK's error carries the request (the facts): it is dropped, not logged or rethrown.
    return null;
  }
}
