import {
  documentTypeLabel,
  extensionOf,
  type CreateDocumentInput,
  type DocumentListQuery,
  type DocumentPage,
  type UpdateDocumentInput,
  type VaDocumentTypeCode,
  type VaultDocument,
} from '@muster/contract/documents';
import { ERR } from '@muster/contract/errors';
import type { LinkUploadInput } from '@muster/contract/link-uploads';
import type {
  CompleteUploadInput,
  DownloadUrl,
  StoredFile,
  UploadGrant,
} from '@muster/contract/storage';
import type { Db } from '@muster/db/client';
import { AppError } from '#src/lib/errors.ts';
import type { StorageDriver } from '#src/modules/storage/storage-driver.ts';
import {
  completeUpload,
  createUpload,
  deleteFile,
  getDownloadUrl,
  getFile,
} from '#src/modules/storage/storage.service.ts';
import * as repository from './documents.repository.ts';

type Owner = { db: Db; userId: string };
type Row = NonNullable<Awaited<ReturnType<typeof repository.findDocument>>>;

function toDocument(row: Row): VaultDocument {
  return {
    id: row.id,
    file_id: row.fileId,
    name: row.name,
    // The extension the file came with: a renamed document keeps showing what it is.
    extension: extensionOf(row.filename),
    content_type: row.contentType ?? 'application/octet-stream',
    size: row.size,
    doc_type: row.docType,
    doc_type_label: documentTypeLabel(row.docType),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function ownDocument(options: Owner & { id: string }): Promise<Row> {
  const row = await repository.findDocument(options);
  if (!row) throw new AppError(ERR.NOT_FOUND);
  return row;
}

/** The owner's documents, newest first, filtered by name. */
export async function listDocuments(
  options: Owner & { query: DocumentListQuery },
): Promise<DocumentPage> {
  const { page, page_size, q } = options.query;
  const { rows, total } = await repository.listDocuments({
    ...options,
    page: { page, page_size },
    q,
  });
  return { results: rows.map(toDocument), meta: { page, page_size, total } };
}

export async function getDocument(options: Owner & { id: string }): Promise<VaultDocument> {
  return toDocument(await ownDocument(options));
}

/**
 * Files a finished upload in the vault. The file must be the owner's, of kind `document`, and
 * ready; it becomes one document at most (a second try answers 409). The name defaults to the
 * file's own.
 */
export async function createDocument(
  options: Owner & { input: CreateDocumentInput },
): Promise<VaultDocument> {
  const { db, userId, input } = options;
  const file = await getFile({ db, ownerId: userId, fileId: input.file_id }).catch(
    (error: unknown) => {
      if (error instanceof AppError && error.code === ERR.NOT_FOUND) {
        throw new AppError(ERR.INVALID_INPUT, {
          detail: 'No finished upload has this id',
          fields: { file_id: 'Upload the file first' },
        });
      }
      throw error;
    },
  );
  if (file.kind !== 'document') {
    throw new AppError(ERR.INVALID_INPUT, {
      detail: `A ${file.kind} upload cannot go in the vault`,
      fields: { file_id: 'Upload the file as a document' },
    });
  }
  if (file.status !== 'ready') {
    throw new AppError(ERR.INVALID_STATE, {
      detail:
        file.status === 'pending'
          ? 'The upload is not finished yet'
          : `The upload was refused: ${file.rejection_reason ?? 'its content is not accepted'}`,
    });
  }
  const made = await repository.insertDocument({
    db,
    userId,
    fileId: file.id,
    name: input.name ?? file.filename,
    docType: input.doc_type ?? null,
  });
  if (!made) {
    throw new AppError(ERR.ALREADY_EXISTS, { detail: 'This upload is already in the vault' });
  }
  return toDocument(await ownDocument({ db, userId, id: made.id }));
}

/**
 * Files an upload in the vault inside the caller's transaction, so it is filed together with what
 * the caller records, or not at all. The caller has checked the file already (the owner's, of kind
 * `document`, ready: `getFile` of the storage module). Answers the document's id; a file already
 * in the vault answers 409.
 */
export async function fileCheckedUpload(options: {
  db: Db | repository.Tx;
  userId: string;
  fileId: string;
  name: string;
  docType: VaDocumentTypeCode;
}): Promise<string> {
  const made = await repository.insertDocument(options);
  if (!made) {
    throw new AppError(ERR.ALREADY_EXISTS, { detail: 'This upload is already in the vault' });
  }
  return made.id;
}

/**
 * Grants an upload sent through a link: a `document` file owned by the veteran, within their
 * storage cap. The person with the link is not the veteran: when the veteran's storage is full
 * they are told so (409), without the veteran's figures or plan, and offered no upgrade.
 */
export async function grantLinkUpload(options: {
  db: Db;
  storage: StorageDriver;
  ownerId: string;
  input: LinkUploadInput;
  billingEnabled: boolean;
}): Promise<UploadGrant> {
  try {
    return await createUpload({
      db: options.db,
      storage: options.storage,
      ownerId: options.ownerId,
      input: { kind: 'document', ...options.input },
      billingEnabled: options.billingEnabled,
    });
  } catch (error) {
    if (error instanceof AppError && error.extra?.quota !== undefined) {
      throw new AppError(ERR.INVALID_STATE, {
        detail:
          'The veteran’s file storage is full, so the file cannot be sent. Ask them to make room in their vault, then try again.',
      });
    }
    throw error;
  }
}

/**
 * Finishes an upload sent through a link (a physician's signed letter, a witness's attachment),
 * to be filed with what the link records: its content is checked (refused: 400 with `fields`, and
 * the file stays `rejected`). One finished already (a retry after the filing failed) is answered
 * as it is; one refused before answers 409.
 */
export async function finishLinkUpload(options: {
  db: Db;
  storage: StorageDriver;
  ownerId: string;
  fileId: string;
  parts: CompleteUploadInput['parts'];
}): Promise<StoredFile> {
  const { db, storage, ownerId, fileId } = options;
  const file = await getFile({ db, ownerId, fileId });
  if (file.status === 'ready') return file;
  if (file.status === 'rejected') {
    throw new AppError(ERR.INVALID_STATE, {
      detail: `The upload was refused: ${file.rejection_reason ?? 'its content is not accepted'} Upload the file again.`,
    });
  }
  return completeUpload({ db, storage, ownerId, fileId, input: { parts: options.parts } });
}

/** Deletes an upload sent through a link and never filed (replaced); one already gone is no matter. */
export async function discardUnfiledUpload(options: {
  db: Db;
  storage: StorageDriver;
  ownerId: string;
  fileId: string;
}): Promise<void> {
  try {
    await deleteFile(options);
  } catch (error) {
    if (!(error instanceof AppError && error.code === ERR.NOT_FOUND)) throw error;
  }
}

export async function updateDocument(
  options: Owner & { id: string; input: UpdateDocumentInput },
): Promise<VaultDocument> {
  const found = await repository.updateDocument({
    ...options,
    name: options.input.name,
    docType: options.input.doc_type,
  });
  if (!found) throw new AppError(ERR.NOT_FOUND);
  return toDocument(await ownDocument(options));
}

/** Deletes a document with its file: the stored object and both rows go together. */
export async function deleteDocument(
  options: Owner & { id: string; storage: StorageDriver },
): Promise<void> {
  const row = await ownDocument(options);
  await deleteFile({
    db: options.db,
    storage: options.storage,
    ownerId: options.userId,
    fileId: row.fileId,
  });
}

/** A short-lived link to the document's file, to save or to open in the browser. */
export async function documentDownload(
  options: Owner & {
    id: string;
    storage: StorageDriver;
    disposition: 'attachment' | 'inline';
    /** How long the link works, when shorter than usual (a share link's). */
    expiresInSeconds?: number;
  },
): Promise<DownloadUrl> {
  const row = await ownDocument(options);
  return getDownloadUrl({
    db: options.db,
    storage: options.storage,
    ownerId: options.userId,
    fileId: row.fileId,
    disposition: options.disposition,
    // The download is named as the veteran named the document, with the file's own extension.
    filename: downloadName(row.name, row.filename),
    ...(options.expiresInSeconds === undefined
      ? {}
      : { expiresInSeconds: options.expiresInSeconds }),
  });
}

/** The document's name, with the file's extension added when the name lacks it. */
export function downloadName(name: string, filename: string): string {
  const extension = extensionOf(filename);
  return extension && extensionOf(name) !== extension ? `${name}.${extension}` : name;
}

export async function searchDocuments(options: Owner & { q: string; limit: number }) {
  return (await repository.searchDocuments(options)).map((row) => ({
    id: row.id,
    name: row.name,
    extension: extensionOf(row.filename),
  }));
}

/** The owner's vault documents: names, types and files (for the account export). */
export async function exportDocuments(options: Owner): Promise<VaultDocument[]> {
  const all: VaultDocument[] = [];
  for (let page = 1; ; page++) {
    const { rows } = await repository.listDocuments({ ...options, page: { page, page_size: 100 } });
    all.push(...rows.map(toDocument));
    if (rows.length < 100) return all;
  }
}
