import type { Paged } from '@muster/contract/common';
import type {
  CreateSecondaryDisabilityInput,
  SecondaryDisability,
  SecondaryDisabilityListQuery,
  UpdateSecondaryDisabilityInput,
} from '@muster/contract/disability-records';
import { ERR } from '@muster/contract/errors';
import type { Db } from '@muster/db/client';
import { AppError } from '#src/lib/errors.ts';
import { findDisability } from './disabilities.repository.ts';
import { FieldErrors } from './field-errors.ts';
import * as repository from './secondary-disabilities.repository.ts';

/**
 * A secondary disability rests on primaries: other disabilities of the same user that caused it or
 * made it worse. A disability is never its own primary, and the connections never form a circle
 * (A rests on B, B on A), however many steps it takes.
 */

type Place = { db: Db; userId: string; disabilityId: string };

export function toSecondary(connection: repository.Connection): SecondaryDisability {
  return {
    id: connection.id,
    disability_id: connection.disabilityId,
    primary_ids: connection.primaryIds,
    relation: connection.relation as SecondaryDisability['relation'],
    explanation: connection.explanation,
    created_at: connection.createdAt.toISOString(),
    updated_at: connection.updatedAt.toISOString(),
  };
}

/** Whether `to` can be reached from `from` by following "rests on" links. */
function reaches(links: repository.GraphContext['links'], from: string, to: string): boolean {
  const seen = new Set<string>([from]);
  const queue = [from];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    if (next === to) return true;
    for (const link of links) {
      if (link.secondaryId === next && !seen.has(link.primaryId)) {
        seen.add(link.primaryId);
        queue.push(link.primaryId);
      }
    }
  }
  return false;
}

/** The refusals for a list of primaries of `secondaryId`, given the graph as it stands. */
function checkPrimaries(
  secondaryId: string,
  primaryIds: readonly string[],
  context: repository.GraphContext,
): void {
  const errors = new FieldErrors();
  primaryIds.forEach((primaryId, index) => {
    const field = `primary_ids.${index}`;
    if (primaryId === secondaryId) {
      errors.add(field, 'A disability cannot be secondary to itself');
    } else if (!context.ownedPrimaries.has(primaryId)) {
      errors.add(field, 'Not one of your disabilities');
    } else if (reaches(context.links, primaryId, secondaryId)) {
      errors.add(
        field,
        'That disability already rests on this one: the connection would go round in a circle',
      );
    }
  });
  errors.throwIfAny();
}

async function assertDisability(place: Place): Promise<void> {
  if (!(await findDisability({ db: place.db, userId: place.userId, id: place.disabilityId }))) {
    throw new AppError(ERR.NOT_FOUND);
  }
}

/** A page of the connections of a secondary disability, in the order asked for. */
export async function listSecondaries(
  place: Place & { query: SecondaryDisabilityListQuery },
): Promise<Paged<SecondaryDisability>> {
  await assertDisability(place);
  const { rows, total } = await repository.listConnections(place);
  return {
    results: rows.map(toSecondary),
    meta: { page: place.query.page, page_size: place.query.page_size, total },
  };
}

export async function getSecondary(place: Place & { id: string }): Promise<SecondaryDisability> {
  const found = await repository.findConnection(place);
  if (!found) throw new AppError(ERR.NOT_FOUND);
  return toSecondary(found);
}

/** Names the primaries of a secondary disability: all the user's, none itself, no circle. */
export async function createSecondary(
  place: Place & { input: CreateSecondaryDisabilityInput },
): Promise<SecondaryDisability> {
  const { primary_ids: primaryIds, relation, explanation } = place.input;
  const created = await repository.insertConnection({
    ...place,
    values: { relation, explanation: explanation || null },
    primaryIds,
    check: (context) => checkPrimaries(place.disabilityId, primaryIds, context),
  });
  if (!created) throw new AppError(ERR.NOT_FOUND);
  return toSecondary(created);
}

/** Changes the fields sent; primaries sent replace the old ones, checked as on create. */
export async function updateSecondary(
  place: Place & { id: string; input: UpdateSecondaryDisabilityInput },
): Promise<SecondaryDisability> {
  const { primary_ids: primaryIds, relation, explanation } = place.input;
  const values: Partial<repository.ConnectionValues> = {};
  if (relation !== undefined) values.relation = relation;
  if (explanation !== undefined) values.explanation = explanation || null;
  const updated = await repository.updateConnection({
    ...place,
    values,
    primaryIds,
    check: (context) => checkPrimaries(place.disabilityId, primaryIds ?? [], context),
  });
  if (!updated) throw new AppError(ERR.NOT_FOUND);
  return toSecondary(updated);
}

export async function deleteSecondary(place: Place & { id: string }): Promise<void> {
  if (!(await repository.deleteConnection(place))) throw new AppError(ERR.NOT_FOUND);
}

/** Every connection of the owner (for the account export). */
export async function listOwnerSecondaries(options: {
  db: Db;
  userId: string;
  disabilityId?: string;
}): Promise<SecondaryDisability[]> {
  return (await repository.listAllConnections(options)).map(toSecondary);
}
