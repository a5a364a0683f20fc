import { BEHAVIOR_CHANGES } from '@muster/contract/disability-records';
import type { PDFFont, PDFForm } from 'pdf-lib';
import { fitWithSuffix, linesThatFit, pourIntoBoxes } from '#src/lib/pdf-forms/box-fit.ts';
import {
  type ContinuationSection,
  appendContinuationPages,
} from '#src/lib/pdf-forms/continuation.ts';
import {
  type FormOptions,
  check,
  fillSharedIdentity,
  openBlankForm,
  prepareBox,
  saveForm,
  selectRadio,
  setBox,
  setLine,
} from '#src/lib/pdf-forms/form-fields.ts';
import {
  type VeteranIdentity,
  formatDate,
  parseDate,
  toVeteranIdentity,
} from '#src/lib/pdf-forms/identity.ts';
import { prepareText } from '#src/lib/pdf-forms/text-layout.ts';
import type { TraumaFormInput } from './types.ts';
import {
  ADDITIONAL_BEHAVIOR_CHANGES_FIELD,
  BEHAVIOR_BOXES,
  BEHAVIOR_CHANGE_BOX,
  type BehaviorBox,
  EVENT_ROWS,
  EVENT_TYPE_BOXES,
  EVIDENCE_BOXES,
  EVIDENCE_SOURCE_BOX,
  IDENTITY_FIELDS,
  OTHER_EVIDENCE_FIELD,
  REMARKS_FIELD,
  REPORT_FIELDS,
  REPORT_TYPE_BUTTON,
  STRESSOR_TYPE_BOX,
  TREATMENT_FIELDS,
  behaviorRowField,
} from './va-21-0781-mapping.ts';

/**
 * VA Form 21-0781 (MAR 2024), Statement in Support of Claimed Mental Health Disorder(s) Due to an
 * In-Service Traumatic Event(s), filled from the trauma answers (see va-21-0781-mapping.ts for
 * which answer checks which box). A box too small for its text shows the start of it and
 * "(continued on attached page)"; the whole text, events past the sixth, treatments past the
 * third and the remarks that overflow item 14 go on pages attached at the end, item by item.
 * Signatures, dates signed, the VHA consent (item 15), witnesses and representatives are left
 * empty.
 */

/** The font size of the small boxes (the form's own) and of the remarks. */
export const SMALL_BOX_FONT_SIZE = 9;
export const REMARKS_FONT_SIZE = 10;
export const BOX_CONTINUED = '(continued on attached page)';
export const REMARKS_CONTINUED = '(Continued on attached page(s).)';
export const VA_21_0781_CONTINUATION_TITLE = 'VA Form 21-0781 — continuation sheet';

/** Puts text in a small box; false when only its start fits (the caller attaches the whole). */
function fillSmallBox(form: PDFForm, font: PDFFont, name: string, text: string): boolean {
  if (text === '') return true;
  let box = prepareBox(form, name, SMALL_BOX_FONT_SIZE);
  // A box lower than one line at the form's size (the police report location) gets a size that
  // shows one whole line.
  for (
    let size = SMALL_BOX_FONT_SIZE - 0.5;
    linesThatFit(box, font) === 0 && size >= 6;
    size -= 0.5
  ) {
    box = prepareBox(form, name, size);
  }
  const { value, complete } = fitWithSuffix(text, box, font, BOX_CONTINUED);
  setBox(form, name, value);
  return complete;
}

/** "label: description (noticed 03/2004)", leaving out what is missing. */
function describe(label: string | null, description: string | null, note: string | null): string {
  const main = [label, description?.trim() || null].filter(Boolean).join(': ');
  if (!note) return main;
  return main ? `${main} (${note})` : note.charAt(0).toUpperCase() + note.slice(1);
}

function fillIdentity(form: PDFForm, identity: VeteranIdentity): void {
  fillSharedIdentity(form, IDENTITY_FIELDS, identity);
  setLine(form, IDENTITY_FIELDS.email, identity.email);
}

/** Item 8. */
function fillEventTypes(form: PDFForm, input: TraumaFormInput): void {
  const boxes = new Set(input.stressorTypes.map((type) => STRESSOR_TYPE_BOX[type]));
  if (input.events.some((event) => event.is_mst)) boxes.add('personalMst');
  for (const box of boxes) check(form, EVENT_TYPE_BOXES[box]);
}

type TraumaEvent = TraumaFormInput['events'][number];

function eventDates(event: TraumaEvent): string {
  if (!event.date) return '';
  const date = formatDate(event.date);
  return event.date_is_approximate ? `${date} (approximate)` : date;
}

function eventLocation(event: TraumaEvent): string {
  return [event.location?.trim(), event.unit?.trim() && `Unit: ${event.unit.trim()}`]
    .filter(Boolean)
    .join('; ');
}

/** Item 9: six rows; the rest, and any row cut short, in full on the attached page. */
function fillEvents(form: PDFForm, font: PDFFont, events: TraumaEvent[]): ContinuationSection[] {
  const attached: string[] = [];
  events.forEach((event, index) => {
    const description = prepareText(event.description);
    const location = prepareText(eventLocation(event));
    const dates = prepareText(eventDates(event));
    const row = EVENT_ROWS[index];
    const complete = row
      ? [
          fillSmallBox(form, font, row.description, description),
          fillSmallBox(form, font, row.location, location),
          fillSmallBox(form, font, row.dates, dates),
        ].every(Boolean)
      : false;
    if (!complete) {
      attached.push(
        [
          row
            ? `Event ${index + 1} (row ${index + 1} of item 9, in full)`
            : `Event ${index + 1} (not on the form: item 9 has six rows)`,
          `9A. Description: ${description}`,
          location && `9B. Location: ${location}`,
          dates && `9C. Date(s): ${dates}`,
        ]
          .filter(Boolean)
          .join('\n'),
      );
    }
  });
  return attached.length > 0
    ? [{ heading: 'Item 9. Traumatic event(s) (continued)', text: attached.join('\n\n') }]
    : [];
}

const isBehaviorKey = (key: string): key is keyof typeof BEHAVIOR_CHANGES =>
  Object.hasOwn(BEHAVIOR_CHANGES, key);

/** Item 10: the boxes with their 10B rows, and 10C for changes no box names. */
function fillBehaviorChanges(
  form: PDFForm,
  font: PDFFont,
  changes: TraumaFormInput['behaviorChanges'],
): ContinuationSection[] {
  const rows = new Map<BehaviorBox, string[]>();
  const unlisted: string[] = [];
  for (const change of changes) {
    const key = isBehaviorKey(change.change) ? change.change : null;
    const mapping = key ? BEHAVIOR_CHANGE_BOX[key] : null;
    const vaWording = key ? BEHAVIOR_CHANGES[key] : null;
    const noticed = change.noticed_on ? `noticed ${formatDate(change.noticed_on)}` : null;
    if (mapping) {
      const entries = rows.get(mapping.box) ?? [];
      entries.push(describe(mapping.exact ? null : vaWording, change.description, noticed));
      rows.set(mapping.box, entries);
    } else {
      // `other` (or a key this form does not know) is told in the veteran's own words.
      const label = vaWording ?? (change.change === 'other' ? null : change.change);
      unlisted.push(describe(label, change.description, noticed) || 'Other behavioral change');
    }
  }
  const attached: string[] = [];
  for (const [box, entries] of rows) {
    const { checkBox, row, label } = BEHAVIOR_BOXES[box];
    check(form, checkBox);
    const text = prepareText(entries.filter(Boolean).join('; '));
    if (!fillSmallBox(form, font, behaviorRowField(row), text)) attached.push(`${label}: ${text}`);
  }
  const sections: ContinuationSection[] = [];
  if (attached.length > 0) {
    sections.push({
      heading: 'Item 10B. Additional information about the behavioral changes (continued)',
      text: attached.join('\n\n'),
    });
  }
  const listed = prepareText(unlisted.join('\n'));
  if (!fillSmallBox(form, font, ADDITIONAL_BEHAVIOR_CHANGES_FIELD, listed)) {
    sections.push({ heading: 'Item 10C. Additional behavioral changes (continued)', text: listed });
  }
  return sections;
}

/** Item 11. */
function fillOfficialReports(
  form: PDFForm,
  font: PDFFont,
  reports: TraumaFormInput['officialReports'],
): ContinuationSection[] {
  if (reports.length === 0) return [];
  selectRadio(form, REPORT_FIELDS.yes);
  const police: string[] = [];
  const other: string[] = [];
  const details: string[] = [];
  for (const report of reports) {
    const mapping = Object.hasOwn(REPORT_TYPE_BUTTON, report.report_type)
      ? REPORT_TYPE_BUTTON[report.report_type as keyof typeof REPORT_TYPE_BUTTON]
      : { button: 'other' as const, label: report.report_type };
    selectRadio(form, REPORT_FIELDS[mapping.button]);
    const facts = [
      report.agency?.trim(),
      report.report_number?.trim() && `report no. ${report.report_number.trim()}`,
      report.report_date && `dated ${formatDate(report.report_date)}`,
    ]
      .filter(Boolean)
      .join(', ');
    const text = describe(
      facts ? `${mapping.label} — ${facts}` : mapping.label,
      report.description,
      null,
    );
    if (mapping.button === 'police') police.push(text);
    else if (mapping.button === 'other') other.push(text);
    // Restricted and unrestricted have a button and no box: any detail is attached.
    else if (facts || report.description) details.push(text);
  }
  const policeText = prepareText(police.join('; '));
  if (!fillSmallBox(form, font, REPORT_FIELDS.policeLocation, policeText)) details.push(...police);
  const otherText = prepareText(other.join('; '));
  if (!fillSmallBox(form, font, REPORT_FIELDS.otherText, otherText)) details.push(...other);
  return details.length > 0
    ? [{ heading: 'Item 11. Official report(s) (details)', text: details.join('\n\n') }]
    : [];
}

/** Item 12. */
function fillEvidenceSources(
  form: PDFForm,
  font: PDFFont,
  sources: TraumaFormInput['evidenceSources'],
): ContinuationSection[] {
  const other: string[] = [];
  const details: string[] = [];
  for (const source of sources) {
    const mapping = Object.hasOwn(EVIDENCE_SOURCE_BOX, source.source_type)
      ? EVIDENCE_SOURCE_BOX[source.source_type as keyof typeof EVIDENCE_SOURCE_BOX]
      : { box: 'other' as const, label: source.source_type };
    check(form, EVIDENCE_BOXES[mapping.box]);
    const label = source.name?.trim() ? `${mapping.label} — ${source.name.trim()}` : mapping.label;
    const text = describe(label, source.description, null);
    if (mapping.box === 'other') other.push(text);
    // The other boxes are check boxes only: who or what it is, when given, is attached.
    else if (source.name?.trim() || source.description?.trim()) details.push(text);
  }
  const otherText = prepareText(other.join('; '));
  if (!fillSmallBox(form, font, OTHER_EVIDENCE_FIELD, otherText)) details.push(...other);
  return details.length > 0
    ? [{ heading: 'Item 12. Possible sources of evidence (details)', text: details.join('\n\n') }]
    : [];
}

/** Item 13: "yes", then three rows of facility and month/year (or "don't have date"). */
function fillTreatments(
  form: PDFForm,
  font: PDFFont,
  treatments: TraumaFormInput['treatments'],
): ContinuationSection[] {
  if (treatments.length === 0) return [];
  selectRadio(form, TREATMENT_FIELDS.yes);
  const attached: string[] = [];
  treatments.forEach((treatment, index) => {
    const facility = prepareText(treatment.facility_name);
    const date = parseDate(treatment.start_date);
    const row = TREATMENT_FIELDS.rows[index];
    if (row) {
      if (date) {
        setLine(form, row.month, date.month);
        setLine(form, row.year, date.year);
      } else {
        check(form, row.noDate);
      }
      if (fillSmallBox(form, font, row.facility, facility)) return;
    }
    attached.push(`${facility} — ${date ? `${date.month}/${date.year}` : 'no date of treatment'}`);
  });
  return attached.length > 0
    ? [{ heading: 'Items 13C-13E. Treatment facilities (continued)', text: attached.join('\n\n') }]
    : [];
}

export async function fillVa210781(
  input: TraumaFormInput,
  options: FormOptions = {},
): Promise<Uint8Array> {
  const opened = await openBlankForm('va-21-0781', options);
  const { doc, form, font, boldFont } = opened;
  const identity = toVeteranIdentity(input.veteran);
  if (identity) fillIdentity(form, identity);
  fillEventTypes(form, input);
  const sections = [
    ...fillEvents(form, font, input.events),
    ...fillBehaviorChanges(form, font, input.behaviorChanges),
    ...fillOfficialReports(form, font, input.officialReports),
    ...fillEvidenceSources(form, font, input.evidenceSources),
    ...fillTreatments(form, font, input.treatments),
  ];
  const remarksBox = prepareBox(form, REMARKS_FIELD, REMARKS_FONT_SIZE);
  const { values, rest } = pourIntoBoxes(
    prepareText(input.remarks),
    [remarksBox],
    font,
    REMARKS_CONTINUED,
  );
  setBox(form, REMARKS_FIELD, values[0] ?? '');
  if (rest !== '') sections.push({ heading: 'Item 14. Remarks (continued)', text: rest });
  if (sections.length > 0) {
    appendContinuationPages(
      doc,
      { font, boldFont },
      {
        title: VA_21_0781_CONTINUATION_TITLE,
        pageLabel: 'VA Form 21-0781 attachment · ',
        identity,
        sections,
      },
    );
  }
  return saveForm(opened);
}
