import {
  type FormOptions,
  check,
  openBlankForm,
  saveForm,
  setFitted,
} from '#src/lib/pdf-forms/form-fields.ts';
import { type FormVeteran, formatDate, toVeteranIdentity } from '#src/lib/pdf-forms/identity.ts';
import {
  type BoardAppealInput,
  type BoardDocket,
  type IssueLayout,
  attachIssues,
  fillIssues,
} from './review-form.ts';

/**
 * VA Form 10182 (MAR 2022), Decision Review Request: Board Appeal (Notice of Disagreement). Page 1
 * is the form (pages 2 and 3 are instructions): Part I the veteran's identity, each item in one
 * box; Part II the docket, checked only when the veteran chose one (the choice is theirs: it
 * decides whether they may add evidence or have a hearing); Part III the issues with the date of
 * each decision (five rows; more, or an issue too long for its row, go on attached sheets and box
 * 11C is checked). The hearing type, the extension request, the VHA box, the representative, the
 * signature and the date signed are left for the veteran.
 */

const PAGE_1 = 'F[0].Page_1[0].';

/** The fields this fills, by what they hold (the form's own names say otherwise for some). */
export const VA_10182_FIELDS = {
  /** Item 1: first name, middle initial and last name in one box. */
  name: `${PAGE_1}VeteransFirstName[0]`,
  /** Item 2: the veteran's file number. */
  fileNumber: `${PAGE_1}VeteransSocialSecurityNumber_FirstThreeNumbers[0]`,
  /** Item 3: the veteran's date of birth. */
  dateOfBirth: `${PAGE_1}DateSigned[0]`,
  /** Item 6: the whole mailing address. */
  address: `${PAGE_1}CurrentMailingAddress_NumberAndStreet[0]`,
  /** Item 7. */
  phone: `${PAGE_1}PreferredPhoneNumber[0]`,
  /** Item 8 (item 9, the representative's name, is PreferredE_MailAddress[1]). */
  email: `${PAGE_1}PreferredE_MailAddress[0]`,
  /** Box 11C: additional sheets are attached. */
  additionalSheets: `${PAGE_1}DecisionReviewOfficer_DROReviewProcess[9]`,
} as const;

/** Part II, boxes 10A to 10C. */
export const VA_10182_DOCKET_BOXES: Record<BoardDocket, string> = {
  direct: `${PAGE_1}DecisionReviewOfficer_DROReviewProcess[1]`,
  evidence: `${PAGE_1}DecisionReviewOfficer_DROReviewProcess[2]`,
  hearing: `${PAGE_1}DecisionReviewOfficer_DROReviewProcess[3]`,
};

/** Part III, items 11A and 11B: five rows, the date in one box. */
export const VA_10182_ISSUE_ROWS = (
  [
    ['Disagreement1[0]', 'Percentage2[0]'],
    ['Disagreement2[0]', 'Percentage2[1]'],
    ['Disagreement3[0]', 'Percentage2[2]'],
    ['Disagreement2[1]', 'Percentage2[3]'],
    ['Disagreement2[2]', 'Percentage2[4]'],
  ] as const
).map(([issue, date]) => ({ issue: `${PAGE_1}${issue}`, date: { whole: `${PAGE_1}${date}` } }));

/** Left empty for the veteran: items 12 and 13 (signature and date signed). */
export const VA_10182_SIGNATURE_FIELDS = [
  `${PAGE_1}SignatureOfClaimant_AuthorizedRepresentative[0]`,
  `${PAGE_1}DateSigned[2]`,
] as const;

/** The font size of the issue and date boxes (the form's own). */
export const VA_10182_FONT_SIZE = 10;
/** The font size of Part I's boxes (the form's own, 11; the phone's 9). */
const IDENTITY_FONT_SIZE = 11;
export const VA_10182_CONTINUATION_TITLE = 'VA Form 10182 — additional sheet for Part III (issues)';

const ISSUES: IssueLayout = {
  rows: VA_10182_ISSUE_ROWS,
  fontSize: VA_10182_FONT_SIZE,
  overflow: { kind: 'checkbox', name: VA_10182_FIELDS.additionalSheets },
  heading: 'Items 11A and 11B. Specific issues and dates of decision (continued)',
  dateLabel: 'Date of decision',
};

/** The address as item 6 asks: the street lines, then city, state and ZIP code, then the country. */
export function addressText(address: FormVeteran['address']): string {
  if (!address) return '';
  const street = [address.line1, address.line2, address.line3]
    .map((line) => line?.trim())
    .filter(Boolean)
    .join(', ');
  const place = `${address.city.trim()}, ${address.state.trim().toUpperCase()} ${address.zip_code.trim()}`;
  // The veteran's records hold US addresses.
  return `${street}\n${place}\nUSA`;
}

export async function fillVa10182(
  input: BoardAppealInput,
  options: FormOptions = {},
): Promise<Uint8Array> {
  const opened = await openBlankForm('va-10182', options);
  const { form, font } = opened;
  const f = VA_10182_FIELDS;
  const identity = toVeteranIdentity(input.veteran);
  if (identity) {
    const size = { fontSize: IDENTITY_FONT_SIZE, minFontSize: 6 };
    setFitted(form, font, f.name, identity.fullName, size);
    // VA's file number is the SSN for most veterans: the SSN when the record holds no other.
    const ssn = identity.ssn && `${identity.ssn.first}${identity.ssn.middle}${identity.ssn.last}`;
    setFitted(form, font, f.fileNumber, identity.vaFileNumber ?? ssn, size);
    if (identity.dateOfBirth?.day) {
      setFitted(form, font, f.dateOfBirth, formatDate(input.veteran?.date_of_birth), {
        fontSize: 10,
        minFontSize: 6,
      });
    }
    setFitted(form, font, f.address, addressText(input.veteran?.address ?? null), size);
    const phone = identity.phone
      ? `(${identity.phone.area}) ${identity.phone.prefix}-${identity.phone.line}`
      : identity.internationalPhone;
    setFitted(form, font, f.phone, phone, { fontSize: 9, minFontSize: 6 });
    setFitted(form, font, f.email, identity.email, { fontSize: 10, minFontSize: 6 });
  }
  if (input.docket) check(form, VA_10182_DOCKET_BOXES[input.docket]);
  const attached = fillIssues(opened, ISSUES, input.issues);
  attachIssues(opened, identity, attached, {
    title: VA_10182_CONTINUATION_TITLE,
    pageLabel: 'VA Form 10182 additional sheet · ',
  });
  return saveForm(opened);
}
