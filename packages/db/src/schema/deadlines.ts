import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { decisionLetters } from './decision-letters.ts';

/**
 * An appeal to the Board of Veterans' Appeals the veteran told us about (VA Form 10182): the day
 * the Board received it and the docket chosen. On the evidence docket the veteran may send
 * evidence for 90 days from that day, which the deadline engine counts.
 */
export const boardAppeals = pgTable(
  'board_appeals',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** `evidence`, `hearing` or `direct`. */
    docket: text('docket').notNull(),
    /** `YYYY-MM-DD`: the day the Board received the form. */
    filedOn: text('filed_on').notNull(),
    decisionLetterId: uuid('decision_letter_id').references(() => decisionLetters.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('board_appeals_user_idx').on(t.userId)],
);

/**
 * One reminder email about one deadline, `daysBefore` (30, 7 or 1) days before it is due. The
 * unique key (user, deadline, days before) makes the scheduled job write each reminder once however
 * often it runs; `sentAt` stays null until the mail left, so delivery is retried until it does.
 * `deadlineKey` names the deadline without medical text (kind and record id, e.g.
 * `itf:<id>:2027-01-31`).
 */
export const deadlineReminders = pgTable(
  'deadline_reminders',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    deadlineKey: text('deadline_key').notNull(),
    kind: text('kind').notNull(),
    /** `YYYY-MM-DD`. */
    dueOn: text('due_on').notNull(),
    daysBefore: integer('days_before').notNull(),
    /** `YYYY-MM-DD` in the user's time zone. */
    remindOn: text('remind_on').notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('deadline_reminders_key_idx').on(t.userId, t.deadlineKey, t.daysBefore),
    index('deadline_reminders_unsent_idx')
      .on(t.createdAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

export type BoardAppealRow = typeof boardAppeals.$inferSelect;
export type DeadlineReminderRow = typeof deadlineReminders.$inferSelect;
