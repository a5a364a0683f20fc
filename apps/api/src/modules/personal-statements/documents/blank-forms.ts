import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The blank VA forms, read from the shared data folder once per process and kept as bytes (each
 * fill parses its own copy, so fills never share state).
 */

export const BLANK_FORM_FILES = {
  'va-21-4138': 'vets-api/pdfs/vba_21_4138.pdf',
  'va-21-0781': 'vets-api/pdfs/21-0781V2.pdf',
} as const;
export type BlankFormName = keyof typeof BLANK_FORM_FILES;

/** The repository root (apps/api/src/modules/personal-statements/documents is six levels down). */
const REPOSITORY_ROOT = fileURLToPath(new URL('../../../../../../', import.meta.url));

/**
 * The shared data folder: MUSTER_SHARED_DATA_DIR, else `../shared/data` beside the repository
 * (where the domain package's importers read it from too).
 */
export function defaultSharedDataDir(): string {
  // eslint-disable-next-line no-restricted-properties -- TODO: move MUSTER_SHARED_DATA_DIR into config/env.ts and pass it in (config is outside this module).
  const fromEnvironment = process.env.MUSTER_SHARED_DATA_DIR;
  return fromEnvironment || path.resolve(REPOSITORY_ROOT, '../shared/data');
}

const cache = new Map<string, Promise<Uint8Array>>();

/** The bytes of a blank form; read once per folder and name, and read again after a failed read. */
export function loadBlankForm(
  name: BlankFormName,
  sharedDataDir: string = defaultSharedDataDir(),
): Promise<Uint8Array> {
  const file = path.join(sharedDataDir, BLANK_FORM_FILES[name]);
  let bytes = cache.get(file);
  if (!bytes) {
    bytes = readFile(file).then(
      (buffer) => new Uint8Array(buffer),
      (error: unknown) => {
        cache.delete(file);
        throw new Error(`The blank ${name} form could not be read from ${file}`, { cause: error });
      },
    );
    cache.set(file, bytes);
  }
  return bytes;
}
