import { ERR } from '@muster/contract/errors';
import {
  VSO_SHARE_MAX_DAYS,
  type CreateVsoShare,
  type Form2122,
  type ShareItemKind,
  type ShareableRecord,
  type SharedItem,
  type SharedView,
  type VsoRepresentative,
  type VsoRepresentativeInput,
  type VsoShare,
  type VsoShareAccess,
  type VsoShareCreated,
} from '@muster/contract/vso';
import type { Db } from '@muster/db/client';
import type {
  StoredShareItem,
  VsoRepresentativeRow,
  VsoShareAccessRow,
  VsoShareRow,
} from '@muster/db/schema/index';
import { AppError } from '#src/lib/errors.ts';
import { DAY_MS, linkTokenHashOf, newLinkToken } from '#src/lib/link-token.ts';
import type { StorageDriver } from '#src/modules/storage/storage-driver.ts';
import { findPrimaryVeteranId, getVeteran } from '#src/modules/veterans/veterans.service.ts';
import { buildForm2122 } from './form-21-22.ts';
import {
  describeSharedRecords,
  listShareableRecords,
  readSharedRecord,
  recordKey,
} from './share-records.ts';
import * as repository from './vso.repository.ts';

/**
 * The veteran's accredited representative, VA Form 21-22's data, and read-only shares of chosen
 * records through a link. A share's token is 32 random bytes, handed out once; only its SHA-256
 * is stored. The link reaches the records chosen and nothing else, until it expires or is
 * revoked; every way it fails (unknown, expired, revoked, malformed, a record not in it) answers
 * the same 404. Each opening is logged, and the veteran sees the log.
 */

type Owner = { db: Db; userId: string };

// The representative ---------------------------------------------------------------------------

function toRepresentative(row: VsoRepresentativeRow): VsoRepresentative {
  return {
    organization: row.organization,
    representative_name: row.representativeName,
    accreditation_number: row.accreditationNumber,
    poa_code: row.poaCode,
    email: row.email,
    phone: row.phone,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The representative, or null before one is recorded. */
export async function findRepresentative(owner: Owner): Promise<VsoRepresentative | null> {
  const row = await repository.findRepresentative(owner);
  return row ? toRepresentative(row) : null;
}

/** Records the representative, replacing the one recorded (fields left out are cleared). */
export async function saveRepresentative(
  options: Owner & { input: VsoRepresentativeInput },
): Promise<VsoRepresentative> {
  const { input } = options;
  const row = await repository.upsertRepresentative({
    ...options,
    values: {
      organization: input.organization,
      representativeName: input.representative_name,
      accreditationNumber: input.accreditation_number ?? null,
      poaCode: input.poa_code ?? null,
      email: input.email ?? null,
      phone: input.phone ?? null,
    },
  });
  return toRepresentative(row);
}

export async function deleteRepresentative(owner: Owner): Promise<void> {
  if (!(await repository.deleteRepresentative(owner))) throw new AppError(ERR.NOT_FOUND);
}

/** VA Form 21-22's data from the primary veteran record (SSN masked) and the representative. */
export async function form2122(owner: Owner): Promise<Form2122> {
  const veteranId = await findPrimaryVeteranId(owner);
  const veteran = veteranId
    ? await getVeteran({ ...owner, id: veteranId, reveal: false })
    : undefined;
  const representative = (await findRepresentative(owner)) ?? undefined;
  return buildForm2122({ veteran, representative });
}

// Shares ---------------------------------------------------------------------------------------

const linkOf = (appUrl: string, token: string) => `${appUrl}/shared/${token}`;

/** A minute's grace, so an expiry chosen as "90 days from now" on a client is not refused. */
const CLOCK_GRACE_MS = 60_000;

function toShare(
  row: VsoShareRow,
  records: Map<string, ShareableRecord>,
  counts: { total: number; last: Date | null } | undefined,
): VsoShare {
  return {
    id: row.id,
    label: row.label,
    items: row.items.map((item) => {
      const record = records.get(recordKey(item));
      return {
        kind: item.kind as ShareItemKind,
        id: item.id,
        title: record?.title ?? null,
        // What the link exposes: a protected record is only ever in a share ticked as such.
        protected_7332: item.include_protected === true && (record?.protected_7332 ?? false),
      };
    }),
    expires_at: row.expiresAt.toISOString(),
    revoked_at: row.revokedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    access_count: counts?.total ?? 0,
    last_accessed_at: counts?.last ? new Date(counts.last).toISOString() : null,
  };
}

const recordMap = (records: ShareableRecord[]) =>
  new Map(records.map((record) => [recordKey(record), record]));

/** The owner's records a share can reach, with titles and their 7332 state. */
export async function listRecords(owner: Owner): Promise<{ results: ShareableRecord[] }> {
  return { results: await listShareableRecords(owner) };
}

/**
 * Creates a share: each item must be one of the owner's records (else 400 naming the item), a
 * protected one only when ticked with `include_protected` (a C-file is never refused: its
 * protected findings are left out unless ticked), and the expiry within `VSO_SHARE_MAX_DAYS`.
 * Answers the link once; it is not kept.
 */
export async function createShare(
  options: Owner & { input: CreateVsoShare; appUrl: string },
): Promise<VsoShareCreated> {
  const { input } = options;
  const fields: Record<string, string> = {};
  const expiresAt = new Date(input.expires_at);
  const now = Date.now();
  if (expiresAt.getTime() <= now) fields.expires_at = 'Choose a day in the future';
  else if (expiresAt.getTime() > now + VSO_SHARE_MAX_DAYS * DAY_MS + CLOCK_GRACE_MS) {
    fields.expires_at = `A link lasts at most ${VSO_SHARE_MAX_DAYS} days`;
  }
  const records = recordMap(
    await listShareableRecords(options, new Set(input.items.map((item) => item.kind))),
  );
  const items: StoredShareItem[] = [];
  const seen = new Set<string>();
  input.items.forEach((item, index) => {
    const record = records.get(recordKey(item));
    if (!record) {
      fields[`items.${index}`] = 'Not one of your records';
      return;
    }
    if (record.protected_7332 && item.kind !== 'cfile' && item.include_protected !== true) {
      fields[`items.${index}`] =
        'Protected by 38 U.S.C. 7332: tick this record on its own to share it';
      return;
    }
    if (seen.has(recordKey(item))) return;
    seen.add(recordKey(item));
    items.push({
      kind: item.kind,
      id: item.id,
      ...(item.include_protected === true ? { include_protected: true } : {}),
    });
  });
  if (Object.keys(fields).length > 0) throw new AppError(ERR.INVALID_INPUT, { fields });
  const { token, tokenHash } = newLinkToken();
  const row = await repository.insertShare({
    ...options,
    tokenHash,
    label: input.label ?? null,
    items,
    expiresAt,
  });
  return {
    ...toShare(row, records, undefined),
    token,
    url: linkOf(options.appUrl, token),
  };
}

/** The owner's shares, newest first, each with how often it was opened. */
export async function listShares(owner: Owner): Promise<{ results: VsoShare[] }> {
  const rows = await repository.listShares(owner);
  if (rows.length === 0) return { results: [] };
  const kinds = new Set(rows.flatMap((row) => row.items.map((item) => item.kind)));
  const [records, counts] = await Promise.all([
    listShareableRecords(owner, kinds),
    repository.accessCounts({ ...owner, shareIds: rows.map((row) => row.id) }),
  ]);
  const byShare = new Map(
    counts.map((c) => [
      c.shareId,
      { total: Number(c.total), last: c.last ? new Date(c.last) : null },
    ]),
  );
  const map = recordMap(records);
  return { results: rows.map((row) => toShare(row, map, byShare.get(row.id))) };
}

/** Revokes the owner's share: the link stops at once. */
export async function revokeShare(options: Owner & { id: string }): Promise<void> {
  if (!(await repository.revokeShare(options))) throw new AppError(ERR.NOT_FOUND);
}

/** The most accesses listed at once (the newest). */
export const ACCESS_LOG_LIMIT = 500;

function toAccess(row: VsoShareAccessRow, records: Map<string, ShareableRecord>): VsoShareAccess {
  const key = row.itemKind && row.itemId ? recordKey({ kind: row.itemKind, id: row.itemId }) : '';
  return {
    id: row.id,
    share_id: row.shareId,
    accessed_at: row.accessedAt.toISOString(),
    item_kind: (row.itemKind as ShareItemKind | null) ?? null,
    item_id: row.itemId,
    item_title: records.get(key)?.title ?? null,
    ip: row.ip,
    user_agent: row.userAgent,
  };
}

/** The owner's share's access log, newest first. */
export async function listAccesses(
  options: Owner & { id: string },
): Promise<{ results: VsoShareAccess[] }> {
  const share = await repository.findShare(options);
  if (!share) throw new AppError(ERR.NOT_FOUND);
  const [rows, records] = await Promise.all([
    repository.listAccesses({ ...options, shareId: share.id, limit: ACCESS_LOG_LIMIT }),
    listShareableRecords(options, new Set(share.items.map((item) => item.kind))),
  ]);
  const map = recordMap(records);
  return { results: rows.map(({ access }) => toAccess(access, map)) };
}

/** Everything of the owner's here: the representative, the shares (no tokens) and their logs. */
export async function exportVso(owner: Owner) {
  const [representative, shares, accesses] = await Promise.all([
    findRepresentative(owner),
    repository.listShares(owner),
    repository.listAllAccesses(owner),
  ]);
  return {
    representative,
    shares: shares.map((row) => ({
      id: row.id,
      label: row.label,
      items: row.items,
      expires_at: row.expiresAt.toISOString(),
      revoked_at: row.revokedAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
    })),
    accesses: accesses.map(({ access }) => ({
      share_id: access.shareId,
      accessed_at: access.accessedAt.toISOString(),
      item_kind: access.itemKind,
      item_id: access.itemId,
      ip: access.ip,
      user_agent: access.userAgent,
    })),
  };
}

// Through the link -----------------------------------------------------------------------------

/** Who opened the link, shortened before it is stored. */
export type Visitor = { ip: string | undefined; userAgent: string | undefined };

/**
 * The network an address belongs to, not the address: an IPv4 address with its last part zeroed,
 * an IPv6 address cut to its first three groups.
 */
export function shortenIp(ip: string | undefined): string | null {
  if (!ip) return null;
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0`;
  if (ip.includes(':')) {
    const [head = ''] = ip.split('::');
    const groups = head.split(':').filter(Boolean).slice(0, 3);
    return `${groups.join(':') || '0'}::`;
  }
  return null;
}

export const USER_AGENT_MAX = 200;

async function workingShare(db: Db, token: string | undefined): Promise<VsoShareRow> {
  const tokenHash = linkTokenHashOf(token);
  if (!tokenHash) throw new AppError(ERR.NOT_FOUND);
  const share = await repository.findWorkingShare({ db, tokenHash });
  if (!share) throw new AppError(ERR.NOT_FOUND);
  return share;
}

async function logAccess(
  db: Db,
  share: VsoShareRow,
  visitor: Visitor,
  item: StoredShareItem | undefined,
) {
  await repository.insertAccess({
    db,
    shareId: share.id,
    itemKind: item?.kind ?? null,
    itemId: item?.id ?? null,
    ip: shortenIp(visitor.ip),
    userAgent: visitor.userAgent ? visitor.userAgent.slice(0, USER_AGENT_MAX) : null,
  });
}

/** What the link holds: the veteran's first name, the organisation, the expiry and the items. */
export async function viewShare(options: {
  db: Db;
  token: string | undefined;
  visitor: Visitor;
}): Promise<SharedView> {
  const share = await workingShare(options.db, options.token);
  const owner = { db: options.db, userId: share.userId };
  // Only the records the share holds are read, never the rest of the owner's.
  const [records, representative, veteranId] = await Promise.all([
    describeSharedRecords(owner, share.items),
    findRepresentative(owner),
    findPrimaryVeteranId(owner),
  ]);
  const veteran = veteranId
    ? await getVeteran({ ...owner, id: veteranId, reveal: false })
    : undefined;
  const map = recordMap(records);
  await logAccess(options.db, share, options.visitor, undefined);
  return {
    veteran_first_name: veteran?.first_name.trim() || 'The veteran',
    organization: representative?.organization ?? null,
    expires_at: share.expiresAt.toISOString(),
    items: share.items.flatMap((item) => {
      const record = map.get(recordKey(item));
      // A record gone, or protected since it was shared without its own tick, is not listed.
      if (!record) return [];
      if (record.protected_7332 && item.kind !== 'cfile' && item.include_protected !== true) {
        return [];
      }
      return [{ kind: item.kind as ShareItemKind, id: item.id, title: record.title }];
    }),
  };
}

/** One record of the link's, read-only; a record not in the share answers 404 like a bad link. */
export async function readSharedItem(options: {
  db: Db;
  storage: StorageDriver;
  token: string | undefined;
  kind: string;
  id: string;
  visitor: Visitor;
}): Promise<SharedItem> {
  const share = await workingShare(options.db, options.token);
  const item = share.items.find((entry) => entry.kind === options.kind && entry.id === options.id);
  if (!item) throw new AppError(ERR.NOT_FOUND);
  const content = await readSharedRecord({
    db: options.db,
    userId: share.userId,
    item,
    shareItems: share.items,
    shareExpiresAt: share.expiresAt,
    storage: options.storage,
  });
  await logAccess(options.db, share, options.visitor, item);
  return content;
}
