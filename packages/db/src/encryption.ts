import { getTableColumns, is, sql, type SQL } from 'drizzle-orm';
import { customType, getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/**
 * Column encryption at rest. A column declared with `encryptedText('name')` holds a sealed envelope
 * instead of its plaintext:
 *
 *   enc:v1:<keyId>:<base64 of iv(12) | tag(16) | ciphertext>
 *
 * sealed with AES-256-GCM under the key `keyId` of the application's key ring, with the column's
 * label as associated data (a value copied into another column does not open). The key ring lives
 * in the API; it hands this package a `FieldCipher` at start (`registerFieldCipher`), so the schema
 * never imports from an app and no key is ever stored in the database.
 *
 * Writing always seals under the current key. Reading opens any key the ring still holds. A value
 * that does not start with `enc:` is legacy plaintext (written before the column was encrypted):
 * it reads as is, and the rotation job seals it.
 */
export type FieldCipher = {
  /** The key new values are sealed with. */
  readonly currentKeyId: number;
  /** Whether the ring holds key `keyId`. */
  hasKey(keyId: number): boolean;
  /** AES-256-GCM under the current key: returns `iv | tag | ciphertext`. */
  seal(plaintext: Buffer, associatedData: Buffer): Buffer;
  /** Opens a value sealed by `seal` under key `keyId`; throws when it does not authenticate. */
  open(keyId: number, sealed: Buffer, associatedData: Buffer): Buffer;
};

const PREFIX = 'enc:';
const ENVELOPE = /^enc:v1:(\d{1,9}):([A-Za-z0-9+/]+={0,2})$/;

export class FieldDecryptionError extends Error {}

/**
 * Ciphers registered by running apps, newest last. A production process registers exactly one.
 * Several can be live at once only when one process hosts several apps (the test suites do):
 * writes use the newest, reads try each cipher holding the value's key id until one authenticates.
 */
const ciphers: FieldCipher[] = [];

/** Makes `cipher` the one new values are sealed with; returns a function that unregisters it. */
export function registerFieldCipher(cipher: FieldCipher): () => void {
  ciphers.push(cipher);
  return () => {
    const index = ciphers.lastIndexOf(cipher);
    if (index >= 0) ciphers.splice(index, 1);
  };
}

function currentCipher(): FieldCipher {
  const cipher = ciphers.at(-1);
  if (!cipher) throw new Error('no field cipher registered: encrypted columns cannot be written');
  return cipher;
}

/** Seals `plaintext` for the column labelled `label`. */
export function sealField(plaintext: string, label: string): string {
  const cipher = currentCipher();
  const sealed = cipher.seal(Buffer.from(plaintext, 'utf8'), Buffer.from(label, 'utf8'));
  return `${PREFIX}v1:${cipher.currentKeyId}:${sealed.toString('base64')}`;
}

/** Opens a stored value of the column labelled `label` (legacy plaintext reads as is). */
export function openField(stored: string, label: string): string {
  if (!stored.startsWith(PREFIX)) return stored;
  const match = ENVELOPE.exec(stored);
  if (!match) throw new FieldDecryptionError(`malformed encrypted value in ${label}`);
  const keyId = Number(match[1]);
  const sealed = Buffer.from(match[2]!, 'base64');
  const aad = Buffer.from(label, 'utf8');
  const holders = ciphers.filter((c) => c.hasKey(keyId)).reverse();
  if (holders.length === 0) {
    throw new FieldDecryptionError(`no key ${keyId} in the key ring for ${label}`);
  }
  for (const cipher of holders) {
    try {
      return cipher.open(keyId, sealed, aad).toString('utf8');
    } catch {
      // Another registered ring may hold a different key under the same id; try it.
    }
  }
  throw new FieldDecryptionError(`encrypted value in ${label} does not authenticate`);
}

/** The key id a stored value was sealed with; null for legacy plaintext. */
export function fieldKeyId(stored: string): number | null {
  if (!stored.startsWith(PREFIX)) return null;
  const match = ENVELOPE.exec(stored);
  return match ? Number(match[1]) : null;
}

/** The custom-type parameters of every encrypted column, with the column's label. */
const encryptedParams = new WeakMap<object, string>();

/**
 * A text column stored encrypted. Use it for every medical narrative and every identifying field
 * (names, contact details, statements, letter text, file numbers, dates of birth, addresses).
 * Encrypted columns cannot be searched, sorted or indexed by content: short labels that lists and
 * search need (condition names, document names) stay plain `text`. Thread titles are encrypted
 * even so, because the chat names a thread with the start of the veteran's first message; the
 * palette matches them after reading the owner's latest threads.
 *
 * `label` binds values to the column (associated data). It defaults to the column name; when a
 * column is renamed, pass the old name as `label` so existing values still open.
 * A structured value (a date, an address) is stored as its JSON or ISO text.
 * A SQL default cannot be encrypted: give such a column `.$defaultFn(() => …)` instead.
 */
export function encryptedText(name: string, options: { label?: string } = {}) {
  const label = options.label ?? name;
  const params = {
    dataType: () => 'text',
    toDriver: (value: string) => sealField(value, label),
    fromDriver: (value: string) => openField(value, label),
  };
  encryptedParams.set(params, label);
  return customType<{ data: string; driverData: string }>(params)(name);
}

type EncryptedColumn = {
  table: PgTable;
  tableName: string;
  column: PgColumn;
  columnName: string;
  label: string;
};

function encryptedLabel(column: PgColumn): string | undefined {
  // drizzle keeps a custom column's type parameters on its config; ours are registered above.
  const params = (column as unknown as { config: { customTypeParams?: object } }).config
    .customTypeParams;
  return params ? encryptedParams.get(params) : undefined;
}

/** Every encrypted column of every table in `schema` (a module namespace of tables and more). */
export function findEncryptedColumns(schema: Record<string, unknown>): EncryptedColumn[] {
  const found: EncryptedColumn[] = [];
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    for (const column of Object.values(getTableColumns(value)) as PgColumn[]) {
      const label = encryptedLabel(column);
      if (label === undefined) continue;
      found.push({ table: value, tableName: config.name, column, columnName: column.name, label });
    }
  }
  return found;
}

export type RotationResult = { table: string; column: string; rewritten: number }[];

/**
 * Re-seals, under the current key, every value of every encrypted column that is legacy plaintext
 * or sealed under an older key. Works in batches by ctid order; each row is updated only if its
 * value is still the one read (a concurrent write wins), so a rerun, a retry or two runners at
 * once are harmless.
 */
export async function rotateEncryptedColumns(
  db: Db,
  schema: Record<string, unknown>,
  options: { batchSize?: number; onBatch?: () => Promise<void> } = {},
): Promise<RotationResult> {
  const batchSize = options.batchSize ?? 500;
  const current = currentCipher().currentKeyId;
  const prefix = `${PREFIX}v1:${current}:`;
  const result: RotationResult = [];
  for (const target of findEncryptedColumns(schema)) {
    const table = sql.identifier(target.tableName);
    const column = sql.identifier(target.columnName);
    let rewritten = 0;
    let after: string | null = null;
    for (;;) {
      const cursor: SQL = after === null ? sql`true` : sql`ctid > ${after}::tid`;
      const rows = await db.execute<{ ctid: string; value: string }>(
        sql`SELECT ctid::text AS ctid, ${column} AS value FROM ${table}
            WHERE ${cursor} AND ${column} IS NOT NULL
            ORDER BY ctid LIMIT ${batchSize}`,
      );
      if (rows.rows.length === 0) break;
      for (const row of rows.rows) {
        if (row.value.startsWith(prefix)) continue;
        const resealed = sealField(openField(row.value, target.label), target.label);
        // By row position and old value: a row changed since it was read is left for the next run.
        const updated = await db.execute(
          sql`UPDATE ${table} SET ${column} = ${resealed}
              WHERE ctid = ${row.ctid}::tid AND ${column} = ${row.value}`,
        );
        rewritten += updated.rowCount ?? 0;
      }
      after = rows.rows.at(-1)!.ctid;
      await options.onBatch?.();
    }
    result.push({ table: target.tableName, column: target.columnName, rewritten });
  }
  return result;
}

/**
 * How many values of encrypted columns are still plaintext or under a key other than the current
 * one (a writer still running with an older key ring adds them after a sweep).
 */
export async function countStaleEncryptedValues(
  db: Db,
  schema: Record<string, unknown>,
): Promise<number> {
  const prefix = `${PREFIX}v1:${currentCipher().currentKeyId}:`;
  let stale = 0;
  for (const target of findEncryptedColumns(schema)) {
    const column = sql.identifier(target.columnName);
    const rows = await db.execute<{ count: string }>(
      sql`SELECT count(*) AS count FROM ${sql.identifier(target.tableName)}
          WHERE ${column} IS NOT NULL AND left(${column}, ${prefix.length}) <> ${prefix}`,
    );
    stale += Number(rows.rows[0]?.count ?? 0);
  }
  return stale;
}
