import {
  type PDFDocument,
  PDFName,
  PDFTextField,
  StandardFonts,
  TextAlignment,
  layoutMultilineText,
} from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { loadBlankForm } from '#src/lib/pdf-forms/blank-forms.ts';
import { linesThatFit } from '#src/lib/pdf-forms/box-fit.ts';
import {
  VETERAN,
  expectWordsInOrder,
  loadPdf,
  longStatement,
  pdfPageTexts,
  statementInput,
  wordsOf,
} from './test-support.ts';
import {
  CONTINUED_NOTE,
  REMARKS_FONT_SIZE,
  VA_21_4138_CONTINUATION_TITLE,
  VA_21_4138_FIELDS as F,
  VA_21_4138_SIGNATURE_FIELDS,
  fillVa214138,
  remarksText,
} from './va-21-4138.ts';

const text = (doc: PDFDocument, name: string) => doc.getForm().getTextField(name).getText() ?? '';

/** Every line pdf-lib drew in the box sits inside it. */
async function expectRemarksInsideBox(doc: PDFDocument, name: string) {
  const field = doc.getForm().getTextField(name);
  const widget = field.acroField.getWidgets()[0];
  if (!widget) throw new Error('no widget');
  const { width, height } = widget.getRectangle();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bounds = { x: 1, y: 1, width: width - 2, height: height - 2 };
  const layout = layoutMultilineText(field.getText() ?? '', {
    alignment: TextAlignment.Left,
    fontSize: REMARKS_FONT_SIZE,
    font,
    bounds,
  });
  expect(layout.lines.length).toBeLessThanOrEqual(
    linesThatFit({ ...bounds, fontSize: REMARKS_FONT_SIZE }, font),
  );
  for (const line of layout.lines) {
    expect(line.x + line.width).toBeLessThan(bounds.x + bounds.width);
    expect(line.y).toBeGreaterThan(bounds.y);
  }
}

describe('fillVa214138', () => {
  it('fills Section I from the veteran record: names cut to VA’s boxes, an address too long for them left blank', async () => {
    const doc = await loadPdf(await fillVa214138(statementInput()));
    const expected: Record<string, string> = {
      [F.firstName]: 'Christopher-', // 12 boxes
      [F.middleInitial]: 'Q',
      [F.lastName]: 'Montgomery-Welling', // 18 boxes
      [F.ssnFirst]: '123',
      [F.ssnMiddle]: '45',
      [F.ssnLast]: '6789',
      [F.page2SsnFirst]: '123',
      [F.page2SsnMiddle]: '45',
      [F.page2SsnLast]: '6789',
      [F.vaFileNumber]: '87654321',
      [F.serviceNumber]: 'RA1234567',
      [F.birthMonth]: '03',
      [F.birthDay]: '04',
      [F.birthYear]: '1970',
      [F.phoneArea]: '910',
      [F.phonePrefix]: '555',
      [F.phoneLine]: '1234',
      [F.internationalPhone]: '',
      [F.email1]: 'christopher.montgome', // two rows of 20 boxes
      [F.email2]: 'ry@example.com',
      [F.street]: '', // 36 characters for 30 boxes: left for the veteran, never cut
      [F.unit]: '4B',
      [F.city]: 'Fayetteville',
      [F.state]: 'NC',
      [F.country]: 'US',
      [F.zipFirstFive]: '28301',
      [F.zipLastFour]: '1234',
    };
    for (const [name, value] of Object.entries(expected))
      expect([name, text(doc, name)]).toEqual([name, value]);
    // Items 9 and 10 stay for the veteran to sign and date.
    for (const name of VA_21_4138_SIGNATURE_FIELDS) {
      const field = doc.getForm().getField(name);
      if (field instanceof PDFTextField) expect(field.getText()).toBeUndefined();
      expect(field.acroField.dict.get(PDFName.of('V'))).toBeUndefined();
    }
  });

  it('keeps a short statement in the page 1 remarks, with nothing attached', async () => {
    const input = statementInput();
    const bytes = await fillVa214138(input);
    const doc = await loadPdf(bytes);
    expect(text(doc, F.remarks1)).toBe(remarksText(input));
    expect(text(doc, F.remarks1)).toBe(
      'Disability: Post-traumatic stress disorder (PTSD)\n\nFirst paragraph of my statement.\n\nSecond paragraph, with a line\nbreak inside it.',
    );
    expect(text(doc, F.remarks2)).toBe('');
    expect(doc.getPageCount()).toBe(2);
  });

  it('stays a fillable form without XFA, its boxes drawn in Helvetica', async () => {
    const doc = await loadPdf(await fillVa214138(statementInput()));
    const form = doc.getForm();
    expect(form.hasXFA()).toBe(false);
    const blank = await loadPdf(await loadBlankForm('va-21-4138'));
    blank.catalog.getAcroForm()?.dict.delete(PDFName.of('XFA'));
    expect(form.getFields().map((field) => field.getName())).toEqual(
      blank
        .getForm()
        .getFields()
        .map((field) => field.getName()),
    );
    const remarks = form.getTextField(F.remarks1);
    expect(remarks.isReadOnly()).toBe(false);
    expect(remarks.acroField.getDefaultAppearance()).toContain(
      `/Helvetica ${REMARKS_FONT_SIZE} Tf`,
    );
    expect(remarks.acroField.getWidgets()[0]?.getNormalAppearance()).toBeDefined();
  });

  it('continues a 25,000-character statement from page 1 to page 2 to attached pages, every word in order', async () => {
    const input = statementInput({ body: longStatement(25_000) });
    const bytes = await fillVa214138(input);
    const doc = await loadPdf(bytes);
    const first = text(doc, F.remarks1);
    const second = text(doc, F.remarks2);
    expect(second.endsWith(`\n\n${CONTINUED_NOTE}`)).toBe(true);
    await expectRemarksInsideBox(doc, F.remarks1);
    await expectRemarksInsideBox(doc, F.remarks2);

    const pages = await pdfPageTexts(bytes);
    expect(pages.length).toBeGreaterThan(4);
    const attached = pages.slice(2);
    attached.forEach((page, index) => {
      expect(page).toContain(VA_21_4138_CONTINUATION_TITLE);
      expect(page).toContain('Veteran: Christopher-Alexander Q. Montgomery-Wellington III');
      expect(page).toContain('Last four of SSN: 6789');
      expect(page).toContain(`Page ${index + 1} of ${attached.length}`);
    });
    expect(attached.at(-1)).toContain('Signature');
    // The boxes hold the start exactly; with the attached pages the whole statement is there.
    const boxes = `${first}\n${second.replace(CONTINUED_NOTE, '')}`;
    const all = wordsOf(remarksText(input));
    expect(wordsOf(boxes)).toEqual(all.slice(0, wordsOf(boxes).length));
    expectWordsInOrder(`${boxes}\n${attached.join('\n')}`, remarksText(input));
  });

  it('gives a valid form with empty identity boxes when there is no veteran record yet', async () => {
    const bytes = await fillVa214138(statementInput({ veteran: null, body: longStatement(8_000) }));
    const doc = await loadPdf(bytes);
    for (const name of Object.values(F)) {
      if (name !== F.remarks1 && name !== F.remarks2)
        expect([name, text(doc, name)]).toEqual([name, '']);
    }
    const pages = await pdfPageTexts(bytes);
    expect(pages[2]).toContain('Veteran: ______');
    expect(pages[2]).toContain('Last four of SSN: ______');
  });

  it('puts a phone number that is not ten digits in the international box', async () => {
    const veteran = { ...VETERAN, phone: '+44 20 7946 0958', ssn: '12-345' };
    const doc = await loadPdf(await fillVa214138(statementInput({ veteran })));
    expect(text(doc, F.internationalPhone)).toBe('+44 20 7946 0958');
    expect(text(doc, F.phoneArea)).toBe('');
    expect(text(doc, F.ssnFirst)).toBe('');
  });

  it('takes emoji, CJK and odd characters anywhere without failing', async () => {
    const veteran = {
      ...VETERAN,
      first_name: '李',
      last_name: 'Nguyễn 🎖️',
      email: 'vet@例え.jp',
    };
    const body = 'Rockets 🚀 hit 漢字 at 2 → 3 a.m. “again” … \u2011 ✓ 👨‍👩‍👧';
    const doc = await loadPdf(
      await fillVa214138(statementInput({ veteran, body, disabilityTitle: 'PTSD ⚠️' })),
    );
    expect(text(doc, F.firstName)).toBe('?');
    expect(text(doc, F.lastName)).toBe('Nguyen ?');
    expect(text(doc, F.remarks1)).toBe(
      'Disability: PTSD ?\n\nRockets ? hit ?? at 2 -> 3 a.m. “again” … - v ?',
    );
  });
});
