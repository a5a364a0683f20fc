import type { UploadGrant } from '@muster/contract/storage';

/**
 * The arithmetic of an upload, free of the network: which bytes each signed URL takes, how far the
 * whole file has gone, which parts are still to send, whether a file picked again is the one that
 * was interrupted, and whether a grant's links still work.
 */

/** One PUT of the upload: the file's bytes `[start, end)` go to `url`. */
export type PartPlan = { partNumber: number; start: number; end: number; url: string };

/** The grant's fields that say where the bytes go. */
export type GrantTargets = Pick<UploadGrant, 'method' | 'url' | 'part_size' | 'parts'>;

/** A grant's links stop working a little early here, so no part starts with a link about to expire. */
export const GRANT_EXPIRY_MARGIN_MS = 60_000;

/** Thrown when a grant cannot carry the file (a programming or contract error, never the user's). */
export class UploadPlanError extends Error {
  override readonly name = 'UploadPlanError';
}

/**
 * The PUTs that carry a file of `size` bytes: the whole file to the one URL, or each part of
 * `part_size` bytes (the last one shorter) to its own URL, in part order.
 */
export function planParts(size: number, grant: GrantTargets): PartPlan[] {
  if (grant.method === 'single') {
    if (!grant.url) throw new UploadPlanError('A single upload needs its URL.');
    return [{ partNumber: 1, start: 0, end: size, url: grant.url }];
  }
  const partSize = grant.part_size;
  const parts = [...(grant.parts ?? [])].sort((a, b) => a.part_number - b.part_number);
  if (!partSize || partSize <= 0)
    throw new UploadPlanError('A multipart upload needs a part size.');
  const expected = Math.ceil(size / partSize);
  const numbersMatch = parts.every((part, index) => part.part_number === index + 1);
  if (parts.length !== expected || !numbersMatch) {
    throw new UploadPlanError(`Expected parts 1 to ${expected} for ${size} bytes.`);
  }
  return parts.map((part) => ({
    partNumber: part.part_number,
    start: (part.part_number - 1) * partSize,
    end: Math.min(part.part_number * partSize, size),
    url: part.url,
  }));
}

/** The parts that have no ETag yet: what is left to send. */
export function remainingParts(
  parts: readonly PartPlan[],
  etags: Readonly<Record<number, string>>,
): PartPlan[] {
  return parts.filter((part) => etags[part.partNumber] === undefined);
}

export type UploadProgress = { loaded: number; total: number; percent: number };

/**
 * How far the whole file has gone: finished parts count in full, parts on their way count the
 * bytes sent so far. The percentage is rounded down, so 100 means every part is finished.
 */
export function aggregateProgress(
  parts: readonly PartPlan[],
  etags: Readonly<Record<number, string>>,
  sending: ReadonlyMap<number, number>,
): UploadProgress {
  let total = 0;
  let loaded = 0;
  for (const part of parts) {
    const size = part.end - part.start;
    total += size;
    if (etags[part.partNumber] !== undefined) loaded += size;
    else loaded += Math.min(Math.max(sending.get(part.partNumber) ?? 0, 0), size);
  }
  const percent = total === 0 ? 0 : Math.floor((loaded * 100) / total);
  return { loaded, total, percent };
}

/** What identifies a picked file across a reload (the browser gives no stable path). */
export type FileIdentity = { name: string; size: number; lastModified: number };

/** Whether `picked` is the file whose upload was interrupted: same name, size and change time. */
export function isSameFile(expected: FileIdentity, picked: FileIdentity): boolean {
  return (
    expected.name === picked.name &&
    expected.size === picked.size &&
    expected.lastModified === picked.lastModified
  );
}

/** Whether a grant's links have expired, or will before a part could finish. */
export function isGrantExpired(
  expiresAt: string,
  now: number = Date.now(),
  marginMs: number = GRANT_EXPIRY_MARGIN_MS,
): boolean {
  const expires = Date.parse(expiresAt);
  return Number.isNaN(expires) || expires - marginMs <= now;
}
