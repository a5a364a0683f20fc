import { randomUUID } from 'node:crypto';
import { escapeHtml } from '@muster/contract/html';
import type { DeadlineKind } from '@muster/contract/deadlines';
import {
  DEADLINE_KIND_NAMES,
  collectDeadlines,
  effectiveTimeZone,
  reminderDay,
  reminderDue,
  todayIn,
} from '@muster/domain/deadline-guardian';
import { daysUntil } from '@muster/domain/deadlines';
import { formatLongDay } from '@muster/domain/format';
import type { Db } from '@muster/db/client';
import { outboxEmails } from '@muster/db/schema/index';
import type { Mail, Mailer } from '#src/modules/mail/mailer.ts';
import { DISCLAIMER, layout } from '#src/modules/mail/templates.ts';
import * as repository from './deadlines.repository.ts';
import { getReminderSettings, loadDeadlineRecords } from './deadlines.service.ts';

/**
 * Reminder emails about deadlines, 30, 7 and 1 days before each, on the day in the user's time
 * zone. Rules:
 * - Each (user, deadline, days before) is recorded once: the unique key refuses a second row, and
 *   only the run whose insert landed sends the mail.
 * - With the embedded outbox the reminder row and its mail are written in one transaction, so each
 *   reminder is in the outbox exactly once, however often or concurrently the job runs.
 * - With SMTP the row is recorded first and marked sent once the mail left; a row still unsent is
 *   tried again on later runs (at least once), each try counted in `attempts`, up to
 *   MAX_ATTEMPTS and only while the deadline is ahead.
 * - Catch-up: when runs were missed, the next run sends the most urgent reminder whose day has
 *   come, once, while the deadline is still ahead (see `reminderDue`); older missed ones are not
 *   sent as well.
 * - A retry first checks the deadline still exists (the appeal was not deleted, the intent was not
 *   used up by a filed claim); an unsent reminder of a deadline that is gone is deleted, not sent.
 * - A kind the user switched off is not reminded of. Mail names the kind and the day and links
 *   into the app; it holds no medical text.
 * - Each user is looked at once a day in their own zone (`reminders_checked_on`), or again while a
 *   reminder of theirs is unsent. One user whose records fail does not stop the run: the failure is
 *   logged with the user's id and the error's name only (never values), and the next user goes on.
 */

const MAX_ATTEMPTS = 8;
/** A failed SMTP send is tried again once the reminder is this old (later runs, not this one). */
const RETRY_AFTER_MS = 5 * 60 * 1000;
const USERS_PER_PAGE = 200;

type ReminderMailInput = {
  to: string;
  kind: DeadlineKind;
  dueOn: string;
  daysLeft: number;
  link: string;
  appUrl: string;
};

function leftText(days: number): string {
  if (days <= 0) return 'today';
  return days === 1 ? 'tomorrow' : `in ${days} days`;
}

function reminderMail(input: ReminderMailInput): Mail {
  const name = DEADLINE_KIND_NAMES[input.kind];
  const day = formatLongDay(input.dueOn);
  const when = leftText(input.daysLeft);
  const text = [
    `Reminder: ${name} on ${day}`,
    '',
    `Your ${name.toLowerCase()} is ${day} (${when}).`,
    `See what to do: ${input.link}`,
    '',
    'You can switch these reminders off in your profile.',
    '',
    DISCLAIMER,
  ].join('\n');
  const html = layout({
    preheader: `${name}: ${day} (${when}).`,
    appUrl: input.appUrl,
    body: `<h1 style="margin:0 0 12px;font-size:20px">${escapeHtml(name)}: ${escapeHtml(day)}</h1>
<p style="margin:0 0 16px;font-size:15px;line-height:22px">Your ${escapeHtml(name.toLowerCase())} is ${escapeHtml(day)} (${escapeHtml(when)}).</p>
<p style="margin:0 0 16px"><a href="${escapeHtml(input.link)}" style="color:#1b2a3a;font-weight:bold">See what to do</a></p>
<p style="margin:0;font-size:13px;line-height:20px;color:#3d4a57">You can switch these reminders off in your profile.</p>`,
  });
  return { to: input.to, subject: `Reminder: ${name} on ${day}`, text, html };
}

/** Where a failure of one user's reminders is reported. */
export type ReminderLog = { warn(obj: object, msg: string): void };

type ReminderRunOptions = {
  db: Db;
  /** `smtp` sends through `mailer`; `outbox` writes the outbox row with the reminder row. */
  mailer: Mailer;
  appUrl: string;
  now: Date;
  log?: ReminderLog;
};

const consoleLog: ReminderLog = {
  warn: (obj, msg) => console.warn(JSON.stringify({ level: 'warn', msg, ...obj })),
};

/** Reports one user's failure with their id and the error's name only: no values, no message. */
function reportFailure(options: ReminderRunOptions, userId: string, error: unknown) {
  // The class's name tells error kinds apart even when a subclass left `name` as plain 'Error'.
  const name =
    error instanceof Error
      ? error.name !== 'Error'
        ? error.name
        : error.constructor.name
      : 'unknown';
  (options.log ?? consoleLog).warn(
    { user_id: userId, error: name },
    'deadline reminders failed for one user',
  );
}

type ReminderRunResult = {
  recorded: number;
  sent: number;
  /** Deliveries SMTP refused (tried again later). */
  failed: number;
  /** Users whose reminders could not be worked out this run (logged, tried again next run). */
  userErrors: number;
  /** Unsent reminders dropped because their deadline is gone. */
  dropped: number;
};

/** The user's current deadlines, counted from today in their zone, with their settings. */
async function currentDeadlines(options: ReminderRunOptions, userId: string) {
  const owner = { db: options.db, userId };
  const settings = await getReminderSettings(owner);
  const today = todayIn(settings.time_zone, options.now);
  const deadlines = collectDeadlines(await loadDeadlineRecords({ ...owner, today }), today);
  return { settings, today, deadlines };
}

/** Sends one mail over SMTP for a reminder row this run holds an attempt of. */
async function deliver(
  options: ReminderRunOptions,
  reminder: { id: string; mail: Mail },
  result: ReminderRunResult,
) {
  try {
    await options.mailer.send(reminder.mail);
    await repository.markSent({ db: options.db, id: reminder.id });
    result.sent += 1;
  } catch {
    // Not an error of the run: the row stays unsent with its attempt counted, and a later run
    // tries again (the job's result is the rows, so nothing is lost by not throwing here).
    result.failed += 1;
  }
}

/**
 * Tries again the reminders SMTP did not take, while their deadline still exists and is ahead. A
 * reminder whose deadline is gone is deleted so it is never sent.
 */
async function retryUnsent(options: ReminderRunOptions, result: ReminderRunResult) {
  const rows = await repository.findUnsentReminders({
    db: options.db,
    maxAttempts: MAX_ATTEMPTS,
    createdBefore: new Date(options.now.getTime() - RETRY_AFTER_MS),
    limit: 500,
  });
  const current = new Map<string, Awaited<ReturnType<typeof currentDeadlines>>>();
  for (const row of rows) {
    try {
      const to = await repository.findUserEmail({ db: options.db, userId: row.userId });
      const kind = row.kind as DeadlineKind;
      if (!to || !(kind in DEADLINE_KIND_NAMES)) continue;
      let found = current.get(row.userId);
      if (!found) {
        found = await currentDeadlines(options, row.userId);
        current.set(row.userId, found);
      }
      const { settings, today, deadlines } = found;
      if (!deadlines.some((deadline) => deadline.key === row.deadlineKey)) {
        await repository.deleteUnsentReminder({ db: options.db, id: row.id });
        result.dropped += 1;
        continue;
      }
      const daysLeft = daysUntil(row.dueOn, today);
      if (daysLeft < 0 || settings.reminders_off.includes(kind)) continue;
      if (!(await repository.takeAttempt({ db: options.db, id: row.id, attempts: row.attempts }))) {
        continue; // another run holds this attempt
      }
      const mail = reminderMail({
        to,
        kind,
        dueOn: row.dueOn,
        daysLeft,
        link: `${options.appUrl}/dashboard`,
        appUrl: options.appUrl,
      });
      await deliver(options, { id: row.id, mail }, result);
    } catch (error) {
      result.userErrors += 1;
      reportFailure(options, row.userId, error);
    }
  }
}

/** Records and sends the reminders due today for one user. */
async function remindUser(options: ReminderRunOptions, userId: string, result: ReminderRunResult) {
  const owner = { db: options.db, userId };
  const { settings, today, deadlines } = await currentDeadlines(options, userId);
  const due = deadlines.flatMap((deadline) => {
    if (settings.reminders_off.includes(deadline.kind)) return [];
    const daysBefore = reminderDue(deadline.due_on, today);
    return daysBefore === null ? [] : [{ deadline, daysBefore }];
  });
  if (due.length === 0) return;
  const to = await repository.findUserEmail(owner);
  if (!to) return;

  for (const { deadline, daysBefore } of due) {
    const mail = reminderMail({
      to,
      kind: deadline.kind,
      dueOn: deadline.due_on,
      daysLeft: deadline.days_left,
      link: `${options.appUrl}${deadline.path}`,
      appUrl: options.appUrl,
    });
    const reminder = {
      userId,
      deadlineKey: deadline.key,
      kind: deadline.kind,
      dueOn: deadline.due_on,
      daysBefore,
      remindOn: reminderDay(deadline.due_on, daysBefore),
      createdAt: options.now,
    };
    if (options.mailer.transport === 'outbox') {
      // One transaction: the reminder and its mail are written together or not at all.
      const recorded = await options.db.transaction(async (tx) => {
        const id = await repository.claimReminder({ db: tx, ...reminder, sent: true });
        if (id) await tx.insert(outboxEmails).values({ id: randomUUID(), ...mail });
        return id !== undefined;
      });
      if (recorded) {
        result.recorded += 1;
        result.sent += 1;
      }
      continue;
    }
    const id = await repository.claimReminder({ db: options.db, ...reminder, sent: false });
    if (!id) continue; // already recorded by this or another run
    result.recorded += 1;
    if (await repository.takeAttempt({ db: options.db, id, attempts: 0 })) {
      await deliver(options, { id, mail }, result);
    }
  }
}

/**
 * One run of the reminder job over every user, keyset-paged by id. A user already looked at today
 * (in their zone) is skipped unless a reminder of theirs is still unsent; a user is marked looked
 * at once their reminders for the day are written. A failure of one user is logged and the run
 * goes on with the next.
 */
export async function runDeadlineReminders(
  options: ReminderRunOptions,
): Promise<ReminderRunResult> {
  const result: ReminderRunResult = { recorded: 0, sent: 0, failed: 0, userErrors: 0, dropped: 0 };
  if (options.mailer.transport === 'smtp') await retryUnsent(options, result);
  let after = '';
  for (;;) {
    const users = await repository.findUsersPage({
      db: options.db,
      after,
      limit: USERS_PER_PAGE,
      maxAttempts: MAX_ATTEMPTS,
    });
    for (const user of users) {
      const today = todayIn(effectiveTimeZone(user.timeZone), options.now);
      if (user.remindersCheckedOn === today && !user.hasUnsent) continue;
      try {
        await remindUser(options, user.id, result);
        if (user.remindersCheckedOn !== today) {
          await repository.markRemindersChecked({ db: options.db, userId: user.id, day: today });
        }
      } catch (error) {
        result.userErrors += 1;
        reportFailure(options, user.id, error);
      }
    }
    if (users.length < USERS_PER_PAGE) break;
    after = users[users.length - 1]!.id;
  }
  return result;
}
