import { and, asc, count, desc, eq, lt, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { uuidSchema, type PageQuery } from '@muster/contract/common';
import type { Db } from '@muster/db/client';
import { messages, type StoredCitation } from '@muster/db/schema/index';

/** Every query here is filtered by owner as well as thread: another user's message is not found. */
type InThread = { db: Db; userId: string; threadId: string };

const oldestFirst = [asc(messages.createdAt), asc(messages.id)] as const;

/** A page of a thread's messages, oldest first, with the thread's number of messages. */
export async function listMessages(options: InThread & { page: PageQuery }) {
  const owned = and(eq(messages.threadId, options.threadId), eq(messages.userId, options.userId));
  const { page, page_size } = options.page;
  const rows = await options.db
    .select()
    .from(messages)
    .where(owned)
    .orderBy(...oldestFirst)
    .limit(page_size)
    .offset((page - 1) * page_size);
  const [counted] = await options.db.select({ total: count() }).from(messages).where(owned);
  return { rows, total: counted?.total ?? 0 };
}

export async function insertUserMessage(options: InThread & { content: string }) {
  const [row] = await options.db
    .insert(messages)
    .values({
      threadId: options.threadId,
      userId: options.userId,
      role: 'user',
      content: options.content,
    })
    .returning();
  if (!row) throw new Error('message insert returned no row');
  return row;
}

const replies = alias(messages, 'replies');

/**
 * The thread's latest message from the user and the reply to it (null when not answered yet), in
 * one read; undefined when the thread has no question (or is not the owner's).
 */
export async function findLatestQuestion(options: InThread) {
  if (!uuidSchema.safeParse(options.threadId).success) return undefined;
  const [row] = await options.db
    .select({ question: messages, reply: replies })
    .from(messages)
    .leftJoin(replies, eq(replies.replyTo, messages.id))
    .where(
      and(
        eq(messages.threadId, options.threadId),
        eq(messages.userId, options.userId),
        eq(messages.role, 'user'),
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  return row;
}

/** The user message `id` of the thread, if it still exists. */
export async function findReplyTarget(options: InThread & { id: string }) {
  const [row] = await options.db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.id, options.id),
        eq(messages.threadId, options.threadId),
        eq(messages.userId, options.userId),
      ),
    );
  return row;
}

/** The reply to one user message, if it has been answered. */
export async function findReply(options: InThread & { replyTo: string }) {
  const [row] = await options.db
    .select()
    .from(messages)
    .where(and(eq(messages.replyTo, options.replyTo), eq(messages.userId, options.userId)));
  return row;
}

/** The messages before `before` (oldest first), at most `limit` of the latest ones. */
export async function listTurnsBefore(
  options: InThread & { before: { createdAt: Date; id: string }; limit: number },
) {
  const rows = await options.db
    .select({ role: messages.role, content: messages.content })
    .from(messages)
    .where(
      and(
        eq(messages.threadId, options.threadId),
        eq(messages.userId, options.userId),
        or(
          lt(messages.createdAt, options.before.createdAt),
          and(eq(messages.createdAt, options.before.createdAt), lt(messages.id, options.before.id)),
        ),
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(options.limit);
  return rows.reverse();
}

/**
 * Stores the reply to `replyTo`. One reply per question: when another run stored one first,
 * nothing is written and undefined is answered.
 */
export async function insertReply(
  options: InThread & {
    replyTo: string;
    content: string;
    model: string;
    completionTokens: number | null;
    promptTokens: number | null;
    citations: StoredCitation[];
    crisis: boolean;
  },
) {
  const [row] = await options.db
    .insert(messages)
    .values({
      threadId: options.threadId,
      userId: options.userId,
      role: 'assistant',
      content: options.content,
      model: options.model,
      completionTokens: options.completionTokens,
      promptTokens: options.promptTokens,
      citations: options.citations,
      crisis: options.crisis,
      replyTo: options.replyTo,
    })
    .onConflictDoNothing({ target: messages.replyTo })
    .returning();
  return row;
}

/** Every message of the owner, oldest first (for the account export). */
export async function listAllMessages(options: { db: Db; userId: string }) {
  return options.db
    .select()
    .from(messages)
    .where(eq(messages.userId, options.userId))
    .orderBy(...oldestFirst);
}
