import type { Readiness, ReadinessSummary } from '@muster/contract/readiness';
import { claimReadiness, readinessSummary, type ReadinessInput } from '@muster/domain/readiness';
import type { Db } from '@muster/db/client';
import {
  disabilityDossier,
  exportDisabilities,
  type DisabilityExport,
} from '#src/modules/disabilities/disabilities.service.ts';
import {
  countStatementsByDisability,
  primariesOf,
  statementInputFrom,
  type Primary,
} from '#src/modules/personal-statements/personal-statements.service.ts';
import {
  outsideEvidenceByDisability,
  outsideEvidenceOf,
  type OutsideEvidence,
} from './readiness.repository.ts';

type Owner = { db: Db; userId: string };

/** Today as a calendar date in UTC. */
function today(now: Date): string {
  return now.toISOString().slice(0, 10);
}

function readinessOf(
  dossier: DisabilityExport,
  primaries: readonly Primary[],
  statements: number,
  outside: OutsideEvidence,
  now: Date,
): Readiness {
  const composed = statementInputFrom(dossier, primaries);
  const conditions = dossier.mental_health_conditions;
  const primaryIds = new Set(dossier.secondary_disabilities.flatMap((entry) => entry.primary_ids));
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
    primariesRated: primaries.some(
      (primary) => primaryIds.has(primary.id) && primary.percent !== null,
    ),
    statements,
    nexusLetters: outside.nexusLetters,
    buddyStatements: outside.buddyStatements,
    today: today(now),
  };
  return claimReadiness(input);
}

/** How ready one of the owner's disabilities is for a claim; not found when it is not theirs. */
export async function getReadiness(owner: Owner & { id: string; now?: Date }): Promise<Readiness> {
  const dossier = await disabilityDossier(owner);
  const [primaries, counts, outside] = await Promise.all([
    primariesOf(owner, dossier),
    countStatementsByDisability({ ...owner, disabilityId: owner.id }),
    outsideEvidenceByDisability({ ...owner, disabilityId: owner.id }),
  ]);
  return readinessOf(
    dossier,
    primaries,
    counts.get(owner.id) ?? 0,
    outsideEvidenceOf(outside, owner.id),
    owner.now ?? new Date(),
  );
}

/**
 * Every disability of the owner with its readiness, and how many are ready (the dashboard's). The
 * primaries of secondary conditions are among the disabilities already read: no query per
 * disability.
 */
export async function getReadinessSummary(
  owner: Owner & { now?: Date },
): Promise<ReadinessSummary> {
  const [dossiers, counts, outside] = await Promise.all([
    exportDisabilities(owner),
    countStatementsByDisability(owner),
    outsideEvidenceByDisability(owner),
  ]);
  const now = owner.now ?? new Date();
  return readinessSummary(
    dossiers.map((dossier) => ({
      disabilityId: dossier.id,
      title: dossier.title,
      readiness: readinessOf(
        dossier,
        dossiers,
        counts.get(dossier.id) ?? 0,
        outsideEvidenceOf(outside, dossier.id),
        now,
      ),
    })),
  );
}
