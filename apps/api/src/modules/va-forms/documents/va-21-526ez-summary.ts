import { rgb } from 'pdf-lib';
import type { Payload526 } from '@muster/domain/va-526/build-payload';
import {
  type FormOptions,
  check,
  openBlankForm,
  saveForm,
  setFitted,
  setLine,
  setWhole,
} from '#src/lib/pdf-forms/form-fields.ts';
import { type FormVeteran, toVeteranIdentity } from '#src/lib/pdf-forms/identity.ts';

/**
 * A summary of the 526 on VA Form 21-526EZ, SEP 2019: the only edition of the form VA publishes
 * as a fillable file, and outdated (VA builds today's form itself from the Benefits Claims API
 * request). So it is a summary to read, never a form to file: every page is stamped
 * “Summary — not for filing”. What maps cleanly is filled: Section I (the veteran's
 * identification, address, telephone and email), the standard claim box, and Section V's rows
 * (each disability, its exposure, event or injury, and how it relates to service), a secondary
 * condition on a row of its own after its primary. What a row cannot hold is left out rather than
 * cut; the validate route is the complete account.
 */

const PAGE_9 = 'F[0].Page_9[0].';
const PAGE_10 = 'F[0].Page_10[0].';

export const SUMMARY_STAMP = 'Summary — not for filing';
/** Section V holds this many disabilities. */
export const VA_21_526EZ_ROWS = 15;

export const VA_21_526EZ_FIELDS = {
  firstName: `${PAGE_9}Veteran_Service_Member_First_Name[0]`,
  middleInitial: `${PAGE_9}Veteran_Service_Member_Middle_Initial[0]`,
  lastName: `${PAGE_9}Veteran_Service_Member_Last_Name[0]`,
  ssnFirst: `${PAGE_9}SocialSecurityNumber_FirstThreeNumbers[0]`,
  ssnMiddle: `${PAGE_9}SocialSecurityNumber_SecondTwoNumbers[0]`,
  ssnLast: `${PAGE_9}SocialSecurityNumber_LastFourNumbers[0]`,
  vaFileNumber: `${PAGE_9}VAFileNumber[0]`,
  birthMonth: `${PAGE_9}Date_Of_Birth_Month[0]`,
  birthDay: `${PAGE_9}Date_Of_Birth_Day[0]`,
  birthYear: `${PAGE_9}Date_Of_Birth_Year[0]`,
  phoneArea: `${PAGE_9}DaytimePhoneAreaCode[0]`,
  phonePrefix: `${PAGE_9}DaytimePhoneFirstThree[0]`,
  phoneLine: `${PAGE_9}DaytimePhoneLastFour[0]`,
  email: `${PAGE_9}PreferredEmailAddress[0]`,
  street: `${PAGE_9}CurrentMailingAddress_NumberAndStreet[0]`,
  unit: `${PAGE_9}CurrentMailingAddress_ApartmentOrUnitNumber[0]`,
  city: `${PAGE_9}CurrentMailingAddress_City[0]`,
  state: `${PAGE_9}CurrentMailingAddress_StateOrProvince[0]`,
  country: `${PAGE_9}CurrentMailingAddress_Country[0]`,
  zipFirstFive: `${PAGE_9}CurrentMailingAddress_ZIPOrPostalCode_FirstFiveNumbers[0]`,
  zipLastFour: `${PAGE_9}CurrentMailingAddress_ZIPOrPostalCode_LastFourNumbers[0]`,
  standardClaim: `${PAGE_9}Standard_Claim_Process[0]`,
  disability: (row: number) => `${PAGE_10}CURRENTDISABILITY[${row}]`,
  cause: (row: number) => `${PAGE_10}SpecifyExposureEventOrInjury[${row}]`,
  relation: (row: number) => `${PAGE_10}ExplainHowDisabilityRelatesToEvent_Exposure_Injury[${row}]`,
} as const;

type Row = { name: string; cause: string | undefined; relation: string | undefined };

function rowsOf(payload: Payload526): Row[] {
  return payload.data.attributes.disabilities.flatMap((contention) => [
    {
      name: contention.name,
      cause: contention.exposureOrEventOrInjury,
      relation: contention.serviceRelevance,
    },
    ...(contention.secondaryDisabilities ?? []).map((secondary) => ({
      name: secondary.name,
      cause: `Secondary to ${contention.name}`,
      relation: secondary.serviceRelevance,
    })),
  ]);
}

export async function fillVa21526ezSummary(
  input: { veteran: FormVeteran | null; payload: Payload526 },
  options: FormOptions = {},
): Promise<Uint8Array> {
  const opened = await openBlankForm('va-21-526ez', options);
  const { doc, form, font, boldFont } = opened;
  const f = VA_21_526EZ_FIELDS;
  const identity = toVeteranIdentity(input.veteran);
  if (identity) {
    setLine(form, f.firstName, identity.firstName);
    setLine(form, f.middleInitial, identity.middleInitial);
    setLine(form, f.lastName, identity.lastName);
    setLine(form, f.ssnFirst, identity.ssn?.first);
    setLine(form, f.ssnMiddle, identity.ssn?.middle);
    setLine(form, f.ssnLast, identity.ssn?.last);
    setWhole(form, f.vaFileNumber, identity.vaFileNumber);
    setLine(form, f.birthMonth, identity.dateOfBirth?.month);
    setLine(form, f.birthDay, identity.dateOfBirth?.day);
    setLine(form, f.birthYear, identity.dateOfBirth?.year);
    // The SEP 2019 edition has no box for an international number.
    setLine(form, f.phoneArea, identity.phone?.area);
    setLine(form, f.phonePrefix, identity.phone?.prefix);
    setLine(form, f.phoneLine, identity.phone?.line);
    setWhole(form, f.email, identity.email);
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
  check(form, f.standardClaim);
  rowsOf(input.payload)
    .slice(0, VA_21_526EZ_ROWS)
    .forEach((row, index) => {
      const fit = { fontSize: 9, minFontSize: 6 };
      setFitted(form, font, f.disability(index), row.name, fit);
      setFitted(form, font, f.cause(index), row.cause, fit);
      setFitted(form, font, f.relation(index), row.relation, fit);
    });
  for (const page of doc.getPages()) {
    const { width, height } = page.getSize();
    const size = 14;
    const textWidth = boldFont.widthOfTextAtSize(SUMMARY_STAMP, size);
    page.drawText(SUMMARY_STAMP, {
      x: (width - textWidth) / 2,
      y: height - 18,
      size,
      font: boldFont,
      color: rgb(0.75, 0, 0),
    });
  }
  return saveForm(opened);
}
