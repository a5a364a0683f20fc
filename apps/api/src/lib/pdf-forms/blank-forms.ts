import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { RUNTIME_FILES } from '../runtime-files.ts';

/**
 * The blank VA forms, kept in the repository (`apps/api/assets/va-forms`, with their sources and
 * checksums), read once per process and kept as bytes (each fill parses its own copy, so fills
 * never share state).
 */

export const BLANK_FORM_FILES = {
  'va-21-4138': 'vba_21_4138.pdf',
  'va-21-0781': '21-0781V2.pdf',
  'va-20-0995': '200995_v4.pdf',
  'va-20-0996': '200996_v4.pdf',
  'va-10182': '10182_v3.pdf',
  'va-21-10210': 'vba_21_10210.pdf',
  'va-21-0966': 'vba_21_0966.pdf',
  'va-21-526ez': '21-526EZ.pdf',
} as const;
export type BlankFormName = keyof typeof BLANK_FORM_FILES;

/** Where the blank forms are (apps/api/assets/va-forms). */
export const BLANK_FORMS_DIR = RUNTIME_FILES.vaForms;

const cache = new Map<string, Promise<Uint8Array>>();

/** The bytes of a blank form; read once per folder and name, and read again after a failed read. */
export function loadBlankForm(
  name: BlankFormName,
  folder: string = BLANK_FORMS_DIR,
): Promise<Uint8Array> {
  const file = path.join(folder, BLANK_FORM_FILES[name]);
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
