import {
  type FormOptions,
  type OpenForm,
  check,
  fillSharedIdentity,
  openBlankForm,
  saveForm,
  setLine,
  setWhole,
} from '#src/lib/pdf-forms/form-fields.ts';
import { type FormVeteran, toVeteranIdentity } from '#src/lib/pdf-forms/identity.ts';

/**
 * VA Form 21-0966 (Intent to File a Claim for Compensation and/or Pension, or Survivors Pension
 * and/or DIC, FEB 2023) filled from the veteran record, the veteran being the claimant: Section I
 * (the veteran's name, SSN, VA file number, date of birth, mailing address, telephone and email)
 * and the compensation box of Section III. Section II (a claimant other than the veteran) stays
 * empty, and the signature and date signed are left for the veteran, who prints, signs and
 * uploads it at VA.gov (or mails it).
 */

const PAGE_1 = 'F[0].Page_1[0].';
const PAGE_2 = 'F[0].#subform[1].';

/** The fields this fills, by what they hold. */
export const VA_21_0966_FIELDS = {
  firstName: `${PAGE_1}Veterans_First_Name[0]`,
  middleInitial: `${PAGE_1}Veterans_Middle_Initial1[0]`,
  lastName: `${PAGE_1}Veterans_Last_Name[0]`,
  ssnFirst: `${PAGE_1}Veterans_Social_SecurityNumber_FirstThreeNumbers[0]`,
  ssnMiddle: `${PAGE_1}Veterans_Social_SecurityNumber_SecondTwoNumbers[0]`,
  ssnLast: `${PAGE_1}VeteransSocialSecurityNumber_LastFourNumbers[0]`,
  vaFileNumber: `${PAGE_1}VA_File_Number[0]`,
  birthMonth: `${PAGE_1}DOB_Month[0]`,
  birthDay: `${PAGE_1}DOB_Day[0]`,
  birthYear: `${PAGE_1}DOB_Year[0]`,
  street: `${PAGE_1}Mailing_Address_NumberAndStreet[0]`,
  unit: `${PAGE_1}Mailing_Address_ApartmentOrUnitNumber[0]`,
  city: `${PAGE_1}MailingAddress_City[0]`,
  state: `${PAGE_1}MailingAddress_StateOrProvince[0]`,
  country: `${PAGE_1}MailingAddress_Country[0]`,
  zipFirstFive: `${PAGE_1}MailingAddress_ZIPOrPostalCode_FirstFiveNumbers[0]`,
  zipLastFour: `${PAGE_1}MailingAddress_ZIPOrPostalCode_LastFourNumbers[0]`,
  phoneArea: `${PAGE_1}Telephone_Number_FirstThreeNumbers[0]`,
  phonePrefix: `${PAGE_1}Telephone_Number_SecondThreeNumbers[0]`,
  phoneLine: `${PAGE_1}Telephone_Number_LastFourNumbers[0]`,
  internationalPhone: `${PAGE_1}International_Phone_Number[0]`,
  email1: `${PAGE_1}EMAIL_ADDRESS[0]`,
  email2: `${PAGE_1}EMAIL_ADDRESS[1]`,
  compensation: `${PAGE_2}COMPENSATION[0]`,
  pension: `${PAGE_2}PENSION[0]`,
  survivors: `${PAGE_2}SURVIVORS_PENSION_AND_OR_DEPENDENCY_AND_INDEMNITY_COMPENSATION_DIC[0]`,
} as const;

/** Left empty for the veteran: the signature and the date signed. */
export const VA_21_0966_SIGNATURE_FIELDS = [
  `${PAGE_2}SignatureField1[0]`,
  `${PAGE_2}Date_Signed_Month[0]`,
  `${PAGE_2}Date_Signed_Day[0]`,
  `${PAGE_2}Date_Signed_Year[0]`,
] as const;

/** An email across the form's two rows of 20 boxes, or left for the veteran when longer. */
function setEmail({ form }: OpenForm, email: string | null): void {
  const value = (email ?? '').trim();
  if (value === '' || value.length > 40) return;
  setLine(form, VA_21_0966_FIELDS.email1, value.slice(0, 20));
  setLine(form, VA_21_0966_FIELDS.email2, value.slice(20, 40));
}

export async function fillVa210966(
  veteran: FormVeteran | null,
  options: FormOptions = {},
): Promise<Uint8Array> {
  const opened = await openBlankForm('va-21-0966', options);
  const { form } = opened;
  const f = VA_21_0966_FIELDS;
  const identity = toVeteranIdentity(veteran);
  if (identity) {
    fillSharedIdentity(form, f, identity);
    setEmail(opened, identity.email);
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
  check(form, f.compensation);
  return saveForm(opened);
}
