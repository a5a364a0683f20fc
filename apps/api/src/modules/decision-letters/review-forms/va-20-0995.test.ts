import { PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { loadBlankForm } from '#src/lib/pdf-forms/blank-forms.ts';
import { loadPdf, pdfPageTexts } from '#src/lib/pdf-forms/test-support.ts';
import { ISSUE_CONTINUED, MORE_ISSUES_NOTE } from './review-form.ts';
import {
  ISSUES,
  LONG_CONDITION,
  VETERAN,
  expectDrawnInside,
  expectUnsigned,
  filledFields,
  manyIssues,
  selectedWidget,
  text,
} from './test-support.ts';
import {
  VA_20_0995_CONTINUATION_TITLE,
  VA_20_0995_FIELDS as F,
  VA_20_0995_FONT_SIZE,
  VA_20_0995_ISSUE_ROWS as ROWS,
  VA_20_0995_SIGNATURE_FIELDS,
  fillVa200995,
} from './va-20-0995.ts';

describe('fillVa200995', () => {
  it('fills Section I from the veteran record and checks Compensation as the benefit type', async () => {
    const doc = await loadPdf(await fillVa200995({ veteran: VETERAN, issues: ISSUES }));
    const expected: Record<string, string> = {
      [F.firstName]: 'Christopher-', // 12 boxes
      [F.middleInitial]: 'Q',
      [F.lastName]: 'Montgomery-Welling', // 18 boxes
      [F.ssnFirst]: '123',
      [F.ssnMiddle]: '45',
      [F.ssnLast]: '6789',
      [F.vaFileNumber]: '87654321',
      [F.serviceNumber]: 'RA1234567',
      [F.birthMonth]: '03',
      [F.birthDay]: '04',
      [F.birthYear]: '1970',
      [F.street]: '1234 Veterans Memorial Hwy',
      [F.unit]: '4B',
      [F.city]: 'Fayetteville',
      [F.state]: 'NC',
      [F.country]: 'US',
      [F.zipFirstFive]: '28301',
      [F.zipLastFour]: '1234',
      [F.phoneArea]: '910',
      [F.phonePrefix]: '555',
      [F.phoneLine]: '1234',
      [F.internationalPhone]: '',
      [F.email]: 'chris.mw@example.com',
    };
    for (const [name, value] of Object.entries(expected)) {
      expect([name, text(doc, name)]).toEqual([name, value]);
    }
    // Item 1: the Compensation button (top left; VA exports it as '4'), and only it.
    expect(doc.getForm().getRadioGroup(F.benefitType).getSelected()).toBe('4');
    expect(selectedWidget(doc, F.benefitType)).toEqual({ count: 1, state: '0', isTopLeft: true });
    // Nothing of the claimant's section (someone other than the veteran), nothing signed.
    for (const name of filledFields(doc).keys()) {
      expect(name).not.toMatch(/Claimant|Witness|Signature|Date_Signed|POINT_OF_CONTACT/i);
    }
    expectUnsigned(doc, VA_20_0995_SIGNATURE_FIELDS);
  });

  it('lists each issue in Section IV with the date of the decision notice in its three boxes', async () => {
    const bytes = await fillVa200995({ veteran: VETERAN, issues: ISSUES });
    const doc = await loadPdf(bytes);
    const [first, second, third] = ROWS;
    if (!first || !second || !third) throw new Error('rows missing');
    expect(text(doc, first.issue)).toBe('post traumatic stress disorder');
    expect(text(doc, second.issue)).toBe('right shoulder strain');
    for (const row of [first, second]) {
      expect([
        text(doc, row.date.month),
        text(doc, row.date.day),
        text(doc, row.date.year),
      ]).toEqual(['06', '14', '2023']);
    }
    expect(text(doc, third.issue)).toBe('');
    expect(text(doc, third.date.month)).toBe('');
    // The form's seven pages, nothing attached.
    expect(doc.getPageCount()).toBe(7);
  });

  it('attaches what Section IV cannot hold: a long issue whole, issues past the rows, with their dates', async () => {
    const issues = manyIssues(12);
    issues[1] = { condition: LONG_CONDITION, decisionDate: '2023-06-14' };
    const bytes = await fillVa200995({ veteran: VETERAN, issues });
    const doc = await loadPdf(bytes);
    // Eight issues in the first eight rows; the ninth row says the rest is attached.
    for (const [index, row] of ROWS.slice(0, 8).entries()) {
      if (index !== 1) expect(text(doc, row.issue)).toBe(`condition ${index + 1}`);
      expect(text(doc, row.date.year)).toBe('2023');
    }
    expect(text(doc, ROWS[8]?.issue ?? '')).toBe(MORE_ISSUES_NOTE);
    expect(text(doc, ROWS[8]?.date.month ?? '')).toBe('');
    // The long issue shows its start, inside its box, and says it continues.
    const long = text(doc, ROWS[1]?.issue ?? '');
    expect(long.endsWith(`… ${ISSUE_CONTINUED}`)).toBe(true);
    expect(
      LONG_CONDITION.startsWith(long.replace(`… ${ISSUE_CONTINUED}`, '').replace(/\n/g, ' ')),
    ).toBe(true);
    await expectDrawnInside(doc, ROWS[1]?.issue ?? '', VA_20_0995_FONT_SIZE);

    const pages = await pdfPageTexts(bytes);
    expect(pages).toHaveLength(8);
    const attached = (pages[7] ?? '').replace(/\s+/g, ' ');
    expect(attached).toContain(VA_20_0995_CONTINUATION_TITLE);
    expect(attached).toContain(
      'Veteran: Christopher-Alexander Q. Montgomery-Wellington III · VA file number: 87654321 · Last four of SSN: 6789',
    );
    expect(attached).toContain(`Issue 2: ${LONG_CONDITION}`);
    for (const number of [9, 10, 11, 12]) {
      expect(attached).toContain(
        `Issue ${number}: condition ${number} Date of VA decision notice: 06/14/2023`,
      );
    }
    expect(attached).not.toContain('Issue 3:');
    expect(attached).toContain('Signature');
  });

  it('stays a fillable form without XFA, with every field of the blank form', async () => {
    const doc = await loadPdf(await fillVa200995({ veteran: VETERAN, issues: ISSUES }));
    const form = doc.getForm();
    expect(form.hasXFA()).toBe(false);
    const blank = await loadPdf(await loadBlankForm('va-20-0995'));
    blank.catalog.getAcroForm()?.dict.delete(PDFName.of('XFA'));
    expect(form.getFields().map((field) => field.getName())).toEqual(
      blank
        .getForm()
        .getFields()
        .map((field) => field.getName()),
    );
    const issue = form.getTextField(ROWS[0]?.issue ?? '');
    expect(issue.isReadOnly()).toBe(false);
    expect(issue.acroField.getDefaultAppearance()).toContain(
      `/Helvetica ${VA_20_0995_FONT_SIZE} Tf`,
    );
    expect(issue.acroField.getWidgets()[0]?.getNormalAppearance()).toBeDefined();
  });

  it('leaves the identity boxes empty without a veteran record, and what does not fit blank', async () => {
    const empty = await loadPdf(await fillVa200995({ veteran: null, issues: ISSUES }));
    for (const [key, name] of Object.entries(F)) {
      if (key !== 'benefitType') expect([name, text(empty, name)]).toEqual([name, '']);
    }
    expect(text(empty, ROWS[0]?.issue ?? '')).toBe('post traumatic stress disorder');

    const veteran = {
      ...VETERAN,
      phone: '+44 20 7946 0958',
      email: `${'a'.repeat(90)}@example.com`,
      address: { ...VETERAN.address!, line1: '1234 Veterans Memorial Highway North' },
    };
    const doc = await loadPdf(await fillVa200995({ veteran, issues: ISSUES }));
    expect(text(doc, F.internationalPhone)).toBe('+44 20 7946 0958');
    expect(text(doc, F.phoneArea)).toBe('');
    // Too long for its box: left for the veteran, never cut.
    expect(text(doc, F.email)).toBe('');
    expect(text(doc, F.street)).toBe('');
  });

  it('draws any characters of a condition in WinAnsi, with a missing date left blank', async () => {
    const issues = [{ condition: 'PTSD ⚠️ → “nightmares”', decisionDate: null }];
    const doc = await loadPdf(await fillVa200995({ veteran: VETERAN, issues }));
    expect(text(doc, ROWS[0]?.issue ?? '')).toBe('PTSD ? -> “nightmares”');
    expect(text(doc, ROWS[0]?.date.year ?? '')).toBe('');
  });
});
