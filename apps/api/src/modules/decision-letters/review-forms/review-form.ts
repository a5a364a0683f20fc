import { fitWithSuffix } from '#src/lib/pdf-forms/box-fit.ts';
import {
  type ContinuationSection,
  appendContinuationPages,
} from '#src/lib/pdf-forms/continuation.ts';
import {
  type IdentityFieldNames,
  type OpenForm,
  check,
  fillSharedIdentity,
  prepareBox,
  setBox,
  setFitted,
  setLine,
  setWhole,
} from '#src/lib/pdf-forms/form-fields.ts';
import {
  type FormVeteran,
  type VeteranIdentity,
  formatDate,
  parseDate,
} from '#src/lib/pdf-forms/identity.ts';
import { prepareText } from '#src/lib/pdf-forms/text-layout.ts';

/**
 * What the three decision review forms share: their input (the veteran and the issues chosen
 * from a decision letter), the issue rows each form has, and how issues that do not fit continue
 * on attached pages. Each form's own field names are in its file.
 */

export type ReviewIssue = {
  /** The condition as the letter words it. */
  condition: string;
  /** The date of the decision notice (the letter's date), YYYY-MM-DD; null when not known. */
  decisionDate: string | null;
};

export type ReviewFormInput = {
  /** Null when the veteran has no record yet: the identity boxes stay empty. */
  veteran: FormVeteran | null;
  /** In the order they are listed on the form; at least one. */
  issues: ReviewIssue[];
};

/** The Board's three dockets (VA Form 10182, Part II). */
export const BOARD_DOCKETS = ['direct', 'evidence', 'hearing'] as const;
export type BoardDocket = (typeof BOARD_DOCKETS)[number];

export type BoardAppealInput = ReviewFormInput & {
  /** The docket chosen; null leaves the choice to the veteran. */
  docket: BoardDocket | null;
};

/** The boxes of one issue row: the issue, and its date as three boxes or one. */
export type IssueRow = {
  issue: string;
  date: { month: string; day: string; year: string } | { whole: string };
};

export type IssueLayout = {
  /** The rows, top to bottom. */
  rows: readonly IssueRow[];
  /** The font size of the issue boxes and of a one-box date (the form's own). */
  fontSize: number;
  /**
   * What the form does with more issues than rows: `note` (it asks to say so in its space: the
   * last row says the rest is attached), or the check box it has for attached sheets.
   */
  overflow: { kind: 'note' } | { kind: 'checkbox'; name: string };
  /** Heads the continued issues on the attached pages, e.g. 'Item 21. Issues (continued)'. */
  heading: string;
  /** What the form calls the date, e.g. 'Date of VA decision notice'. */
  dateLabel: string;
};

/** Ends an issue box that shows only the start of its issue. */
export const ISSUE_CONTINUED = '(continued on attached page)';
/** The last row of a form that has more issues than rows (and no box to check for it). */
export const MORE_ISSUES_NOTE = 'More issues are listed on the attached page(s).';

/** An issue's text on one line, as it is drawn. */
export function issueText(issue: ReviewIssue): string {
  return prepareText(issue.condition).replace(/\s+/g, ' ');
}

/** How an issue is written on an attached page: its number, the issue, and its date. */
function attachedIssue(index: number, issue: ReviewIssue, dateLabel: string): string {
  const date = issue.decisionDate ? formatDate(issue.decisionDate) : '____________';
  return `Issue ${index + 1}: ${issueText(issue)}\n${dateLabel}: ${date}`;
}

function fillDate(
  opened: OpenForm,
  date: IssueRow['date'],
  value: string | null,
  fontSize: number,
): void {
  if (!value) return;
  if ('whole' in date) {
    setFitted(opened.form, opened.font, date.whole, formatDate(value), {
      fontSize,
      minFontSize: 6,
    });
    return;
  }
  const parts = parseDate(value);
  if (!parts?.day) return;
  setLine(opened.form, date.month, parts.month);
  setLine(opened.form, date.day, parts.day);
  setLine(opened.form, date.year, parts.year);
}

/**
 * Fills the issue rows in order and answers what goes on the attached pages (null when nothing
 * does). An issue too long for its box shows its start and ISSUE_CONTINUED and is attached whole;
 * issues past the rows are attached, the form told so by its own check box or the last row's note.
 */
export function fillIssues(
  opened: OpenForm,
  layout: IssueLayout,
  issues: readonly ReviewIssue[],
): ContinuationSection | null {
  const { form, font } = opened;
  const { rows } = layout;
  const overflows = issues.length > rows.length;
  const room = overflows && layout.overflow.kind === 'note' ? rows.length - 1 : rows.length;
  const attached: string[] = [];
  issues.forEach((issue, index) => {
    const row = rows[index];
    if (index >= room || !row) {
      attached.push(attachedIssue(index, issue, layout.dateLabel));
      return;
    }
    const box = prepareBox(form, row.issue, layout.fontSize);
    const { value, complete } = fitWithSuffix(issueText(issue), box, font, ISSUE_CONTINUED);
    setBox(form, row.issue, value);
    fillDate(opened, row.date, issue.decisionDate, layout.fontSize);
    if (!complete) attached.push(attachedIssue(index, issue, layout.dateLabel));
  });
  const last = rows[rows.length - 1];
  if (overflows && layout.overflow.kind === 'note' && last) {
    prepareBox(form, last.issue, layout.fontSize);
    setBox(form, last.issue, MORE_ISSUES_NOTE);
  }
  if (attached.length === 0) return null;
  if (layout.overflow.kind === 'checkbox') check(form, layout.overflow.name);
  return { heading: layout.heading, text: attached.join('\n\n') };
}

/** Attaches the continued issues, when there are any, after the form's last page. */
export function attachIssues(
  opened: OpenForm,
  identity: VeteranIdentity | null,
  section: ContinuationSection | null,
  labels: { title: string; pageLabel: string },
): void {
  if (!section) return;
  appendContinuationPages(
    opened.doc,
    { font: opened.font, boldFont: opened.boldFont },
    // VA asks for the veteran's name and file number on every attached sheet.
    { ...labels, identity, withFileNumber: true, sections: [section] },
  );
}

/** The identity boxes of a form that splits them the way VA's newer forms do. */
export type SplitIdentityFields = IdentityFieldNames & {
  street: string;
  unit: string;
  city: string;
  state: string;
  country: string;
  zipFirstFive: string;
  zipLastFour: string;
};

/**
 * Fills a form's split identity boxes: names cut to VA's boxes, numbers and the address whole or
 * not at all (cut, they would be wrong on a signed form), an international number only when it
 * fits its box.
 */
export function fillSplitIdentity(
  opened: OpenForm,
  f: SplitIdentityFields,
  identity: VeteranIdentity,
  internationalPhoneSize: number,
): void {
  const { form, font } = opened;
  fillSharedIdentity(form, f, identity);
  setFitted(form, font, f.internationalPhone, identity.internationalPhone, {
    fontSize: internationalPhoneSize,
    minFontSize: 6,
  });
  const address = identity.address;
  if (address) {
    setWhole(form, f.street, address.street);
    setWhole(form, f.unit, address.unit);
    setWhole(form, f.city, address.city);
    setLine(form, f.state, address.state);
    setLine(form, f.country, address.country);
    setLine(form, f.zipFirstFive, address.zipFirstFive);
    setLine(form, f.zipLastFour, address.zipLastFour);
  }
}
