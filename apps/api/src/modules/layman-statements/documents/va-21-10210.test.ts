import { describe, expect, it } from 'vitest';
import {
  expectWordsInOrder,
  loadPdf,
  longStatement,
  pdfPageTexts,
  wordsOf,
} from '#src/lib/pdf-forms/test-support.ts';
import type { LayStatementDocumentInput } from './types.ts';
import {
  CONTINUED_NOTE,
  VA_21_10210_CONTINUATION_TITLE,
  VA_21_10210_FIELDS as F,
  VA_21_10210_SIGNATURE_FIELDS,
  fillVa2110210,
  relationshipKind,
  splitName,
  statementText,
} from './va-21-10210.ts';

const INPUT: LayStatementDocumentInput = {
  veteran: {
    first_name: 'Christopher',
    middle_name: 'Quentin',
    last_name: 'Montgomery',
    ssn: '123-45-6789',
    va_file_number: null,
    date_of_birth: '1979-02-03',
    address: null,
    phone: null,
    email: 'chris@example.com',
  },
  condition: 'PTSD',
  witness: {
    name: 'Dana Lee',
    relationship: 'spouse',
    address: null,
    phone: '+44 20 7946 0958',
    email: null,
    knownSince: null,
  },
  statement: 'I have seen him wake from nightmares.',
  signature: 'Dana Lee',
  certifiedAt: new Date('2026-11-02T15:00:00Z'),
};

describe('VA Form 21-10210', () => {
  it('files a relationship in the veteran’s words under item 19’s boxes', () => {
    expect(relationshipKind('Served with him in 2nd Platoon')).toBe('served-with');
    expect(relationshipKind('my husband')).toBe('family-or-friend');
    expect(relationshipKind('his supervisor at the depot')).toBe('coworker');
    expect(relationshipKind('pastor')).toBe('other');
  });

  it('splits a name into first, middle initial and last', () => {
    expect(splitName('Dana Lee')).toEqual({ first: 'Dana', middle: '', last: 'Lee' });
    expect(splitName('  ana maria de la cruz ')).toEqual({
      first: 'ana',
      middle: 'M',
      last: 'cruz',
    });
    expect(splitName('Cher')).toEqual({ first: 'Cher', middle: '', last: '' });
  });

  it('fills the veteran and the witness; other relationship and international phone as written; signature left empty', async () => {
    const doc = await loadPdf(
      await fillVa2110210({ ...INPUT, witness: { ...INPUT.witness, relationship: 'pastor' } }),
    );
    const form = doc.getForm();
    const text = (name: string) => form.getTextField(name).getText() ?? '';
    expect(text(F.firstName)).toBe('Christopher');
    expect(text(F.middleInitial)).toBe('Q');
    expect(text(F.page2SsnLast)).toBe('6789');
    expect(text(F.email1) + text(F.email2)).toBe('chris@example.com');
    expect(form.getCheckBox(F.other).isChecked()).toBe(true);
    expect(text(F.otherText)).toBe('pastor');
    expect(text(F.witnessInternationalPhone)).toBe('+44 20 7946 0958');
    expect(text(F.witnessPhoneArea)).toBe('');
    for (const name of VA_21_10210_SIGNATURE_FIELDS.slice(1)) expect(text(name)).toBe('');
    expect(text(F.statement2)).toBe('');
    expect(doc.getPageCount()).toBe(3);
  });

  it('continues a long statement from page 2 to page 3 to attached pages, every word in order', async () => {
    const input = { ...INPUT, statement: longStatement(15_000) };
    const bytes = await fillVa2110210(input);
    const doc = await loadPdf(bytes);
    const form = doc.getForm();
    const first = form.getTextField(F.statement1).getText() ?? '';
    const second = form.getTextField(F.statement2).getText() ?? '';
    expect(second.endsWith(`\n\n${CONTINUED_NOTE}`)).toBe(true);
    const pages = await pdfPageTexts(bytes);
    const attached = pages.slice(3);
    expect(attached.length).toBeGreaterThan(0);
    for (const page of attached) expect(page).toContain(VA_21_10210_CONTINUATION_TITLE);
    const boxes = `${first}\n${second.replace(CONTINUED_NOTE, '')}`;
    const all = wordsOf(statementText(input));
    expect(wordsOf(boxes)).toEqual(all.slice(0, wordsOf(boxes).length));
    expectWordsInOrder(`${boxes}\n${attached.join('\n')}`, statementText(input));
  });
});
