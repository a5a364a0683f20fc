import { generateText, streamText, type LanguageModel, type ModelMessage } from 'ai';
import type { Citation } from '@muster/contract/chat';
import { OFFLINE_MODEL } from '@muster/contract/chat';
import { ERR } from '@muster/contract/errors';
import { VETERANS_CRISIS_LINE, detectCrisis } from '@muster/domain/crisis-language';
import { resolveCitation, type KnowledgePassage } from '@muster/domain/knowledge/knowledge-base';
import {
  answerOffline,
  retrievePassages,
  type UserRecords,
} from '@muster/domain/knowledge/offline-engine';
import { normalizeCitation } from '@muster/domain/knowledge/question-set';
import {
  isProtectedCondition,
  isProtectedHealth,
  redactProtectedHealth,
} from '@muster/domain/protected-health';
import type { AiProviderConfig } from '#src/config/env.ts';
import { AppError } from '#src/lib/errors.ts';
import { createLanguageModel, describeProvider, type ProviderInfo } from './ai.providers.ts';

export type ChatTurn = { role: 'user' | 'assistant'; content: string };

export type AnswerInput = {
  /** The message to answer. */
  question: string;
  /** The conversation before it, oldest first. */
  history: ChatTurn[];
  /** The veteran's own records the answer may use. */
  records: UserRecords;
  /** The veteran has not agreed to an outside model (or asked for this answer to stay here). */
  offline: boolean;
};

/** How an answer will be written, known before any text is: the start event and the quota use it. */
export type AnswerPlan = {
  offline: boolean;
  model: string;
  crisis: boolean;
  /** Why an answer that could have gone to the provider stays here. */
  keptHere: 'protected-health' | null;
};

export type Answer = {
  content: string;
  citations: Citation[];
  crisis: boolean;
  model: string;
  completionTokens: number | null;
  promptTokens: number | null;
};

export type AiEngine = {
  /** The outside model, or null when none is set up. */
  readonly provider: ProviderInfo | null;
  plan(input: AnswerInput): AnswerPlan;
  /**
   * Writes the answer, handing each piece of text to `onDelta` as it arrives. A provider failure
   * (refused, down, too slow, cut off) throws AppError 503 with a detail; nothing is half-answered.
   */
  answer(input: AnswerInput, plan: AnswerPlan, onDelta: (text: string) => void): Promise<Answer>;
  /**
   * Rewrites a statement composed from the veteran's answers into plainer prose with the model,
   * keeping every fact and adding none. Answers null when there is no model, the text is
   * protected, or the rewrite brings a number the draft does not have (the draft then stands).
   */
  rewriteStatement(draft: string): Promise<string | null>;
};

export const REWRITE_PROMPT = [
  'You edit a US military veteran’s personal statement for a VA disability claim (VA Form 21-4138).',
  'Rewrite the draft below into clear, plain first-person prose in the same order, in short paragraphs.',
  'Keep every fact, date, place, name, number and example exactly as given. Add no fact, symptom, diagnosis, date or opinion of your own, and leave nothing out.',
  'Keep the last sentence (the certification) word for word. Answer with the statement only.',
].join('\n');

/** Every run of digits in `text`: a rewrite may not bring a number the draft did not have. */
function numbersOf(text: string): Set<string> {
  return new Set(text.match(/\d+/g) ?? []);
}

/** Shown first whenever a message speaks of suicide or crisis, whoever writes the rest. */
export const CRISIS_PREAMBLE =
  `**Veterans Crisis Line: dial ${VETERANS_CRISIS_LINE.phone}, then press ` +
  `${VETERANS_CRISIS_LINE.press}, or text ${VETERANS_CRISIS_LINE.text}.** ` +
  `If you are thinking about suicide or are in crisis, please reach out now: it is free, ` +
  `confidential and open day and night, and you can also chat at ${VETERANS_CRISIS_LINE.url}. ` +
  `If you are in immediate danger, call 911.`;

const KEPT_HERE_NOTE =
  '_Your message mentions health information that federal law (38 U.S.C. 7332) protects, ' +
  'so Muster answered it here and sent nothing to the outside AI model._';

/** The most earlier turns sent to a provider, and how long each may be. */
const HISTORY_TURNS = 10;
const HISTORY_TURN_CHARS = 2_000;
/** Passages retrieved as the provider's sources. */
const SOURCE_PASSAGES = 6;

export const SYSTEM_PROMPT = [
  'You are Muster, an assistant that helps US military veterans understand and prepare VA disability compensation claims.',
  'Answer in plain words, first the answer, then the detail. Be brief and concrete.',
  'Rely only on the numbered sources below and on the veteran’s own records. Cite each source you rely on by writing its citation exactly as given, in square brackets, for example [38 CFR 4.87, DC 6260]. Never cite anything that is not listed.',
  'When a source is marked as amended after the text shown, say that the rule has changed and that the current 38 CFR should be checked.',
  'Never invent medical facts, diagnoses, ratings or dates. Never promise or predict an outcome: VA decides.',
  'If the sources do not answer the question, say so plainly and suggest where to look: VA.gov, the eCFR, or an accredited representative.',
  'For legal advice or representation, point to accredited representatives; Veterans Service Organizations (VSOs) help for free.',
  'If the veteran mentions suicide or crisis, first give the Veterans Crisis Line: dial 988 then press 1, or text 838255.',
].join('\n');

function sourceBlock(passages: KnowledgePassage[]): string {
  if (passages.length === 0) return 'Sources: none were found for this question.';
  return [
    'Sources:',
    ...passages.map((passage, index) => {
      const changed = passage.changed_on
        ? ` (amended on ${passage.changed_on}; the text below is older)`
        : '';
      return `${index + 1}. [${passage.citation}] ${passage.title}${changed}\n${passage.text}`;
    }),
  ].join('\n\n');
}

/** The records a provider may see: none of a protected condition (by its words or its code). */
function shareableRecords(records: UserRecords): UserRecords {
  return { disabilities: records.disabilities.filter((d) => !isProtectedCondition(d)) };
}

/**
 * The earlier turns a provider may see: a protected question is left out together with the reply
 * to it (which was written here and speaks of it), and any other turn that is protected itself is
 * left out too; the rest go with their protected sentences, if any, withheld.
 */
export function shareableHistory(history: ChatTurn[]): ChatTurn[] {
  const shared: ChatTurn[] = [];
  let skipReply = false;
  for (const turn of history) {
    if (turn.role === 'user') {
      skipReply = isProtectedHealth(turn.content);
      if (!skipReply) shared.push({ role: 'user', content: redactProtectedHealth(turn.content) });
      continue;
    }
    if (skipReply || isProtectedHealth(turn.content) || turn.content.includes(KEPT_HERE_NOTE)) {
      continue;
    }
    shared.push({ role: 'assistant', content: turn.content });
  }
  return shared;
}

function recordsBlock(records: UserRecords): string {
  const lines = records.disabilities.map((d) => {
    const parts = [d.title];
    if (d.diagnosticCode) parts.push(`DC ${d.diagnosticCode}`);
    parts.push(d.percent === null ? 'not rated' : `rated ${d.percent}%`);
    return `- ${parts.join(', ')}`;
  });
  return lines.length === 0
    ? 'The veteran has recorded no disabilities yet.'
    : `The veteran's recorded disabilities:\n${lines.join('\n')}`;
}

/** A bracket that reads like a citation: a CFR section, a statute or a diagnostic code. */
const BRACKET = /\s?\[([^[\]\n]{2,120})\]/g;
const LOOKS_LIKE_CITATION = /\b(?:CFR|C\.F\.R\.|U\.S\.C\.|USC|DC\s*\d|§)/i;

/**
 * Keeps the citations that name a passage the answer was given, and removes from the text every
 * other bracket that reads like a citation: a model may not cite what it was not shown.
 */
export function resolveCitations(
  text: string,
  passages: KnowledgePassage[],
): { content: string; citations: Citation[] } {
  const byCitation = new Map(passages.map((p) => [normalizeCitation(p.citation), p]));
  const retrieved = new Set(passages.map((p) => p.id));
  const cited = new Map<string, Citation>();
  const content = text.replace(BRACKET, (whole, inner: string) => {
    // As given, or another way of citing a retrieved passage (a paragraph of its section, or the
    // statute it quotes, such as 38 U.S.C. 7332).
    const exact = byCitation.get(normalizeCitation(inner));
    const other = exact ? undefined : resolveCitation(inner);
    const passage = exact ?? (other && retrieved.has(other.id) ? other : undefined);
    if (passage) {
      cited.set(passage.id, {
        passage_id: passage.id,
        citation: exact ? passage.citation : inner.trim(),
        title: passage.title,
      });
      return whole;
    }
    return LOOKS_LIKE_CITATION.test(inner) ? '' : whole;
  });
  return { content: content.trim(), citations: [...cited.values()] };
}

/** Splits offline text into pieces so it streams like any other answer (by line, kept whole). */
function pieces(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/**
 * The provider's failure, told plainly. Its cause is not kept: the SDK's error carries the request
 * body (the prompt, medical text), and an error's cause ends up in logs.
 */
function failure(detail: string): AppError {
  return new AppError(ERR.SERVICE_UNAVAILABLE, { detail });
}

function describeFailure(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError' || /timeout/i.test(String(error)))
    return 'The AI model took too long to answer. Please try again.';
  return 'The AI model could not answer just now. Please try again, or keep chat offline.';
}

export function createAiEngine(config: AiProviderConfig | undefined): AiEngine {
  const provider = config ? describeProvider(config) : null;
  let model: LanguageModel | undefined;
  const languageModel = () => {
    if (!config) throw new Error('no provider configured');
    model ??= createLanguageModel(config);
    return model;
  };

  function plan(input: AnswerInput): AnswerPlan {
    const crisis = detectCrisis(input.question).crisis;
    if (!config || input.offline)
      return { offline: true, model: OFFLINE_MODEL, crisis, keptHere: null };
    if (isProtectedHealth(input.question))
      return { offline: true, model: OFFLINE_MODEL, crisis, keptHere: 'protected-health' };
    return { offline: false, model: config.model, crisis, keptHere: null };
  }

  function offlineAnswer(input: AnswerInput, chosen: AnswerPlan, onDelta: (t: string) => void) {
    const result = answerOffline(input.question, input.records);
    const head = [chosen.crisis ? CRISIS_PREAMBLE : null, chosen.keptHere ? KEPT_HERE_NOTE : null]
      .filter((part) => part !== null)
      .join('\n\n');
    const content = head ? `${head}\n\n${result.text}` : result.text;
    for (const piece of pieces(content)) onDelta(piece);
    return {
      content,
      citations: result.citations.map((c) => ({
        passage_id: c.passageId,
        citation: c.citation,
        title: c.title,
      })),
      crisis: chosen.crisis,
      model: OFFLINE_MODEL,
      completionTokens: null,
      promptTokens: null,
    };
  }

  async function providerAnswer(
    input: AnswerInput,
    chosen: AnswerPlan,
    onDelta: (t: string) => void,
  ): Promise<Answer> {
    if (!config) throw new Error('no provider configured');
    // Protected text never leaves: not in the question, the earlier turns, the records, or the
    // passages chosen with the records' help.
    const records = shareableRecords(input.records);
    const passages = retrievePassages(input.question, records, SOURCE_PASSAGES);
    const messages: ModelMessage[] = [
      ...shareableHistory(input.history)
        .slice(-HISTORY_TURNS)
        .map((turn): ModelMessage => ({
          role: turn.role,
          content: turn.content.slice(0, HISTORY_TURN_CHARS),
        })),
      { role: 'user', content: redactProtectedHealth(input.question) },
    ];
    const system = [SYSTEM_PROMPT, recordsBlock(records), sourceBlock(passages)].join('\n\n');
    let text = '';
    if (chosen.crisis) {
      text = `${CRISIS_PREAMBLE}\n\n`;
      onDelta(text);
    }
    let completionTokens: number | null = null;
    let promptTokens: number | null = null;
    try {
      const result = streamText({
        model: languageModel(),
        system,
        messages,
        maxRetries: config.maxRetries,
        timeout: {
          totalMs: config.timeoutMs,
          firstChunkMs: config.chunkTimeoutMs,
          chunkMs: config.chunkTimeoutMs,
        },
        // The SDK would print the failed call, prompt included (medical text), to the console; the
        // error part of the stream below is where a failure is handled.
        onError: () => undefined,
      });
      for await (const part of result.stream) {
        if (part.type === 'text-delta') {
          text += part.text;
          onDelta(part.text);
        } else if (part.type === 'error') {
          throw part.error;
        } else if (part.type === 'abort') {
          throw Object.assign(new Error('aborted'), { name: 'AbortError' });
        } else if (part.type === 'finish') {
          completionTokens = part.totalUsage.outputTokens ?? null;
          promptTokens = part.totalUsage.inputTokens ?? null;
        }
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw failure(describeFailure(error));
    }
    if (text.trim() === '' || text.trim() === CRISIS_PREAMBLE)
      throw failure('The AI model sent an empty answer. Please try again.');
    const resolved = resolveCitations(text, passages);
    return {
      content: resolved.content,
      citations: resolved.citations,
      crisis: chosen.crisis,
      model: config.model,
      completionTokens,
      promptTokens,
    };
  }

  async function rewriteStatement(draft: string): Promise<string | null> {
    if (!config || isProtectedHealth(draft)) return null;
    let text: string;
    try {
      const result = await generateText({
        model: languageModel(),
        system: REWRITE_PROMPT,
        prompt: draft,
        maxRetries: config.maxRetries,
        timeout: { totalMs: config.timeoutMs },
      });
      text = result.text.trim();
    } catch (error) {
      throw failure(describeFailure(error));
    }
    const known = numbersOf(draft);
    const invented = [...numbersOf(text)].some((number) => !known.has(number));
    return text === '' || invented ? null : text;
  }

  return {
    provider,
    plan,
    rewriteStatement,
    async answer(input, chosen, onDelta) {
      return chosen.offline
        ? offlineAnswer(input, chosen, onDelta)
        : providerAnswer(input, chosen, onDelta);
    },
  };
}
