import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { DISABILITY_WIZARD_STEPS } from '@muster/contract/wizard-steps';
import { encryptedText } from '../encryption.ts';
import { user } from './auth.ts';
import { veterans } from './veterans.ts';

const times = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

const owner = () =>
  text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });

/**
 * The step names as an SQL list, written into the CHECK (and so into the migration) as literals:
 * a new step needs a migration that replaces the constraint.
 */
const WIZARD_STEP_LIST = sql.raw(
  `(${DISABILITY_WIZARD_STEPS.map((step) => `'${step.replaceAll("'", "''")}'`).join(', ')})`,
);

/**
 * A condition the veteran claims. The title stays plain (lists filter and the palette searches
 * it); the diagnosis is the veteran's medical information and is encrypted. The catalogue fields
 * (codes, side of body), the claim type, the rating and the wizard step the veteran was last on
 * are short values from fixed lists.
 *
 * Everything recorded under a disability (the tables below) goes with it: their foreign keys
 * cascade, so one DELETE removes it all in one statement. Deleting the user deletes their
 * disabilities; deleting the veteran record a disability names leaves the disability without one.
 */
export const disabilities = pgTable(
  'disabilities',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: owner(),
    veteranId: uuid('veteran_id').references(() => veterans.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    diagnosticCode: text('diagnostic_code'),
    classificationCode: text('classification_code'),
    sideOfBody: text('side_of_body'),
    diagnosis: encryptedText('diagnosis'),
    claimType: text('claim_type'),
    /** VA's rating, 0–100 in steps of 10; null when not rated. */
    percent: integer('percent'),
    /** The wizard page the veteran was last on (a step name, not their words: plain). */
    wizardStep: text('wizard_step'),
    ...times(),
  },
  (t) => [
    // Every list is one user's disabilities, newest first.
    index('disabilities_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('disabilities_veteran_idx').on(t.veteranId),
    check(
      'disabilities_percent_check',
      sql`${t.percent} is null or (${t.percent} between 0 and 100 and ${t.percent} % 10 = 0)`,
    ),
    check(
      'disabilities_wizard_step_check',
      sql`${t.wizardStep} is null or ${t.wizardStep} in ${WIZARD_STEP_LIST}`,
    ),
  ],
);

export type DisabilityRow = typeof disabilities.$inferSelect;
export type NewDisabilityRow = typeof disabilities.$inferInsert;

/**
 * The wizard's answers, one document per disability and step, saved whole (encrypted JSON).
 */
export const disabilityAnswers = pgTable(
  'disability_answers',
  {
    disabilityId: uuid('disability_id')
      .notNull()
      .references(() => disabilities.id, { onDelete: 'cascade' }),
    step: text('step').notNull(),
    userId: owner(),
    answers: encryptedText('answers').notNull(),
    ...times(),
  },
  (t) => [
    primaryKey({ columns: [t.disabilityId, t.step] }),
    index('disability_answers_user_idx').on(t.userId),
  ],
);

/**
 * A secondary disability's connection to the primaries it rests on: the connection (with the
 * veteran's explanation, encrypted) and one row per primary. A primary's deletion removes its row;
 * a connection left with no primary is removed with it (by the service, in the same transaction).
 */
export const disabilitySecondaryConnections = pgTable(
  'disability_secondary_connections',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: owner(),
    /** The secondary disability. */
    disabilityId: uuid('disability_id')
      .notNull()
      .references(() => disabilities.id, { onDelete: 'cascade' }),
    relation: text('relation').notNull(),
    explanation: encryptedText('explanation'),
    ...times(),
  },
  (t) => [
    index('disability_secondary_connections_list_idx').on(
      t.disabilityId,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index('disability_secondary_connections_user_idx').on(t.userId),
  ],
);

export const disabilitySecondaryPrimaries = pgTable(
  'disability_secondary_primaries',
  {
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => disabilitySecondaryConnections.id, { onDelete: 'cascade' }),
    primaryId: uuid('primary_id')
      .notNull()
      .references(() => disabilities.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.primaryId] }),
    index('disability_secondary_primaries_primary_idx').on(t.primaryId),
  ],
);

/**
 * The records of a disability that share one shape: exposures, treatments, mental-health
 * conditions, and under a mental-health condition (its `parent`) traumatic events, behaviour
 * changes, official reports and evidence sources. `kind` is the collection's path segment. Every
 * field of a record is the veteran's account of their health or service, so the whole record is
 * one encrypted JSON document (`details`); nothing in it is searched or sorted on. A record's
 * children go with it.
 */
export const disabilityRecords = pgTable(
  'disability_records',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: owner(),
    disabilityId: uuid('disability_id')
      .notNull()
      .references(() => disabilities.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => disabilityRecords.id, {
      onDelete: 'cascade',
    }),
    kind: text('kind').notNull(),
    details: encryptedText('details').notNull(),
    ...times(),
  },
  (t) => [
    index('disability_records_list_idx').on(
      t.disabilityId,
      t.kind,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index('disability_records_parent_idx').on(t.parentId),
    index('disability_records_user_idx').on(t.userId),
  ],
);

export type DisabilityRecordRow = typeof disabilityRecords.$inferSelect;

/**
 * The answers to the DSM-5 PTSD criteria (A to H) of a mental-health condition, one encrypted
 * document per criterion.
 */
export const disabilityDsmCriteria = pgTable(
  'disability_dsm_criteria',
  {
    conditionId: uuid('condition_id')
      .notNull()
      .references(() => disabilityRecords.id, { onDelete: 'cascade' }),
    criterion: text('criterion').notNull(),
    userId: owner(),
    disabilityId: uuid('disability_id')
      .notNull()
      .references(() => disabilities.id, { onDelete: 'cascade' }),
    answers: encryptedText('answers').notNull(),
    ...times(),
  },
  (t) => [
    primaryKey({ columns: [t.conditionId, t.criterion] }),
    index('disability_dsm_criteria_disability_idx').on(t.disabilityId),
    index('disability_dsm_criteria_user_idx').on(t.userId),
  ],
);
