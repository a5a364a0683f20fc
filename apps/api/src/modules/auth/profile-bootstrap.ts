import { splitFullName } from '@muster/domain/names';
import type { Db } from '@muster/db/client';
import { userProfiles } from '@muster/db/schema/index';

/** Creates the product profile for a new (non-anonymous) user; a second call changes nothing. */
export async function createProfileForUser(
  db: Db,
  created: { id: string; email: string; name: string | null },
) {
  const { firstName, lastName } = splitFullName(created.name);
  await db
    .insert(userProfiles)
    .values({ id: created.id, email: created.email, firstName, lastName })
    .onConflictDoNothing();
}
