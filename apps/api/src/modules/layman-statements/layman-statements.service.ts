import type { PageQuery } from '@muster/contract/common';
import { ERR } from '@muster/contract/errors';
import {
  LAYMAN_LINK_TTL_DAYS,
  type CreateLaymanStatementInput,
  type DraftLaymanStatementInput,
  type LaymanLink,
  type LaymanSignerView,
  type LaymanStatement,
  type LaymanStatementSummary,
  type CompleteLaymanAttachmentInput,
  type LaymanAttachmentUploadInput,
  type LaymanStatus,
  type SubmitLaymanStatementInput,
} from '@muster/contract/layman-statements';
import type { StoredFile, UploadGrant } from '@muster/contract/storage';
import type { Veteran } from '@muster/contract/veterans';
import type { Db } from '@muster/db/client';
import type { LaymanStatementRow } from '@muster/db/schema/index';
import { AppError } from '#src/lib/errors.ts';
import { DAY_MS, linkTokenHashOf, newLinkToken } from '#src/lib/link-token.ts';
import type { FormVeteran } from '#src/lib/pdf-forms/identity.ts';
import {
  assertOwnDisability,
  getDisability,
} from '#src/modules/disabilities/disabilities.service.ts';
import {
  discardUnfiledUpload,
  fileCheckedUpload,
  finishLinkUpload,
  grantLinkUpload,
} from '#src/modules/documents/documents.service.ts';
import type { Mailer } from '#src/modules/mail/mailer.ts';
import { layStatementLinkMail } from '#src/modules/mail/templates.ts';
import { consumeQuota, refundQuota } from '#src/modules/quotas/quotas.service.ts';
import type { StorageDriver } from '#src/modules/storage/storage-driver.ts';
import { getFile } from '#src/modules/storage/storage.service.ts';
import { findPrimaryVeteranId, getVeteran } from '#src/modules/veterans/veterans.service.ts';
import { renderLayStatementPdf } from './documents/lay-statement-pdf.ts';
import type { LayStatementDocumentInput } from './documents/types.ts';
import { fillVa2110210 } from './documents/va-21-10210.ts';
import { draftStatement, laymanPrompts } from './layman-draft.ts';
import * as repository from './layman-statements.repository.ts';

/**
 * Lay statements: a veteran's request to a witness, reached by the witness through a link. The
 * link's token is 32 random bytes, handed out once; only its SHA-256 is stored, so neither the
 * database nor the logs can open a link. Every way a link fails (unknown, expired, revoked,
 * used, malformed) answers the same 404, so tokens cannot be probed.
 */

type Owner = { db: Db; userId: string };

const linkOf = (appUrl: string, token: string) => `${appUrl}/layman-sign/${token}`;

export function statusOf(
  row: Pick<LaymanStatementRow, 'usedAt' | 'revokedAt' | 'expiresAt'>,
  now = new Date(),
): LaymanStatus {
  if (row.usedAt) return 'submitted';
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'requested';
}

type StoredSigner = {
  address?: string;
  phone?: string;
  email?: string;
  known_since?: string;
};

function parseJson<T>(text: string | null): T | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    // Written by this module as JSON; unreadable means nothing usable is there.
    return null;
  }
}

function toSummary(row: LaymanStatementRow): LaymanStatementSummary {
  return {
    id: row.id,
    disability_id: row.disabilityId,
    name: row.name,
    relationship: row.relationship,
    status: statusOf(row),
    expires_at: row.expiresAt.toISOString(),
    submitted_at: row.usedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export function toStatement(row: LaymanStatementRow): LaymanStatement {
  const signer = parseJson<StoredSigner>(row.signer);
  return {
    ...toSummary(row),
    email: row.email,
    witnessed: row.witnessed,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    answers: parseJson<Record<string, string>>(row.answers),
    statement: row.statement,
    signature: row.signature,
    signer: signer
      ? {
          address: signer.address ?? null,
          phone: signer.phone ?? null,
          email: signer.email ?? null,
          known_since: signer.known_since ?? null,
        }
      : null,
    certified_at: row.certifiedAt?.toISOString() ?? null,
    attachment_file_id: row.attachmentFileId,
    notes: row.notes,
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Asks a witness for a statement about one of the owner's disabilities. Counts against the
 * month's `buddy_requests` (refused when spent, with billing on; given back when the request
 * cannot be recorded). Answers the link once: it is not kept and cannot be shown again.
 */
export async function createStatement(
  options: Owner & { input: CreateLaymanStatementInput; billingEnabled: boolean; appUrl: string },
): Promise<LaymanLink> {
  const { db, userId, input } = options;
  await assertOwnDisability({ db, userId, id: input.disability_id }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === ERR.NOT_FOUND) {
      throw new AppError(ERR.INVALID_INPUT, {
        detail: 'No disability of yours has this id',
        fields: { disability_id: 'Choose one of your disabilities' },
      });
    }
    throw error;
  });
  const now = new Date();
  await consumeQuota({
    db,
    userId,
    feature: 'buddy_requests',
    billingEnabled: options.billingEnabled,
    now,
  });
  const { token, tokenHash } = newLinkToken();
  try {
    const row = await repository.insertStatement({
      db,
      userId,
      disabilityId: input.disability_id,
      name: input.name,
      email: input.email ?? null,
      relationship: input.relationship,
      witnessed: input.witnessed,
      tokenHash,
      expiresAt: new Date(now.getTime() + LAYMAN_LINK_TTL_DAYS * DAY_MS),
    });
    return {
      id: row.id,
      token_link: linkOf(options.appUrl, token),
      expires_at: row.expiresAt.toISOString(),
    };
  } catch (error) {
    await refundQuota({ db, userId, feature: 'buddy_requests', now });
    throw error;
  }
}

export async function listStatements(
  options: Owner & { page: PageQuery; disabilityId: string | undefined },
) {
  const { rows, total } = await repository.listStatements(options);
  return {
    results: rows.map(toSummary),
    meta: { page: options.page.page, page_size: options.page.page_size, total },
  };
}

async function ownStatement(options: Owner & { id: string }): Promise<LaymanStatementRow> {
  const row = await repository.findStatement(options);
  if (!row) throw new AppError(ERR.NOT_FOUND);
  return row;
}

export async function getStatement(options: Owner & { id: string }): Promise<LaymanStatement> {
  return toStatement(await ownStatement(options));
}

export async function updateNotes(
  options: Owner & { id: string; notes: string | null },
): Promise<LaymanStatement> {
  const row = await repository.updateNotes({ ...options, notes: options.notes || null });
  if (!row) throw new AppError(ERR.NOT_FOUND);
  return toStatement(row);
}

/** The link stops working at once; a submitted statement stays, a file never submitted goes. */
export async function revokeLink(
  options: Owner & { id: string; storage: StorageDriver },
): Promise<void> {
  const revoked = await repository.revokeLink(options);
  if (!revoked) throw new AppError(ERR.NOT_FOUND);
  await discardIfAny(options, revoked.unfiledFileId);
}

export async function deleteStatement(
  options: Owner & { id: string; storage: StorageDriver },
): Promise<void> {
  const deleted = await repository.deleteStatement(options);
  if (!deleted) throw new AppError(ERR.NOT_FOUND);
  await discardIfAny(options, deleted.unfiledFileId);
}

async function discardIfAny(
  options: Owner & { storage: StorageDriver },
  fileId: string | null,
): Promise<void> {
  if (!fileId) return;
  await discardUnfiledUpload({
    db: options.db,
    storage: options.storage,
    ownerId: options.userId,
    fileId,
  });
}

/**
 * Emails the link to the witness. The token is kept nowhere, so the mail carries a new one: the
 * previous link stops working, and the new one runs for a full 30 days. Answers the new link, so
 * the veteran holds the one that works. 409 once submitted or revoked, or without an email.
 */
export async function emailLink(
  options: Owner & { id: string; mailer: Mailer; appUrl: string },
): Promise<LaymanLink> {
  const row = await ownStatement(options);
  if (row.usedAt || row.revokedAt) {
    throw new AppError(ERR.INVALID_STATE, {
      detail: row.usedAt ? 'The statement is already submitted' : 'The link was revoked',
    });
  }
  if (!row.email) {
    throw new AppError(ERR.INVALID_STATE, { detail: 'Add the person’s email address first' });
  }
  const veteranFirstName = await veteranFirstNameOf(options);
  const condition = (await getDisability({ ...options, id: row.disabilityId })).title;
  const { token, tokenHash } = newLinkToken();
  const expiresAt = new Date(Date.now() + LAYMAN_LINK_TTL_DAYS * DAY_MS);
  const updated = await repository.replaceToken({ ...options, tokenHash, expiresAt });
  // Submitted or revoked between the two statements.
  if (!updated) throw new AppError(ERR.INVALID_STATE, { detail: 'The link no longer works' });
  const link = linkOf(options.appUrl, token);
  await options.mailer.send(
    layStatementLinkMail({
      to: row.email,
      witnessName: row.name,
      veteranFirstName,
      condition,
      link,
      days: LAYMAN_LINK_TTL_DAYS,
      appUrl: options.appUrl,
    }),
  );
  return { id: row.id, token_link: link, expires_at: expiresAt.toISOString() };
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

/** The veteran record of a disability: its own, else the owner's primary one, else none. */
async function veteranOf(
  owner: Owner,
  veteranId: string | null = null,
): Promise<FormVeteran | null> {
  const id = veteranId ?? (await findPrimaryVeteranId(owner));
  if (!id) return null;
  try {
    return toFormVeteran(await getVeteran({ ...owner, id, reveal: true }));
  } catch (error) {
    // Deleted between the two reads: nothing to name.
    if (error instanceof AppError && error.code === ERR.NOT_FOUND) return null;
    throw error;
  }
}

async function veteranFirstNameOf(owner: Owner, veteranId: string | null = null) {
  return (await veteranOf(owner, veteranId))?.first_name.trim() || 'the veteran';
}

export type LaymanDownload = {
  bytes: Uint8Array;
  filename: string;
  contentType: 'application/pdf';
};

/** The submitted statement as a plain PDF or filled into VA Form 21-10210; 409 before then. */
export async function downloadStatement(
  options: Owner & { id: string; format: 'pdf' | 'va-21-10210' },
): Promise<LaymanDownload> {
  const row = await ownStatement(options);
  if (!row.usedAt || !row.statement || !row.signature) {
    throw new AppError(ERR.INVALID_STATE, { detail: 'The statement has not been submitted yet' });
  }
  const disability = await getDisability({ ...options, id: row.disabilityId });
  const signer = parseJson<StoredSigner>(row.signer) ?? {};
  const input: LayStatementDocumentInput = {
    veteran: await veteranOf(options, disability.veteran_id),
    condition: disability.title,
    witness: {
      name: row.name,
      relationship: row.relationship,
      address: signer.address ?? null,
      phone: signer.phone ?? null,
      email: signer.email ?? row.email,
      knownSince: signer.known_since ?? null,
    },
    statement: row.statement,
    signature: row.signature,
    certifiedAt: row.certifiedAt ?? row.usedAt,
  };
  if (options.format === 'va-21-10210') {
    return {
      bytes: await fillVa2110210(input),
      filename: 'VA-21-10210-lay-statement.pdf',
      contentType: 'application/pdf',
    };
  }
  return {
    bytes: await renderLayStatementPdf(input),
    filename: 'lay-statement.pdf',
    contentType: 'application/pdf',
  };
}

/** The request a working link opens; every other token answers the same 404. */
async function requestByToken(db: Db, token: string | undefined): Promise<LaymanStatementRow> {
  return (await workingRequest(db, token)).row;
}

/** The request a working link opens, with the token's hash; every other token: the same 404. */
async function workingRequest(
  db: Db,
  token: string | undefined,
): Promise<{ row: LaymanStatementRow; tokenHash: string }> {
  const tokenHash = linkTokenHashOf(token);
  if (!tokenHash) throw new AppError(ERR.NOT_FOUND);
  const row = await repository.findByWorkingToken({ db, tokenHash });
  if (!row) throw new AppError(ERR.NOT_FOUND);
  return { row, tokenHash };
}

async function signerContext(db: Db, row: LaymanStatementRow) {
  const owner = { db, userId: row.userId };
  const disability = await getDisability({ ...owner, id: row.disabilityId });
  return {
    veteranFirstName: await veteranFirstNameOf(owner, disability.veteran_id),
    condition: disability.title,
  };
}

/** What the witness sees: the veteran's first name and condition, and the questions. */
export async function viewByToken(options: {
  db: Db;
  token: string | undefined;
}): Promise<LaymanSignerView> {
  const row = await requestByToken(options.db, options.token);
  const context = await signerContext(options.db, row);
  return {
    veteran_first_name: context.veteranFirstName,
    condition: context.condition,
    relationship: row.relationship,
    witnessed: row.witnessed,
    prompts: laymanPrompts(context),
    expires_at: row.expiresAt.toISOString(),
  };
}

/** A first-person draft from the witness's answers; nothing is stored. */
export async function draftByToken(options: {
  db: Db;
  token: string | undefined;
  input: DraftLaymanStatementInput;
}): Promise<{ statement: string }> {
  const row = await requestByToken(options.db, options.token);
  const context = await signerContext(options.db, row);
  return {
    statement: draftStatement({
      answers: options.input.answers,
      writerName: row.name,
      relationship: row.relationship,
      ...context,
    }),
  };
}

/**
 * Grants the upload of a file the witness sends with their statement: a `document` file owned by
 * the veteran (their storage cap applies), remembered on the request while it is not submitted. A
 * new grant replaces the previous one, whose file, never filed, is deleted.
 */
export async function grantAttachmentUpload(options: {
  db: Db;
  storage: StorageDriver;
  token: string | undefined;
  input: LaymanAttachmentUploadInput;
  billingEnabled: boolean;
}): Promise<UploadGrant> {
  const { db, storage } = options;
  const { row, tokenHash } = await workingRequest(db, options.token);
  const ownerId = row.userId;
  const grant = await grantLinkUpload({
    db,
    storage,
    ownerId,
    input: options.input,
    billingEnabled: options.billingEnabled,
  });
  const swapped = await repository.grantAttachment({ db, tokenHash, fileId: grant.file_id });
  if (!swapped.granted) {
    // Used, revoked or expired meanwhile.
    await discardUnfiledUpload({ db, storage, ownerId, fileId: grant.file_id });
    throw new AppError(ERR.NOT_FOUND);
  }
  if (swapped.previous && swapped.previous !== grant.file_id) {
    await discardUnfiledUpload({ db, storage, ownerId, fileId: swapped.previous });
  }
  return grant;
}

/** Finishes the attachment's upload: only the file granted through this link (else 404). */
export async function completeAttachmentUpload(options: {
  db: Db;
  storage: StorageDriver;
  token: string | undefined;
  input: CompleteLaymanAttachmentInput;
}): Promise<StoredFile> {
  const { db, storage, input } = options;
  const { row } = await workingRequest(db, options.token);
  if (row.attachmentFileId !== input.file_id) throw new AppError(ERR.NOT_FOUND);
  return finishLinkUpload({
    db,
    storage,
    ownerId: row.userId,
    fileId: input.file_id,
    parts: input.parts,
  });
}

const DOCUMENT_NAME_MAX = 255;

/** A vault document's name: one line, never a path, within the bound. */
function documentName(name: string): string {
  const safe = name.replace(/[\\/]/g, '-');
  return safe.length <= DOCUMENT_NAME_MAX
    ? safe
    : `${safe.slice(0, DOCUMENT_NAME_MAX - 1).trimEnd()}…`;
}

/** The attachment named on submission: the ready file granted through this link, else 400. */
async function checkAttachment(db: Db, row: LaymanStatementRow, fileId: string): Promise<void> {
  const refuse = (message: string): never => {
    throw new AppError(ERR.INVALID_INPUT, {
      detail: message,
      fields: { attachment_file_id: message },
    });
  };
  if (row.attachmentFileId !== fileId) refuse('Upload the file through this link first');
  const file = await getFile({ db, ownerId: row.userId, fileId }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === ERR.NOT_FOUND) {
      return refuse('Upload the file through this link first');
    }
    throw error;
  });
  if (file.status !== 'ready') {
    refuse(
      file.status === 'pending'
        ? 'The upload is not finished yet'
        : 'The file was refused; upload it again',
    );
  }
}

/**
 * Records the signed statement, with the file sent with it when named (the ready file granted
 * through this link, else 400). One conditional update uses the link, so only one submission of
 * a link ever counts, however many arrive at once; the others answer 404 like any link that no
 * longer works. The attachment is filed in the veteran's vault (L015) in the same transaction.
 * A file granted and not named is deleted.
 */
export async function submitByToken(options: {
  db: Db;
  storage: StorageDriver;
  token: string | undefined;
  input: SubmitLaymanStatementInput;
}): Promise<void> {
  const { db, input } = options;
  const { row, tokenHash } = await workingRequest(db, options.token);
  const attachmentFileId = input.attachment_file_id ?? null;
  const condition = attachmentFileId
    ? (await getDisability({ db, userId: row.userId, id: row.disabilityId })).title
    : null;
  if (attachmentFileId) await checkAttachment(db, row, attachmentFileId);
  // Empty answers are not kept: the form then leaves their boxes blank.
  const signer: StoredSigner = Object.fromEntries(
    Object.entries(input.signer).filter(([, value]) => Boolean(value)),
  );
  await db.transaction(async (tx) => {
    const submitted = await repository.submitByToken({
      db: tx,
      tokenHash,
      statement: input.statement,
      signature: input.signature,
      signer: JSON.stringify(signer),
      answers: input.answers ? JSON.stringify(input.answers) : null,
      attachmentFileId,
    });
    if (!submitted) throw new AppError(ERR.NOT_FOUND);
    if (attachmentFileId) {
      await fileCheckedUpload({
        db: tx,
        userId: row.userId,
        fileId: attachmentFileId,
        name: documentName(`Attachment to ${row.name}'s statement — ${condition ?? ''}`),
        docType: 'L015',
      });
    }
  });
  if (row.attachmentFileId && row.attachmentFileId !== attachmentFileId) {
    await discardUnfiledUpload({
      db,
      storage: options.storage,
      ownerId: row.userId,
      fileId: row.attachmentFileId,
    });
  }
}

/** Every request of the owner with what was submitted (for the account export). */
export async function exportLaymanStatements(options: Owner): Promise<LaymanStatement[]> {
  return (await repository.listAllStatements(options)).map(toStatement);
}
