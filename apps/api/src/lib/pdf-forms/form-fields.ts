import {
  PDFArray,
  PDFDict,
  PDFDocument,
  type PDFFont,
  type PDFForm,
  PDFName,
  PDFRef,
  type PDFTextField,
  StandardFonts,
} from 'pdf-lib';
import { type BlankFormName, loadBlankForm } from './blank-forms.ts';
import { type Box, fitWhole } from './box-fit.ts';
import type { VeteranIdentity } from './identity.ts';
import { prepareText, textWidth } from './text-layout.ts';
import { toWinAnsi } from './win-ansi.ts';

/** A blank VA form opened for filling, with the fonts its boxes and attached pages use. */
export type OpenForm = { doc: PDFDocument; form: PDFForm; font: PDFFont; boldFont: PDFFont };

/**
 * pdf-lib yields to the event loop every so many objects while it parses and writes; its
 * defaults (100 and 50) make a fill of the 21-0781 spend most of its time waiting. A thousand
 * keeps the pauses short (a few milliseconds) and the fill fast.
 */
export const OBJECTS_PER_TICK = 1_000;

export type FormOptions = {
  /** The folder holding the blank forms (the repository's own copies unless a test says). */
  formsDir?: string;
};

export async function openBlankForm(
  name: BlankFormName,
  options: FormOptions = {},
): Promise<OpenForm> {
  const bytes = await loadBlankForm(name, options.formsDir);
  // VA's metadata (title, dates) is kept as it is.
  const doc = await PDFDocument.load(bytes, {
    updateMetadata: false,
    parseSpeed: OBJECTS_PER_TICK,
  });
  // The forms carry XFA too, which pdf-lib cannot fill; viewers that prefer XFA would show the
  // blank form. pdf-lib drops it itself in getForm() but logs a warning; dropping it first is
  // the same without the noise.
  doc.catalog.getAcroForm()?.dict.delete(PDFName.of('XFA'));
  adoptUnlistedFields(doc);
  const form = doc.getForm();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const boldFont = await doc.embedFont(StandardFonts.HelveticaBold);
  return { doc, form, font, boldFont };
}

/**
 * Writes a one-line box: drawable characters only, line breaks made spaces, cut to the box's
 * maximum length where the form sets one (VA's own limit, e.g. 12 letters of a first name).
 * Nothing is written for an empty value.
 */
export function setLine(form: PDFForm, name: string, value: string | null | undefined): void {
  const field = form.getTextField(name);
  let text = toWinAnsi(value ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  const max = field.getMaxLength();
  // toWinAnsi leaves one UTF-16 unit per character, so slice counts characters.
  if (max !== undefined) text = text.slice(0, max);
  if (text !== '') field.setText(text);
}

/**
 * Writes a one-line box only when the whole value fits its maximum length; otherwise leaves it
 * for the veteran to write in. For numbers and addresses, which cut would be wrong on a signed
 * form.
 */
export function setWhole(form: PDFForm, name: string, value: string | null | undefined): void {
  const max = form.getTextField(name).getMaxLength();
  if (max === undefined || (value ?? '').length <= max) setLine(form, name, value);
}

/** The names of the identity boxes VA's forms share (each form has its own field names). */
export type IdentityFieldNames = {
  firstName: string;
  middleInitial: string;
  lastName: string;
  ssnFirst: string;
  ssnMiddle: string;
  ssnLast: string;
  vaFileNumber: string;
  /** Not every form asks for it. */
  serviceNumber?: string;
  birthMonth: string;
  birthDay: string;
  birthYear: string;
  phoneArea: string;
  phonePrefix: string;
  phoneLine: string;
  internationalPhone: string;
};

/** Fills the identity boxes the forms share: names cut to VA's boxes, numbers whole or not at all. */
export function fillSharedIdentity(
  form: PDFForm,
  f: IdentityFieldNames,
  identity: VeteranIdentity,
): void {
  setLine(form, f.firstName, identity.firstName);
  setLine(form, f.middleInitial, identity.middleInitial);
  setLine(form, f.lastName, identity.lastName);
  setLine(form, f.ssnFirst, identity.ssn?.first);
  setLine(form, f.ssnMiddle, identity.ssn?.middle);
  setLine(form, f.ssnLast, identity.ssn?.last);
  setWhole(form, f.vaFileNumber, identity.vaFileNumber);
  if (f.serviceNumber) setWhole(form, f.serviceNumber, identity.serviceNumber);
  setLine(form, f.birthMonth, identity.dateOfBirth?.month);
  setLine(form, f.birthDay, identity.dateOfBirth?.day);
  setLine(form, f.birthYear, identity.dateOfBirth?.year);
  setLine(form, f.phoneArea, identity.phone?.area);
  setLine(form, f.phonePrefix, identity.phone?.prefix);
  setLine(form, f.phoneLine, identity.phone?.line);
  setLine(form, f.internationalPhone, identity.internationalPhone);
}

/**
 * Writes a box that has no maximum length (a name, an email address, a phone number or an
 * address written out) whole: at `fontSize`, or smaller (down to `minFontSize`) when it does not
 * fit; a one-line box keeps the value on one line, a multi-line box wraps it. A value that does
 * not fit even then is left for the veteran to write in, never cut. Answers whether it was written.
 */
export function setFitted(
  form: PDFForm,
  font: PDFFont,
  name: string,
  value: string | null | undefined,
  options: {
    fontSize: number;
    minFontSize: number;
    /** Keep the value on one line even in a multi-line box (an email address). */
    oneLine?: boolean;
  },
): boolean {
  const field = form.getTextField(name);
  const multiline = field.isMultiline() && options.oneLine !== true;
  const text = multiline
    ? prepareText(value ?? '')
    : toWinAnsi(value ?? '')
        .replace(/\s+/g, ' ')
        .trim();
  if (text === '') return true;
  for (let size = options.fontSize; size >= options.minFontSize; size -= 0.5) {
    const box = prepareBox(form, name, size);
    // One line, with the same safety margin as a multi-line box (box-fit.ts).
    const fitted = multiline
      ? fitWhole(text, box, font)
      : textWidth(font, text, size) < box.width - 4
        ? text
        : null;
    if (fitted !== null) {
      field.setText(fitted);
      return true;
    }
  }
  prepareBox(form, name, options.fontSize);
  field.setText(undefined);
  return false;
}

/** Writes a multi-line box with text already fitted to it (see box-fit.ts). */
export function setBox(form: PDFForm, name: string, value: string): void {
  if (value !== '') form.getTextField(name).setText(value);
}

export function check(form: PDFForm, name: string): void {
  form.getCheckBox(name).check();
}

/** Selects the one option of a radio button that the form made a group of its own. */
export function selectRadio(form: PDFForm, name: string): void {
  const radio = form.getRadioGroup(name);
  const [option] = radio.getOptions();
  if (option === undefined) throw new Error(`The radio button ${name} has no option`);
  radio.select(option);
}

/**
 * Sets the on state `state` (e.g. '0', as the form names it) of a button field whose widgets
 * each have their own state: a radio group, or a set of check boxes the form made one field
 * without marking it a radio group (pdf-lib would then only ever check the first). Every other
 * widget is turned off.
 */
export function selectButtonState(form: PDFForm, name: string, state: string): void {
  const field = form.getField(name).acroField;
  const value = PDFName.of(state);
  const widgets = field.getWidgets();
  if (!widgets.some((widget) => widget.getOnValue() === value)) {
    throw new Error(`The button ${name} has no state ${state}`);
  }
  field.dict.set(PDFName.of('V'), value);
  for (const widget of widgets) {
    widget.setAppearanceState(widget.getOnValue() === value ? value : PDFName.of('Off'));
  }
}

/**
 * Makes fields of the form the widgets on its pages that its field list leaves out. Some of VA's
 * files list only a few of their fields (the 20-0996 lists 7 of 119), so neither pdf-lib nor a
 * viewer that follows the list would see the rest; each left-out widget's topmost field is added
 * to the list, as it is (its name, value and appearance unchanged). Answers how many were added.
 */
export function adoptUnlistedFields(doc: PDFDocument): number {
  const acroForm = doc.catalog.getOrCreateAcroForm();
  const fields = acroForm.dict.lookupMaybe(PDFName.of('Fields'), PDFArray) ?? doc.context.obj([]);
  acroForm.dict.set(PDFName.of('Fields'), fields);
  const listed = new Set<string>();
  const visit = (ref: PDFRef) => {
    if (listed.has(ref.toString())) return;
    listed.add(ref.toString());
    const kids = doc.context.lookupMaybe(ref, PDFDict)?.lookupMaybe(PDFName.of('Kids'), PDFArray);
    for (const kid of kids?.asArray() ?? []) if (kid instanceof PDFRef) visit(kid);
  };
  for (const ref of fields.asArray()) if (ref instanceof PDFRef) visit(ref);
  let added = 0;
  for (const page of doc.getPages()) {
    for (const ref of page.node.Annots()?.asArray() ?? []) {
      if (!(ref instanceof PDFRef)) continue;
      const annotation = doc.context.lookupMaybe(ref, PDFDict);
      if (annotation?.lookup(PDFName.of('Subtype')) !== PDFName.of('Widget')) continue;
      let top = ref;
      for (;;) {
        const parent = doc.context.lookup(top, PDFDict).get(PDFName.of('Parent'));
        if (!(parent instanceof PDFRef)) break;
        top = parent;
      }
      if (listed.has(top.toString())) continue;
      fields.push(top);
      visit(top);
      added++;
    }
  }
  return added;
}

/**
 * Sets the font size a box is drawn with (on the field and on any widget with its own default
 * appearance, which pdf-lib prefers) and returns the box's text area, as pdf-lib lays it out.
 */
export function prepareBox(form: PDFForm, name: string, fontSize: number): Box {
  const field: PDFTextField = form.getTextField(name);
  field.setFontSize(fontSize);
  const widgets = field.acroField.getWidgets();
  for (const widget of widgets) {
    const appearance = widget.getDefaultAppearance();
    if (widget.dict !== field.acroField.dict && appearance) {
      widget.setDefaultAppearance(appearance.replace(/([\d.]+)(\s+Tf)/, `${fontSize}$2`));
    }
  }
  const widget = widgets[0];
  if (!widget) throw new Error(`The box ${name} has no widget`);
  const rectangle = widget.getRectangle();
  const inset = (widget.getBorderStyle()?.getWidth() ?? 0) + 1;
  return {
    width: rectangle.width - inset * 2,
    height: rectangle.height - inset * 2,
    fontSize,
  };
}

/**
 * Draws every filled box with Helvetica (as measured) and returns the file; the form stays
 * fillable. Helvetica is also put in the form's resources under the name the boxes' default
 * appearance now uses, so a viewer that redraws a box draws it with the same font.
 */
export async function saveForm({ doc, form, font }: OpenForm): Promise<Uint8Array> {
  form.updateFieldAppearances(font);
  const acroForm = form.acroForm.dict;
  const resources = acroForm.lookupMaybe(PDFName.of('DR'), PDFDict) ?? doc.context.obj({});
  acroForm.set(PDFName.of('DR'), resources);
  const fonts = resources.lookupMaybe(PDFName.of('Font'), PDFDict) ?? doc.context.obj({});
  resources.set(PDFName.of('Font'), fonts);
  fonts.set(PDFName.of(font.name), font.ref);
  return doc.save({ updateFieldAppearances: false, objectsPerTick: OBJECTS_PER_TICK });
}
