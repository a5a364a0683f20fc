import { z } from 'zod';
import { isoDateTimeSchema } from './common.ts';

/**
 * The deadline guardian: every VA deadline of the user in one list, email reminders 30, 7 and 1
 * days before each (in the user's time zone; each kind can be switched off), a calendar export,
 * and the Board appeals the user recorded.
 *
 * - `GET /deadlines` → `deadlineOverviewSchema` (upcoming deadlines, soonest first, and the
 *   Intent to File countdown).
 * - `GET /deadlines.ics` → `text/calendar` (one all-day event per upcoming deadline); 204 when
 *   there is none (a calendar must hold at least one event).
 * - `GET|PATCH /deadlines/settings` → `reminderSettingsSchema`.
 * - `GET|POST /board-appeals`, `DELETE /board-appeals/{id}`.
 */

/**
 * - `itf_expiry`: the Intent to File expires; the claim must be filed by then to keep its date.
 * - `board_evidence`: the 90 days to send the Board evidence on the evidence docket.
 * - `bdd_window`: the last day to file a Benefits Delivery at Discharge claim (90 days before
 *   separation; the window opens 180 days before).
 * - `decision_review`: one year from a decision letter to ask for a review of it.
 */
export const DEADLINE_KINDS = [
  'itf_expiry',
  'board_evidence',
  'bdd_window',
  'decision_review',
] as const;
export const deadlineKindSchema = z.enum(DEADLINE_KINDS);
export type DeadlineKind = z.infer<typeof deadlineKindSchema>;

/** Reminder emails go out this many days before a deadline. */
export const REMINDER_DAYS = [30, 7, 1] as const;

/** The zone used for reminders until the user chooses one. */
export const DEFAULT_TIME_ZONE = 'America/New_York';

const daySchema = z.iso.date();

export const deadlineSchema = z
  .object({
    /** Stable across requests: kind, record id and due day (no medical text). */
    key: z.string(),
    kind: deadlineKindSchema,
    /** What is due, in plain words. */
    title: z.string(),
    /** The last day to act (`YYYY-MM-DD`). */
    due_on: daySchema,
    /** Whole days from today (in the user's time zone) to `due_on`; 0 on the day. */
    days_left: z.number().int(),
    /** When acting becomes possible, if later than today (the BDD window's opening day). */
    opens_on: daySchema.nullable(),
    /** The app path where the user acts on it. */
    path: z.string(),
  })
  .meta({ id: 'Deadline' });
export type Deadline = z.infer<typeof deadlineSchema>;

export const deadlineOverviewSchema = z
  .object({
    /** The day the list was counted from, in the user's time zone. */
    today: daySchema,
    time_zone: z.string(),
    deadlines: z.array(deadlineSchema),
    /** The soonest Intent to File expiry still ahead, or null without one. */
    intent_to_file: z.object({ due_on: daySchema, days_left: z.number().int() }).nullable(),
  })
  .meta({ id: 'DeadlineOverview' });
export type DeadlineOverview = z.infer<typeof deadlineOverviewSchema>;

export const reminderSettingsSchema = z
  .object({
    /** The IANA zone reminders are counted in (the default until the user chose one). */
    time_zone: z.string(),
    /** False while the default is in use. */
    time_zone_chosen: z.boolean(),
    /** Kinds the user gets no reminder emails for. */
    reminders_off: z.array(deadlineKindSchema),
  })
  .meta({ id: 'ReminderSettings' });
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

export const updateReminderSettingsInputSchema = z
  .object({
    /** An IANA name such as `America/Chicago`; checked against the server's zone database. */
    time_zone: z.string().trim().min(1).max(64).optional(),
    reminders_off: z.array(deadlineKindSchema).max(DEADLINE_KINDS.length).optional(),
  })
  .strict()
  .refine((value) => Object.keys(value).length > 0, 'Nothing to update');
export type UpdateReminderSettingsInput = z.infer<typeof updateReminderSettingsInputSchema>;

export const BOARD_DOCKETS = ['evidence', 'hearing', 'direct'] as const;
export const boardDocketSchema = z.enum(BOARD_DOCKETS);
export type BoardDocket = z.infer<typeof boardDocketSchema>;

export const createBoardAppealInputSchema = z
  .object({
    docket: boardDocketSchema,
    /** The day the Board received VA Form 10182. */
    filed_on: daySchema,
    decision_letter_id: z.uuid().nullable().optional(),
  })
  .strict();
export type CreateBoardAppealInput = z.infer<typeof createBoardAppealInputSchema>;

export const boardAppealSchema = z
  .object({
    id: z.uuid(),
    docket: boardDocketSchema,
    filed_on: daySchema,
    decision_letter_id: z.uuid().nullable(),
    /** Only on the evidence docket: the last day to send evidence. */
    evidence_due_on: daySchema.nullable(),
    created_at: isoDateTimeSchema,
  })
  .meta({ id: 'BoardAppeal' });
export type BoardAppeal = z.infer<typeof boardAppealSchema>;

export const boardAppealListSchema = z.array(boardAppealSchema);

export const boardAppealParamsSchema = z.object({ id: z.string().max(100) });
