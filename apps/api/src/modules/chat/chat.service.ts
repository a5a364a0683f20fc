import { OFFLINE_MODEL, type Message, type MessagePage } from '@muster/contract/chat';
import type { PageQuery } from '@muster/contract/common';
import { disabilityListQuerySchema } from '@muster/contract/disabilities';
import { ERR } from '@muster/contract/errors';
import type { Db } from '@muster/db/client';
import type { MessageRow } from '@muster/db/schema/index';
import type { UserRecords } from '@muster/domain/knowledge/offline-engine';
import { AppError } from '#src/lib/errors.ts';
import type { AiEngine, Answer, AnswerInput, AnswerPlan } from '#src/modules/ai/ai.engine.ts';
import { listDisabilities } from '#src/modules/disabilities/disabilities.service.ts';
import { getAiConsent } from '#src/modules/preferences/preferences.service.ts';
import { consumeQuota, refundQuota, type QuotaPolicy } from '#src/modules/quotas/quotas.service.ts';
import { getThread, noteThreadMessage } from '#src/modules/threads/threads.service.ts';
import * as repository from './chat.repository.ts';

type Owner = { db: Db; userId: string };
type InThread = Owner & { threadId: string };

/**
 * Earlier turns read to give an answer its context (the engine sends fewer: protected turns are
 * left out first).
 */
const HISTORY_TURNS = 20;

export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    thread_id: row.threadId,
    user_id: row.userId,
    role: row.role === 'assistant' ? 'assistant' : 'user',
    content: row.content,
    model: row.model,
    completion_tokens: row.completionTokens,
    citations: row.citations,
    crisis: row.crisis,
    created_at: row.createdAt.toISOString(),
  };
}

/** A page of one of the owner's threads, oldest first; another user's thread is not found. */
export async function listMessages(options: InThread & { page: PageQuery }): Promise<MessagePage> {
  await getThread({ db: options.db, userId: options.userId, id: options.threadId });
  const { rows, total } = await repository.listMessages(options);
  return {
    results: rows.map(toMessage),
    meta: { page: options.page.page, page_size: options.page.page_size, total },
  };
}

/** Adds the owner's message to their thread (which takes its name from a first message). */
export async function postMessage(options: InThread & { content: string }): Promise<Message> {
  await noteThreadMessage({
    db: options.db,
    userId: options.userId,
    id: options.threadId,
    content: options.content,
  });
  return toMessage(await repository.insertUserMessage(options));
}

/** The veteran's records an answer may draw on: their disabilities with codes and ratings. */
async function recordsOf(options: Owner): Promise<UserRecords> {
  const page = await listDisabilities({
    ...options,
    query: disabilityListQuerySchema.parse({ page_size: 100 }),
  });
  return {
    disabilities: page.results.map((d) => ({
      title: d.title,
      diagnosticCode: d.diagnostic_code,
      diagnosis: d.diagnosis,
      percent: d.percent,
    })),
  };
}

/** What a run answers and how, settled before the first byte of the stream is sent. */
export type PreparedRun =
  | { kind: 'answered'; message: Message; plan: Pick<AnswerPlan, 'model' | 'offline'> }
  | {
      kind: 'new';
      plan: AnswerPlan;
      input: AnswerInput;
      question: MessageRow;
      /** When the quota was taken: a refund goes back to that month. */
      quotaAt: Date;
    };

/**
 * Checks everything that can refuse a run before anything streams: the thread is the owner's, it
 * has a question, the veteran has chosen whether an outside model may be used (409 until then),
 * and, for an answer from a provider, the month's AI messages are not spent (403 with `quota`).
 * A question already answered is answered again with the stored reply, costing nothing.
 */
export async function prepareRun(
  options: InThread & QuotaPolicy & { engine: AiEngine; offline: boolean },
): Promise<PreparedRun> {
  const { db, userId, threadId, engine } = options;
  const latest = await repository.findLatestQuestion({ db, userId, threadId });
  if (!latest) {
    // No question: either no such thread of the owner's (404) or nothing asked yet (409).
    await getThread({ db, userId, id: threadId });
    throw new AppError(ERR.INVALID_STATE, {
      detail: 'There is no message to answer yet: send one first',
    });
  }
  const { question, reply: existing } = latest;
  if (existing) {
    return {
      kind: 'answered',
      message: toMessage(existing),
      plan: { model: existing.model ?? OFFLINE_MODEL, offline: existing.model === OFFLINE_MODEL },
    };
  }
  const consent = engine.provider
    ? await getAiConsent({ db, userId, host: engine.provider.host })
    : 'offline';
  if (engine.provider && consent === 'ask' && !options.offline) {
    throw new AppError(ERR.INVALID_STATE, {
      detail:
        'Choose first whether chat may send your messages to the outside AI model, or keep chat offline',
      extra: { consent_required: true },
    });
  }
  const turns = await repository.listTurnsBefore({
    db,
    userId,
    threadId,
    before: question,
    limit: HISTORY_TURNS,
  });
  const input: AnswerInput = {
    question: question.content,
    history: turns.map((turn) => ({
      role: turn.role === 'assistant' ? 'assistant' : 'user',
      content: turn.content,
    })),
    records: await recordsOf({ db, userId }),
    offline: options.offline || consent !== 'provider',
  };
  const plan = engine.plan(input);
  const quotaAt = new Date();
  if (!plan.offline) {
    await consumeQuota({
      db,
      userId,
      feature: 'ai_messages',
      billingEnabled: options.billingEnabled,
      now: quotaAt,
    });
  }
  return { kind: 'new', plan, input, question, quotaAt };
}

/**
 * Writes and stores the answer of a prepared run. A provider's answer that fails gives its quota
 * use back; a run that lost the race to another run of the same question answers that run's reply.
 */
export async function completeRun(
  options: InThread & {
    engine: AiEngine;
    run: Extract<PreparedRun, { kind: 'new' }>;
    onDelta: (text: string) => void;
  },
): Promise<Message> {
  const { db, userId, threadId, run } = options;
  let answer: Answer;
  try {
    answer = await options.engine.answer(run.input, run.plan, options.onDelta);
  } catch (error) {
    if (!run.plan.offline)
      await refundQuota({ db, userId, feature: 'ai_messages', now: run.quotaAt });
    throw error;
  }
  let stored: MessageRow | undefined;
  try {
    stored = await repository.insertReply({
      db,
      userId,
      threadId,
      replyTo: run.question.id,
      content: answer.content,
      model: answer.model,
      completionTokens: answer.completionTokens,
      promptTokens: answer.promptTokens,
      citations: answer.citations,
      crisis: answer.crisis,
    });
  } catch (error) {
    if (!run.plan.offline)
      await refundQuota({ db, userId, feature: 'ai_messages', now: run.quotaAt });
    // The thread (or the question) was deleted while the answer was written: nothing to keep.
    if (!(await repository.findReplyTarget({ db, userId, threadId, id: run.question.id }))) {
      throw new AppError(ERR.NOT_FOUND, { detail: 'The conversation was deleted' });
    }
    throw error;
  }
  if (stored) return toMessage(stored);
  if (!run.plan.offline)
    await refundQuota({ db, userId, feature: 'ai_messages', now: run.quotaAt });
  const first = await repository.findReply({ db, userId, threadId, replyTo: run.question.id });
  if (!first) throw new AppError(ERR.CONFLICT, { detail: 'The thread changed while answering' });
  return toMessage(first);
}

/** Every message of the owner (for the account export). */
export async function exportMessages(options: Owner) {
  return (await repository.listAllMessages(options)).map(toMessage);
}
