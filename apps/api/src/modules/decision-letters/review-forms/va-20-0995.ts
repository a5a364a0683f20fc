import {
  type FormOptions,
  openBlankForm,
  saveForm,
  selectButtonState,
  setFitted,
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
 * VA Form 20-0995 (MAY 2024), Decision Review Request: Supplemental Claim. Pages 1 to 3 are
 * instructions; page 4 takes the benefit type (Compensation) and the veteran's identity (Section
 * I), page 5 the issues with the date of each decision notice (Section IV, nine rows). The
 * claimant (Section II, only for someone other than the veteran), homelessness (Section III), the
 * evidence (Section V), the 5103 notice (Section VI), the VHA notice (Section VII), signatures,
 * dates signed, witnesses and representatives are left for the veteran.
 */

const PAGE_4 = 'form1[0].#subform[3].';
const PAGE_5 = 'form1[0].#subform[4].';
const PAGE_7 = 'form1[0].#subform[6].';

/** The fields this fills, by what they hold. */
export const VA_20_0995_FIELDS = {
  firstName: `${PAGE_4}VeteransFirstName[0]`,
  middleInitial: `${PAGE_4}VeteransMiddleInitial1[0]`,
  lastName: `${PAGE_4}VeteransLastName[0]`,
  ssnFirst: `${PAGE_4}Veterans_SocialSecurityNumber_FirstThreeNumbers[0]`,
  ssnMiddle: `${PAGE_4}Veterans_SocialSecurityNumber_SecondTwoNumbers[0]`,
  ssnLast: `${PAGE_4}Veterans_SocialSecurityNumber_LastFourNumbers[0]`,
  vaFileNumber: `${PAGE_4}VAFileNumber[0]`,
  birthMonth: `${PAGE_4}DOBmonth[0]`,
  birthDay: `${PAGE_4}DOBday[0]`,
  birthYear: `${PAGE_4}DOByear[0]`,
  serviceNumber: `${PAGE_4}VeteransServiceNumber[0]`,
  street: `${PAGE_4}MailingAddress_NumberAndStreet[0]`,
  unit: `${PAGE_4}MailingAddress_ApartmentOrUnitNumber[0]`,
  city: `${PAGE_4}MailingAddress_City[0]`,
  state: `${PAGE_4}MailingAddress_StateOrProvince[0]`,
  country: `${PAGE_4}MailingAddress_Country[0]`,
  zipFirstFive: `${PAGE_4}MailingAddress_ZIPOrPostalCode_FirstFiveNumbers[0]`,
  zipLastFour: `${PAGE_4}MailingAddress_ZIPOrPostalCode_LastFourNumbers[0]`,
  phoneArea: `${PAGE_4}Telephone_Number_AreaCode[0]`,
  // The form names the middle three digits "FirstThreeNumbers".
  phonePrefix: `${PAGE_4}FirstThreeNumbers[0]`,
  phoneLine: `${PAGE_4}LastFourNumbers[0]`,
  internationalPhone: `${PAGE_4}International_Telephone_Number_If_Applicable[0]`,
  /** Item 10 (item 19, the claimant's, is E_Mail_Address_Optional[0]). */
  email: `${PAGE_4}E_Mail_Address_Optional[1]`,
  /** Item 1, one button per benefit type. */
  benefitType: `${PAGE_4}RadioButtonList[0]`,
} as const satisfies SplitIdentityFields & Record<string, string>;

/** Item 1's state for Compensation (the first button, top left; its export value is '4'). */
export const COMPENSATION_STATE = '0';

/** Section IV, items 21A and 21B: nine rows, the date in three boxes. */
export const VA_20_0995_ISSUE_ROWS = [
  'SPECIFICISSUE2[0]',
  'SPECIFICISSUE3[0]',
  'SPECIFICISSUE4[0]',
  'SPECIFICISSUE5[0]',
  'SPECIFICISSUE6[0]',
  'SPECIFICISSUE7[0]',
  'SPECIFICISSUE7[1]',
  'SPECIFICISSUE7[2]',
  'SPECIFICISSUE7[3]',
].map((issue, row) => ({
  issue: `${PAGE_5}${issue}`,
  date: {
    month: `${PAGE_5}Date_Of_VA_Decision_Notice_Month[${row}]`,
    day: `${PAGE_5}Date_Day[${row}]`,
    year: `${PAGE_5}Date_Year[${row}]`,
  },
}));

/** Left empty for the veteran: item 25 (signature and date signed). */
export const VA_20_0995_SIGNATURE_FIELDS = [
  `${PAGE_7}Digital_Signature[0]`,
  `${PAGE_7}Date_Signed_Month[0]`,
  `${PAGE_7}Date_Signed_Day[0]`,
  `${PAGE_7}Date_Signed_Year[0]`,
] as const;

/** The font size of the issue boxes and the email box (the form's own). */
export const VA_20_0995_FONT_SIZE = 10;
export const VA_20_0995_CONTINUATION_TITLE =
  'VA Form 20-0995 — continuation of Section IV (issues)';

const ISSUES: IssueLayout = {
  rows: VA_20_0995_ISSUE_ROWS,
  fontSize: VA_20_0995_FONT_SIZE,
  overflow: { kind: 'note' },
  heading: 'Items 21A and 21B. Specific issues and dates of VA decision notices (continued)',
  dateLabel: 'Date of VA decision notice',
};

export async function fillVa200995(
  input: ReviewFormInput,
  options: FormOptions = {},
): Promise<Uint8Array> {
  const opened = await openBlankForm('va-20-0995', options);
  const { form, font } = opened;
  const f = VA_20_0995_FIELDS;
  // A decision letter decides disability compensation.
  selectButtonState(form, f.benefitType, COMPENSATION_STATE);
  const identity = toVeteranIdentity(input.veteran);
  if (identity) {
    fillSplitIdentity(opened, f, identity, VA_20_0995_FONT_SIZE);
    setFitted(form, font, f.email, identity.email, {
      fontSize: VA_20_0995_FONT_SIZE,
      minFontSize: 6,
      oneLine: true,
    });
  }
  const attached = fillIssues(opened, ISSUES, input.issues);
  attachIssues(opened, identity, attached, {
    title: VA_20_0995_CONTINUATION_TITLE,
    pageLabel: 'VA Form 20-0995 attachment · ',
  });
  return saveForm(opened);
}
