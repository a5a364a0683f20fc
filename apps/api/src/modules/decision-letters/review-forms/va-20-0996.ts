import {
  type FormOptions,
  openBlankForm,
  saveForm,
  selectButtonState,
  setWhole,
} from '#src/lib/pdf-forms/form-fields.ts';
import { toVeteranIdentity } from '#src/lib/pdf-forms/identity.ts';
import {
  type IssueLayout,
  type ReviewFormInput,
  type SplitIdentityFields,
  attachIssues,
  fillIssues,
  fillSplitIdentity,
} from './review-form.ts';

/**
 * VA Form 20-0996 (MAR 2024), Decision Review Request: Higher-Level Review. Page 1 takes the
 * veteran's identity (Section I) and the benefit type (Compensation, Section III); pages 2 and 3
 * the issues with the date of each decision (Section V, thirteen rows). The informal conference
 * (Section IV) is left unchecked: asking for one is the veteran's choice, and VA may decide faster
 * without. The claimant (Section II), homelessness, the representative, signatures and dates
 * signed are left for the veteran.
 *
 * VA's file lists only 7 of its 119 fields in its field list; openBlankForm adds the others (see
 * adoptUnlistedFields), so they are filled like any form's.
 */

const PAGE_1 = 'form1[0].#subform[2].';
const PAGE_2 = 'form1[0].#subform[3].';
const PAGE_3 = 'form1[0].#subform[4].';

/** The fields this fills, by what they hold. */
export const VA_20_0996_FIELDS = {
  firstName: `${PAGE_1}Veterans_First_Name[0]`,
  middleInitial: `${PAGE_1}Veterans_Middle_Initial1[0]`,
  lastName: `${PAGE_1}Veterans_Last_Name[0]`,
  ssnFirst: `${PAGE_1}Veterans_SocialSecurityNumber_FirstThreeNumbers[0]`,
  ssnMiddle: `${PAGE_1}Veterans_SocialSecurityNumber_SecondTwoNumbers[0]`,
  ssnLast: `${PAGE_1}Veterans_SocialSecurityNumber_LastFourNumbers[0]`,
  vaFileNumber: `${PAGE_1}VAFileNumber[0]`,
  birthMonth: `${PAGE_1}DOBmonth[0]`,
  birthDay: `${PAGE_1}DOBday[0]`,
  birthYear: `${PAGE_1}DOByear[0]`,
  street: `${PAGE_1}CurrentMailingAddress_NumberAndStreet[0]`,
  unit: `${PAGE_1}CurrentMailingAddress_ApartmentOrUnitNumber[0]`,
  city: `${PAGE_1}CurrentMailingAddress_City[0]`,
  state: `${PAGE_1}CurrentMailingAddress_StateOrProvince[0]`,
  country: `${PAGE_1}CurrentMailingAddress_Country[0]`,
  zipFirstFive: `${PAGE_1}CurrentMailingAddress_ZIPOrPostalCode_FirstFiveNumbers[0]`,
  zipLastFour: `${PAGE_1}CurrentMailingAddress_ZIPOrPostalCode_LastFourNumbers[0]`,
  phoneArea: `${PAGE_1}Telephone_Number_Area_Code[0]`,
  phonePrefix: `${PAGE_1}Telephone_Middle_Three_Numbers[0]`,
  phoneLine: `${PAGE_1}Telephone_Last_Four_Numbers[0]`,
  internationalPhone: `${PAGE_1}International_Telephone_Number_If_Applicable[0]`,
  /** Item 8: thirty boxes. */
  email: `${PAGE_1}E_Mail_Address_Optional[0]`,
  /** Item 15, one check box per benefit type (one field, not marked a radio group). */
  benefitType: `${PAGE_1}RadioButtonList[0]`,
  /** Item 16A: left unchecked. */
  informalConference: `${PAGE_2}Checkbox_I_Would_Like_An_Optional_Informal_Conference[0]`,
} as const satisfies SplitIdentityFields & Record<string, string>;

/** Item 15's state for Compensation (the first box, top left). */
export const COMPENSATION_STATE = '0';

/**
 * Section V, items 18A and 18B: seven rows on page 2 and six on page 3, the date in three boxes.
 * The form numbers its boxes out of order; these are top to bottom.
 */
export const VA_20_0996_ISSUE_ROWS = (
  [
    [PAGE_2, 'SPECIFICISSUE1[2]', 0],
    [PAGE_2, 'SPECIFICISSUE1[3]', 1],
    [PAGE_2, 'SPECIFICISSUE1[1]', 2],
    [PAGE_2, 'SPECIFICISSUE1[0]', 3],
    [PAGE_2, 'SPECIFICISSUE3[0]', 4],
    [PAGE_2, 'SPECIFICISSUE4[0]', 5],
    [PAGE_2, 'SPECIFICISSUE5[0]', 6],
    [PAGE_3, 'SPECIFICISSUE1[5]', 7],
    [PAGE_3, 'SPECIFICISSUE1[4]', 8],
    [PAGE_3, 'SPECIFICISSUE3[1]', 9],
    [PAGE_3, 'SPECIFICISSUE1[7]', 10],
    [PAGE_3, 'SPECIFICISSUE1[6]', 11],
    [PAGE_3, 'SPECIFICISSUE3[2]', 12],
  ] as const
).map(([page, issue, date]) => ({
  issue: `${page}${issue}`,
  date: {
    month: `${page}Date_Month[${date}]`,
    day: `${page}Date_Day[${date}]`,
    year: `${page}Date_Year[${date}]`,
  },
}));

/** Left empty for the veteran: items 19A and 19B (signature and date signed), 20 (representative). */
export const VA_20_0996_SIGNATURE_FIELDS = [
  `${PAGE_3}Digital_Signature[0]`,
  `${PAGE_3}Date_Signed_Month[0]`,
  `${PAGE_3}Date_Signed_Day[0]`,
  `${PAGE_3}Date_Signed_Year[0]`,
  `${PAGE_3}Date_Signed_Month[1]`,
  `${PAGE_3}Date_Signed_Day[1]`,
  `${PAGE_3}Date_Signed_Year[1]`,
] as const;

/** The font size of the issue boxes (the form's own) and of the international number. */
export const VA_20_0996_FONT_SIZE = 9;
export const VA_20_0996_CONTINUATION_TITLE = 'VA Form 20-0996 — continuation of Section V (issues)';

const ISSUES: IssueLayout = {
  rows: VA_20_0996_ISSUE_ROWS,
  fontSize: VA_20_0996_FONT_SIZE,
  overflow: { kind: 'note' },
  heading:
    'Items 18A and 18B. Specific issues and dates of VA decision notification letters (continued)',
  dateLabel: 'Date of VA decision notification letter',
};

export async function fillVa200996(
  input: ReviewFormInput,
  options: FormOptions = {},
): Promise<Uint8Array> {
  const opened = await openBlankForm('va-20-0996', options);
  const { form } = opened;
  const f = VA_20_0996_FIELDS;
  // A decision letter decides disability compensation.
  selectButtonState(form, f.benefitType, COMPENSATION_STATE);
  const identity = toVeteranIdentity(input.veteran);
  if (identity) {
    fillSplitIdentity(opened, f, identity, VA_20_0996_FONT_SIZE);
    setWhole(form, f.email, identity.email);
  }
  const attached = fillIssues(opened, ISSUES, input.issues);
  attachIssues(opened, identity, attached, {
    title: VA_20_0996_CONTINUATION_TITLE,
    pageLabel: 'VA Form 20-0996 attachment · ',
  });
  return saveForm(opened);
}
