/** The veteran as VA's forms ask for them. Everything but the name may be missing. */
export type FormVeteran = {
  first_name: string;
  middle_name: string | null;
  last_name: string;
  /** '123-45-6789' or nine digits, unmasked. */
  ssn: string | null;
  va_file_number: string | null;
  service_number?: string | null;
  /** YYYY-MM-DD. */
  date_of_birth: string | null;
  address: {
    line1: string;
    line2: string | null;
    line3: string | null;
    city: string;
    state: string;
    /** 12345 or 12345-6789. */
    zip_code: string;
  } | null;
  /** Ten digits. */
  phone: string | null;
  email: string | null;
};

/**
 * The veteran's identity cut into the pieces VA's forms have boxes for. A value that cannot be
 * split the way a box needs (an SSN without nine digits) is left out rather than guessed.
 */
export type VeteranIdentity = {
  firstName: string;
  middleInitial: string;
  lastName: string;
  /** First, middle initial and last name, for headings. */
  fullName: string;
  ssn: { first: string; middle: string; last: string } | null;
  vaFileNumber: string | null;
  serviceNumber: string | null;
  dateOfBirth: DateParts | null;
  /** A ten-digit US number. */
  phone: { area: string; prefix: string; line: string } | null;
  /** Any other number, as written. */
  internationalPhone: string | null;
  email: string | null;
  address: {
    street: string;
    unit: string;
    city: string;
    state: string;
    country: string;
    zipFirstFive: string;
    zipLastFour: string;
  } | null;
};

export type DateParts = { year: string; month: string; day: string | null };

const clean = (value: string | null | undefined): string => (value ?? '').trim();
const digitsOf = (value: string | null | undefined): string => clean(value).replace(/\D/g, '');

/** 'YYYY-MM-DD' or 'YYYY-MM' into its parts; null for anything else. */
export function parseDate(value: string | null | undefined): DateParts | null {
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?/.exec(clean(value));
  if (!match) return null;
  return { year: match[1] ?? '', month: match[2] ?? '', day: match[3] ?? null };
}

/** MM/DD/YYYY (or MM/YYYY without a day), as VA's forms write dates; the text itself when unparsable. */
export function formatDate(value: string | null | undefined): string {
  const parts = parseDate(value);
  if (!parts) return clean(value);
  return parts.day ? `${parts.month}/${parts.day}/${parts.year}` : `${parts.month}/${parts.year}`;
}

/** A unit number on its own ('Apt 4B' gives '4B'), or null when line 2 is something else. */
function unitNumber(line: string): string | null {
  const match = /^(?:apt\.?|apartment|unit|ste\.?|suite|#|no\.?)\s*#?\s*([A-Za-z0-9-]+)$/i.exec(
    line,
  );
  return match?.[1] ?? null;
}

function splitAddress(address: NonNullable<FormVeteran['address']>): VeteranIdentity['address'] {
  const line2 = clean(address.line2);
  const line3 = clean(address.line3);
  const unit = line2 && !line3 ? unitNumber(line2) : null;
  const street = [clean(address.line1), unit ? '' : line2, line3].filter(Boolean).join(', ');
  const zip = digitsOf(address.zip_code);
  return {
    street,
    unit: unit ?? '',
    city: clean(address.city),
    state: clean(address.state).toUpperCase(),
    // The veteran's records hold US addresses (a state and a ZIP code).
    country: 'US',
    zipFirstFive: zip.slice(0, 5),
    zipLastFour: zip.length === 9 ? zip.slice(5) : '',
  };
}

function splitPhone(phone: string | null): Pick<VeteranIdentity, 'phone' | 'internationalPhone'> {
  let digits = digitsOf(phone);
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length === 10) {
    return {
      phone: { area: digits.slice(0, 3), prefix: digits.slice(3, 6), line: digits.slice(6) },
      internationalPhone: null,
    };
  }
  return { phone: null, internationalPhone: clean(phone) || null };
}

export function toVeteranIdentity(veteran: FormVeteran | null): VeteranIdentity | null {
  if (!veteran) return null;
  const firstName = clean(veteran.first_name);
  const middleInitial = [...clean(veteran.middle_name)][0] ?? '';
  const lastName = clean(veteran.last_name);
  const ssn = digitsOf(veteran.ssn);
  return {
    firstName,
    middleInitial: middleInitial.toUpperCase(),
    lastName,
    fullName: [firstName, middleInitial && `${middleInitial.toUpperCase()}.`, lastName]
      .filter(Boolean)
      .join(' '),
    ssn:
      ssn.length === 9
        ? { first: ssn.slice(0, 3), middle: ssn.slice(3, 5), last: ssn.slice(5) }
        : null,
    vaFileNumber: clean(veteran.va_file_number).replace(/[\s-]/g, '') || null,
    serviceNumber: clean(veteran.service_number).replace(/[\s-]/g, '') || null,
    dateOfBirth: parseDate(veteran.date_of_birth),
    ...splitPhone(veteran.phone),
    email: clean(veteran.email) || null,
    address: veteran.address ? splitAddress(veteran.address) : null,
  };
}
