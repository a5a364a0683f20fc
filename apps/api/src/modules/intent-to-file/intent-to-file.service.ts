import { z } from 'zod';
import { ERR } from '@muster/contract/errors';
import type { IntentToFile, IntentToFileState } from '@muster/contract/intent-to-file';
import { VA_NOT_CONNECTED_DETAIL, VA_UNAVAILABLE_DETAIL } from '@muster/contract/va-integrations';
import type { Db } from '@muster/db/client';
import type { IntentToFileRow } from '@muster/db/schema/index';
import type { VaConfig } from '#src/config/env.ts';
import { AppError } from '#src/lib/errors.ts';
import {
  callLighthouse,
  isBenefitClaimsConnected,
} from '#src/modules/va-integrations/va-integrations.service.ts';
import { requireVaConfig, type VaLogger } from '#src/modules/va-integrations/lighthouse-client.ts';
import {
  claimFilingLease,
  findIntentToFile,
  listIntentToFiles,
  markIntentToFileUsed,
  releaseFilingLease,
  storeIntentToFile,
  type VaIntentToFile,
} from './intent-to-file.repository.ts';

/**
 * Intent to File (21-0966) for compensation through Lighthouse Benefits Claims v2:
 * `GET /veterans/{icn}/intent-to-file/compensation` (VA's active one, 404 when none) and
 * `POST /veterans/{icn}/intent-to-file`. Filing first asks VA for an active one and files only when
 * there is none, under a per-user lease (a row of `intent_to_files`), so retries and concurrent
 * requests file once; no transaction is held while VA answers.
 */

const TYPE = 'compensation';

type Options = { db: Db; va: VaConfig | undefined; log: VaLogger; userId: string };

/** VA's answer for one intent to file (Benefits Claims v2, `data.attributes`). */
const vaAnswerSchema = z.object({
  data: z.object({
    id: z.string().min(1).max(64),
    attributes: z.object({
      creationDate: z.string().max(40),
      expirationDate: z.string().max(40),
      status: z.string().max(40),
    }),
  }),
});

function fromVa(body: unknown): VaIntentToFile {
  const parsed = vaAnswerSchema.safeParse(body);
  if (!parsed.success) {
    throw new AppError(ERR.BAD_GATEWAY, { detail: VA_UNAVAILABLE_DETAIL });
  }
  const { id, attributes } = parsed.data.data;
  return {
    intentFileId: id,
    status: attributes.status,
    creationDate: attributes.creationDate,
    expirationDate: attributes.expirationDate,
  };
}

/** `YYYY-MM-DD` expires at the end of that day (UTC); a date-time at that instant. */
export function isUnexpired(expirationDate: string, now = Date.now()): boolean {
  const end = /^\d{4}-\d{2}-\d{2}$/.test(expirationDate)
    ? Date.parse(`${expirationDate}T23:59:59.999Z`)
    : Date.parse(expirationDate);
  return Number.isFinite(end) && end > now;
}

function toContract(record: VaIntentToFile, updatedAt: Date): IntentToFile {
  return {
    intent_file_id: record.intentFileId,
    type: TYPE,
    status: record.status,
    creation_date: record.creationDate,
    expiration_date: record.expirationDate,
    is_active: record.status.toLowerCase() === 'active' && isUnexpired(record.expirationDate),
    updated_at: updatedAt.toISOString(),
  };
}

function rowToContract(row: IntentToFileRow | undefined): IntentToFile | null {
  if (!row?.intentFileId || !row.status || !row.creationDate || !row.expirationDate) return null;
  return toContract(
    {
      intentFileId: row.intentFileId,
      status: row.status,
      creationDate: row.creationDate,
      expirationDate: row.expirationDate,
    },
    row.updatedAt,
  );
}

/** VA's active compensation intent to file, or null when VA has none. */
async function fetchActive(options: Options): Promise<VaIntentToFile | null> {
  const answer = await callLighthouse({
    ...options,
    service: 'benefit-claims',
    method: 'GET',
    path: `/veterans/{icn}/intent-to-file/${TYPE}`,
    accept: [404],
  });
  if (answer.status === 404) return null;
  return fromVa(answer.body);
}

function stateOf(
  local: IntentToFile | null,
  vaActive: IntentToFile | null,
  connected: boolean,
  configured = true,
): IntentToFileState {
  return {
    va_configured: configured,
    intent_to_file: local,
    va_active: vaActive,
    va_connected: connected,
    can_access_526ez: connected && vaActive?.is_active === true,
  };
}

/**
 * The local record, VA's active one (asked each time while connected, and stored), and whether
 * the 526EZ may be started.
 */
export async function getIntentToFileState(options: Options): Promise<IntentToFileState> {
  const owner = { db: options.db, userId: options.userId, type: TYPE };
  // Reading where things stand needs nothing of VA: a server without VA.gov says so in the answer
  // (the pages offer the paper form), and only what would reach VA answers 503.
  if (!options.va) {
    return stateOf(rowToContract(await findIntentToFile(owner)), null, false, false);
  }
  if (!(await isBenefitClaimsConnected(options))) {
    return stateOf(rowToContract(await findIntentToFile(owner)), null, false);
  }
  const active = await fetchActive(options);
  if (!active) return stateOf(rowToContract(await findIntentToFile(owner)), null, true);
  const row = await storeIntentToFile({ ...owner, record: active, release: false });
  const stored = rowToContract(row);
  return stateOf(stored, stored, true);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Files a compensation intent to file unless VA already has an active one. `created` is true when
 * VA filed a new one. Concurrent calls for one user take turns through the filing lease: the one
 * that waited then finds the other's intent active at VA and files nothing.
 */
export async function fileIntentToFile(
  options: Options,
): Promise<{ state: IntentToFileState; created: boolean }> {
  const va = requireVaConfig(options.va);
  if (!(await isBenefitClaimsConnected(options))) {
    throw new AppError(ERR.ACCESS_DENIED, { detail: VA_NOT_CONNECTED_DETAIL });
  }
  const owner = { db: options.db, userId: options.userId, type: TYPE };
  // Long enough for a refresh and three calls to VA; a crashed holder's lease lapses after it.
  const leaseMs = 4 * va.timeoutMs + 5_000;
  const deadline = Date.now() + leaseMs;
  for (;;) {
    if (await claimFilingLease({ ...owner, leaseMs })) break;
    if (Date.now() > deadline) {
      throw new AppError(ERR.CONFLICT, {
        detail: 'An intent to file is being filed for you already. Please try again shortly.',
      });
    }
    await sleep(150);
  }
  try {
    const active = await fetchActive(options);
    if (active) {
      const row = await storeIntentToFile({ ...owner, record: active, release: true });
      const stored = rowToContract(row);
      return { state: stateOf(stored, stored, true), created: false };
    }
    const answer = await callLighthouse({
      ...options,
      service: 'benefit-claims',
      method: 'POST',
      path: '/veterans/{icn}/intent-to-file',
      body: { data: { type: 'intent_to_file', attributes: { type: TYPE } } },
    });
    const row = await storeIntentToFile({ ...owner, record: fromVa(answer.body), release: true });
    const stored = rowToContract(row);
    return { state: stateOf(stored, stored?.is_active ? stored : null, true), created: true };
  } finally {
    // Stored answers released it already; after a failure this lets the next request try.
    await releaseFilingLease(owner);
  }
}

/** The owner's intent-to-file records (the account export). */
export async function exportIntentToFiles(options: { db: Db; userId: string }) {
  const rows = await listIntentToFiles(options);
  return rows.flatMap((row) => {
    const record = rowToContract(row);
    return record ? [record] : [];
  });
}

/** A compensation claim was filed with VA: the intent to file it relied on is used up. */
export async function intentToFileUsed(options: { db: Db; userId: string }): Promise<void> {
  await markIntentToFileUsed({ ...options, type: TYPE });
}
