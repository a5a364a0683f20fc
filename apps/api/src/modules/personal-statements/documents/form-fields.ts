import {
  PDFDict,
  PDFDocument,
  type PDFFont,
  type PDFForm,
  PDFName,
  type PDFTextField,
  StandardFonts,
} from 'pdf-lib';
import { type BlankFormName, loadBlankForm } from './blank-forms.ts';
import type { Box } from './box-fit.ts';
import type { VeteranIdentity } from './identity.ts';
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

/** The names of the identity boxes both VA forms share (each form has its own field names). */
export type IdentityFieldNames = {
  firstName: string;
  middleInitial: string;
  lastName: string;
  ssnFirst: string;
  ssnMiddle: string;
  ssnLast: string;
  vaFileNumber: string;
  serviceNumber: string;
  birthMonth: string;
  birthDay: string;
  birthYear: string;
  phoneArea: string;
  phonePrefix: string;
  phoneLine: string;
  internationalPhone: string;
};

/** Fills the identity boxes both forms share: names cut to VA's boxes, numbers whole or not at all. */
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
  setWhole(form, f.serviceNumber, identity.serviceNumber);
  setLine(form, f.birthMonth, identity.dateOfBirth?.month);
  setLine(form, f.birthDay, identity.dateOfBirth?.day);
  setLine(form, f.birthYear, identity.dateOfBirth?.year);
  setLine(form, f.phoneArea, identity.phone?.area);
  setLine(form, f.phonePrefix, identity.phone?.prefix);
  setLine(form, f.phoneLine, identity.phone?.line);
  setLine(form, f.internationalPhone, identity.internationalPhone);
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
