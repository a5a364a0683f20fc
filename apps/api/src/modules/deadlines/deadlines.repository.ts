import { and, asc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '@muster/db/client';
import {
  boardAppeals,
  decisionLetters,
  deadlineReminders,
  intentToFiles,
  userProfiles,
  veterans,
} from '@muster/db/schema/index';

/** Every query by owner names the owner: another user's row is simply not found. */
type Owner = { db: Db; userId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

export async function findSettingsRow(options: Owner) {
  const [row] = await options.db
    .select({ timeZone: userProfiles.timeZone, remindersOff: userProfiles.remindersOff })
    .from(userProfiles)
    .where(eq(userProfiles.id, options.userId));
  return row;
}

export async function updateSettingsRow(
  options: Owner & { timeZone?: string; remindersOff?: string[] },
) {
  const rows = await options.db
    .update(userProfiles)
    .set({
      ...(options.timeZone === undefined ? {} : { timeZone: options.timeZone }),
      ...(options.remindersOff === undefined ? {} : { remindersOff: options.remindersOff }),
      updatedAt: new Date(),
    })
    .where(eq(userProfiles.id, options.userId))
    .returning({ id: userProfiles.id });
  return rows.length === 1;
}

export async function listBoardAppeals(options: Owner) {
  return options.db
    .select()
    .from(boardAppeals)
    .where(eq(boardAppeals.userId, options.userId))
    .orderBy(asc(boardAppeals.filedOn), asc(boardAppeals.createdAt));
}

export async function insertBoardAppeal(
  options: Owner & { docket: string; filedOn: string; decisionLetterId: string | null },
) {
  const [row] = await options.db
    .insert(boardAppeals)
    .values({
      userId: options.userId,
      docket: options.docket,
      filedOn: options.filedOn,
      decisionLetterId: options.decisionLetterId,
    })
    .returning();
  if (!row) throw new Error('board appeal insert returned no row');
  return row;
}

export async function deleteBoardAppeal(options: Owner & { id: string }): Promise<boolean> {
  if (!isUuid(options.id)) return false;
  const rows = await options.db
    .delete(boardAppeals)
    .where(and(eq(boardAppeals.id, options.id), eq(boardAppeals.userId, options.userId)))
    .returning({ id: boardAppeals.id });
  return rows.length === 1;
}

export async function letterExists(options: Owner & { id: string }): Promise<boolean> {
  if (!isUuid(options.id)) return false;
  const rows = await options.db
    .select({ id: decisionLetters.id })
    .from(decisionLetters)
    .where(and(eq(decisionLetters.id, options.id), eq(decisionLetters.userId, options.userId)));
  return rows.length === 1;
}

/** The owner's intents to file that VA answered for. */
export async function listIntentRows(options: Owner) {
  return options.db
    .select({
      id: intentToFiles.id,
      status: intentToFiles.status,
      expirationDate: intentToFiles.expirationDate,
    })
    .from(intentToFiles)
    .where(and(eq(intentToFiles.userId, options.userId), isNotNull(intentToFiles.expirationDate)));
}

/** The owner's veteran records' service periods (encrypted JSON, opened on read). */
export async function listServicePeriodRows(options: Owner) {
  return options.db
    .select({ id: veterans.id, servicePeriods: veterans.servicePeriods })
    .from(veterans)
    .where(eq(veterans.userId, options.userId));
}

/** The owner's decision letters' stored readings (encrypted JSON, opened on read). */
export async function listLetterReadingRows(options: Owner) {
  return options.db
    .select({ id: decisionLetters.id, result: decisionLetters.result })
    .from(decisionLetters)
    .where(and(eq(decisionLetters.userId, options.userId), isNotNull(decisionLetters.result)));
}

/**
 * Users who might have a deadline: anyone with an intent to file, a Board appeal, a veteran record
 * or a read decision letter. The job walks them in pages of ids.
 */
export async function findUsersWithRecords(options: { db: Db; after: string; limit: number }) {
  const result = await options.db.execute<{ user_id: string }>(sql`
    select user_id from (
      select user_id from ${intentToFiles} where ${intentToFiles.expirationDate} is not null
      union select user_id from ${boardAppeals}
      union select user_id from ${veterans}
      union select user_id from ${decisionLetters} where ${decisionLetters.result} is not null
    ) as owners
    where user_id > ${options.after}
    order by user_id
    limit ${options.limit}`);
  return result.rows.map((row) => row.user_id);
}

export async function findUserEmail(options: Owner): Promise<string | undefined> {
  const [row] = await options.db
    .select({ email: userProfiles.email, isDeleted: userProfiles.isDeleted })
    .from(userProfiles)
    .where(eq(userProfiles.id, options.userId));
  return row && !row.isDeleted ? row.email : undefined;
}

/**
 * Records the reminder unless it is already recorded (the unique key: user, deadline, days
 * before). True when this call recorded it, so exactly one caller goes on to send it.
 */
export async function claimReminder(options: {
  db: Db;
  userId: string;
  deadlineKey: string;
  kind: string;
  dueOn: string;
  daysBefore: number;
  remindOn: string;
  createdAt: Date;
  sent: boolean;
}): Promise<string | undefined> {
  const [row] = await options.db
    .insert(deadlineReminders)
    .values({
      userId: options.userId,
      deadlineKey: options.deadlineKey,
      kind: options.kind,
      dueOn: options.dueOn,
      daysBefore: options.daysBefore,
      remindOn: options.remindOn,
      createdAt: options.createdAt,
      attempts: options.sent ? 1 : 0,
      sentAt: options.sent ? new Date() : null,
    })
    .onConflictDoNothing({
      target: [
        deadlineReminders.userId,
        deadlineReminders.deadlineKey,
        deadlineReminders.daysBefore,
      ],
    })
    .returning({ id: deadlineReminders.id });
  return row?.id;
}

/**
 * Reminders recorded before `createdBefore` but not yet delivered (SMTP failed), oldest first,
 * with fewer tries than `maxAttempts`.
 */
export async function findUnsentReminders(options: {
  db: Db;
  maxAttempts: number;
  createdBefore: Date;
  limit: number;
}) {
  return options.db
    .select()
    .from(deadlineReminders)
    .where(
      and(
        isNull(deadlineReminders.sentAt),
        lt(deadlineReminders.attempts, options.maxAttempts),
        lt(deadlineReminders.createdAt, options.createdBefore),
      ),
    )
    .orderBy(asc(deadlineReminders.createdAt))
    .limit(options.limit);
}

/**
 * Takes one delivery attempt of an unsent reminder: counts it, and succeeds for one caller only
 * while the reminder is unsent and its attempt count is still the one read.
 */
export async function takeAttempt(options: { db: Db; id: string; attempts: number }) {
  const rows = await options.db
    .update(deadlineReminders)
    .set({ attempts: options.attempts + 1 })
    .where(
      and(
        eq(deadlineReminders.id, options.id),
        isNull(deadlineReminders.sentAt),
        eq(deadlineReminders.attempts, options.attempts),
      ),
    )
    .returning({ id: deadlineReminders.id });
  return rows.length === 1;
}

export async function markSent(options: { db: Db; id: string }) {
  await options.db
    .update(deadlineReminders)
    .set({ sentAt: new Date() })
    .where(eq(deadlineReminders.id, options.id));
}

/** The owner's reminders (the account export). */
export async function listReminderRows(options: Owner) {
  return options.db
    .select()
    .from(deadlineReminders)
    .where(eq(deadlineReminders.userId, options.userId))
    .orderBy(asc(deadlineReminders.createdAt));
}
