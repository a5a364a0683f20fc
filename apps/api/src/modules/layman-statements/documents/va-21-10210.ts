import { pourIntoBoxes } from '#src/lib/pdf-forms/box-fit.ts';
import { appendContinuationPages } from '#src/lib/pdf-forms/continuation.ts';
import {
  type FormOptions,
  type OpenForm,
  check,
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
import { witnessDetails, type LayStatementDocumentInput } from './types.ts';

/**
 * VA Form 21-10210 (Lay/Witness Statement, JUL 2024) filled with a witness's statement. Section I
 * takes the veteran's identity (the veteran is the claimant, so Section II stays empty); Section
 * III (item 17) holds the statement in a box on page 2 and another on page 3, and what they cannot
 * hold goes on pages attached at the end; Section IV takes the witness's name, relationship,
 * telephone and email. The form has no box for the witness's address or since when they have
 * known the veteran: those head the statement. The signature and date signed (items 22A and 22B)
 * are left for the witness to sign on paper.
 */

const PAGE_1 = 'vba210304[0].#subform[0].';
const PAGE_2 = 'vba210304[0].#subform[1].';
const PAGE_3 = 'vba210304[0].#subform[2].';

/** The fields this fills, by what they hold. */
export const VA_21_10210_FIELDS = {
  firstName: `${PAGE_1}Veterans_First_Name[0]`,
  middleInitial: `${PAGE_1}Middle_Initial1[0]`,
  lastName: `${PAGE_1}Last_Name[0]`,
  ssnFirst: `${PAGE_1}SSN1[0]`,
  ssnMiddle: `${PAGE_1}SSN2[0]`,
  ssnLast: `${PAGE_1}SSN3[0]`,
  vaFileNumber: `${PAGE_1}VA_File_Number_If_Applicable[0]`,
  birthMonth: `${PAGE_1}Month[1]`,
  birthDay: `${PAGE_1}Day[1]`,
  birthYear: `${PAGE_1}Year[1]`,
  street: `${PAGE_1}CurrentMailingAddress_NumberAndStreet[0]`,
  unit: `${PAGE_1}CurrentMailingAddress_ApartmentOrUnitNumber[0]`,
  city: `${PAGE_1}CurrentMailingAddress_City[0]`,
  state: `${PAGE_1}CurrentMailingAddress_StateOrProvince[0]`,
  country: `${PAGE_1}CurrentMailingAddress_Country[0]`,
  zipFirstFive: `${PAGE_1}CurrentMailingAddress_ZIPOrPostalCode_FirstFiveNumbers[0]`,
  zipLastFour: `${PAGE_1}CurrentMailingAddress_ZIPOrPostalCode_LastFourNumbers[0]`,
  phoneArea: `${PAGE_1}AreaCode[0]`,
  phonePrefix: `${PAGE_1}FirstThreeNumbers[0]`,
  phoneLine: `${PAGE_1}LastFourNumbers[0]`,
  internationalPhone: `${PAGE_1}International_Phone_Number[0]`,
  email1: `${PAGE_1}EMAIL_ADDRESS[0]`,
  email2: `${PAGE_1}EMAIL_ADDRESS[1]`,
  /** Pages 2 and 3 repeat the SSN at their top. */
  page2SsnFirst: `${PAGE_2}SSN1[1]`,
  page2SsnMiddle: `${PAGE_2}SSN2[1]`,
  page2SsnLast: `${PAGE_2}SSN3[1]`,
  page3SsnFirst: `${PAGE_3}SSN1[2]`,
  page3SsnMiddle: `${PAGE_3}SSN2[2]`,
  page3SsnLast: `${PAGE_3}SSN3[2]`,
  statement1: `${PAGE_2}TextField1[0]`,
  statement2: `${PAGE_3}TextField1[1]`,
  witnessFirstName: `${PAGE_3}WITNESS_FIRST_NAME[0]`,
  witnessMiddleInitial: `${PAGE_3}Middle_Initial1[2]`,
  witnessLastName: `${PAGE_3}Last_Name[2]`,
  servedWith: `${PAGE_3}SERVED_WITH_CLAIMANT[0]`,
  familyOrFriend: `${PAGE_3}FAMILY_OR_FRIEND_OF_CLAIMANT[0]`,
  coworker: `${PAGE_3}COWORKER_OR_SUPERVISOR_OF_CLAIMANT[0]`,
  other: `${PAGE_3}OTHER_Specify[1]`,
  otherText: `${PAGE_3}OTHER_Specify[0]`,
  witnessPhoneArea: `${PAGE_3}AreaCode[2]`,
  witnessPhonePrefix: `${PAGE_3}FirstThreeNumbers[3]`,
  witnessPhoneLine: `${PAGE_3}LastFourNumbers[3]`,
  witnessInternationalPhone: `${PAGE_3}International_Phone_Number[2]`,
  witnessEmail1: `${PAGE_3}EMAIL_ADDRESS[4]`,
  witnessEmail2: `${PAGE_3}EMAIL_ADDRESS[5]`,
} as const;

/** Left empty for the witness: item 22A (signature) and item 22B (date signed). */
export const VA_21_10210_SIGNATURE_FIELDS = [
  `${PAGE_3}Digital_Signature[0]`,
  `${PAGE_3}Month[5]`,
  `${PAGE_3}Day[5]`,
  `${PAGE_3}Year[5]`,
] as const;

export const STATEMENT_FONT_SIZE = 10;
export const CONTINUED_NOTE = '(Continued on attached page(s).)';
export const VA_21_10210_CONTINUATION_TITLE =
  'VA Form 21-10210 — continuation of statement (Section III)';

/** Item 19's boxes: which one a relationship in the veteran's own words falls under. */
export type WitnessRelationship = 'served-with' | 'family-or-friend' | 'coworker' | 'other';

const SERVED_WITH =
  /\b(served|service member|unit|squad|platoon|company|battalion|ship(mate)?|deploy\w*|soldier|marine|sailor|airman|guardian|fellow|battle buddy|veteran|army|navy|air force|corps|coast guard|sergeant|officer)\b/i;
const COWORKER = /\b(co-?worker|colleague|supervisor|boss|manager|employer|work(ed)? with)\b/i;
const FAMILY_OR_FRIEND =
  /\b(spouse|wife|husband|partner|fianc[eé]e?|mother|father|mom|dad|parent|son|daughter|child|brother|sister|sibling|cousin|uncle|aunt|niece|nephew|grand\w*|in-law|family|friend|neighbou?r|roommate)\b/i;

export function relationshipKind(relationship: string): WitnessRelationship {
  if (SERVED_WITH.test(relationship)) return 'served-with';
  if (COWORKER.test(relationship)) return 'coworker';
  if (FAMILY_OR_FRIEND.test(relationship)) return 'family-or-friend';
  return 'other';
}

/** A full name as the form's boxes take it: first word, middle initial, the rest as last name. */
export function splitName(name: string): { first: string; middle: string; last: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { first: words[0] ?? '', middle: '', last: '' };
  const first = words[0] ?? '';
  const last = words[words.length - 1] ?? '';
  const middle = words.length > 2 ? ([...(words[1] ?? '')][0] ?? '').toUpperCase() : '';
  return { first, middle, last };
}

function splitPhone(phone: string | null) {
  let digits = (phone ?? '').replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length === 10) {
    return { area: digits.slice(0, 3), prefix: digits.slice(3, 6), line: digits.slice(6) };
  }
  return null;
}

/** An email across two rows of 20 boxes, or left for the writer when longer than both. */
function setEmail(form: OpenForm['form'], first: string, second: string, email: string | null) {
  const value = (email ?? '').trim();
  if (value === '' || value.length > 40) return;
  setLine(form, first, value.slice(0, 20));
  setLine(form, second, value.slice(20, 40));
}

function fillVeteran({ form }: OpenForm, identity: VeteranIdentity): void {
  const f = VA_21_10210_FIELDS;
  fillSharedIdentity(form, f, identity);
  for (const [first, middle, last] of [
    [f.page2SsnFirst, f.page2SsnMiddle, f.page2SsnLast],
    [f.page3SsnFirst, f.page3SsnMiddle, f.page3SsnLast],
  ] as const) {
    setLine(form, first, identity.ssn?.first);
    setLine(form, middle, identity.ssn?.middle);
    setLine(form, last, identity.ssn?.last);
  }
  setEmail(form, f.email1, f.email2, identity.email);
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

function fillWitness({ form }: OpenForm, input: LayStatementDocumentInput): void {
  const f = VA_21_10210_FIELDS;
  const { witness } = input;
  const name = splitName(witness.name);
  setLine(form, f.witnessFirstName, name.first);
  setLine(form, f.witnessMiddleInitial, name.middle);
  setLine(form, f.witnessLastName, name.last);
  const kind = relationshipKind(witness.relationship);
  if (kind === 'served-with') check(form, f.servedWith);
  else if (kind === 'coworker') check(form, f.coworker);
  else if (kind === 'family-or-friend') check(form, f.familyOrFriend);
  else {
    check(form, f.other);
    // Longer than its box: left for the witness (the statement names it in full anyway).
    setWhole(form, f.otherText, witness.relationship);
  }
  const phone = splitPhone(witness.phone);
  if (phone) {
    setLine(form, f.witnessPhoneArea, phone.area);
    setLine(form, f.witnessPhonePrefix, phone.prefix);
    setLine(form, f.witnessPhoneLine, phone.line);
  } else {
    setLine(form, f.witnessInternationalPhone, witness.phone);
  }
  setEmail(form, f.witnessEmail1, f.witnessEmail2, witness.email);
}

/** Item 17: who wrote it and about what, then the statement as the witness wrote it. */
export function statementText(input: LayStatementDocumentInput): string {
  return prepareText(`${witnessDetails(input).join('\n')}\n\n${input.statement}`);
}

export async function fillVa2110210(
  input: LayStatementDocumentInput,
  options: FormOptions = {},
): Promise<Uint8Array> {
  const opened = await openBlankForm('va-21-10210', options);
  const { doc, form, font, boldFont } = opened;
  const identity = toVeteranIdentity(input.veteran);
  if (identity) fillVeteran(opened, identity);
  fillWitness(opened, input);

  const f = VA_21_10210_FIELDS;
  const boxes = [
    prepareBox(form, f.statement1, STATEMENT_FONT_SIZE),
    prepareBox(form, f.statement2, STATEMENT_FONT_SIZE),
  ];
  const { values, rest } = pourIntoBoxes(statementText(input), boxes, font, CONTINUED_NOTE);
  setBox(form, f.statement1, values[0] ?? '');
  setBox(form, f.statement2, values[1] ?? '');
  if (rest !== '') {
    appendContinuationPages(
      doc,
      { font, boldFont },
      {
        title: VA_21_10210_CONTINUATION_TITLE,
        pageLabel: 'VA Form 21-10210 attachment · ',
        identity,
        sections: [{ heading: null, text: rest }],
      },
    );
  }
  return saveForm(opened);
}
