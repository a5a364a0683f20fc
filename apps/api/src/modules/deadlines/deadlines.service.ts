import { z } from 'zod';
import {
  DEFAULT_TIME_ZONE,
  deadlineKindSchema,
  type BoardAppeal,
  type BoardDocket,
  type CreateBoardAppealInput,
  type DeadlineKind,
  type DeadlineOverview,
  type ReminderSettings,
  type UpdateReminderSettingsInput,
} from '@muster/contract/deadlines';
import { ERR } from '@muster/contract/errors';
import {
  BOARD_EVIDENCE_DAYS,
  canonicalTimeZone,
  collectDeadlines,
  toIcs,
  todayIn,
  type DeadlineRecords,
} from '@muster/domain/deadline-guardian';
import { deadlineFrom } from '@muster/domain/deadlines';
import type { Db } from '@muster/db/client';
import type { BoardAppealRow } from '@muster/db/schema/index';
import { AppError } from '#src/lib/errors.ts';
import * as repository from './deadlines.repository.ts';

type Owner = { db: Db; userId: string };

/** Only the few fields the rules need are read from the encrypted JSON; the rest is ignored. */
const periodsSchema = z.array(z.object({ end_date: z.iso.date().nullable().optional() }).loose());
const readingSchema = z.object({ letter_date: z.iso.date().nullable().optional() }).loose();

function parseJson(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A value that is not JSON (written by an older version) simply makes no deadline.
    return null;
  }
}

/** The kinds switched off, keeping only kinds this version knows. */
function knownKinds(values: readonly string[]): DeadlineKind[] {
  return values.flatMap((value) => {
    const parsed = deadlineKindSchema.safeParse(value);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The user's zone (the default when none is chosen) and switched-off kinds. */
export async function getReminderSettings(options: Owner): Promise<ReminderSettings> {
  const row = await repository.findSettingsRow(options);
  const chosen = row?.timeZone ? canonicalTimeZone(row.timeZone) : null;
  return {
    time_zone: chosen ?? DEFAULT_TIME_ZONE,
    time_zone_chosen: chosen !== null,
    reminders_off: knownKinds(row?.remindersOff ?? []),
  };
}

export async function updateReminderSettings(
  options: Owner & { input: UpdateReminderSettingsInput },
): Promise<ReminderSettings> {
  const { input } = options;
  let timeZone: string | undefined;
  if (input.time_zone !== undefined) {
    const canonical = canonicalTimeZone(input.time_zone);
    if (!canonical) {
      throw new AppError(ERR.INVALID_INPUT, {
        fields: { time_zone: 'Not a known time zone; choose one from the list' },
      });
    }
    timeZone = canonical;
  }
  const updated = await repository.updateSettingsRow({
    db: options.db,
    userId: options.userId,
    timeZone,
    remindersOff: input.reminders_off ? [...new Set(input.reminders_off)] : undefined,
  });
  if (!updated) throw new AppError(ERR.NOT_FOUND);
  return getReminderSettings(options);
}

/** The owner's records, reduced to what the deadline rules read. */
export async function loadDeadlineRecords(
  options: Owner & { today: string },
): Promise<DeadlineRecords> {
  const [intents, claimTimes, appeals, veteranRows, letterRows] = await Promise.all([
    repository.listIntentRows(options),
    repository.listSubmittedClaimTimes(options),
    repository.listBoardAppeals(options),
    repository.listServicePeriodRows(options),
    repository.listLetterReadingRows(options),
  ]);
  const separations = veteranRows.flatMap((row) => {
    const periods = periodsSchema.safeParse(parseJson(row.servicePeriods));
    if (!periods.success) return [];
    // A period ending after today is a separation still ahead; one per day per record.
    const days = new Set(
      periods.data.flatMap((p) => (p.end_date && p.end_date > options.today ? [p.end_date] : [])),
    );
    return [...days].map((day) => ({ id: row.id, separationDate: day }));
  });
  const decisionLetters = letterRows.flatMap((row) => {
    const reading = readingSchema.safeParse(parseJson(row.result));
    const letterDate = reading.success ? reading.data.letter_date : null;
    return letterDate ? [{ id: row.id, letterDate }] : [];
  });
  return {
    intentToFiles: intents,
    // VA dates the intent in its own (Eastern) calendar, so the filing day is counted there too.
    claimsSubmittedOn: claimTimes.map((at) => todayIn(DEFAULT_TIME_ZONE, at)),
    boardAppeals: appeals.map((appeal) => ({
      id: appeal.id,
      docket: appeal.docket as BoardDocket,
      filedOn: appeal.filedOn,
      letterId: appeal.decisionLetterId,
    })),
    separations,
    decisionLetters,
  };
}

/** The user's upcoming deadlines counted from today in their zone, and the ITF countdown. */
export async function getDeadlineOverview(
  options: Owner & { now?: Date },
): Promise<DeadlineOverview> {
  const settings = await getReminderSettings(options);
  const today = todayIn(settings.time_zone, options.now ?? new Date());
  const deadlines = collectDeadlines(await loadDeadlineRecords({ ...options, today }), today);
  const itf = deadlines.find((deadline) => deadline.kind === 'itf_expiry');
  return {
    today,
    time_zone: settings.time_zone,
    deadlines,
    intent_to_file: itf ? { due_on: itf.due_on, days_left: itf.days_left } : null,
  };
}

/** The upcoming deadlines as a calendar file, or null when there are none (no valid file). */
export async function getDeadlineCalendar(
  options: Owner & { appUrl: string; now?: Date },
): Promise<string | null> {
  const now = options.now ?? new Date();
  const overview = await getDeadlineOverview({ ...options, now });
  return toIcs(overview.deadlines, now, options.appUrl);
}

function toBoardAppeal(row: BoardAppealRow): BoardAppeal {
  return {
    id: row.id,
    docket: row.docket as BoardDocket,
    filed_on: row.filedOn,
    decision_letter_id: row.decisionLetterId,
    evidence_due_on:
      row.docket === 'evidence' ? deadlineFrom(row.filedOn, { days: BOARD_EVIDENCE_DAYS }) : null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listBoardAppeals(options: Owner): Promise<BoardAppeal[]> {
  return (await repository.listBoardAppeals(options)).map(toBoardAppeal);
}

/** The earliest day a Board appeal can have been received (the appeals system began in 2019). */
const EARLIEST_APPEAL_DAY = '2019-02-19';

export async function createBoardAppeal(
  options: Owner & { input: CreateBoardAppealInput; now?: Date },
): Promise<BoardAppeal> {
  const { input } = options;
  // The latest day anywhere on earth: a user far east may already be on tomorrow.
  const latest = todayIn('Pacific/Kiritimati', options.now ?? new Date());
  if (input.filed_on > latest || input.filed_on < EARLIEST_APPEAL_DAY) {
    throw new AppError(ERR.INVALID_INPUT, {
      fields: {
        filed_on:
          input.filed_on > latest
            ? 'Must not be in the future'
            : 'Must be on or after 19 February 2019, when the current appeals system began',
      },
    });
  }
  const letterId = input.decision_letter_id ?? null;
  if (letterId && !(await repository.letterExists({ ...options, id: letterId }))) {
    throw new AppError(ERR.INVALID_INPUT, {
      fields: { decision_letter_id: 'No such decision letter' },
    });
  }
  const row = await repository.insertBoardAppeal({
    db: options.db,
    userId: options.userId,
    docket: input.docket,
    filedOn: input.filed_on,
    decisionLetterId: letterId,
  });
  return toBoardAppeal(row);
}

export async function deleteBoardAppeal(options: Owner & { id: string }): Promise<void> {
  if (!(await repository.deleteBoardAppeal(options))) throw new AppError(ERR.NOT_FOUND);
}

/** The account export: Board appeals, reminder settings and the reminders sent (no mail text). */
export async function exportDeadlines(options: Owner) {
  const [appeals, settings, reminders] = await Promise.all([
    listBoardAppeals(options),
    getReminderSettings(options),
    repository.listReminderRows(options),
  ]);
  return {
    board_appeals: appeals,
    reminder_settings: settings,
    reminders: reminders.map((row) => ({
      deadline_key: row.deadlineKey,
      kind: row.kind,
      due_on: row.dueOn,
      days_before: row.daysBefore,
      remind_on: row.remindOn,
      sent_at: row.sentAt?.toISOString() ?? null,
    })),
  };
}
