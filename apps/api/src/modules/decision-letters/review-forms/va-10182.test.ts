import { StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { loadPdf, pdfPageTexts } from '#src/lib/pdf-forms/test-support.ts';
import { textWidth } from '#src/lib/pdf-forms/text-layout.ts';
import { BOARD_DOCKETS, ISSUE_CONTINUED } from './review-form.ts';
import {
  ISSUES,
  LONG_CONDITION,
  VETERAN,
  expectDrawnInside,
  expectUnsigned,
  filledFields,
  manyIssues,
  text,
} from './test-support.ts';
import {
  VA_10182_CONTINUATION_TITLE,
  VA_10182_DOCKET_BOXES,
  VA_10182_FIELDS as F,
  VA_10182_FONT_SIZE,
  VA_10182_ISSUE_ROWS as ROWS,
  VA_10182_SIGNATURE_FIELDS,
  fillVa10182,
} from './va-10182.ts';

const checkedBoxes = async (bytes: Uint8Array) =>
  [...filledFields(await loadPdf(bytes))]
    .filter(([, value]) => value === 'checked')
    .map(([name]) => name);

describe('fillVa10182', () => {
  it('fills Part I from the veteran record, each item whole in its one box', async () => {
    const doc = await loadPdf(
      await fillVa10182({ veteran: VETERAN, issues: ISSUES, docket: null }),
    );
    expect(text(doc, F.name)).toBe('Christopher-Alexander Q. Montgomery-Wellington III');
    expect(text(doc, F.fileNumber)).toBe('87654321');
    expect(text(doc, F.dateOfBirth)).toBe('03/04/1970');
    expect(text(doc, F.address)).toBe(
      '1234 Veterans Memorial Hwy, Apt 4B\nFayetteville, NC 28301-1234\nUSA',
    );
    expect(text(doc, F.phone)).toBe('(910) 555-1234');
    expect(text(doc, F.email)).toBe('chris.mw@example.com');
    // The long name is drawn smaller rather than cut: it fits its box at the size set on it.
    const name = doc.getForm().getTextField(F.name);
    const size = Number(/([\d.]+) Tf/.exec(name.acroField.getDefaultAppearance() ?? '')?.[1]);
    const box = name.acroField.getWidgets()[0]?.getRectangle();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    expect(size).toBeLessThanOrEqual(11);
    expect(textWidth(font, text(doc, F.name), size)).toBeLessThan((box?.width ?? 0) - 4);
    // Nothing for a claimant, a representative, the hearing type; nothing signed.
    for (const field of filledFields(doc).keys()) {
      expect(field).not.toMatch(/Claimant|DateSigned\[[12]\]|PreferredE_MailAddress\[1\]/);
    }
    expectUnsigned(doc, VA_10182_SIGNATURE_FIELDS);
  });

  it('writes the SSN as the file number when the record holds no VA file number', async () => {
    const veteran = { ...VETERAN, va_file_number: null };
    const doc = await loadPdf(await fillVa10182({ veteran, issues: ISSUES, docket: null }));
    expect(text(doc, F.fileNumber)).toBe('123456789');
  });

  it('leaves the docket to the veteran unless one is given, then checks that box alone', async () => {
    expect(
      await checkedBoxes(await fillVa10182({ veteran: VETERAN, issues: ISSUES, docket: null })),
    ).toEqual([]);
    for (const docket of BOARD_DOCKETS) {
      const bytes = await fillVa10182({ veteran: VETERAN, issues: ISSUES, docket });
      expect(await checkedBoxes(bytes)).toEqual([VA_10182_DOCKET_BOXES[docket]]);
    }
  });

  it('lists the issues in Part III with the date of decision as VA writes dates', async () => {
    const doc = await loadPdf(
      await fillVa10182({ veteran: VETERAN, issues: ISSUES, docket: null }),
    );
    expect(text(doc, ROWS[0]?.issue ?? '')).toBe('post traumatic stress disorder');
    expect(text(doc, ROWS[0]?.date.whole ?? '')).toBe('06/14/2023');
    expect(text(doc, ROWS[1]?.issue ?? '')).toBe('right shoulder strain');
    expect(text(doc, ROWS[1]?.date.whole ?? '')).toBe('06/14/2023');
    expect(text(doc, ROWS[2]?.issue ?? '')).toBe('');
    expect(doc.getPageCount()).toBe(3);
  });

  it('attaches issues past the five rows and a long one whole, and checks box 11C', async () => {
    const issues = manyIssues(7);
    issues[0] = { condition: LONG_CONDITION, decisionDate: '2023-06-14' };
    const bytes = await fillVa10182({ veteran: VETERAN, issues, docket: 'direct' });
    const doc = await loadPdf(bytes);
    expect(text(doc, ROWS[0]?.issue ?? '').endsWith(`… ${ISSUE_CONTINUED}`)).toBe(true);
    await expectDrawnInside(doc, ROWS[0]?.issue ?? '', VA_10182_FONT_SIZE);
    expect(text(doc, ROWS[4]?.issue ?? '')).toBe('condition 5');
    expect(await checkedBoxes(bytes)).toEqual([VA_10182_DOCKET_BOXES.direct, F.additionalSheets]);
    const pages = await pdfPageTexts(bytes);
    expect(pages).toHaveLength(4);
    const attached = (pages[3] ?? '').replace(/\s+/g, ' ');
    expect(attached).toContain(VA_10182_CONTINUATION_TITLE);
    // VA asks for the veteran's last name and file number on every additional sheet.
    expect(attached).toContain('Montgomery-Wellington III · VA file number: 87654321');
    expect(attached).toContain(`Issue 1: ${LONG_CONDITION} Date of decision: 06/14/2023`);
    expect(attached).toContain('Issue 6: condition 6 Date of decision: 06/14/2023');
    expect(attached).toContain('Issue 7: condition 7 Date of decision: 06/14/2023');
    expect(attached).not.toContain('Issue 5:');
  });

  it('leaves a value too long for its box blank rather than cut', async () => {
    const veteran = { ...VETERAN, email: `${'a'.repeat(120)}@example.com` };
    const doc = await loadPdf(await fillVa10182({ veteran, issues: ISSUES, docket: null }));
    expect(text(doc, F.email)).toBe('');
    expect(text(doc, F.phone)).toBe('(910) 555-1234');
  });
});
