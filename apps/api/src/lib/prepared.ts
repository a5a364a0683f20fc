import type { Db } from '@muster/db/client';

/**
 * Names for server-side prepared statements. On PostgreSQL every pooled connection is a session
 * of its own, so a named statement is parsed and planned once per connection and reused. The
 * embedded engine is a single session shared by every connection: a name one connection prepared
 * would collide with the next connection's, so there statements stay unnamed (parsed on each run).
 */
const sharedSessions = new WeakSet<Db>();

/** Marks `db` as reaching a single session shared by all its connections (the embedded engine). */
export function markSharedSession(db: Db): void {
  sharedSessions.add(db);
}

/** The name to prepare a statement under on `db`: the given one, or '' (unnamed) where shared. */
export function statementName(db: Db, name: string): string {
  return sharedSessions.has(db) ? '' : name;
}
