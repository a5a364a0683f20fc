import { and, asc, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { SecondaryDisabilityListQuery } from '@muster/contract/disability-records';
import {
  disabilities,
  disabilitySecondaryConnections as connections,
  disabilitySecondaryPrimaries as primaries,
} from '@muster/db/schema/index';
import {
  holdDisability,
  isRowId,
  lockOwner,
  type Owner,
  type OwnerScope,
  type Tx,
} from './disabilities.repository.ts';

/**
 * Secondary connections: a secondary disability (the one in the path) and the primaries it rests
 * on. Writes run under the owner lock, so the graph a write checks for cycles is the graph it
 * changes.
 */

type Place = Owner & { disabilityId: string };
export type ConnectionValues = { relation: string; explanation: string | null };
/** What a write is checked against: which primaries named are the owner's, and every other link. */
export type GraphContext = {
  /** The named primaries that are the owner's disabilities. */
  ownedPrimaries: ReadonlySet<string>;
  /** Every "secondary rests on primary" link of the owner, but those of the connection changed. */
  links: readonly { secondaryId: string; primaryId: string }[];
};

type ConnectionRow = typeof connections.$inferSelect;
export type Connection = ConnectionRow & { primaryIds: string[] };

const newestFirst = [desc(connections.createdAt), desc(connections.id)] as const;

const ORDER: Record<SecondaryDisabilityListQuery['sort'], readonly SQL[]> = {
  '-created_at': newestFirst,
  created_at: [asc(connections.createdAt), asc(connections.id)],
  '-updated_at': [desc(connections.updatedAt), desc(connections.id)],
};

function placeOf(place: Place) {
  return and(
    eq(connections.userId, place.userId),
    eq(connections.disabilityId, place.disabilityId),
  );
}

async function withPrimaries(db: Owner['db'] | Tx, rows: ConnectionRow[]): Promise<Connection[]> {
  if (rows.length === 0) return [];
  const links = await db
    .select()
    .from(primaries)
    .where(
      inArray(
        primaries.connectionId,
        rows.map((row) => row.id),
      ),
    );
  return rows.map((row) => ({
    ...row,
    primaryIds: links
      .filter((link) => link.connectionId === row.id)
      .map((link) => link.primaryId)
      .sort(),
  }));
}

export async function listConnections(place: Place & { query: SecondaryDisabilityListQuery }) {
  const { page, page_size, sort } = place.query;
  if (!isRowId(place.disabilityId)) return { rows: [], total: 0 };
  const [rows, [counted]] = await Promise.all([
    place.db
      .select()
      .from(connections)
      .where(placeOf(place))
      .orderBy(...ORDER[sort])
      .limit(page_size)
      .offset((page - 1) * page_size),
    place.db.select({ total: count() }).from(connections).where(placeOf(place)),
  ]);
  return { rows: await withPrimaries(place.db, rows), total: counted?.total ?? 0 };
}

export async function findConnection(place: Place & { id: string }) {
  if (!isRowId(place.disabilityId) || !isRowId(place.id)) return undefined;
  const rows = await place.db
    .select()
    .from(connections)
    .where(and(eq(connections.id, place.id), placeOf(place)));
  const [found] = await withPrimaries(place.db, rows);
  return found;
}

/** The context a write is checked in, the named primaries held until the transaction ends. */
async function graphContext(
  tx: Tx,
  userId: string,
  primaryIds: readonly string[],
  excluding: string | undefined,
): Promise<GraphContext> {
  const owned =
    primaryIds.length === 0
      ? []
      : await tx
          .select({ id: disabilities.id })
          .from(disabilities)
          .where(and(eq(disabilities.userId, userId), inArray(disabilities.id, [...primaryIds])))
          .for('key share');
  const links = await tx
    .select({ secondaryId: connections.disabilityId, primaryId: primaries.primaryId })
    .from(connections)
    .innerJoin(primaries, eq(primaries.connectionId, connections.id))
    .where(
      excluding
        ? and(eq(connections.userId, userId), ne(connections.id, excluding))
        : eq(connections.userId, userId),
    );
  return { ownedPrimaries: new Set(owned.map((row) => row.id)), links };
}

async function linkPrimaries(tx: Tx, connectionId: string, primaryIds: readonly string[]) {
  if (primaryIds.length === 0) return;
  await tx.insert(primaries).values(primaryIds.map((primaryId) => ({ connectionId, primaryId })));
}

/**
 * Inserts a connection and its primaries in one transaction. `check` sees the graph as it stands
 * and may throw to refuse. Undefined when the secondary disability is not the owner's.
 */
export async function insertConnection(
  place: Place & {
    values: ConnectionValues;
    primaryIds: readonly string[];
    check: (context: GraphContext) => void;
  },
): Promise<Connection | undefined> {
  return place.db.transaction(async (tx) => {
    await lockOwner(tx, place.userId);
    if (!(await holdDisability(tx, place.userId, place.disabilityId))) return undefined;
    place.check(await graphContext(tx, place.userId, place.primaryIds, undefined));
    const [row] = await tx
      .insert(connections)
      .values({ ...place.values, userId: place.userId, disabilityId: place.disabilityId })
      .returning();
    if (!row) throw new Error('secondary connection insert returned no row');
    await linkPrimaries(tx, row.id, place.primaryIds);
    return { ...row, primaryIds: [...place.primaryIds].sort() };
  });
}

/**
 * Changes a connection: the values given, and its primaries when `primaryIds` is given (replaced
 * whole), in one transaction. `check` sees the graph without this connection's own links and may
 * throw to refuse. Undefined when the connection is not at this place.
 */
export async function updateConnection(
  place: Place & {
    id: string;
    values: Partial<ConnectionValues>;
    primaryIds: readonly string[] | undefined;
    check: (context: GraphContext) => void;
  },
): Promise<Connection | undefined> {
  if (!isRowId(place.disabilityId) || !isRowId(place.id)) return undefined;
  const target = and(eq(connections.id, place.id), placeOf(place));
  return place.db.transaction(async (tx) => {
    await lockOwner(tx, place.userId);
    const [current] = await tx.select().from(connections).where(target).for('update');
    if (!current) return undefined;
    if (place.primaryIds) {
      place.check(await graphContext(tx, place.userId, place.primaryIds, place.id));
      await tx.delete(primaries).where(eq(primaries.connectionId, place.id));
      await linkPrimaries(tx, place.id, place.primaryIds);
    }
    const [row] = await tx
      .update(connections)
      .set({ ...place.values, updatedAt: new Date() })
      .where(target)
      .returning();
    if (!row) return undefined;
    const [found] = await withPrimaries(tx, [row]);
    return found;
  });
}

export async function deleteConnection(place: Place & { id: string }): Promise<boolean> {
  if (!isRowId(place.disabilityId) || !isRowId(place.id)) return false;
  const deleted = await place.db
    .delete(connections)
    .where(and(eq(connections.id, place.id), placeOf(place)))
    .returning({ id: connections.id });
  return deleted.length > 0;
}

/** Every connection of the owner (or of the one disability named), newest first. */
export async function listAllConnections(options: OwnerScope): Promise<Connection[]> {
  const rows = await options.db
    .select()
    .from(connections)
    .where(
      and(
        eq(connections.userId, options.userId),
        options.disabilityId === undefined
          ? undefined
          : eq(connections.disabilityId, options.disabilityId),
      ),
    )
    .orderBy(...newestFirst);
  return withPrimaries(options.db, rows);
}
