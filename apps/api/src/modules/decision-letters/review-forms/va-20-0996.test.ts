import { PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { loadBlankForm } from '#src/lib/pdf-forms/blank-forms.ts';
import { loadPdf, pdfPageTexts } from '#src/lib/pdf-forms/test-support.ts';
import { MORE_ISSUES_NOTE } from './review-form.ts';
import {
  ISSUES,
  VETERAN,
  expectUnsigned,
  filledFields,
  manyIssues,
  selectedWidget,
  text,
} from './test-support.ts';
import {
  VA_20_0996_CONTINUATION_TITLE,
  VA_20_0996_FIELDS as F,
  VA_20_0996_ISSUE_ROWS as ROWS,
  VA_20_0996_SIGNATURE_FIELDS,
  fillVa200996,
} from './va-20-0996.ts';

describe('fillVa200996', () => {
  it('makes fields of the widgets VA’s file leaves out of its field list', async () => {
    const blank = await PDFDocument.load(await loadBlankForm('va-20-0996'), {
      updateMetadata: false,
    });
    expect(blank.getForm().getFields()).toHaveLength(7);
    const doc = await loadPdf(await fillVa200996({ veteran: VETERAN, issues: ISSUES }));
    const names = doc
      .getForm()
      .getFields()
      .map((field) => field.getName());
    expect(names).toHaveLength(119);
    expect(new Set(names).size).toBe(119);
    for (const name of [...Object.values(F), ...ROWS.map((row) => row.issue)]) {
      expect(names).toContain(name);
    }
    expect(doc.getForm().hasXFA()).toBe(false);
  });

  it('fills Section I from the veteran record, checks Compensation, and leaves the informal conference unchecked', async () => {
    const doc = await loadPdf(await fillVa200996({ veteran: VETERAN, issues: ISSUES }));
    const expected: Record<string, string> = {
      [F.firstName]: 'Christopher-',
      [F.middleInitial]: 'Q',
      [F.lastName]: 'Montgomery-Welling',
      [F.ssnFirst]: '123',
      [F.ssnMiddle]: '45',
      [F.ssnLast]: '6789',
      [F.vaFileNumber]: '87654321',
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
    // Item 15: its first box (Compensation, top left) on, every other off.
    const benefit = doc.getForm().getField(F.benefitType).acroField;
    expect(benefit.dict.get(PDFName.of('V'))).toBe(PDFName.of('0'));
    expect(selectedWidget(doc, F.benefitType)).toEqual({ count: 1, state: '0', isTopLeft: true });
    // Item 16A stays the veteran's choice; nothing else is checked or signed.
    expect(doc.getForm().getCheckBox(F.informalConference).isChecked()).toBe(false);
    const checked = [...filledFields(doc)].filter(([, value]) => value === 'checked');
    expect(checked.map(([name]) => name)).toEqual([F.benefitType]);
    for (const name of filledFields(doc).keys()) {
      expect(name).not.toMatch(/Claimant|Representative|Signature|Date_Signed|Insurance/i);
    }
    expectUnsigned(doc, VA_20_0996_SIGNATURE_FIELDS);
  });

  it('lists the issues top to bottom over pages 2 and 3, each with the date of its decision', async () => {
    const bytes = await fillVa200996({ veteran: VETERAN, issues: manyIssues(13) });
    const doc = await loadPdf(bytes);
    for (const [index, row] of ROWS.entries()) {
      expect(text(doc, row.issue)).toBe(`condition ${index + 1}`);
      expect([
        text(doc, row.date.month),
        text(doc, row.date.day),
        text(doc, row.date.year),
      ]).toEqual(['06', '14', '2023']);
    }
    // Top to bottom: each row below the one before it, page 2 then page 3.
    const placed = ROWS.map((row) => {
      const widget = doc.getForm().getTextField(row.issue).acroField.getWidgets()[0];
      return { page: row.issue.includes('#subform[3]') ? 2 : 3, y: widget?.getRectangle().y ?? 0 };
    });
    for (let index = 1; index < placed.length; index++) {
      const [before, after] = [placed[index - 1], placed[index]];
      if (before?.page === after?.page) expect(after?.y).toBeLessThan(before?.y ?? 0);
    }
    expect(placed.filter(({ page }) => page === 2)).toHaveLength(7);
    expect(doc.getPageCount()).toBe(3);
    const pages = await pdfPageTexts(bytes);
    expect(pages.join('\n')).not.toContain(VA_20_0996_CONTINUATION_TITLE);
  });

  it('says in the last row that more issues are attached, and attaches them with their dates', async () => {
    const bytes = await fillVa200996({ veteran: VETERAN, issues: manyIssues(15) });
    const doc = await loadPdf(bytes);
    expect(text(doc, ROWS[11]?.issue ?? '')).toBe('condition 12');
    expect(text(doc, ROWS[12]?.issue ?? '')).toBe(MORE_ISSUES_NOTE);
    const pages = await pdfPageTexts(bytes);
    expect(pages).toHaveLength(4);
    const attached = (pages[3] ?? '').replace(/\s+/g, ' ');
    expect(attached).toContain(VA_20_0996_CONTINUATION_TITLE);
    expect(attached).toContain('VA file number: 87654321');
    for (const number of [13, 14, 15]) {
      expect(attached).toContain(
        `Issue ${number}: condition ${number} Date of VA decision notification letter: 06/14/2023`,
      );
    }
  });
});
