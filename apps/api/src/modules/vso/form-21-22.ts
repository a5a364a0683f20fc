import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { Veteran } from '@muster/contract/veterans';
import type { Form2122, VsoRepresentative } from '@muster/contract/vso';
import { RUNTIME_FILES } from '#src/lib/runtime-files.ts';
import { safeRegExp } from '#src/modules/va-forms/safe-pattern.ts';

/**
 * VA Form 21-22 (Appointment of Veterans Service Organization as Claimant's Representative) as
 * the data it takes: the body of Benefits Claims API v2 `POST /veterans/{icn}/2122`, built from
 * the primary veteran record and the representative, checked against VA's own schema
 * (`apps/api/assets/va-schemas/v2_2122.json`, taken from VA's swagger), and what is missing in
 * plain words. Nothing is sent to VA. The body leaves out the 7332 consent (item 19): only the
 * veteran can give it, on the form itself.
 */

const SCHEMA_FILE = `${RUNTIME_FILES.vaSchemas}v2_2122.json`;

let validator: ValidateFunction | undefined;

function compile(): ValidateFunction {
  const schema = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as object;
  // VA's block-shaped patterns backtrack exponentially in a RegExp: matched in linear time.
  const ajv = new Ajv({
    allErrors: true,
    strict: false,
    unicodeRegExp: false,
    code: { regExp: safeRegExp },
  });
  return ajv.compile(schema);
}

/** VA's refusals of `data.attributes`; none when it validates. */
export function validate2122Attributes(attributes: unknown): ErrorObject[] {
  validator ??= compile();
  return validator(attributes) ? [] : (validator.errors ?? []);
}

const VETERAN_RECORD = 'in your veteran record';
const REPRESENTATIVE_FORM = 'in the representative form above';

/** What each field of the body is, for the veteran, and where they change it. */
const FIELD_WORDS: Record<string, [string, string]> = {
  '/veteran/address/addressLine1': ['Your street address', VETERAN_RECORD],
  '/veteran/address/addressLine2': ['The second line of your address', VETERAN_RECORD],
  '/veteran/address/city': ['Your city', VETERAN_RECORD],
  '/veteran/address/stateCode': ['Your state', VETERAN_RECORD],
  '/veteran/address/countryCode': ['Your country', VETERAN_RECORD],
  '/veteran/address/zipCode': ['Your ZIP code', VETERAN_RECORD],
  '/veteran/address/zipCodeSuffix': ['The last four digits of your ZIP code', VETERAN_RECORD],
  '/veteran/phone/areaCode': ['Your phone number’s area code', VETERAN_RECORD],
  '/veteran/phone/phoneNumber': ['Your phone number', VETERAN_RECORD],
  '/veteran/email': ['Your email address', VETERAN_RECORD],
  '/serviceOrganization/poaCode': ['The POA code', REPRESENTATIVE_FORM],
  '/serviceOrganization/registrationNumber': ['The accreditation number', REPRESENTATIVE_FORM],
  '/serviceOrganization/email': ['The representative’s email address', REPRESENTATIVE_FORM],
};

function plainIssue(error: ErrorObject): string {
  const [what, where] = FIELD_WORDS[error.instancePath] ?? ['A detail of the form', VETERAN_RECORD];
  const limit = (error.params as { limit?: number }).limit;
  const problem =
    error.keyword === 'maxLength'
      ? `is longer than VA’s form takes (${limit} characters)`
      : 'is not written the way VA’s form takes it';
  return `${what} ${problem}: change it ${where}.`;
}

const digitsOf = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '');

function veteranPart(veteran: Veteran) {
  const part: Record<string, unknown> = {};
  const address = veteran.address;
  if (address) {
    const zip = digitsOf(address.zip_code);
    // VA's second line takes five characters (an apartment number); a longer one joins the first.
    const second = [address.line2, address.line3].filter(Boolean).join(' ');
    const joined = second.length > 5;
    part.address = {
      addressLine1: joined ? `${address.line1} ${second}` : address.line1,
      ...(second && !joined ? { addressLine2: second } : {}),
      city: address.city,
      stateCode: address.state,
      countryCode: 'US',
      ...(zip.length >= 5 ? { zipCode: zip.slice(0, 5) } : { zipCode: address.zip_code }),
      ...(zip.length === 9 ? { zipCodeSuffix: zip.slice(5) } : {}),
    };
  }
  const phone = digitsOf(veteran.phone);
  if (phone.length === 10) {
    part.phone = { areaCode: phone.slice(0, 3), phoneNumber: phone.slice(3) };
  }
  if (veteran.email) part.email = veteran.email;
  return part;
}

function addressLine(veteran: Veteran): string | null {
  const a = veteran.address;
  if (!a) return null;
  return [a.line1, a.line2, a.line3, `${a.city}, ${a.state} ${a.zip_code}`]
    .filter(Boolean)
    .join(', ');
}

/** The form's data, the API body and what is missing. */
export function buildForm2122(options: {
  veteran: Veteran | undefined;
  representative: VsoRepresentative | undefined;
}): Form2122 {
  const { veteran, representative } = options;
  const missing: string[] = [];
  if (!veteran) {
    missing.push('Add your veteran record (your name and mailing address) under Veteran records.');
  } else {
    if (!veteran.address) missing.push('Add your mailing address to your veteran record.');
    if (!veteran.ssn && !veteran.va_file_number) {
      missing.push('Add your Social Security number or VA file number to your veteran record.');
    }
    if (!veteran.date_of_birth) missing.push('Add your date of birth to your veteran record.');
  }
  if (!representative) {
    missing.push('Add your representative: their organisation and name.');
  } else {
    if (!representative.poa_code) {
      missing.push(
        'Add the organisation’s POA code (three letters or digits; ask your representative or look it up in VA’s search).',
      );
    }
    if (!representative.accreditation_number) {
      missing.push('Add the representative’s accreditation number (VA’s search shows it).');
    }
  }
  const serviceOrganization: Record<string, unknown> = {};
  if (representative?.poa_code) serviceOrganization.poaCode = representative.poa_code;
  if (representative?.accreditation_number) {
    serviceOrganization.registrationNumber = representative.accreditation_number;
  }
  if (representative?.email) serviceOrganization.email = representative.email;
  const attributes: Record<string, unknown> = {
    veteran: veteran ? veteranPart(veteran) : {},
    serviceOrganization,
  };
  // What is already listed as missing is not said twice in VA's words.
  const issues = validate2122Attributes(attributes).filter((error) => error.keyword !== 'required');
  for (const issue of issues) {
    const line = plainIssue(issue);
    if (!missing.includes(line)) missing.push(line);
  }
  return {
    veteran: veteran
      ? {
          first_name: veteran.first_name,
          middle_name: veteran.middle_name,
          last_name: veteran.last_name,
          ssn: veteran.ssn,
          va_file_number: veteran.va_file_number,
          date_of_birth: veteran.date_of_birth,
          address: addressLine(veteran),
          phone: veteran.phone,
          email: veteran.email,
          branches: veteran.branches,
        }
      : null,
    representative: representative
      ? {
          organization: representative.organization,
          representative_name: representative.representative_name,
          poa_code: representative.poa_code,
          accreditation_number: representative.accreditation_number,
        }
      : null,
    request_body: { data: { attributes } },
    missing,
    ready: missing.length === 0,
  };
}
