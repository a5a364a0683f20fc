import {
  MAX_PACKET_BYTES,
  MAX_PACKET_PAGES,
  PACKET_DOCUMENT_TYPES,
  type ClaimPacket,
  type CreateClaimPacketInput,
} from '@muster/contract/claims';
import type { VaultDocument } from '@muster/contract/documents';
import { ERR } from '@muster/contract/errors';
import type { NexusLetter } from '@muster/contract/nexus-letters';
import { formatLongDay } from '@muster/domain/format';
import type { Db } from '@muster/db/client';
import { AppError } from '#src/lib/errors.ts';
import { createDocument, getDocument } from '#src/modules/documents/documents.service.ts';
import {
  downloadStatement as downloadLayStatement,
  exportLaymanStatements,
} from '#src/modules/layman-statements/layman-statements.service.ts';
import {
  exportNexusLetters,
  letterDocument,
} from '#src/modules/nexus-letters/nexus-letters.service.ts';
import {
  downloadStatement as downloadPersonalStatement,
  listGeneratedStatements,
} from '#src/modules/personal-statements/personal-statements.service.ts';
import type { StorageDriver } from '#src/modules/storage/storage-driver.ts';
import {
  deleteFile,
  getFile,
  readStoredFile,
  storeGeneratedFile,
} from '#src/modules/storage/storage.service.ts';
import { getVeteran } from '#src/modules/veterans/veterans.service.ts';
import { getClaim } from './claims.service.ts';
import {
  buildPacketPdf,
  type PacketItem,
  type PacketSection,
  type PacketSource,
} from './packet-pdf.ts';

/**
 * The claim packet: one PDF gathering what the veteran prepared for a claim, kept in their vault
 * for them to review before filing. For each disability of the claim, in the claim's order: its
 * personal statements (latest versions), its submitted lay statements and its nexus letters (the
 * signed copy when there is one, else the draft, marked as such); then the vault documents asked
 * for. Something that cannot be read is listed as left out rather than failing the packet.
 */

type Owner = { db: Db; userId: string };

export const DRAFT_BANNER = 'DRAFT — not yet signed by a physician';
export const SUPPORTING_HEADING = 'Supporting documents';
const NOT_YOURS = 'Not one of your documents';
const NOT_PACKABLE = 'Only PDF, JPEG and PNG documents can go in a packet';

type Drawable = (typeof PACKET_DOCUMENT_TYPES)[number];
const isDrawable = (type: string | null): type is Drawable =>
  (PACKET_DOCUMENT_TYPES as readonly (string | null)[]).includes(type);

function tooLarge(): AppError {
  return new AppError(ERR.TOO_LARGE, {
    detail: `A packet can be at most ${MAX_PACKET_BYTES / (1024 * 1024)} MB. Leave out some supporting documents.`,
  });
}

/** The vault documents asked for, each the owner's and drawable; else 400 naming each bad one. */
async function supportingDocuments(owner: Owner, ids: string[]): Promise<VaultDocument[]> {
  const fields: Record<string, string> = {};
  const found: VaultDocument[] = [];
  for (const [index, id] of ids.entries()) {
    try {
      const document = await getDocument({ ...owner, id });
      if (isDrawable(document.content_type)) found.push(document);
      else fields[`document_ids.${index}`] = NOT_PACKABLE;
    } catch (error) {
      if (!(error instanceof AppError && error.code === ERR.NOT_FOUND)) throw error;
      fields[`document_ids.${index}`] = NOT_YOURS;
    }
  }
  if (Object.keys(fields).length > 0) throw new AppError(ERR.INVALID_INPUT, { fields });
  return found;
}

async function veteranNameOf(owner: Owner, veteranId: string | null): Promise<string | null> {
  if (!veteranId) return null;
  try {
    const veteran = await getVeteran({ ...owner, id: veteranId, reveal: false });
    const middle = veteran.middle_name?.trim();
    return [
      veteran.first_name.trim(),
      middle ? `${[...middle][0]!.toUpperCase()}.` : '',
      veteran.last_name.trim(),
    ]
      .filter(Boolean)
      .join(' ');
  } catch (error) {
    // Deleted meanwhile: the cover says no record was chosen.
    if (error instanceof AppError && error.code === ERR.NOT_FOUND) return null;
    throw error;
  }
}

/** Runs a render of something that may have been deleted meanwhile: then it is left out. */
async function unlessGone<T>(render: () => Promise<T>): Promise<T | undefined> {
  try {
    return await render();
  } catch (error) {
    if (error instanceof AppError && error.code === ERR.NOT_FOUND) return undefined;
    throw error;
  }
}

/**
 * Counts the bytes of the veteran's files going in, refusing (413) once they pass the packet's
 * limit: they are copied in nearly as they are, so the packet could not be smaller.
 */
function byteBudget() {
  let used = 0;
  return (size: number) => {
    used += size;
    if (used > MAX_PACKET_BYTES) throw tooLarge();
  };
}

type Deps = Owner & { storage: StorageDriver };

/** A file of the owner's as a packet source (PDF copied, picture drawn under `caption`). */
async function fileSource(deps: Deps, fileId: string, caption: string): Promise<PacketSource> {
  const { bytes, contentType } = await readStoredFile({
    db: deps.db,
    storage: deps.storage,
    ownerId: deps.userId,
    fileId,
  });
  if (contentType === 'application/pdf') return { kind: 'pdf', bytes };
  if (contentType === 'image/jpeg' || contentType === 'image/png') {
    return { kind: 'image', bytes, contentType, caption };
  }
  return { kind: 'unavailable', reason: `files of type ${contentType} cannot be included` };
}

/**
 * A nexus letter: its signed copy when one is on file as a PDF, JPEG or PNG (copied in, or drawn
 * on a page of its own), else the letter as drafted, under a warning that no physician signed it.
 */
async function letterItem(
  deps: Deps,
  letter: NexusLetter,
  today: Date,
  charge: (size: number) => void,
): Promise<PacketItem | undefined> {
  const signedId = letter.signed_file_id;
  let unusable: string | undefined;
  if (signedId) {
    const signed = await unlessGone(() =>
      getFile({ db: deps.db, ownerId: deps.userId, fileId: signedId }),
    );
    if (signed && signed.status === 'ready' && isDrawable(signed.content_type)) {
      charge(signed.size);
      const title = `Nexus letter (signed): ${letter.disability_title}`;
      return { title, source: await fileSource(deps, signed.id, title) };
    }
    if (signed?.status === 'ready') {
      unusable = ` (the signed copy on file is not a PDF, JPEG or PNG, so the draft is included)`;
    }
  }
  const draft = await unlessGone(() =>
    letterDocument({
      db: deps.db,
      userId: deps.userId,
      disabilityId: letter.disability_id,
      id: letter.id,
      format: 'pdf',
      today,
    }),
  );
  if (!draft) return undefined;
  return {
    title: `Nexus letter (draft): ${letter.disability_title}`,
    note: `Draft — not yet signed by a physician${unusable ?? ''}`,
    source: { kind: 'generated', bytes: draft.bytes, banner: DRAFT_BANNER },
  };
}

/**
 * Makes the packet of one of the owner's claims and keeps it in their vault as a new document,
 * named `Claim packet — <claim> — <YYYY-MM-DD>`. Refused: another user's claim (404), a document
 * that is not the owner's or not a PDF, JPEG or PNG (400 per field), a packet over 2,000 pages or
 * 100 MB (413), one that would pass the storage cap with billing on (403). Nothing is kept unless
 * the whole packet is: when filing the document fails, its stored file goes.
 */
export async function createClaimPacket(
  options: Deps & {
    id: string;
    input: CreateClaimPacketInput;
    billingEnabled: boolean;
    now?: Date;
  },
): Promise<ClaimPacket> {
  const owner = { db: options.db, userId: options.userId };
  const deps: Deps = { ...owner, storage: options.storage };
  const now = options.now ?? new Date();
  const day = now.toISOString().slice(0, 10);
  const claim = await getClaim({ ...owner, id: options.id });
  const documents = await supportingDocuments(owner, options.input.document_ids ?? []);
  const charge = byteBudget();
  for (const document of documents) charge(document.size);

  const [statements, layStatements, letters, veteranName] = await Promise.all([
    listGeneratedStatements(owner),
    exportLaymanStatements(owner),
    exportNexusLetters(owner),
    veteranNameOf(owner, claim.veteran_id),
  ]);

  const sections: PacketSection[] = [];
  // One after another: each render reads several tables, and a claim holds at most 50 disabilities.
  for (const disability of claim.disabilities) {
    const items: PacketItem[] = [];
    const own = <T extends { disability_id: string }>(list: T[]) =>
      list.filter((entry) => entry.disability_id === disability.id);

    for (const statement of own(statements).sort((a, b) =>
      a.updated_at.localeCompare(b.updated_at),
    )) {
      const file = await unlessGone(() =>
        downloadPersonalStatement({
          ...owner,
          disabilityId: disability.id,
          id: statement.id,
          format: 'pdf',
          today: now,
        }),
      );
      if (file) {
        items.push({
          title: `Personal statement: ${disability.title} (version ${statement.version})`,
          source: { kind: 'generated', bytes: file.bytes },
        });
      }
    }

    const submitted = own(layStatements)
      .filter((statement) => statement.status === 'submitted')
      .sort((a, b) => (a.submitted_at ?? '').localeCompare(b.submitted_at ?? ''));
    for (const statement of submitted) {
      const file = await unlessGone(() =>
        downloadLayStatement({ ...owner, id: statement.id, format: 'pdf' }),
      );
      if (file) {
        items.push({
          title: `Lay statement from ${statement.name}`,
          source: { kind: 'generated', bytes: file.bytes },
        });
      }
      // The file the witness sent with it follows the statement, when it can be drawn.
      const attachmentId = statement.attachment_file_id;
      if (attachmentId) {
        const attached = await unlessGone(() =>
          getFile({ db: deps.db, ownerId: deps.userId, fileId: attachmentId }),
        );
        if (attached && attached.status === 'ready' && isDrawable(attached.content_type)) {
          charge(attached.size);
          const title = `Attachment to the statement from ${statement.name}`;
          items.push({ title, source: await fileSource(deps, attached.id, title) });
        }
      }
    }

    const lettersOf = own(letters).sort((a, b) => a.created_at.localeCompare(b.created_at));
    for (const letter of lettersOf) {
      const item = await letterItem(deps, letter, now, charge);
      if (item) items.push(item);
    }

    sections.push({
      heading: disability.title,
      disabilityId: disability.id,
      items,
      emptyNote: 'Nothing prepared for this disability yet',
    });
  }

  if (documents.length > 0) {
    const items: PacketItem[] = [];
    for (const document of documents) {
      const source = await unlessGone(() => fileSource(deps, document.file_id, document.name));
      items.push({
        title: document.name,
        source: source ?? { kind: 'unavailable', reason: 'it was deleted meanwhile' },
      });
    }
    sections.push({ heading: SUPPORTING_HEADING, disabilityId: null, items });
  }

  const packet = await buildPacketPdf({
    title: `Claim packet: ${claim.name}`,
    claimName: claim.name,
    veteranName,
    dateLabel: formatLongDay(day),
    sections,
    maxPages: MAX_PACKET_PAGES,
  });
  if (packet.bytes.byteLength > MAX_PACKET_BYTES) throw tooLarge();

  const stored = await storeGeneratedFile({
    db: options.db,
    storage: options.storage,
    ownerId: options.userId,
    kind: 'document',
    filename: `claim-packet-${slugOf(claim.name)}-${day}.pdf`,
    contentType: 'application/pdf',
    bytes: packet.bytes,
    billingEnabled: options.billingEnabled,
  });
  let documentId: string;
  try {
    const filed = await createDocument({
      ...owner,
      input: {
        file_id: stored.id,
        name: `Claim packet — ${claim.name.replace(/[\\/]/g, '-')} — ${day}`,
        doc_type: null,
      },
    });
    documentId = filed.id;
  } catch (error) {
    // Nothing half-saved: the file goes with the document that could not be filed.
    await deleteFile({
      db: options.db,
      storage: options.storage,
      ownerId: options.userId,
      fileId: stored.id,
    });
    throw error;
  }
  return { document_id: documentId, file_id: stored.id, pages: packet.pages, index: packet.index };
}

/** A file name piece from the claim's name: lower case letters, digits and dashes. */
export function slugOf(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, '-')
      .slice(0, 60)
      .replace(/-+$/, '') || 'claim'
  );
}
