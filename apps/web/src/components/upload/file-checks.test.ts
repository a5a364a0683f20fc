import { describe, expect, it } from 'vitest';

import { acceptAttribute, checkFile, contentTypeOf, describeAccepted } from './file-checks';

const MB = 1024 * 1024;
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('contentTypeOf', () => {
  it('keeps the browser’s type, lower case, without parameters', () => {
    expect(contentTypeOf({ name: 'a.pdf', size: 1, type: 'Application/PDF' })).toBe(
      'application/pdf',
    );
    expect(contentTypeOf({ name: 'a.txt', size: 1, type: 'text/plain;charset=utf-8' })).toBe(
      'text/plain',
    );
  });

  it('falls back on the extension when the browser says nothing useful', () => {
    expect(contentTypeOf({ name: 'photo.HEIC', size: 1, type: '' })).toBe('image/heic');
    expect(contentTypeOf({ name: 'notes.docx', size: 1, type: 'application/octet-stream' })).toBe(
      DOCX,
    );
    expect(contentTypeOf({ name: 'archive', size: 1, type: '' })).toBe('');
  });
});

describe('checkFile', () => {
  // The API's own words for the same refusals (storage service).
  it('refuses a file over the kind’s size as the API would', () => {
    expect(
      checkFile({ name: 'big.pdf', size: 500 * MB + 1, type: 'application/pdf' }, 'document'),
    ).toBe('document files can be at most 500 MB');
    expect(
      checkFile({ name: 'big.pdf', size: 50 * MB + 1, type: 'application/pdf' }, 'decision-letter'),
    ).toBe('decision-letter files can be at most 50 MB');
  });

  it('refuses a type the kind does not take, listing the accepted ones as the API does', () => {
    expect(checkFile({ name: 'a.zip', size: 10, type: 'application/zip' }, 'document')).toBe(
      `document files must be one of: application/pdf, image/jpeg, image/png, image/webp, image/heic, ${DOCX}, text/plain`,
    );
    expect(checkFile({ name: 'a.png', size: 10, type: 'image/png' }, 'c-file')).toBe(
      'c-file files must be one of: application/pdf',
    );
  });

  it('refuses an empty file', () => {
    expect(checkFile({ name: 'a.pdf', size: 0, type: 'application/pdf' }, 'document')).toBe(
      'The file is empty',
    );
  });

  it('accepts a file within the limits', () => {
    expect(checkFile({ name: 'dd214.pdf', size: 10, type: 'application/pdf' }, 'document')).toBe(
      null,
    );
    expect(checkFile({ name: 'scan.jpg', size: 10, type: '' }, 'decision-letter')).toBe(null);
  });
});

describe('the picker', () => {
  it('accepts the kind’s types and their extensions', () => {
    expect(acceptAttribute('decision-letter')).toBe(
      'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png',
    );
  });

  it('says what it accepts in words', () => {
    expect(describeAccepted('decision-letter')).toBe('PDF, JPEG or PNG, up to 50 MB');
    expect(describeAccepted('c-file')).toBe('PDF, up to 500 MB');
  });

  it('takes a rule of its own for an upload that is not one of the kinds', () => {
    const rule = { name: 'Signed letter', maxBytes: 2 * MB, types: ['application/pdf'] };
    expect(describeAccepted(rule)).toBe('PDF, up to 2 MB');
    expect(acceptAttribute(rule)).toBe('application/pdf,.pdf');
    expect(checkFile({ name: 'a.png', size: 10, type: 'image/png' }, rule)).toBe(
      'Signed letter files must be one of: application/pdf',
    );
    expect(checkFile({ name: 'a.pdf', size: 2 * MB + 1, type: 'application/pdf' }, rule)).toBe(
      'Signed letter files can be at most 2 MB',
    );
  });
});
