import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '@muster/db/client';
import { laymanStatements, nexusLetters } from '@muster/db/schema/index';
import { isRowId } from '#src/modules/disabilities/disabilities.service.ts';

type Owner = { db: Db; userId: string };

/** The evidence from other people that counts toward one disability's readiness. */
export type OutsideEvidence = {
  nexusLetters: { drafted: number; signed: number; latestDraftId: string | null };
  buddyStatements: { signed: number };
};

const none = (): OutsideEvidence => ({
  nexusLetters: { drafted: 0, signed: 0, latestDraftId: null },
  buddyStatements: { signed: 0 },
});

/**
 * Nexus letters (signed, or still drafts: the newest draft is the one to finish) and submitted
 * lay statements, per disability of the owner; one disability's alone when `disabilityId` is
 * given. Two queries, whatever the number of disabilities. Only statuses and ids are read, never
 * the encrypted text.
 */
export async function outsideEvidenceByDisability(
  options: Owner & { disabilityId?: string },
): Promise<Map<string, OutsideEvidence>> {
  const found = new Map<string, OutsideEvidence>();
  if (options.disabilityId !== undefined && !isRowId(options.disabilityId)) return found;
  const entry = (disabilityId: string) => {
    let value = found.get(disabilityId);
    if (!value) {
      value = none();
      found.set(disabilityId, value);
    }
    return value;
  };
  const [letters, statements] = await Promise.all([
    options.db
      .select({
        id: nexusLetters.id,
        disabilityId: nexusLetters.disabilityId,
        status: nexusLetters.status,
      })
      .from(nexusLetters)
      .where(
        and(
          eq(nexusLetters.userId, options.userId),
          options.disabilityId === undefined
            ? undefined
            : eq(nexusLetters.disabilityId, options.disabilityId),
        ),
      )
      .orderBy(desc(nexusLetters.createdAt), desc(nexusLetters.id)),
    options.db
      .select({ disabilityId: laymanStatements.disabilityId })
      .from(laymanStatements)
      .where(
        and(
          eq(laymanStatements.userId, options.userId),
          isNotNull(laymanStatements.usedAt),
          options.disabilityId === undefined
            ? undefined
            : eq(laymanStatements.disabilityId, options.disabilityId),
        ),
      ),
  ]);
  for (const letter of letters) {
    const counts = entry(letter.disabilityId).nexusLetters;
    if (letter.status === 'signed') {
      counts.signed += 1;
    } else {
      counts.drafted += 1;
      // Newest first: the first unsigned letter met is the newest.
      counts.latestDraftId ??= letter.id;
    }
  }
  for (const statement of statements) entry(statement.disabilityId).buddyStatements.signed += 1;
  return found;
}

export function outsideEvidenceOf(
  found: Map<string, OutsideEvidence>,
  disabilityId: string,
): OutsideEvidence {
  return found.get(disabilityId) ?? none();
}
