import type { Readiness, ReadinessSummary } from '@muster/contract/readiness';
import { claimReadiness, readinessSummary, type ReadinessInput } from '@muster/domain/readiness';
import type { Db } from '@muster/db/client';
import {
  disabilityDossier,
  exportDisabilities,
  findOwnDisabilities,
  type DisabilityExport,
} from '#src/modules/disabilities/disabilities.service.ts';
import {
  countStatementsByDisability,
  statementInputOf,
} from '#src/modules/personal-statements/personal-statements.service.ts';

type Owner = { db: Db; userId: string };

/** Today as a calendar date in UTC. */
function today(now: Date): string {
  return now.toISOString().slice(0, 10);
}

async function readinessOf(
  owner: Owner,
  dossier: DisabilityExport,
  statements: number,
  now: Date,
): Promise<Readiness> {
  const primaryIds = dossier.secondary_disabilities.flatMap((entry) => entry.primary_ids);
  const primaries =
    primaryIds.length > 0 ? await findOwnDisabilities({ ...owner, ids: primaryIds }) : [];
  const composed = await statementInputOf(owner, dossier);
  const conditions = dossier.mental_health_conditions;
  const input: ReadinessInput = {
    ...composed,
    // Reports and evidence sources of the events count for the in-service element, though a
    // statement does not retell them.
    mentalHealth: composed.mentalHealth && {
      ...composed.mentalHealth,
      reports: conditions.flatMap((condition) => condition.official_reports),
      evidenceSources: conditions.flatMap((condition) => condition.evidence_sources),
    },
    disabilityId: dossier.id,
    primariesRated: primaries.some((primary) => primary.percent !== null),
    statements,
    today: today(now),
  };
  return claimReadiness(input);
}

/** How ready one of the owner's disabilities is for a claim; not found when it is not theirs. */
export async function getReadiness(owner: Owner & { id: string; now?: Date }): Promise<Readiness> {
  const dossier = await disabilityDossier(owner);
  const counts = await countStatementsByDisability({ ...owner, disabilityId: owner.id });
  return readinessOf(owner, dossier, counts.get(owner.id) ?? 0, owner.now ?? new Date());
}

/** Every disability of the owner with its readiness, and how many are ready (the dashboard's). */
export async function getReadinessSummary(
  owner: Owner & { now?: Date },
): Promise<ReadinessSummary> {
  const [dossiers, counts] = await Promise.all([
    exportDisabilities(owner),
    countStatementsByDisability(owner),
  ]);
  const now = owner.now ?? new Date();
  const items = [];
  for (const dossier of dossiers) {
    items.push({
      disabilityId: dossier.id,
      title: dossier.title,
      readiness: await readinessOf(owner, dossier, counts.get(dossier.id) ?? 0, now),
    });
  }
  return readinessSummary(items);
}
