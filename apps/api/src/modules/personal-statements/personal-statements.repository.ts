import { and, count, desc, eq, gt, lte } from 'drizzle-orm';
import type { PageQuery } from '@muster/contract/common';
import { MAX_STATEMENT_VERSIONS, type StatementSource } from '@muster/contract/personal-statements';
import {
  personalStatementVersions as versions,
  personalStatements as statements,
  type PersonalStatementRow,
  type PersonalStatementVersionRow,
} from '@muster/db/schema/index';
import type { Db } from '@muster/db/client';
import {
  holdOwnDisability as holdDisability,
  isRowId,
} from '#src/modules/disabilities/disabilities.service.ts';

type Owner = { db: Db; userId: string };

/**
 * Personal statements and their versions. Every query names the owner and the disability: a
 * statement is found only under the disability it belongs to, and only by its owner.
 */
export type StatementPlace = Owner & { disabilityId: string };

export type StatementWithVersion = {
  statement: PersonalStatementRow;
  version: PersonalStatementVersionRow;
};

function placeOf(place: StatementPlace) {
  return and(eq(statements.userId, place.userId), eq(statements.disabilityId, place.disabilityId));
}

function wellFormed(place: StatementPlace, id?: string): boolean {
  return isRowId(place.disabilityId) && (id === undefined || isRowId(id));
}

/** A page of the disability's statements, newest first, each with its latest version. */
export async function listStatements(place: StatementPlace & { page: PageQuery }) {
  if (!wellFormed(place)) return { rows: [], total: 0 };
  const { page, page_size } = place.page;
  const [rows, [counted]] = await Promise.all([
    place.db
      .select({ statement: statements, version: versions })
      .from(statements)
      .innerJoin(
        versions,
        and(
          eq(versions.statementId, statements.id),
          eq(versions.version, statements.latestVersion),
        ),
      )
      .where(placeOf(place))
      .orderBy(desc(statements.createdAt), desc(statements.id))
      .limit(page_size)
      .offset((page - 1) * page_size),
    place.db.select({ total: count() }).from(statements).where(placeOf(place)),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * One statement with the version asked for (the latest when `version` is left out) and the
 * numbers of every kept version, newest first. Undefined when there is no such statement here, or
 * no such version of it.
 */
export async function findStatement(
  place: StatementPlace & { id: string; version?: number | undefined },
): Promise<
  | (StatementWithVersion & {
      history: Pick<PersonalStatementVersionRow, 'version' | 'source' | 'createdAt'>[];
    })
  | undefined
> {
  if (!wellFormed(place, place.id)) return undefined;
  const [statement] = await place.db
    .select()
    .from(statements)
    .where(and(placeOf(place), eq(statements.id, place.id)));
  if (!statement) return undefined;
  const wanted = place.version ?? statement.latestVersion;
  const [[version], history] = await Promise.all([
    place.db
      .select()
      .from(versions)
      .where(and(eq(versions.statementId, statement.id), eq(versions.version, wanted))),
    place.db
      .select({ version: versions.version, source: versions.source, createdAt: versions.createdAt })
      .from(versions)
      .where(eq(versions.statementId, statement.id))
      .orderBy(desc(versions.version)),
  ]);
  if (!version) return undefined;
  return { statement, version, history };
}

/**
 * A new statement with its first version, in one transaction holding the disability (a delete of
 * the disability meanwhile cannot leave a statement without it). Undefined when the disability is
 * not the owner's (any more). With an `id` chosen by the caller, the same create sent again answers
 * the statement already made with that id here (`created: false`); an id taken anywhere else is a
 * conflict.
 */
export async function insertStatement(
  place: StatementPlace & { id?: string | undefined; body: string; source: StatementSource },
): Promise<(StatementWithVersion & { created: boolean }) | 'conflict' | undefined> {
  return place.db.transaction(async (tx) => {
    if (!(await holdDisability(tx, place.userId, place.disabilityId))) return undefined;
    const [statement] = await tx
      .insert(statements)
      .values({
        ...(place.id ? { id: place.id } : {}),
        userId: place.userId,
        disabilityId: place.disabilityId,
        latestVersion: 1,
      })
      .onConflictDoNothing({ target: statements.id })
      .returning();
    if (!statement) {
      if (!place.id) return undefined;
      const existing = await findStatementIn(tx, place, place.id);
      return existing ? { ...existing, created: false } : 'conflict';
    }
    const [version] = await tx
      .insert(versions)
      .values({
        statementId: statement.id,
        version: 1,
        userId: place.userId,
        source: place.source,
        body: place.body,
      })
      .returning();
    return { statement, version: version!, created: true };
  });
}

type Reader = Pick<Owner['db'], 'select'>;

/** The statement `id` at this place with its latest version. */
async function findStatementIn(
  reader: Reader,
  place: StatementPlace,
  id: string,
): Promise<StatementWithVersion | undefined> {
  const [row] = await reader
    .select({ statement: statements, version: versions })
    .from(statements)
    .innerJoin(
      versions,
      and(eq(versions.statementId, statements.id), eq(versions.version, statements.latestVersion)),
    )
    .where(and(placeOf(place), eq(statements.id, id)));
  return row;
}

/** Whether the statement `id` exists at this place: `here`, `elsewhere` (any owner) or `none`. */
export async function statementIdState(
  place: StatementPlace & { id: string },
): Promise<{ state: 'here'; found: StatementWithVersion } | { state: 'elsewhere' | 'none' }> {
  if (!wellFormed(place, place.id)) return { state: 'none' };
  const found = await findStatementIn(place.db, place, place.id);
  if (found) return { state: 'here', found };
  const [other] = await place.db
    .select({ id: statements.id })
    .from(statements)
    .where(eq(statements.id, place.id));
  return { state: other ? 'elsewhere' : 'none' };
}

/**
 * Saves a new version: takes the statement's row lock, so concurrent saves number their versions
 * one after another. Keeps the first version and the latest ones up to the limit, dropping the
 * oldest edit in between. Undefined when there is no such statement here.
 */
export async function addVersion(
  place: StatementPlace & { id: string; body: string; source: StatementSource },
): Promise<StatementWithVersion | undefined> {
  if (!wellFormed(place, place.id)) return undefined;
  return place.db.transaction(async (tx) => {
    const [held] = await tx
      .select()
      .from(statements)
      .where(and(placeOf(place), eq(statements.id, place.id)))
      .for('update');
    if (!held) return undefined;
    const next = held.latestVersion + 1;
    const [version] = await tx
      .insert(versions)
      .values({
        statementId: held.id,
        version: next,
        userId: place.userId,
        source: place.source,
        body: place.body,
      })
      .returning();
    const [statement] = await tx
      .update(statements)
      .set({ latestVersion: next, updatedAt: new Date() })
      .where(eq(statements.id, held.id))
      .returning();
    await tx
      .delete(versions)
      .where(
        and(
          eq(versions.statementId, held.id),
          gt(versions.version, 1),
          lte(versions.version, next - (MAX_STATEMENT_VERSIONS - 1)),
        ),
      );
    return { statement: statement!, version: version! };
  });
}

export async function deleteStatement(place: StatementPlace & { id: string }): Promise<boolean> {
  if (!wellFormed(place, place.id)) return false;
  const deleted = await place.db
    .delete(statements)
    .where(and(placeOf(place), eq(statements.id, place.id)))
    .returning({ id: statements.id });
  return deleted.length > 0;
}

/** How many statements each of the owner's disabilities has (for claim readiness). */
export async function countStatementsByDisability(
  options: Owner & { disabilityId?: string },
): Promise<Map<string, number>> {
  if (options.disabilityId !== undefined && !isRowId(options.disabilityId)) return new Map();
  const rows = await options.db
    .select({ disabilityId: statements.disabilityId, n: count() })
    .from(statements)
    .where(
      and(
        eq(statements.userId, options.userId),
        options.disabilityId === undefined
          ? undefined
          : eq(statements.disabilityId, options.disabilityId),
      ),
    )
    .groupBy(statements.disabilityId);
  return new Map(rows.map((row) => [row.disabilityId, row.n]));
}

/** Every statement of the owner with every kept version, oldest version first (account export). */
export async function listAllStatements(options: Owner) {
  return options.db
    .select({ statement: statements, version: versions })
    .from(statements)
    .innerJoin(versions, eq(versions.statementId, statements.id))
    .where(eq(statements.userId, options.userId))
    .orderBy(desc(statements.createdAt), statements.id, versions.version);
}

/** Every statement of the owner, most recently changed first (no text: the list of what exists). */
export async function listStatementHeads(options: Owner) {
  return options.db
    .select({
      id: statements.id,
      disabilityId: statements.disabilityId,
      latestVersion: statements.latestVersion,
      updatedAt: statements.updatedAt,
    })
    .from(statements)
    .where(eq(statements.userId, options.userId))
    .orderBy(desc(statements.updatedAt), desc(statements.id));
}
