import type { Paged, PageQuery } from '@muster/contract/common';
import type { AnswerStep } from '@muster/contract/disabilities';
import type { GeneratedDocument } from '@muster/contract/documents';
import { ERR } from '@muster/contract/errors';
import {
  EXCERPT_LENGTH,
  STATEMENT_MAX,
  type PersonalStatement,
  type PersonalStatementSummary,
  type StatementFormat,
  type StatementSource,
} from '@muster/contract/personal-statements';
import type { Veteran } from '@muster/contract/veterans';
import { bodySystemOf } from '@muster/domain/body-systems';
import { formatLongDay } from '@muster/domain/format';
import type { StatementInput } from '@muster/domain/statement-composer';
import type { Db } from '@muster/db/client';
import { AppError } from '#src/lib/errors.ts';
import {
  disabilityDossier,
  findOwnDisabilities,
  type DisabilityExport,
} from '#src/modules/disabilities/disabilities.service.ts';
import { consumeQuota, refundQuota } from '#src/modules/quotas/quotas.service.ts';
import { findPrimaryVeteranId, getVeteran } from '#src/modules/veterans/veterans.service.ts';
import { renderStatementDocx } from './documents/statement-docx.ts';
import { renderStatementPdf } from './documents/statement-pdf.ts';
import { fillVa210781 } from './documents/va-21-0781.ts';
import { fillVa214138 } from './documents/va-21-4138.ts';
import type { FormVeteran, TraumaFormInput } from './documents/types.ts';
import * as repository from './personal-statements.repository.ts';
import type { StatementGenerator } from './statement-generator.ts';

type Owner = { db: Db; userId: string };
type Place = Owner & { disabilityId: string };

function toStatement(
  found: repository.StatementWithVersion,
  history: { version: number; source: string; createdAt: Date }[],
): PersonalStatement {
  const { statement, version } = found;
  return {
    id: statement.id,
    disability_id: statement.disabilityId,
    body: version.body,
    version: version.version,
    source: version.source as StatementSource,
    latest_version: statement.latestVersion,
    versions: history.map((entry) => ({
      version: entry.version,
      source: entry.source as StatementSource,
      created_at: entry.createdAt.toISOString(),
    })),
    created_at: statement.createdAt.toISOString(),
    updated_at: statement.updatedAt.toISOString(),
  };
}

/** The start of a text, cut at a word and marked as cut. */
export function excerptOf(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  if (flat.length <= EXCERPT_LENGTH) return flat;
  const cut = flat.slice(0, EXCERPT_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `${space > EXCERPT_LENGTH / 2 ? cut.slice(0, space) : cut}…`;
}

function toSummary(found: repository.StatementWithVersion): PersonalStatementSummary {
  return {
    id: found.statement.id,
    disability_id: found.statement.disabilityId,
    excerpt: excerptOf(found.version.body),
    latest_version: found.statement.latestVersion,
    source: found.version.source as StatementSource,
    created_at: found.statement.createdAt.toISOString(),
    updated_at: found.statement.updatedAt.toISOString(),
  };
}

/** A primary a secondary condition rests on: its title for the statement, its rating for readiness. */
export type Primary = { id: string; title: string; percent: number | null };

/** The owner's disabilities a secondary condition rests on (one query). */
export async function primariesOf(owner: Owner, dossier: DisabilityExport): Promise<Primary[]> {
  const ids = [...new Set(dossier.secondary_disabilities.flatMap((entry) => entry.primary_ids))];
  return ids.length === 0 ? [] : findOwnDisabilities({ ...owner, ids });
}

/**
 * What the composer (or a model) writes a statement from: the disability, all its answers, and
 * the primaries it rests on (among `primaries`, which may hold other disabilities too).
 */
export function statementInputFrom(
  dossier: DisabilityExport,
  primaries: readonly Primary[],
): StatementInput {
  const answers: Partial<Record<AnswerStep, unknown>> = {};
  for (const step of dossier.answers) answers[step.step] = step.answers;
  const connection = dossier.secondary_disabilities[0];
  const conditions = dossier.mental_health_conditions;
  return {
    disability: {
      title: dossier.title,
      diagnosis: dossier.diagnosis,
      claim_type: dossier.claim_type,
      side_of_body: dossier.side_of_body,
    },
    answers: answers as StatementInput['answers'],
    exposures: dossier.exposures,
    treatments: dossier.treatments,
    secondary: connection
      ? {
          primaries: connection.primary_ids.flatMap((id) => {
            const primary = primaries.find((row) => row.id === id);
            return primary ? [{ title: primary.title }] : [];
          }),
          relation: connection.relation,
          explanation: connection.explanation,
        }
      : null,
    mentalHealth:
      conditions.length === 0
        ? null
        : {
            conditions,
            events: conditions.flatMap((condition) => condition.traumatic_events),
            behaviorChanges: conditions.flatMap((condition) => condition.behavior_changes),
          },
  };
}

export async function listStatements(
  place: Place & { page: PageQuery },
): Promise<Paged<PersonalStatementSummary>> {
  const { rows, total } = await repository.listStatements(place);
  return {
    results: rows.map(toSummary),
    meta: { page: place.page.page, page_size: place.page.page_size, total },
  };
}

export async function getStatement(
  place: Place & { id: string; version?: number | undefined },
): Promise<PersonalStatement> {
  const found = await repository.findStatement(place);
  if (!found) throw new AppError(ERR.NOT_FOUND);
  return toStatement(found, found.history);
}

async function withHistory(place: Place, id: string): Promise<PersonalStatement> {
  return getStatement({ ...place, id });
}

/**
 * Writes a statement. Without a body it is composed from the disability's answers, and counts
 * against the month's `personal_statements` quota (refused when none is left, while billing is
 * on); a body sent is the veteran's own text, saved as it is and not counted. With an
 * `Idempotency-Key`, a create sent again answers the statement already made, and is not counted
 * again.
 */
export async function createStatement(
  place: Place & {
    body?: string | undefined;
    id?: string | undefined;
    generator: StatementGenerator;
    billingEnabled: boolean;
  },
): Promise<{ statement: PersonalStatement; created: boolean }> {
  if (place.id) {
    const known = await repository.statementIdState({ ...place, id: place.id });
    if (known.state === 'here')
      return { statement: await withHistory(place, place.id), created: false };
    if (known.state === 'elsewhere') throw new AppError(ERR.CONFLICT);
  }
  let body = place.body;
  let source: StatementSource = 'veteran';
  let metered = false;
  // The month the use is counted in, so a refund goes back to the same month.
  const now = new Date();
  const quota = {
    db: place.db,
    userId: place.userId,
    feature: 'personal_statements',
    now,
  } as const;
  if (body === undefined) {
    const dossier = await disabilityDossier({ ...place, id: place.disabilityId });
    const input = statementInputFrom(dossier, await primariesOf(place, dossier));
    // Counted before the writing, so a refused request costs nothing to write; given back when
    // the writing then fails.
    try {
      await consumeQuota({ ...quota, billingEnabled: place.billingEnabled });
    } catch (error) {
      // The same create sent twice at once: the first took the month's last statement; this
      // one answers what it made rather than a refusal.
      if (place.id && error instanceof AppError && error.code === ERR.FORBIDDEN) {
        const known = await repository.statementIdState({ ...place, id: place.id });
        if (known.state === 'here') {
          return { statement: await withHistory(place, place.id), created: false };
        }
      }
      throw error;
    }
    metered = true;
    try {
      const written = await place.generator(input);
      if (written.body.length > STATEMENT_MAX) {
        throw new AppError(ERR.UNABLE_TO_COMPLETE, {
          detail: `The answers make a statement longer than ${STATEMENT_MAX.toLocaleString('en-US')} characters, too long to edit. Shorten some answers, or write the statement yourself.`,
        });
      }
      body = written.body;
      source = written.source;
    } catch (error) {
      await refundQuota(quota);
      throw error;
    }
  }
  let result: Awaited<ReturnType<typeof repository.insertStatement>>;
  try {
    result = await repository.insertStatement({ ...place, body, source });
  } catch (error) {
    if (metered) await refundQuota(quota);
    throw error;
  }
  if (result === undefined || result === 'conflict' || !result.created) {
    // Nothing new was made: what was counted for it is given back.
    if (metered) await refundQuota(quota);
  }
  if (result === undefined) throw new AppError(ERR.NOT_FOUND);
  if (result === 'conflict') throw new AppError(ERR.CONFLICT);
  return { statement: await withHistory(place, result.statement.id), created: result.created };
}

/** Saves the veteran's edit as the statement's new latest version. */
export async function updateStatement(
  place: Place & { id: string; body: string },
): Promise<PersonalStatement> {
  const saved = await repository.addVersion({ ...place, source: 'veteran' });
  if (!saved) throw new AppError(ERR.NOT_FOUND);
  return withHistory(place, place.id);
}

export async function deleteStatement(place: Place & { id: string }): Promise<void> {
  if (!(await repository.deleteStatement(place))) throw new AppError(ERR.NOT_FOUND);
}

// Downloads -----------------------------------------------------------------------------------

export type StatementDownload = { bytes: Uint8Array; contentType: string; filename: string };

const CONTENT_TYPES: Record<StatementFormat, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'va-21-4138': 'application/pdf',
  'va-21-0781': 'application/pdf',
};

const EXTENSIONS: Record<StatementFormat, string> = {
  pdf: 'pdf',
  docx: 'docx',
  'va-21-4138': 'pdf',
  'va-21-0781': 'pdf',
};

/** A file name safe in any header and file system, from the disability's title. */
export function downloadName(title: string, format: StatementFormat, version: number): string {
  const slug =
    title
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, '-')
      .slice(0, 60)
      .replace(/-+$/, '') || 'disability';
  const kind = format.startsWith('va-') ? format : 'personal-statement';
  return `${kind}-${slug}-v${version}.${EXTENSIONS[format]}`;
}

function toFormVeteran(veteran: Veteran): FormVeteran {
  return {
    first_name: veteran.first_name,
    middle_name: veteran.middle_name,
    last_name: veteran.last_name,
    ssn: veteran.ssn,
    va_file_number: veteran.va_file_number,
    date_of_birth: veteran.date_of_birth,
    address: veteran.address,
    phone: veteran.phone,
    email: veteran.email,
  };
}

/** The veteran record the disability's forms are filled from: its own, else the primary one. */
async function formVeteranOf(owner: Owner, dossier: DisabilityExport): Promise<FormVeteran | null> {
  const id = dossier.veteran_id ?? (await findPrimaryVeteranId(owner));
  if (!id) return null;
  try {
    return toFormVeteran(await getVeteran({ ...owner, id, reveal: true }));
  } catch (error) {
    // Deleted between the two reads: the form is filled without a record.
    if (error instanceof AppError && error.code === ERR.NOT_FOUND) return null;
    throw error;
  }
}

/** Whether VA's form about traumatic events applies: a mental-health condition. */
export function takesTraumaForm(dossier: DisabilityExport): boolean {
  return dossier.mental_health_conditions.length > 0 || bodySystemOf(dossier) === 'mental';
}

function traumaFormInput(
  dossier: DisabilityExport,
  veteran: FormVeteran | null,
  remarks: string,
): TraumaFormInput {
  const conditions = dossier.mental_health_conditions;
  return {
    veteran,
    stressorTypes: [...new Set(conditions.flatMap((condition) => condition.stressor_types))],
    events: conditions.flatMap((condition) => condition.traumatic_events),
    behaviorChanges: conditions.flatMap((condition) => condition.behavior_changes),
    officialReports: conditions.flatMap((condition) => condition.official_reports),
    evidenceSources: conditions.flatMap((condition) => condition.evidence_sources),
    treatments: dossier.treatments,
    remarks,
  };
}

/**
 * The latest version of a statement as the file asked for. VA's trauma form is only for a
 * mental-health condition: asked for another, it is refused (409) with the reason.
 */
export async function downloadStatement(
  place: Place & { id: string; format: StatementFormat; today?: Date },
): Promise<StatementDownload> {
  const found = await repository.findStatement(place);
  if (!found) throw new AppError(ERR.NOT_FOUND);
  const dossier = await disabilityDossier({ ...place, id: place.disabilityId });
  if (place.format === 'va-21-0781' && !takesTraumaForm(dossier)) {
    throw new AppError(ERR.INVALID_STATE, {
      detail:
        'VA Form 21-0781 is for a mental-health condition claimed after a traumatic event; this disability is not one.',
    });
  }
  const veteran = await formVeteranOf(place, dossier);
  const input = {
    veteran,
    disabilityTitle: dossier.title,
    body: found.version.body,
    version: found.version.version,
    dateLabel: formatLongDay((place.today ?? new Date()).toISOString().slice(0, 10)),
  };
  const bytes =
    place.format === 'pdf'
      ? await renderStatementPdf(input)
      : place.format === 'docx'
        ? await renderStatementDocx(input)
        : place.format === 'va-21-4138'
          ? await fillVa214138(input)
          : await fillVa210781(traumaFormInput(dossier, veteran, found.version.body));
  return {
    bytes,
    contentType: CONTENT_TYPES[place.format],
    filename: downloadName(dossier.title, place.format, found.version.version),
  };
}

/** Every statement of the owner with all its kept versions (for the account export). */
export async function exportStatements(owner: Owner) {
  const rows = await repository.listAllStatements(owner);
  const byId = new Map<
    string,
    { id: string; disability_id: string; created_at: string; versions: unknown[] }
  >();
  for (const { statement, version } of rows) {
    const entry = byId.get(statement.id) ?? {
      id: statement.id,
      disability_id: statement.disabilityId,
      created_at: statement.createdAt.toISOString(),
      versions: [],
    };
    entry.versions.push({
      version: version.version,
      source: version.source,
      body: version.body,
      created_at: version.createdAt.toISOString(),
    });
    byId.set(statement.id, entry);
  }
  return [...byId.values()];
}

/** How many statements each of the owner's disabilities has (or the one named). */
export async function countStatementsByDisability(
  options: Owner & { disabilityId?: string },
): Promise<Map<string, number>> {
  return repository.countStatementsByDisability(options);
}

/**
 * The owner's statements as documents Muster generated, most recently changed first: each with its
 * disability and the formats it downloads in (VA's trauma form only for a mental-health condition).
 */
export async function listGeneratedStatements(owner: Owner): Promise<GeneratedDocument[]> {
  const heads = await repository.listStatementHeads(owner);
  const disabilities = new Map(
    (
      await findOwnDisabilities({ ...owner, ids: [...new Set(heads.map((h) => h.disabilityId))] })
    ).map((d) => [d.id, d]),
  );
  return heads.flatMap((head) => {
    const disability = disabilities.get(head.disabilityId);
    if (!disability) return [];
    const formats: StatementFormat[] = ['pdf', 'docx', 'va-21-4138'];
    if (bodySystemOf(disability) === 'mental') formats.push('va-21-0781');
    return [
      {
        id: head.id,
        kind: 'personal-statement' as const,
        title: `Personal statement: ${disability.title}`,
        disability_id: disability.id,
        disability_title: disability.title,
        version: head.latestVersion,
        updated_at: head.updatedAt.toISOString(),
        formats,
      },
    ];
  });
}

/**
 * The latest text of the owner's statements named, by id or by disability, without reading any
 * other statement's text (a share link reads only what it holds).
 */
export async function latestStatementsOf(
  options: Owner & { ids?: readonly string[]; disabilityIds?: readonly string[] },
): Promise<{ id: string; disabilityId: string; body: string }[]> {
  const ids = new Set(options.ids ?? []);
  const disabilityIds = new Set(options.disabilityIds ?? []);
  const heads = (await repository.listStatementHeads(options)).filter(
    (head) => ids.has(head.id) || disabilityIds.has(head.disabilityId),
  );
  const found = await Promise.all(
    heads.map((head) =>
      repository.findStatement({ ...options, disabilityId: head.disabilityId, id: head.id }),
    ),
  );
  return found.flatMap((entry) =>
    entry
      ? [
          {
            id: entry.statement.id,
            disabilityId: entry.statement.disabilityId,
            body: entry.version.body,
          },
        ]
      : [],
  );
}
