import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BLANK_FORM_FILES, BLANK_FORMS_DIR, loadBlankForm } from './blank-forms.ts';
import { openBlankForm } from './form-fields.ts';

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** The reference copies beside the repository, when that folder is there. */
const SHARED_PDFS = fileURLToPath(
  new URL('../../../../../../shared/data/vets-api/pdfs/', import.meta.url),
);

describe('blank forms', () => {
  it('are the files the assets README lists, unchanged, and the same as the reference copies', () => {
    const readme = readFileSync(path.join(BLANK_FORMS_DIR, 'README.md'), 'utf8');
    for (const file of Object.values(BLANK_FORM_FILES)) {
      const digest = sha256(path.join(BLANK_FORMS_DIR, file));
      expect(readme).toMatch(new RegExp(`^\\| \`${file.replaceAll('.', '\\.')}\` +\\|`, 'm'));
      expect(readme).toContain(digest);
      const reference = path.join(SHARED_PDFS, file);
      if (existsSync(reference)) expect(sha256(reference)).toBe(digest);
    }
  });

  it('reads each blank form once', async () => {
    const first = await loadBlankForm('va-21-0781');
    expect(await loadBlankForm('va-21-0781')).toBe(first);
    expect(Buffer.from(first.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  });

  it('fails with the form and the folder named when the folder is missing', async () => {
    await expect(openBlankForm('va-21-4138', { formsDir: '/nonexistent-forms' })).rejects.toThrow(
      'The blank va-21-4138 form could not be read from /nonexistent-forms/vba_21_4138.pdf',
    );
  });
});
