import { pourIntoBoxes } from '#src/lib/pdf-forms/box-fit.ts';
import { appendContinuationPages } from '#src/lib/pdf-forms/continuation.ts';
import {
  type FormOptions,
  type OpenForm,
  fillSharedIdentity,
  openBlankForm,
  prepareBox,
  saveForm,
  setBox,
  setLine,
  setWhole,
} from '#src/lib/pdf-forms/form-fields.ts';
import { type VeteranIdentity, toVeteranIdentity } from '#src/lib/pdf-forms/identity.ts';
import { prepareText } from '#src/lib/pdf-forms/text-layout.ts';
import type { StatementDocumentInput } from './types.ts';

/**
 * VA Form 21-4138 (Statement in Support of Claim, JUN 2021) with the statement as its remarks.
 * Section I takes the veteran's identity; Section II (remarks) has a box on page 1 and another on
 * page 2; what they cannot hold goes on pages attached after page 2, so the text reads in order.
 * The signature and the date signed (items 9 and 10) are left for the veteran.
 */

const PAGE_1 = 'form1[0].#subform[0].';
const PAGE_2 = 'form1[0].#subform[1].';

/** The fields this fills, by what they hold. */
export const VA_21_4138_FIELDS = {
  firstName: `${PAGE_1}Veterans_Beneficiary_First_Name[0]`,
  middleInitial: `${PAGE_1}Middle_Initial1[0]`,
  lastName: `${PAGE_1}Last_Name[0]`,
  ssnFirst: `${PAGE_1}SocialSecurityNumber_FirstThreeNumbers[0]`,
  ssnMiddle: `${PAGE_1}SocialSecurityNumber_SecondTwoNumbers[0]`,
  ssnLast: `${PAGE_1}SocialSecurityNumber_LastFourNumbers[0]`,
  vaFileNumber: `${PAGE_1}VA_File_Number_If_Applicable[0]`,
  birthMonth: `${PAGE_1}Veterans_DOB_Month[0]`,
  birthDay: `${PAGE_1}DOB_Day[0]`,
  birthYear: `${PAGE_1}DOB_Year[0]`,
  serviceNumber: `${PAGE_1}Veterans_Service_Number_If_Applicable[0]`,
  phoneArea: `${PAGE_1}TelephoneNumber_FirstThreeNumbers[0]`,
  phonePrefix: `${PAGE_1}TelephoneNumber_SecondThreeNumbers[0]`,
  phoneLine: `${PAGE_1}TelephoneNumber_LastFourNumbers[0]`,
  internationalPhone: `${PAGE_1}International_Phone_Number[0]`,
  email1: `${PAGE_1}EMAIL_ADDRESS[0]`,
  email2: `${PAGE_1}EMAIL_ADDRESS[1]`,
  street: `${PAGE_1}MailingAddress_NumberAndStreet[0]`,
  unit: `${PAGE_1}MailingAddress_ApartmentOrUnitNumber[0]`,
  city: `${PAGE_1}MailingAddress_City[0]`,
  state: `${PAGE_1}MailingAddress_StateOrProvince[0]`,
  country: `${PAGE_1}MailingAddress_Country[0]`,
  zipFirstFive: `${PAGE_1}MailingAddress_ZIPOrPostalCode_FirstFiveNumbers[0]`,
  zipLastFour: `${PAGE_1}MailingAddress_ZIPOrPostalCode_LastFourNumbers[0]`,
  remarks1: `${PAGE_1}REMARKS[0]`,
  /** Page 2 repeats the SSN at its top. */
  page2SsnFirst: `${PAGE_2}SocialSecurityNumber_FirstThreeNumbers[1]`,
  page2SsnMiddle: `${PAGE_2}SocialSecurityNumber_SecondTwoNumbers[1]`,
  page2SsnLast: `${PAGE_2}SocialSecurityNumber_LastFourNumbers[1]`,
  remarks2: `${PAGE_2}REMARKS[1]`,
} as const;

/** Left empty for the veteran: item 9 (signature) and item 10 (date signed). */
export const VA_21_4138_SIGNATURE_FIELDS = [
  `${PAGE_2}Digital_Signature[0]`,
  `${PAGE_2}Date_Signed_Month[0]`,
  `${PAGE_2}Date_Signed_Day[0]`,
  `${PAGE_2}Date_Signed_Year[0]`,
] as const;

/** The font size of the remarks boxes (the form's own). */
export const REMARKS_FONT_SIZE = 10;
export const CONTINUED_NOTE = '(Continued on attached page(s).)';
export const VA_21_4138_CONTINUATION_TITLE =
  'VA Form 21-4138 — continuation of remarks (Section II)';

function fillIdentity({ form }: OpenForm, identity: VeteranIdentity): void {
  const f = VA_21_4138_FIELDS;
  fillSharedIdentity(form, f, identity);
  // Page 2 repeats the SSN at its top.
  setLine(form, f.page2SsnFirst, identity.ssn?.first);
  setLine(form, f.page2SsnMiddle, identity.ssn?.middle);
  setLine(form, f.page2SsnLast, identity.ssn?.last);
  // Item 7 is two rows of 20 boxes: the address runs on from the first into the second. An email
  // or a street longer than its boxes is left for the veteran to write in: cut, it would be a
  // wrong address on a signed form.
  const email = identity.email ?? '';
  if (email.length <= 40) {
    setLine(form, f.email1, email.slice(0, 20));
    setLine(form, f.email2, email.slice(20, 40));
  }
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

/** The remarks: which disability the statement is about, then the statement. */
export function remarksText(input: StatementDocumentInput): string {
  return prepareText(`Disability: ${input.disabilityTitle}\n\n${input.body}`);
}

export async function fillVa214138(
  input: StatementDocumentInput,
  options: FormOptions = {},
): Promise<Uint8Array> {
  const opened = await openBlankForm('va-21-4138', options);
  const { doc, form, font, boldFont } = opened;
  const identity = toVeteranIdentity(input.veteran);
  if (identity) fillIdentity(opened, identity);

  const f = VA_21_4138_FIELDS;
  const boxes = [
    prepareBox(form, f.remarks1, REMARKS_FONT_SIZE),
    prepareBox(form, f.remarks2, REMARKS_FONT_SIZE),
  ];
  const { values, rest } = pourIntoBoxes(remarksText(input), boxes, font, CONTINUED_NOTE);
  setBox(form, f.remarks1, values[0] ?? '');
  setBox(form, f.remarks2, values[1] ?? '');
  if (rest !== '') {
    appendContinuationPages(
      doc,
      { font, boldFont },
      {
        title: VA_21_4138_CONTINUATION_TITLE,
        pageLabel: 'VA Form 21-4138 attachment · ',
        identity,
        sections: [{ heading: null, text: rest }],
      },
    );
  }
  return saveForm(opened);
}
