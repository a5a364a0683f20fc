/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import {
  createDocumentInputSchema,
  documentTypeLabel,
  extensionOf,
  updateDocumentInputSchema,
  VA_DOCUMENT_TYPES,
} from './documents.ts';

/** VA.gov's published constants, beside the repository; a machine without them skips the check. */
const CONSTANTS: Record<string, string> = import.meta.glob(
  '../../../../shared/data/vets-json-schema/constants.json',
  { query: '?raw', import: 'default', eager: true },
);
const constants = Object.values(CONSTANTS)[0];

describe('[CONTRACT][DOCUMENTS]', () => {
  it.skipIf(constants === undefined)(
    '[CONTRACT]: the document types are VA.gov’s 526 evidence types, code for code',
    () => {
      const published = (
        JSON.parse(constants!) as { documentTypes526: { value: string; label: string }[] }
      ).documentTypes526;
      expect(VA_DOCUMENT_TYPES.map((t) => ({ value: t.code, label: t.label }))).toEqual(published);
    },
  );

  it('[CONTRACT]: a document name is one line and never a path', () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const name of [
      '../etc/passwd',
      'a/b.pdf',
      'a\\b.pdf',
      '.',
      '..',
      'a\nb',
      '',
      'x'.repeat(256),
    ]) {
      expect(createDocumentInputSchema.safeParse({ file_id: id, name }).success, name).toBe(false);
    }
    expect(createDocumentInputSchema.parse({ file_id: id, name: ' DD-214 (2004).pdf ' }).name).toBe(
      'DD-214 (2004).pdf',
    );
    expect(updateDocumentInputSchema.safeParse({}).success).toBe(false);
    expect(updateDocumentInputSchema.safeParse({ doc_type: 'L999' }).success).toBe(false);
    expect(updateDocumentInputSchema.parse({ doc_type: null })).toEqual({ doc_type: null });
  });

  it('[CONTRACT]: extensions and labels', () => {
    expect(extensionOf('Rating Decision.PDF')).toBe('pdf');
    expect(extensionOf('scan.tar.gz')).toBe('gz');
    expect(extensionOf('README')).toBe('');
    expect(documentTypeLabel('L029')).toBe('Copy of a DD214');
    expect(documentTypeLabel(null)).toBeNull();
  });
});
