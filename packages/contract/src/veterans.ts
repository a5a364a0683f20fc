import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { isoDateTimeSchema, pagedSchema, pageQuerySchema } from './common.ts';
import { safeText } from './text.ts';
import { ADDRESS_STATE_CODES, isMilitaryCity, isMilitaryState } from './us-states.ts';

/**
 * The veteran record: who the veteran is and how they served, the data every form is prefilled
 * from. A user may keep several records (a spouse or caregiver helping another veteran); exactly
 * one of them is the primary, which forms use unless the claim names another.
 *
 * Identifying values are stored encrypted. The SSN and the VA file number are answered masked
 * (last four digits only) unless the request asks for `?reveal=true`.
 */

/** VA's 21-526EZ holds at most 30 characters per name part; longer names would not prefill it. */
export const VETERAN_NAME_MAX = 30;
export const ADDRESS_LINE_MAX = 35;
export const ADDRESS_CITY_MAX = 30;
export const DEPLOYMENT_LOCATION_MAX = 200;
export const VETERAN_NOTES_MAX = 5000;
export const MAX_BRANCHES = 6;
export const MAX_SERVICE_PERIODS = 20;
export const MAX_DEPLOYMENTS = 50;
/** No date a record holds (birth, service, deployment) is earlier than this. */
export const EARLIEST_RECORD_DATE = '1900-01-01';

export const SERVICE_COMPONENTS = ['active', 'reserve', 'national_guard'] as const;
export const serviceComponentSchema = z.enum(SERVICE_COMPONENTS);
export type ServiceComponent = z.infer<typeof serviceComponentSchema>;

/**
 * Character of discharge as a DD-214 states it. `uncharacterized` covers entry-level separations.
 * `bad_conduct` is the special court-martial discharge; `dishonorable` the general court-martial one.
 */
export const DISCHARGE_CHARACTERS = [
  'honorable',
  'general',
  'other_than_honorable',
  'bad_conduct',
  'dishonorable',
  'uncharacterized',
] as const;
export const dischargeCharacterSchema = z.enum(DISCHARGE_CHARACTERS);
export type DischargeCharacter = z.infer<typeof dischargeCharacterSchema>;

/**
 * The latest date anyone can call today: today where the day starts first (UTC+14). A date that
 * is today for a veteran anywhere is accepted; tomorrow everywhere is not.
 */
export function latestPastDate(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 3600 * 1000).toISOString().slice(0, 10);
}

/** A calendar date (`YYYY-MM-DD`) from 1900 up to today: births, service and deployments. */
export const pastDateSchema = safeText({ min: 1, max: 10 })
  .pipe(z.iso.date('Must be a date (YYYY-MM-DD)'))
  .refine((date) => date >= EARLIEST_RECORD_DATE, {
    message: 'Must be 1900 or later',
    abort: true,
  })
  .refine((date) => date <= latestPastDate(), 'Must not be in the future');

/** How far ahead a service period's end (a planned separation) may be given: one year. */
export const SEPARATION_AHEAD_DAYS = 366;

/** The latest end a service period may be given: a year from today (a planned separation). */
export function latestSeparationDate(now: Date = new Date()): string {
  return new Date(now.getTime() + SEPARATION_AHEAD_DAYS * 24 * 3600 * 1000)
    .toISOString()
    .slice(0, 10);
}

/**
 * A service period's end: a past date, or the planned separation of someone still serving (up to
 * a year ahead), which opens the Benefits Delivery at Discharge window.
 */
const serviceEndDateSchema = safeText({ min: 1, max: 10 })
  .pipe(z.iso.date('Must be a date (YYYY-MM-DD)'))
  .refine((date) => date >= EARLIEST_RECORD_DATE, {
    message: 'Must be 1900 or later',
    abort: true,
  })
  .refine(
    (date) => date <= latestSeparationDate(),
    'Must be no more than a year from today (a planned separation date)',
  );

/** The digits of an SSN as typed, with or without dashes or spaces; null when it is not 9 digits. */
export function ssnDigits(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '');
  return /^\d{9}$/.test(digits) ? digits : null;
}

/**
 * Whether nine digits can be a Social Security number: the SSA never issues area 000, 666 or
 * 900–999 (those are taxpayer numbers), group 00 or serial 0000.
 */
export function isIssuableSsn(digits: string): boolean {
  const area = digits.slice(0, 3);
  return (
    area !== '000' &&
    area !== '666' &&
    !area.startsWith('9') &&
    digits.slice(3, 5) !== '00' &&
    digits.slice(5) !== '0000'
  );
}

export const ssnInputSchema = safeText({ min: 1, max: 11 })
  .refine((value) => ssnDigits(value) !== null, {
    message: 'Must be 9 digits (123-45-6789)',
    abort: true,
  })
  .refine((value) => isIssuableSsn(ssnDigits(value)!), 'Not a valid Social Security number');

/**
 * A VA file number as VA's forms take it: 7 to 9 digits, sometimes after a "C" (older claim
 * numbers). Spaces and dashes are ignored; the letter is kept upper case. Null when invalid.
 */
export function vaFileNumberOf(value: string): string | null {
  const compact = value.replace(/[\s-]/g, '').toUpperCase();
  return /^C?\d{7,9}$/.test(compact) ? compact : null;
}

export const vaFileNumberInputSchema = safeText({ min: 1, max: 12 }).refine(
  (value) => vaFileNumberOf(value) !== null,
  'Must be 7 to 9 digits, optionally after a C',
);

/** The 10 digits of a US phone number as typed ("(555) 123-4567", "+1 555 123 4567"), or null. */
export function phoneDigits(value: string): string | null {
  const digits = value.replace(/[\s().+-]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  if (digits.length === 11 && digits.startsWith('1')) return digits.slice(1);
  return digits.length === 10 ? digits : null;
}

export const phoneInputSchema = safeText({ min: 1, max: 20 }).refine(
  (value) => phoneDigits(value) !== null,
  'Must be a 10-digit US phone number',
);

export const zipCodeSchema = safeText({ min: 1, max: 10 }).regex(
  /^\d{5}(?:-?\d{4})?$/,
  'Must be a ZIP code (12345 or 12345-6789)',
);

/** An optional line of text: absent, null or empty all mean "none". */
const optionalLine = (max: number) => safeText({ max }).nullable().optional();

/**
 * A US mailing address. Military and diplomatic mail goes to an APO, FPO or DPO "city" in state
 * AA, AE or AP, and those states take no other city.
 */
export const addressInputSchema = z
  .object({
    line1: safeText({ min: 1, max: ADDRESS_LINE_MAX }),
    line2: optionalLine(ADDRESS_LINE_MAX),
    line3: optionalLine(ADDRESS_LINE_MAX),
    city: safeText({ min: 1, max: ADDRESS_CITY_MAX }),
    state: z.enum(
      ADDRESS_STATE_CODES,
      'Must be a US state or territory code (e.g. TX), or AA, AE or AP',
    ),
    zip_code: zipCodeSchema,
  })
  .superRefine((address, context) => {
    const militaryCity = isMilitaryCity(address.city);
    const militaryState = isMilitaryState(address.state);
    if (militaryCity && !militaryState) {
      context.addIssue({
        code: 'custom',
        path: ['state'],
        message: 'An APO, FPO or DPO address takes state AA, AE or AP',
      });
    } else if (militaryState && !militaryCity) {
      context.addIssue({
        code: 'custom',
        path: ['city'],
        message: 'States AA, AE and AP take APO, FPO or DPO as the city',
      });
    }
  });
export type AddressInput = z.infer<typeof addressInputSchema>;

const branchNameSchema = safeText({ min: 1, max: 60 });

/** Ends on or after it starts; an end left empty means it has not ended. */
function inOrder(value: { start_date: string; end_date?: string | null | undefined }) {
  return !value.end_date || value.end_date >= value.start_date;
}

export const servicePeriodInputSchema = z
  .object({
    /** Any common spelling ("USMC", "U.S. Army"); stored as the canonical branch. */
    branch: branchNameSchema,
    component: serviceComponentSchema.default('active'),
    start_date: pastDateSchema,
    /** Null or absent while still serving with no separation date; a planned one may be ahead. */
    end_date: serviceEndDateSchema.nullable().optional(),
    character_of_discharge: dischargeCharacterSchema.nullable().optional(),
  })
  .refine(inOrder, { path: ['end_date'], message: 'Must be on or after the start date' })
  .refine((period) => !period.character_of_discharge || Boolean(period.end_date), {
    path: ['character_of_discharge'],
    message: 'A period still being served has no discharge yet: give its end date',
  });
export type ServicePeriodInput = z.infer<typeof servicePeriodInputSchema>;

export const deploymentInputSchema = z
  .object({
    location: safeText({ min: 1, max: DEPLOYMENT_LOCATION_MAX }),
    start_date: pastDateSchema,
    /** Null or absent while still deployed. */
    end_date: pastDateSchema.nullable().optional(),
  })
  .refine(inOrder, { path: ['end_date'], message: 'Must be on or after the start date' });
export type DeploymentInput = z.infer<typeof deploymentInputSchema>;

const nameSchema = safeText({ min: 1, max: VETERAN_NAME_MAX });

/** Every field of a record but the two required names; each may be left out or null. */
const optionalFields = {
  middle_name: safeText({ max: VETERAN_NAME_MAX }).nullable().optional(),
  ssn: ssnInputSchema.nullable().optional(),
  va_file_number: vaFileNumberInputSchema.nullable().optional(),
  date_of_birth: pastDateSchema.nullable().optional(),
  address: addressInputSchema.nullable().optional(),
  phone: phoneInputSchema.nullable().optional(),
  email: emailSchema.nullable().optional(),
  branches: z.array(branchNameSchema).max(MAX_BRANCHES).optional(),
  service_periods: z.array(servicePeriodInputSchema).max(MAX_SERVICE_PERIODS).optional(),
  deployments: z.array(deploymentInputSchema).max(MAX_DEPLOYMENTS).optional(),
  notes: safeText({ max: VETERAN_NOTES_MAX, multiline: true }).nullable().optional(),
};

/** `POST /veterans`: at least the first and last name. The first record becomes the primary. */
export const createVeteranInputSchema = z.object({
  first_name: nameSchema,
  last_name: nameSchema,
  ...optionalFields,
});
export type CreateVeteranInput = z.infer<typeof createVeteranInputSchema>;

/**
 * `PATCH /veterans/{id}`: the fields given change, null clears one, lists are replaced whole.
 * `is_primary: true` makes this record the primary (the previous one stops being it); a record
 * stops being the primary only when another becomes it.
 */
export const updateVeteranInputSchema = z
  .object({
    first_name: nameSchema.optional(),
    last_name: nameSchema.optional(),
    ...optionalFields,
    is_primary: z
      .literal(true, 'To change the primary record, mark another record as primary')
      .optional(),
  })
  .refine((value) => Object.keys(value).length > 0, 'Nothing to update');
export type UpdateVeteranInput = z.infer<typeof updateVeteranInputSchema>;

/** `?reveal=true` answers the SSN and VA file number in full; otherwise they are masked. */
export const revealQuerySchema = z.object({
  reveal: z
    .enum(['true', 'false'])
    .default('false')
    .describe(
      'true: answer the SSN and VA file number in full. Otherwise only their last four digits show ("***-**-1234").',
    ),
});

/** `GET /veterans`: the primary record first, then the others newest first. */
export const veteranListQuerySchema = pageQuerySchema.extend(revealQuerySchema.shape);

const isoDateSchema = z.iso.date();

export const addressSchema = z.object({
  line1: z.string(),
  line2: z.string().nullable(),
  line3: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

export const servicePeriodSchema = z.object({
  /** One of the six branches (Marine Corps, Army, Navy, Air Force, Space Force, Coast Guard). */
  branch: z.string(),
  component: serviceComponentSchema,
  start_date: isoDateSchema,
  end_date: isoDateSchema.nullable(),
  character_of_discharge: dischargeCharacterSchema.nullable(),
});
export type ServicePeriod = z.infer<typeof servicePeriodSchema>;

export const deploymentSchema = z.object({
  location: z.string(),
  start_date: isoDateSchema,
  end_date: isoDateSchema.nullable(),
});
export type Deployment = z.infer<typeof deploymentSchema>;

export const veteranSchema = z
  .object({
    id: z.uuid(),
    is_primary: z.boolean(),
    first_name: z.string(),
    middle_name: z.string().nullable(),
    last_name: z.string(),
    /** `***-**-1234` unless revealed, then `123-45-6789`. */
    ssn: z.string().nullable(),
    /** All but the last four characters as `*` unless revealed. */
    va_file_number: z.string().nullable(),
    date_of_birth: isoDateSchema.nullable(),
    address: addressSchema.nullable(),
    /** 10 digits. */
    phone: z.string().nullable(),
    email: z.string().nullable(),
    /** Canonical branch names, in the order given. */
    branches: z.array(z.string()),
    service_periods: z.array(servicePeriodSchema),
    deployments: z.array(deploymentSchema),
    notes: z.string().nullable(),
    created_at: isoDateTimeSchema,
    updated_at: isoDateTimeSchema,
  })
  .meta({ id: 'Veteran' });
export type Veteran = z.infer<typeof veteranSchema>;

export const veteranPageSchema = pagedSchema(veteranSchema);
export type VeteranPage = z.infer<typeof veteranPageSchema>;
