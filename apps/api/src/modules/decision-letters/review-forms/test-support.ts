import {
  PDFCheckBox,
  type PDFDocument,
  PDFName,
  PDFRadioGroup,
  PDFSignature,
  PDFTextField,
  StandardFonts,
  TextAlignment,
  layoutMultilineText,
} from 'pdf-lib';
import { expect } from 'vitest';
import { linesThatFit } from '#src/lib/pdf-forms/box-fit.ts';
import type { FormVeteran } from '#src/lib/pdf-forms/identity.ts';
import type { ReviewIssue } from './review-form.ts';

/** Test helpers for the review form fillers (imported by the tests of this folder only). */

export const VETERAN: FormVeteran = {
  first_name: 'Christopher-Alexander',
  middle_name: 'quinn',
  last_name: 'Montgomery-Wellington III',
  ssn: '123-45-6789',
  va_file_number: '87654321',
  service_number: 'RA1234567',
  date_of_birth: '1970-03-04',
  address: {
    line1: '1234 Veterans Memorial Hwy',
    line2: 'Apt 4B',
    line3: null,
    city: 'Fayetteville',
    state: 'nc',
    zip_code: '28301-1234',
  },
  phone: '9105551234',
  email: 'chris.mw@example.com',
};

/** The issues of a letter dated June 14, 2023, as the parser words them. */
export const ISSUES: ReviewIssue[] = [
  { condition: 'post traumatic stress disorder', decisionDate: '2023-06-14' },
  { condition: 'right shoulder strain', decisionDate: '2023-06-14' },
];

/** `count` issues named "condition 1", "condition 2", … */
export const manyIssues = (count: number): ReviewIssue[] =>
  Array.from({ length: count }, (_, index) => ({
    condition: `condition ${index + 1}`,
    decisionDate: '2023-06-14',
  }));

/** A condition longer than any issue row holds. */
export const LONG_CONDITION =
  'degenerative arthritis of the lumbar spine with radiculopathy of the left lower extremity ' +
  'and of the right lower extremity, secondary to the service-connected right knee condition, ' +
  'status post total knee replacement with residual instability and limitation of flexion';

export const text = (doc: PDFDocument, name: string): string =>
  doc.getForm().getTextField(name).getText() ?? '';

/** Every field's name and what it holds, for the fields that hold something. */
export function filledFields(doc: PDFDocument): Map<string, string> {
  const filled = new Map<string, string>();
  for (const field of doc.getForm().getFields()) {
    let value: string | undefined;
    if (field instanceof PDFTextField) value = field.getText();
    else if (field instanceof PDFCheckBox) value = field.isChecked() ? 'checked' : undefined;
    else if (field instanceof PDFRadioGroup) value = field.getSelected();
    if (value !== undefined && value !== '') filled.set(field.getName(), value);
  }
  return filled;
}

/** The signature and date-signed fields hold nothing. */
export function expectUnsigned(doc: PDFDocument, names: readonly string[]): void {
  for (const name of names) {
    const field = doc.getForm().getField(name);
    if (field instanceof PDFTextField) expect([name, field.getText()]).toEqual([name, undefined]);
    else expect(field).toBeInstanceOf(PDFSignature);
    expect(field.acroField.dict.get(PDFName.of('V'))).toBeUndefined();
  }
}

/**
 * The on state of the widget turned on in a button field, and whether that widget is the
 * field's first box (the leftmost of its top row).
 */
export function selectedWidget(doc: PDFDocument, name: string) {
  const widgets = doc.getForm().getField(name).acroField.getWidgets();
  const on = widgets.filter((widget) => widget.getAppearanceState() !== PDFName.of('Off'));
  const rectangles = widgets.map((widget) => widget.getRectangle());
  const top = Math.max(...rectangles.map((rectangle) => rectangle.y));
  const topLeft = Math.min(
    ...rectangles.filter((rectangle) => top - rectangle.y < 3).map((rectangle) => rectangle.x),
  );
  const [widget] = on;
  const rectangle = widget?.getRectangle();
  return {
    count: on.length,
    state: widget?.getOnValue()?.decodeText(),
    isTopLeft: rectangle !== undefined && top - rectangle.y < 3 && rectangle.x === topLeft,
  };
}

/** Every line pdf-lib draws in a multi-line box sits inside the box, none dropped. */
export async function expectDrawnInside(doc: PDFDocument, name: string, fontSize: number) {
  const field = doc.getForm().getTextField(name);
  const widget = field.acroField.getWidgets()[0];
  if (!widget) throw new Error(`no widget for ${name}`);
  const { width, height } = widget.getRectangle();
  const inset = (widget.getBorderStyle()?.getWidth() ?? 0) + 1;
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bounds = { x: inset, y: inset, width: width - inset * 2, height: height - inset * 2 };
  const layout = layoutMultilineText(field.getText() ?? '', {
    alignment: TextAlignment.Left,
    fontSize,
    font,
    bounds,
  });
  expect(layout.lines.length).toBeLessThanOrEqual(linesThatFit({ ...bounds, fontSize }, font));
  for (const line of layout.lines) {
    expect(line.x + line.width).toBeLessThan(bounds.x + bounds.width);
    expect(line.y).toBeGreaterThan(bounds.y);
  }
}
