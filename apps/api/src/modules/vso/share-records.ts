import type { CfileCondition, CfileMedication } from '@muster/contract/cfiles';
import type { Disability } from '@muster/contract/disabilities';
import { ERR } from '@muster/contract/errors';
import type { ShareItemKind, ShareableRecord, SharedItem } from '@muster/contract/vso';
import { isProtectedCondition, isProtectedHealth } from '@muster/domain/protected-health';
import type { Db } from '@muster/db/client';
import type { StoredShareItem } from '@muster/db/schema/index';
import { AppError } from '#src/lib/errors.ts';
import { exportCfiles, getFindings } from '#src/modules/cfiles/cfiles.service.ts';
import { getLetter as getDecisionLetter } from '#src/modules/decision-letters/decision-letters.service.ts';
import { exportLetters } from '#src/modules/decision-letters/decision-letters.service.ts';
import { getDisability, listDisabilities } from '#src/modules/disabilities/disabilities.service.ts';
import {
  documentDownload,
  exportDocuments,
  getDocument,
} from '#src/modules/documents/documents.service.ts';
import {
  exportLaymanStatements,
  getStatement as getLaymanStatement,
} from '#src/modules/layman-statements/layman-statements.service.ts';
import {
  exportNexusLetters,
  getOwnLetter as getNexusLetter,
} from '#src/modules/nexus-letters/nexus-letters.service.ts';
import {
  exportStatements,
  latestStatementsOf,
} from '#src/modules/personal-statements/personal-statements.service.ts';
import type { StorageDriver } from '#src/modules/storage/storage-driver.ts';

/**
 * The records a share can reach, each of the owner's, with its title and whether it is protected
 * by 38 U.S.C. 7332 (drug or alcohol treatment, HIV, sickle cell anemia). What counts, per kind:
 * - a disability: its title, diagnosis or diagnostic code names a protected condition, or the
 *   text of one of its personal statements mentions one;
 * - a personal statement: its latest text, or its disability, is protected;
 * - a vault document: its name or type mentions a protected record (the app keeps no text of a
 *   file, so what is inside a file is never checked);
 * - a decision letter: one of its decisions (condition, code, reasons) or its evidence list;
 * - a nexus letter: its text, its details or its disability's title;
 * - a lay statement: what the witness wrote or was asked about, their name and relationship, or
 *   its disability;
 * - a C-file: never refused whole. Its protected findings (medications and conditions, flagged
 *   when read or found so by the detector now) are left out of what the link shows unless the
 *   veteran ticked the C-file to include them, and the link never says whether any were left out.
 *   A file name that names a protected record is replaced by a neutral title.
 * A record that became protected after it was shared, and was not ticked as such, is no longer
 * shown through the link.
 */

type Owner = { db: Db; userId: string };

type StatementEntry = { id: string; disabilityId: string; body: string };

const latestBodies = async (owner: Owner): Promise<StatementEntry[]> =>
  (await exportStatements(owner)).map((statement) => {
    const versions = statement.versions as { version: number; body: string }[];
    const latest = versions.reduce<{ version: number; body: string } | undefined>(
      (best, version) => (!best || version.version > best.version ? version : best),
      undefined,
    );
    return { id: statement.id, disabilityId: statement.disability_id, body: latest?.body ?? '' };
  });

const conditionProtected = (disability: Disability) =>
  isProtectedCondition({
    title: disability.title,
    diagnosis: disability.diagnosis,
    diagnosticCode: disability.diagnostic_code,
  });

const textProtected = (...texts: (string | null | undefined)[]) =>
  isProtectedHealth(texts.filter((text): text is string => Boolean(text)).join('\n'));

async function allDisabilities(owner: Owner): Promise<Disability[]> {
  const all: Disability[] = [];
  for (let page = 1; ; page++) {
    const { results } = await listDisabilities({
      ...owner,
      query: { page, page_size: 100, q: '', sort: '-created_at' },
    });
    all.push(...results);
    if (results.length < 100) return all;
  }
}

type DecisionLetterLike = Awaited<ReturnType<typeof getDecisionLetter>>;
type NexusLetterLike = Awaited<ReturnType<typeof getNexusLetter>>;
type LaymanLike = Awaited<ReturnType<typeof getLaymanStatement>>;
type DocumentLike = Awaited<ReturnType<typeof getDocument>>;

const letterTitle = (letter: DecisionLetterLike) =>
  `Decision letter${letter.letter_date ? ` of ${letter.letter_date}` : ` added ${letter.created_at.slice(0, 10)}`}`;

const letterProtected = (letter: DecisionLetterLike) =>
  letter.decisions.some(
    (decision) =>
      isProtectedCondition({
        title: decision.condition,
        diagnosticCode: decision.diagnostic_code,
      }) || textProtected(...decision.reasons, decision.secondary_to),
  ) || textProtected(...letter.evidence);

const nexusProtected = (letter: NexusLetterLike) =>
  textProtected(
    letter.content,
    letter.disability_title,
    letter.details.diagnosis,
    letter.details.in_service_event,
    letter.details.primary_condition,
    ...letter.details.records_reviewed,
    ...letter.negative_conditions.flatMap((fact) => [fact.description, fact.response]),
  );

// Every field the link shows of a lay statement is checked: who wrote it and how they know the
// veteran as much as what they wrote.
const laymanProtected = (statement: LaymanLike) =>
  textProtected(
    statement.name,
    statement.relationship,
    statement.statement,
    statement.witnessed,
    ...Object.values(statement.answers ?? {}),
  );

// A document's name and its type are what the link shows; its file is never read.
const documentProtected = (document: DocumentLike) =>
  textProtected(document.name, document.doc_type_label);

type Finding = Pick<CfileMedication, 'name' | 'protected_7332'>;
type ConditionFinding = Pick<CfileCondition, 'name' | 'diagnostic_code' | 'protected_7332'>;

// A finding is protected when the reader flagged it, or when the detector finds it so now: a flag
// set before the detector learned a term does not let the finding out.
const medicationProtected = (m: Finding) => m.protected_7332 || isProtectedHealth(m.name);
const findingConditionProtected = (c: ConditionFinding) =>
  c.protected_7332 || isProtectedCondition({ title: c.name, diagnosticCode: c.diagnostic_code });

const findingsProtected = (findings: { medications: Finding[]; conditions: ConditionFinding[] }) =>
  findings.medications.some(medicationProtected) ||
  findings.conditions.some(findingConditionProtected);

// A C-file's name is the uploaded file's: one that names a protected record is replaced by a
// neutral title.
const cfileTitle = (cfile: { filename: string; created_at: string }) =>
  textProtected(cfile.filename)
    ? `C-file, uploaded ${cfile.created_at.slice(0, 10)}`
    : `C-file: ${cfile.filename}`;

/** The owner's complete C-files (only a complete one has findings to share). */
const completeCfiles = async (owner: Owner) =>
  (await exportCfiles(owner)).filter((cfile) => cfile.status === 'complete');

// One record per kind, with its title and 7332 state, from what was read of it.
const disabilityRecord = (d: Disability, statements: StatementEntry[]): ShareableRecord => ({
  kind: 'disability',
  id: d.id,
  title: d.title,
  protected_7332:
    conditionProtected(d) ||
    statements.some((s) => s.disabilityId === d.id && textProtected(s.body)),
});
const statementRecord = (s: StatementEntry, disability: Disability): ShareableRecord => ({
  kind: 'personal-statement',
  id: s.id,
  title: `Personal statement: ${disability.title}`,
  protected_7332: textProtected(s.body) || conditionProtected(disability),
});
const documentRecord = (document: DocumentLike): ShareableRecord => ({
  kind: 'document',
  id: document.id,
  title: document.name,
  protected_7332: documentProtected(document),
});
const letterRecord = (letter: DecisionLetterLike): ShareableRecord => ({
  kind: 'decision-letter',
  id: letter.id,
  title: letterTitle(letter),
  protected_7332: letterProtected(letter),
});
const cfileRecord = (cfile: {
  id: string;
  filename: string;
  created_at: string;
  medications: Finding[];
  conditions: ConditionFinding[];
}): ShareableRecord => ({
  kind: 'cfile',
  id: cfile.id,
  title: cfileTitle(cfile),
  protected_7332: findingsProtected(cfile),
});
const nexusRecord = (
  letter: NexusLetterLike,
  disability: Disability | undefined,
): ShareableRecord => ({
  kind: 'nexus-letter',
  id: letter.id,
  title: `Nexus letter: ${letter.disability_title}`,
  protected_7332: nexusProtected(letter) || (disability ? conditionProtected(disability) : false),
});
const laymanRecord = (
  statement: LaymanLike,
  disability: Disability | undefined,
): ShareableRecord => ({
  kind: 'layman-statement',
  id: statement.id,
  title: `Lay statement from ${statement.name}${disability ? `: ${disability.title}` : ''}`,
  protected_7332:
    laymanProtected(statement) || (disability ? conditionProtected(disability) : false),
});

/**
 * Every record of the owner's a share can reach, by kind, newest first within a kind. With
 * `kinds`, only records of those kinds are read (each decrypted record costs time): a list of
 * shares that name only disabilities reads no letters, files or C-files.
 */
export async function listShareableRecords(
  owner: Owner,
  kinds?: ReadonlySet<string>,
): Promise<ShareableRecord[]> {
  const wanted = (...of: ShareItemKind[]) => !kinds || of.some((kind) => kinds.has(kind));
  const read = <T>(needed: boolean, load: () => Promise<T[]>): Promise<T[]> =>
    needed ? load() : Promise.resolve([]);
  const [disabilities, statements, documents, letters, cfiles, nexusLetters, laymen] =
    await Promise.all([
      // Statements, nexus letters and lay statements are titled by their disability.
      read(wanted('disability', 'personal-statement', 'nexus-letter', 'layman-statement'), () =>
        allDisabilities(owner),
      ),
      // A disability is protected when one of its statements is.
      read(wanted('disability', 'personal-statement'), () => latestBodies(owner)),
      read(wanted('document'), () => exportDocuments(owner)),
      read(wanted('decision-letter'), () => exportLetters(owner)),
      read(wanted('cfile'), () => completeCfiles(owner)),
      read(wanted('nexus-letter'), () => exportNexusLetters(owner)),
      read(wanted('layman-statement'), () => exportLaymanStatements(owner)),
    ]);
  const byId = new Map(disabilities.map((d) => [d.id, d]));
  const records: ShareableRecord[] = [];
  for (const d of disabilities) records.push(disabilityRecord(d, statements));
  for (const s of statements) {
    const disability = byId.get(s.disabilityId);
    if (disability) records.push(statementRecord(s, disability));
  }
  for (const document of documents) records.push(documentRecord(document));
  for (const letter of letters) records.push(letterRecord(letter));
  for (const cfile of cfiles) records.push(cfileRecord(cfile));
  for (const letter of nexusLetters) {
    records.push(nexusRecord(letter, byId.get(letter.disability_id)));
  }
  for (const statement of laymen) {
    // Only a submitted statement has anything to show.
    if (statement.statement === null) continue;
    records.push(laymanRecord(statement, byId.get(statement.disability_id)));
  }
  return records;
}

/** Undefined for a record that is gone (or not the owner's): it is simply not there. */
const orGone = async <T>(read: Promise<T>): Promise<T | undefined> =>
  read.catch((error: unknown) => {
    if (error instanceof AppError) return undefined;
    throw error;
  });

/**
 * The records a share holds, read one by one by id: only the kinds and records in the share are
 * read, never the rest of the owner's records. A record gone is left out.
 */
export async function describeSharedRecords(
  owner: Owner,
  items: readonly StoredShareItem[],
): Promise<ShareableRecord[]> {
  const disabilityOf = (id: string) => orGone(getDisability({ ...owner, id }));
  const described = await Promise.all(
    items.map(async (item): Promise<ShareableRecord | undefined> => {
      switch (item.kind as ShareItemKind) {
        case 'disability': {
          const d = await disabilityOf(item.id);
          if (!d) return undefined;
          return disabilityRecord(d, await latestStatementsOf({ ...owner, disabilityIds: [d.id] }));
        }
        case 'personal-statement': {
          const [s] = await latestStatementsOf({ ...owner, ids: [item.id] });
          const disability = s && (await disabilityOf(s.disabilityId));
          return s && disability ? statementRecord(s, disability) : undefined;
        }
        case 'document': {
          const document = await orGone(getDocument({ ...owner, id: item.id }));
          return document && documentRecord(document);
        }
        case 'decision-letter': {
          const letter = await orGone(getDecisionLetter({ ...owner, id: item.id }));
          return letter && letterRecord(letter);
        }
        case 'cfile': {
          const findings = await orGone(getFindings({ ...owner, id: item.id }));
          return findings && cfileRecord({ ...findings.cfile, ...findings });
        }
        case 'nexus-letter': {
          const letter = await orGone(getNexusLetter({ ...owner, id: item.id }));
          return letter && nexusRecord(letter, await disabilityOf(letter.disability_id));
        }
        case 'layman-statement': {
          const statement = await orGone(getLaymanStatement({ ...owner, id: item.id }));
          if (!statement || statement.statement === null) return undefined;
          return laymanRecord(statement, await disabilityOf(statement.disability_id));
        }
        default:
          return undefined;
      }
    }),
  );
  return described.filter((record): record is ShareableRecord => record !== undefined);
}

export const recordKey = (item: { kind: string; id: string }) => `${item.kind}:${item.id}`;

const list = (heading: string, lines: string[]): SharedItem['sections'][number] => ({
  heading,
  style: 'list',
  lines,
});
const text = (heading: string, body: string): SharedItem['sections'][number] => ({
  heading,
  style: 'text',
  lines: body.split(/\n{2,}/).filter((line) => line.trim() !== ''),
});
const fact = (label: string, value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? [] : [{ label, value: String(value) }];

const notShared = () => new AppError(ERR.NOT_FOUND);

/** The longest a shared document's file link lasts. */
export const SHARED_FILE_LINK_SECONDS = 60;

/**
 * One shared record's content, read-only, for the link. The record must still be the owner's;
 * one protected but not ticked as such (it became so after sharing) answers 404 like any other.
 */
export async function readSharedRecord(
  options: Owner & {
    item: StoredShareItem;
    /** Every item of the share: a disability shows the statements that are items of it too. */
    shareItems: readonly StoredShareItem[];
    /** When the share stops: a document's file link never outlives it. */
    shareExpiresAt: Date;
    storage: StorageDriver;
  },
): Promise<SharedItem> {
  const { item, storage } = options;
  const owner = { db: options.db, userId: options.userId };
  const ticked = item.include_protected === true;
  const base = { kind: item.kind as ShareItemKind, id: item.id, download: null };
  const refuseIfProtected = (isProtected: boolean) => {
    if (isProtected && !ticked) throw notShared();
  };
  switch (item.kind as ShareItemKind) {
    case 'disability': {
      const disability = await getDisability({ ...owner, id: item.id });
      const statements = await latestStatementsOf({ ...owner, disabilityIds: [item.id] });
      refuseIfProtected(
        conditionProtected(disability) || statements.some((s) => textProtected(s.body)),
      );
      // A statement is its own kind of item: shown here only when it is an item of this share
      // too, and only as that item would show it (a protected one only when ticked itself).
      const shownStatements = statements.filter((s) => {
        const own = options.shareItems.find(
          (entry) => entry.kind === 'personal-statement' && entry.id === s.id,
        );
        if (!own) return false;
        return (
          own.include_protected === true ||
          !(textProtected(s.body) || conditionProtected(disability))
        );
      });
      return {
        ...base,
        title: disability.title,
        facts: [
          ...fact('Diagnosis', disability.diagnosis),
          ...fact('Diagnostic code', disability.diagnostic_code),
          ...fact('Side of body', disability.side_of_body),
          ...fact('Claim type', disability.claim_type),
          ...fact('Current rating (%)', disability.percent),
        ],
        sections: shownStatements.map((s, index) =>
          text(
            shownStatements.length > 1 ? `Personal statement ${index + 1}` : 'Personal statement',
            s.body,
          ),
        ),
      };
    }
    case 'personal-statement': {
      const [statement] = await latestStatementsOf({ ...owner, ids: [item.id] });
      if (!statement) throw notShared();
      const disability = await getDisability({ ...owner, id: statement.disabilityId });
      refuseIfProtected(textProtected(statement.body) || conditionProtected(disability));
      return {
        ...base,
        title: `Personal statement: ${disability.title}`,
        facts: fact('Condition', disability.title),
        sections: [text('Statement', statement.body)],
      };
    }
    case 'document': {
      const document = await getDocument({ ...owner, id: item.id });
      refuseIfProtected(documentProtected(document));
      // The file link lasts a minute at most, and never past the share's end: a link handed out
      // just before the share expires or is revoked stops soon after.
      const secondsLeft = Math.floor((options.shareExpiresAt.getTime() - Date.now()) / 1000);
      if (secondsLeft < 1) throw notShared();
      const download = await documentDownload({
        ...owner,
        id: item.id,
        storage,
        disposition: 'inline',
        expiresInSeconds: Math.min(SHARED_FILE_LINK_SECONDS, secondsLeft),
      });
      return {
        ...base,
        title: document.name,
        facts: [
          ...fact('Type', document.doc_type_label),
          ...fact('File', document.extension.toUpperCase()),
          ...fact('Size', `${Math.max(1, Math.round(document.size / 1024))} KB`),
        ],
        sections: [],
        download,
      };
    }
    case 'decision-letter': {
      const letter = await getDecisionLetter({ ...owner, id: item.id });
      refuseIfProtected(letterProtected(letter));
      return {
        ...base,
        title: letterTitle(letter),
        facts: [
          ...fact('Letter date', letter.letter_date),
          ...fact('Combined rating (%)', letter.combined_rating),
          ...fact('Monthly amount ($)', letter.monthly_amount),
          ...(letter.status === 'complete' ? [] : fact('Reading', letter.status)),
        ],
        sections: [
          list(
            'Decisions',
            letter.decisions.map((d) =>
              [
                d.condition,
                d.outcome.replaceAll('_', ' '),
                d.percent === null ? null : `${d.percent}%`,
                d.effective_date ? `effective ${d.effective_date}` : null,
                d.diagnostic_code ? `DC ${d.diagnostic_code}` : null,
              ]
                .filter(Boolean)
                .join(', '),
            ),
          ),
          ...letter.decisions
            .filter((d) => d.reasons.length > 0)
            .map((d) => list(`Reasons: ${d.condition}`, d.reasons)),
          ...(letter.evidence.length > 0 ? [list('Evidence considered', letter.evidence)] : []),
          ...(letter.deadlines.length > 0
            ? [
                list(
                  'Review deadlines',
                  letter.deadlines.map((d) => `${d.kind.replaceAll('-', ' ')}: ${d.due}`),
                ),
              ]
            : []),
        ],
      };
    }
    case 'cfile': {
      // Not found, or no longer complete: not shared, like any record gone.
      const findings = await getFindings({ ...owner, id: item.id }).catch((error: unknown) => {
        throw error instanceof AppError ? notShared() : error;
      });
      const medications = findings.medications.filter((m) => ticked || !medicationProtected(m));
      const conditions = findings.conditions.filter((c) => ticked || !findingConditionProtected(c));
      const pages = (numbers: number[]) =>
        numbers.length === 0
          ? ''
          : ` (page${numbers.length > 1 ? 's' : ''} ${numbers.slice(0, 12).join(', ')}${numbers.length > 12 ? '…' : ''})`;
      return {
        ...base,
        title: cfileTitle(findings.cfile),
        facts: fact('Read on', findings.cfile.completed_at?.slice(0, 10)),
        sections: [
          list(
            'Medications',
            medications.map((m) => `${m.name}${m.dose ? ` ${m.dose}` : ''}${pages(m.pages)}`),
          ),
          list(
            'Conditions',
            conditions.map(
              (c) =>
                `${c.name}${c.diagnostic_code ? ` (DC ${c.diagnostic_code})` : ''}${pages(c.pages)}`,
            ),
          ),
        ],
      };
    }
    case 'nexus-letter': {
      const letter = await getNexusLetter({ ...owner, id: item.id });
      const disability = await getDisability({ ...owner, id: letter.disability_id });
      refuseIfProtected(nexusProtected(letter) || conditionProtected(disability));
      return {
        ...base,
        title: `Nexus letter: ${letter.disability_title}`,
        facts: [...fact('Condition', letter.disability_title), ...fact('Status', letter.status)],
        sections: letter.content ? [text('Letter', letter.content)] : [],
      };
    }
    case 'layman-statement': {
      const statement = await getLaymanStatement({ ...owner, id: item.id });
      if (statement.statement === null) throw notShared();
      const disability = await getDisability({ ...owner, id: statement.disability_id });
      refuseIfProtected(laymanProtected(statement) || conditionProtected(disability));
      return {
        ...base,
        title: `Lay statement from ${statement.name}`,
        facts: [
          ...fact('Written by', statement.name),
          ...fact('Relationship', statement.relationship),
          ...fact('Signed', statement.certified_at?.slice(0, 10)),
        ],
        sections: [text('Statement', statement.statement)],
      };
    }
    default:
      throw notShared();
  }
}
