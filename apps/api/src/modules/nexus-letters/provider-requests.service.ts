import { ERR } from '@muster/contract/errors';
import {
  PROVIDER_LINK_TTL_DAYS,
  PROVIDER_REQUESTS_PER_DAY,
  type CompleteProviderUploadInput,
  type CreateProviderRequestInput,
  type ProviderRequest,
  type ProviderRequestLink,
  type ProviderRequestList,
  type ProviderRequestStatus,
  type ProviderRequestView,
  type ProviderUploadInput,
} from '@muster/contract/nexus-letters';
import type { StoredFile, UploadGrant } from '@muster/contract/storage';
import type { Db } from '@muster/db/client';
import type { NexusProviderRequestRow } from '@muster/db/schema/index';
import { AppError } from '#src/lib/errors.ts';
import { DAY_MS, linkTokenHashOf, newLinkToken } from '#src/lib/link-token.ts';
import { getDisability } from '#src/modules/disabilities/disabilities.service.ts';
import {
  discardUnfiledUpload,
  fileCheckedUpload,
  finishLinkUpload,
  grantLinkUpload,
} from '#src/modules/documents/documents.service.ts';
import type { Mailer } from '#src/modules/mail/mailer.ts';
import { nexusProviderRequestMail } from '#src/modules/mail/templates.ts';
import type { StorageDriver } from '#src/modules/storage/storage-driver.ts';
import { findPrimaryVeteranId, getVeteran } from '#src/modules/veterans/veterans.service.ts';
import * as letters from './nexus-letters.repository.ts';
import { letterDocument } from './nexus-letters.service.ts';
import * as repository from './provider-requests.repository.ts';

/**
 * Provider requests: a nexus letter sent to the veteran's physician, who reads the draft and
 * uploads the signed copy through a link, without an account. The link's token is 32 random
 * bytes, handed out once; only its SHA-256 is stored. Every way a link fails (unknown, expired,
 * revoked, used, malformed) answers the same 404, so tokens cannot be probed. The signed copy is
 * stored as the veteran's file (their storage cap applies) and filed in their vault.
 */

type Owner = { db: Db; userId: string };

/** VA's code for a private medical opinion: Medical Treatment Record - Non-Government Facility. */
const SIGNED_LETTER_DOC_TYPE = 'L049';
const DOCUMENT_NAME_MAX = 255;

const linkOf = (appUrl: string, token: string) => `${appUrl}/provider-upload/${token}`;

function statusOf(row: NexusProviderRequestRow, now = new Date()): ProviderRequestStatus {
  if (row.usedAt) return 'uploaded';
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'requested';
}

function toRequest(row: NexusProviderRequestRow): ProviderRequest {
  return {
    id: row.id,
    name: row.providerName,
    email: row.providerEmail,
    status: statusOf(row),
    expires_at: row.expiresAt.toISOString(),
    uploaded_at: row.usedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

async function ownLetter(owner: Owner & { letterId: string }): Promise<letters.LetterWithTitle> {
  const found = await letters.findOwnLetter({ ...owner, id: owner.letterId });
  if (!found) throw new AppError(ERR.NOT_FOUND);
  return found;
}

/** Throws 404 unless the letter is the owner's (checked before a request's body is read). */
export async function assertOwnLetter(owner: Owner & { letterId: string }): Promise<void> {
  await ownLetter(owner);
}

/** The veteran's first name: the disability's record, else the primary one, else none. */
async function veteranFirstNameOf(owner: Owner, disabilityId: string): Promise<string> {
  const disability = await getDisability({ ...owner, id: disabilityId });
  const id = disability.veteran_id ?? (await findPrimaryVeteranId(owner));
  if (id) {
    try {
      const name = (await getVeteran({ ...owner, id, reveal: false })).first_name.trim();
      if (name) return name;
    } catch (error) {
      // Deleted between the two reads: the mail says "your patient".
      if (!(error instanceof AppError && error.code === ERR.NOT_FOUND)) throw error;
    }
  }
  return 'A veteran';
}

/**
 * Sends the owner's letter to a provider: records the request with a new link (30 days, one
 * upload), mails the link, and marks the letter `requested` (unless it is signed already).
 * Answers the link once: it is not kept and cannot be shown again.
 */
export async function createProviderRequest(
  options: Owner & {
    letterId: string;
    input: CreateProviderRequestInput;
    mailer: Mailer;
    appUrl: string;
  },
): Promise<ProviderRequestLink> {
  const { db, userId, input } = options;
  const found = await ownLetter(options);
  const sent = await repository.countRequestsSince({
    db,
    userId,
    since: new Date(Date.now() - DAY_MS),
  });
  if (sent >= PROVIDER_REQUESTS_PER_DAY) {
    throw new AppError(ERR.RATE_LIMITED, {
      detail: `At most ${PROVIDER_REQUESTS_PER_DAY} letters can be sent to providers in 24 hours. Try again tomorrow.`,
    });
  }
  const veteranFirstName = await veteranFirstNameOf(options, found.letter.disabilityId);
  const { token, tokenHash } = newLinkToken();
  const row = await repository.insertRequest({
    db,
    userId,
    letterId: found.letter.id,
    providerName: input.name,
    providerEmail: input.email,
    tokenHash,
    expiresAt: new Date(Date.now() + PROVIDER_LINK_TTL_DAYS * DAY_MS),
  });
  const link = linkOf(options.appUrl, token);
  try {
    await options.mailer.send(
      nexusProviderRequestMail({
        to: input.email,
        providerName: input.name,
        veteranFirstName,
        condition: found.title,
        link,
        days: PROVIDER_LINK_TTL_DAYS,
        appUrl: options.appUrl,
      }),
    );
  } catch (error) {
    // Nobody received the link: the request would only sit there, unreachable.
    await repository.deleteRequest({ db, userId, id: row.id });
    throw error;
  }
  await letters.markRequested({ db, userId, id: found.letter.id });
  return { id: row.id, upload_link: link, expires_at: row.expiresAt.toISOString() };
}

export async function listProviderRequests(
  options: Owner & { letterId: string },
): Promise<ProviderRequestList> {
  await ownLetter(options);
  return { results: (await repository.listRequests(options)).map(toRequest) };
}

/** The link stops working at once; a signed copy already uploaded stays. */
export async function revokeProviderLink(
  options: Owner & { id: string; storage: StorageDriver },
): Promise<void> {
  const revoked = await repository.revokeLink(options);
  if (!revoked) throw new AppError(ERR.NOT_FOUND);
  if (revoked.unfiledFileId) {
    await discardUnfiledUpload({
      db: options.db,
      storage: options.storage,
      ownerId: options.userId,
      fileId: revoked.unfiledFileId,
    });
  }
}

// The provider's side --------------------------------------------------------------------------

type ByToken = { db: Db; token: string | undefined };

/** The request a working link opens, with its token's hash; every other token: the same 404. */
async function requestByToken(
  options: ByToken,
): Promise<{ row: NexusProviderRequestRow; tokenHash: string }> {
  const tokenHash = linkTokenHashOf(options.token);
  if (!tokenHash) throw new AppError(ERR.NOT_FOUND);
  const row = await repository.findByWorkingToken({ db: options.db, tokenHash });
  if (!row) throw new AppError(ERR.NOT_FOUND);
  return { row, tokenHash };
}

/** The request's letter, read as its owner would. */
async function letterOf(db: Db, row: NexusProviderRequestRow) {
  return ownLetter({ db, userId: row.userId, letterId: row.nexusLetterId });
}

/** What the provider sees: their name, the veteran's first name, the condition, the expiry. */
export async function viewProviderRequest(options: ByToken): Promise<ProviderRequestView> {
  const { row } = await requestByToken(options);
  const found = await letterOf(options.db, row);
  const owner = { db: options.db, userId: row.userId };
  return {
    provider_name: row.providerName,
    veteran_first_name: await veteranFirstNameOf(owner, found.letter.disabilityId),
    condition: found.title,
    expires_at: row.expiresAt.toISOString(),
  };
}

/** The draft letter as a PDF, to read and print: its saved text, or the text drafted now. */
export async function providerDraft(options: ByToken) {
  const { row } = await requestByToken(options);
  const found = await letterOf(options.db, row);
  return letterDocument({
    db: options.db,
    userId: row.userId,
    disabilityId: found.letter.disabilityId,
    id: found.letter.id,
    format: 'pdf',
  });
}

/**
 * Grants the upload of the signed letter: a `document` file owned by the veteran (their storage
 * cap applies), remembered on the request. A new grant replaces the previous one, whose file,
 * never filed, is deleted.
 */
export async function grantProviderUpload(
  options: ByToken & {
    storage: StorageDriver;
    input: ProviderUploadInput;
    billingEnabled: boolean;
  },
): Promise<UploadGrant> {
  const { db, storage } = options;
  const { row, tokenHash } = await requestByToken(options);
  const ownerId = row.userId;
  const grant = await grantLinkUpload({
    db,
    storage,
    ownerId,
    input: options.input,
    billingEnabled: options.billingEnabled,
  });
  const swapped = await repository.grantFile({ db, tokenHash, fileId: grant.file_id });
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

function clipName(name: string): string {
  // A document's name is never a path.
  const safe = name.replace(/[\\/]/g, '-');
  return safe.length <= DOCUMENT_NAME_MAX
    ? safe
    : `${safe.slice(0, DOCUMENT_NAME_MAX - 1).trimEnd()}…`;
}

/**
 * Finishes the upload of the signed letter: only the file granted through this link. A file whose
 * content is refused leaves the link working (the provider uploads again). Then, in one
 * transaction: the link is used (a second upload answers 404), the file is filed in the veteran's
 * vault as a private medical opinion (L049), and the letter reads `signed` with the file.
 */
export async function completeProviderUpload(
  options: ByToken & { storage: StorageDriver; input: CompleteProviderUploadInput },
): Promise<StoredFile> {
  const { db, storage, input } = options;
  const { row, tokenHash } = await requestByToken(options);
  if (row.uploadedFileId !== input.file_id) throw new AppError(ERR.NOT_FOUND);
  const ownerId = row.userId;
  const file = await finishLinkUpload({
    db,
    storage,
    ownerId,
    fileId: input.file_id,
    parts: input.parts,
  });
  const found = await letterOf(db, row);
  await db.transaction(async (tx) => {
    if (!(await repository.markUploaded({ db: tx, tokenHash, fileId: input.file_id }))) {
      throw new AppError(ERR.NOT_FOUND);
    }
    await fileCheckedUpload({
      db: tx,
      userId: ownerId,
      fileId: input.file_id,
      name: clipName(`Signed nexus letter — ${found.title} — ${row.providerName}`),
      docType: SIGNED_LETTER_DOC_TYPE,
    });
    if (
      !(await letters.markSigned({
        db: tx,
        userId: ownerId,
        id: found.letter.id,
        fileId: input.file_id,
      }))
    ) {
      throw new AppError(ERR.NOT_FOUND);
    }
  });
  return file;
}

/** Every provider request of the owner (for the account export). */
export async function exportProviderRequests(
  owner: Owner,
): Promise<(ProviderRequest & { nexus_letter_id: string })[]> {
  return (await repository.listAllRequests(owner)).map((row) => ({
    ...toRequest(row),
    nexus_letter_id: row.nexusLetterId,
  }));
}
