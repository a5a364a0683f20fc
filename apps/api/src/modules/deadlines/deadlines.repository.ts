import { and, asc, eq, gt, isNotNull, isNull, like, lt, sql } from 'drizzle-orm';
import type { Db } from '@muster/db/client';
import {
  boardAppeals,
  decisionLetters,
  deadlineReminders,
  intentToFiles,
  userProfiles,
  vaClaimSubmissions,
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
      // New settings may make a reminder due today: the job looks at this user again.
      remindersCheckedOn: null,
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
  await forgetRemindersChecked(options);
  return row;
}

/** A new record may make a reminder due today: the job looks at this user again on its next run. */
async function forgetRemindersChecked(options: Owner) {
  await options.db
    .update(userProfiles)
    .set({ remindersCheckedOn: null })
    .where(eq(userProfiles.id, options.userId));
}

/** Deletes the appeal and its reminders not yet sent (a deleted appeal has no deadline). */
export async function deleteBoardAppeal(options: Owner & { id: string }): Promise<boolean> {
  if (!isUuid(options.id)) return false;
  return options.db.transaction(async (tx) => {
    const rows = await tx
      .delete(boardAppeals)
      .where(and(eq(boardAppeals.id, options.id), eq(boardAppeals.userId, options.userId)))
      .returning({ id: boardAppeals.id });
    if (rows.length !== 1) return false;
    await tx
      .delete(deadlineReminders)
      .where(
        and(
          eq(deadlineReminders.userId, options.userId),
          isNull(deadlineReminders.sentAt),
          like(deadlineReminders.deadlineKey, `board_evidence:${options.id}:%`),
        ),
      );
    return true;
  });
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
      creationDate: intentToFiles.creationDate,
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

/** When the owner's 21-526EZ claims were accepted by VA (a used-up intent to file). */
export async function listSubmittedClaimTimes(options: Owner): Promise<Date[]> {
  const rows = await options.db
    .select({ submittedAt: vaClaimSubmissions.submittedAt })
    .from(vaClaimSubmissions)
    .where(
      and(
        eq(vaClaimSubmissions.userId, options.userId),
        eq(vaClaimSubmissions.status, 'submitted'),
        isNotNull(vaClaimSubmissions.submittedAt),
      ),
    );
  return rows.flatMap((row) => (row.submittedAt ? [row.submittedAt] : []));
}

/**
 * One page of the users the reminder job walks: keyset-paged by id over the profiles, with what
 * the job needs to decide whether to look at them today (the day it last did, and whether a
 * reminder of theirs is still unsent and may be tried again).
 */
export async function findUsersPage(options: {
  db: Db;
  after: string;
  limit: number;
  maxAttempts: number;
}) {
  return options.db
    .select({
      id: userProfiles.id,
      timeZone: userProfiles.timeZone,
      remindersCheckedOn: userProfiles.remindersCheckedOn,
      // The profile's id is written qualified: inside the subquery a bare "id" is the reminder's.
      hasUnsent: sql<boolean>`exists (
        select 1 from ${deadlineReminders}
        where ${deadlineReminders.userId} = "user_profiles"."id"
          and ${deadlineReminders.sentAt} is null
          and ${deadlineReminders.attempts} < ${options.maxAttempts}
      )`,
    })
    .from(userProfiles)
    .where(and(gt(userProfiles.id, options.after), eq(userProfiles.isDeleted, false)))
    .orderBy(asc(userProfiles.id))
    .limit(options.limit);
}

/** Records that the job looked at the user's deadlines on `day` (their own calendar). */
export async function markRemindersChecked(options: Owner & { day: string }) {
  await options.db
    .update(userProfiles)
    .set({ remindersCheckedOn: options.day })
    .where(eq(userProfiles.id, options.userId));
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

/** Drops a reminder never sent whose deadline is gone (a deleted appeal, a used-up intent). */
export async function deleteUnsentReminder(options: { db: Db; id: string }) {
  await options.db
    .delete(deadlineReminders)
    .where(and(eq(deadlineReminders.id, options.id), isNull(deadlineReminders.sentAt)));
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
