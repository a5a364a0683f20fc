import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BRANCH_IDS } from '@muster/domain/branches';
import { CONDITION_CATALOGUE } from '@muster/domain/condition-catalogue';
import {
  build526Payload,
  fitAddressLines,
  type Disability526,
  type Veteran526,
} from '@muster/domain/va-526/build-payload';
import { check526Rules, describe526Issues } from '@muster/domain/va-526/plain-errors';
import {
  createDisabilityInputSchema,
  disabilityWizardStepSchemas,
} from '@muster/contract/disabilities';
import {
  createExposureInputSchema,
  createSecondaryDisabilityInputSchema,
  createTreatmentInputSchema,
} from '@muster/contract/disability-records';
import {
  ADDITIONAL_HAZARD_KEYS,
  EXPOSURE_KINDS,
  EXPOSURE_LOCATIONS,
  OTHER_HAZARDS,
} from '@muster/contract/toxic-exposures';
import { ADDRESS_STATE_CODES, isMilitaryState } from '@muster/contract/us-states';
import { SERVICE_COMPONENTS, createVeteranInputSchema } from '@muster/contract/veterans';
import { create526RequestValidators } from '../../../test/helpers/fake-lighthouse-526.ts';
import { check526 } from './va-forms.service.ts';
import { validate526Attributes } from './va-526-schema.ts';

/**
 * The 526 payload against VA's own v2 schema. Records are generated valid per the app's contracts
 * (each is parsed with its contract schema before use) from real catalogue conditions, and
 * COMPLETE: every value the 526 needs is there, written in the characters VA's form takes. Every
 * such payload validates with no error at all. Incomplete records get plain-language errors.
 */

const TODAY = '2026-11-26';
/** What VA checks a 526 request with: the OpenAPI operation's request schema and v2_526.json. */
const vaRequest = create526RequestValidators();

const upper = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const letters = `${upper}${upper.toLowerCase()}`;
const word = (max: number, alphabet = `${letters}0123456789`) =>
  fc.string({ unit: fc.constantFrom(...alphabet), minLength: 1, maxLength: max });
const words = (count: number, max: number, alphabet?: string) =>
  fc.array(word(max, alphabet), { minLength: 1, maxLength: count }).map((list) => list.join(' '));

/** A calendar date between two years, as YYYY-MM-DD. */
const date = (from: number, to: number) =>
  fc
    .date({
      min: new Date(`${from}-01-01T00:00:00Z`),
      max: new Date(`${to}-12-31T00:00:00Z`),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString().slice(0, 10));

const orderedDates = (from: number, to: number) =>
  fc
    .tuple(date(from, to), date(from, to))
    .map(([a, b]): [string, string] => (a <= b ? [a, b] : [b, a]));

const catalogue = CONDITION_CATALOGUE.filter((entry) =>
  // VA's contention names take only these characters (the v2 schema's `name` pattern).
  /^[a-zA-Z0-9"/&()\-'.,#[\] ]+$/.test(entry.label),
);

const veteranArbitrary = fc
  .record({
    state: fc.constantFrom(...ADDRESS_STATE_CODES),
    street: words(4, 8),
    unit: fc.option(words(2, 6), { nil: null }),
    city: words(3, 9, letters),
    zip: fc.tuple(
      fc.stringMatching(/^\d{5}$/),
      fc.option(fc.stringMatching(/^-?\d{4}$/), { nil: '' }),
    ),
    phone: fc.stringMatching(/^[2-9]\d{9}$/),
    email: fc.tuple(
      word(12, 'abcdefghij0123456789'),
      word(10, 'abcdefghij'),
      fc.constantFrom('com', 'org', 'net', 'us'),
    ),
    periods: fc.array(
      fc.record({
        branch: fc.constantFrom(...BRANCH_IDS),
        component: fc.constantFrom(...SERVICE_COMPONENTS),
        dates: orderedDates(1950, 2025),
      }),
      { minLength: 1, maxLength: 3 },
    ),
  })
  .map(({ state, street, unit, city, zip, phone, email, periods }) => {
    const input = createVeteranInputSchema.parse({
      first_name: 'Jordan',
      last_name: 'Reyes',
      address: {
        line1: street.slice(0, 35).trim(),
        line2: street.length <= 20 ? unit : null,
        city: isMilitaryState(state) ? 'APO' : city.slice(0, 30).trim(),
        state,
        zip_code: `${zip[0]}${zip[1]}`,
      },
      phone,
      email: `${email[0]}@${email[1]}.${email[2]}`,
      service_periods: periods.map(({ branch, component, dates }) => ({
        branch,
        component,
        start_date: dates[0],
        end_date: dates[1],
      })),
    });
    const veteran: Veteran526 = {
      first_name: input.first_name,
      middle_name: null,
      last_name: input.last_name,
      va_file_number: null,
      date_of_birth: null,
      address: input.address
        ? {
            line1: input.address.line1,
            line2: input.address.line2 ?? null,
            line3: null,
            city: input.address.city,
            state: input.address.state,
            zip_code: input.address.zip_code,
          }
        : null,
      phone: input.phone ?? null,
      email: input.email ?? null,
      service_periods: (input.service_periods ?? []).map((period) => ({
        branch: period.branch,
        component: period.component,
        start_date: period.start_date,
        end_date: period.end_date ?? null,
        character_of_discharge: null,
      })),
    };
    return veteran;
  });

const narrative = words(40, 10).map((text) => text.slice(0, 1000).trim());
const vaText = words(6, 10);

const exposureArbitrary = fc
  .record({
    kind: fc.constantFrom(...EXPOSURE_KINDS),
    pick: fc.nat(),
    hazard: fc.constantFrom(...OTHER_HAZARDS),
    details: vaText,
    dates: fc.option(orderedDates(1960, 2025), { nil: null }),
    additional: fc.uniqueArray(fc.constantFrom(...ADDITIONAL_HAZARD_KEYS), { maxLength: 3 }),
    additionalDetails: fc.option(vaText, { nil: null }),
  })
  .map(({ kind, pick, hazard, details, dates, additional, additionalDetails }) => {
    const places = EXPOSURE_LOCATIONS[kind];
    const location = places.length > 0 ? (places[pick % places.length] ?? null) : null;
    return createExposureInputSchema.parse({
      kind,
      location,
      hazard: kind === 'other_hazard' ? hazard : null,
      location_details: details,
      start_date: dates?.[0] ?? null,
      end_date: dates?.[1] ?? null,
      additional_hazards: additional,
      additional_hazards_details: additionalDetails,
    });
  });

const treatmentArbitrary = fc
  .record({
    name: words(5, 10),
    type: fc.constantFrom('va', 'military', 'vet_center', 'private', 'other', null),
    start: fc.option(date(2026, 2026), { nil: null }),
  })
  .map(({ name, type, start }) =>
    createTreatmentInputSchema.parse({
      facility_name: name,
      facility_type: type,
      start_date: start && start <= TODAY ? start : null,
    }),
  );

const disabilityArbitrary = fc.record({
  entry: fc.constantFrom(...catalogue),
  code: fc.nat(),
  percent: fc.option(
    fc.integer({ min: 0, max: 10 }).map((n) => n * 10),
    { nil: null },
  ),
  secondary: fc.boolean(),
  event: narrative,
  explanation: narrative,
  started: fc.option(date(1950, 2025), { nil: null }),
  exposures: fc.array(exposureArbitrary, { maxLength: 3 }),
  treatments: fc.array(treatmentArbitrary, { maxLength: 2 }),
});

/** Complete disabilities: each with an in-service event; a secondary names an earlier one. */
const disabilitiesArbitrary = fc
  .array(disabilityArbitrary, { minLength: 1, maxLength: 6 })
  .map((list) =>
    list.map((raw, index): Disability526 => {
      const id = `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
      const codes = raw.entry.diagnostic_codes.filter((code) => /^\d{4}$/.test(code));
      const isSecondary = raw.secondary && index > 0;
      const input = createDisabilityInputSchema.parse({
        title: raw.entry.label,
        classification_code: raw.entry.classification.code,
        diagnostic_code: codes.length > 0 ? codes[raw.code % codes.length] : null,
        side_of_body: raw.entry.side_of_body,
        claim_type: isSecondary ? 'secondary' : 'direct',
        percent: codes.length > 0 ? raw.percent : null,
      });
      const answers = disabilityWizardStepSchemas['military-symptoms'].parse({
        in_service_event: raw.event,
        started_on: raw.started,
      });
      const secondary = isSecondary
        ? [
            createSecondaryDisabilityInputSchema.parse({
              primary_ids: [
                `00000000-0000-4000-8000-${String(raw.code % index).padStart(12, '0')}`,
              ],
              explanation: raw.explanation,
            }),
          ]
        : [];
      return {
        id,
        title: input.title,
        diagnostic_code: input.diagnostic_code ?? null,
        classification_code: input.classification_code ?? null,
        side_of_body: input.side_of_body ?? null,
        claim_type: input.claim_type ?? null,
        percent: input.percent ?? null,
        in_service_event: answers.in_service_event ?? null,
        started_on: answers.started_on ?? null,
        secondary_disabilities: secondary.map((entry) => ({
          primary_ids: entry.primary_ids,
          explanation: entry.explanation,
        })),
        exposures: raw.exposures,
        treatments: raw.treatments,
      };
    }),
  );

describe('the 526 payload', () => {
  it('is built in the Benefits Claims v2 envelope', () => {
    const payload = build526Payload({ veteran: null, disabilities: [], today: TODAY });
    expect(payload.data.type).toBe('form/526');
    expect(payload.data.attributes).toMatchObject({
      claimProcessType: 'STANDARD_CLAIM_PROCESS',
      claimantCertification: true,
    });
  });

  it('validates with no error for every complete record (VA’s v2 schema and its rules)', () => {
    fc.assert(
      fc.property(
        veteranArbitrary,
        disabilitiesArbitrary,
        fc.boolean(),
        (veteran, disabilities, employee) => {
          const payload = build526Payload({
            veteran,
            disabilities,
            claim: { current_va_employee: employee },
            today: TODAY,
          });
          expect(validate526Attributes(payload.data.attributes)).toEqual([]);
          // The whole request body, as the fake VA (and VA) check it before accepting a claim.
          expect(vaRequest.check(payload)).toEqual([]);
          expect(check526Rules(payload, TODAY)).toEqual({});
          // Every claimed disability is a contention, a secondary one nested under its primary.
          const names = payload.data.attributes.disabilities.flatMap((d) => [
            d.name,
            ...(d.secondaryDisabilities ?? []).map((s) => s.name),
          ]);
          expect(names).toHaveLength(disabilities.length);
        },
      ),
      { numRuns: 250, endOnFailure: true },
    );
  });

  it('says a claim before separation is filed through VA’s BDD program, not as this claim', () => {
    const [veteran] = fc.sample(veteranArbitrary, { numRuns: 1, seed: 7 });
    const [disabilities] = fc.sample(disabilitiesArbitrary, { numRuns: 1, seed: 7 });
    const serving = {
      ...veteran!,
      service_periods: [
        { branch: 'Army', component: 'active', start_date: '2010-01-01', end_date: '2027-04-30' },
      ],
    };
    const payload = build526Payload({
      veteran: serving as NonNullable<typeof veteran>,
      disabilities: disabilities!,
      claim: { current_va_employee: false },
      today: TODAY,
    });
    expect(check526Rules(payload, TODAY)).toEqual({
      'serviceInformation.servicePeriods.0.activeDutyEndDate':
        'Your service ends on 2027-04-30: a claim before separation is filed through VA’s Benefits Delivery at Discharge program (180 to 90 days before you separate) on VA.gov, not as this standard claim',
    });
  });

  it('is refused by VA’s request schemas when a field breaks them (the check can fail)', () => {
    const payload = build526Payload({ veteran: null, disabilities: [], today: TODAY });
    expect(vaRequest.check(payload).length).toBeGreaterThan(0);
    expect(vaRequest.check({ data: { type: 'form/526' } })).not.toEqual([]);
  });

  it('says every refusal in words for any record the contracts accept, complete or not', () => {
    const partial = veteranArbitrary.chain((veteran) =>
      fc
        .record({
          address: fc.option(fc.constant(veteran.address), { nil: null }),
          phone: fc.option(fc.constant(veteran.phone), { nil: null }),
          periods: fc.constantFrom(
            veteran.service_periods,
            [],
            veteran.service_periods.map((p) => ({ ...p, end_date: null })),
          ),
        })
        .map(({ address, phone, periods }) => ({
          ...veteran,
          address,
          phone,
          service_periods: periods,
        })),
    );
    fc.assert(
      fc.property(
        fc.option(partial, { nil: null }),
        disabilitiesArbitrary,
        (veteran, disabilities) => {
          const { errors } = check526({ veteran, disabilities, today: TODAY });
          for (const [path, message] of Object.entries(errors)) {
            expect(path).toMatch(/^[A-Za-z]+(\.[A-Za-z0-9]+)*$/);
            expect(message).not.toMatch(/the form's field/);
            expect(message.length).toBeGreaterThan(10);
          }
          expect(errors['veteranIdentification.currentVaEmployee']).toBeDefined();
        },
      ),
      { numRuns: 100, endOnFailure: true },
    );
  });
});

describe('the 526 errors in plain words', () => {
  const complete: Veteran526 = {
    first_name: 'Jordan',
    middle_name: null,
    last_name: 'Reyes',
    va_file_number: null,
    date_of_birth: '1980-01-02',
    address: {
      line1: '12 Oak St',
      line2: null,
      line3: null,
      city: 'Austin',
      state: 'TX',
      zip_code: '78701',
    },
    phone: '5125550100',
    email: 'jordan@example.com',
    service_periods: [
      {
        branch: 'Army',
        component: 'active',
        start_date: '2001-01-01',
        end_date: '2005-01-01',
        character_of_discharge: null,
      },
    ],
  };
  const knee: Disability526 = {
    id: '00000000-0000-4000-8000-000000000001',
    title: 'Knee strain',
    diagnostic_code: '5260',
    classification_code: '8997',
    side_of_body: 'left',
    claim_type: 'direct',
    percent: null,
    in_service_event: 'Fell from a truck in 2003',
    started_on: '2003-05-01',
    secondary_disabilities: [],
    exposures: [],
    treatments: [],
  };

  it('is empty for a complete record', () => {
    const { errors, payload } = check526({
      veteran: complete,
      disabilities: [knee],
      currentVaEmployee: false,
      today: TODAY,
    });
    expect(errors).toEqual({});
    expect(payload.data.attributes.disabilities[0]).toMatchObject({
      name: 'Knee strain, left',
      disabilityActionType: 'NEW',
      classificationCode: '8997',
      diagnosticCode: 5260,
      serviceRelevance: 'Fell from a truck in 2003',
      approximateDate: '2003-05-01',
    });
  });

  it('names what a record lacks and where to add it', () => {
    const { errors } = check526({
      veteran: { ...complete, address: null, service_periods: [] },
      disabilities: [],
      today: TODAY,
    });
    expect(errors).toEqual({
      'veteranIdentification.mailingAddress': 'Add your mailing address in your veteran record',
      'veteranIdentification.currentVaEmployee':
        'Tell us whether you work for VA (VA’s form asks every veteran)',
      'serviceInformation.servicePeriods':
        'Add at least one service period (branch, component and dates) in your veteran record',
      disabilities: 'Add at least one disability to the claim',
    });
  });

  it('asks for the end of a period still being served, and a disability’s in-service event', () => {
    const { errors } = check526({
      veteran: {
        ...complete,
        service_periods: [{ ...complete.service_periods[0]!, end_date: null }],
      },
      disabilities: [{ ...knee, in_service_event: null }],
      currentVaEmployee: true,
      today: TODAY,
    });
    expect(errors['serviceInformation.servicePeriods.0.activeDutyEndDate']).toMatch(
      /^Add the date your Army service from 2001-01-01 ended in your veteran record/,
    );
    expect(errors['disabilities.0.serviceRelevance']).toBe(
      'Add what happened in service that “Knee strain, left” goes back to in the questions of “Knee strain, left” (the in-service event)',
    );
  });

  it('nests a secondary condition under its primary and asks how the primary caused it', () => {
    const tinnitus: Disability526 = {
      ...knee,
      id: '00000000-0000-4000-8000-000000000002',
      title: 'Hip pain',
      side_of_body: null,
      claim_type: 'secondary',
      secondary_disabilities: [{ primary_ids: [knee.id], explanation: null }],
      in_service_event: null,
    };
    const { errors, payload } = check526({
      veteran: complete,
      disabilities: [knee, tinnitus],
      currentVaEmployee: false,
      today: TODAY,
    });
    expect(payload.data.attributes.disabilities).toHaveLength(1);
    expect(payload.data.attributes.disabilities[0]?.secondaryDisabilities).toEqual([
      {
        name: 'Hip pain',
        disabilityActionType: 'SECONDARY',
        approximateDate: '2003-05-01',
        classificationCode: '8997',
      },
    ]);
    expect(errors).toEqual({
      'disabilities.0.secondaryDisabilities.0.serviceRelevance':
        'Add how “Knee strain, left” caused or worsened “Hip pain” in the secondary connection of “Hip pain”',
    });
  });

  it('asks for the diagnostic code of a rated condition (an increase)', () => {
    const { errors, payload } = check526({
      veteran: complete,
      disabilities: [{ ...knee, percent: 10, diagnostic_code: null }],
      currentVaEmployee: false,
      today: TODAY,
    });
    expect(payload.data.attributes.disabilities[0]?.disabilityActionType).toBe('INCREASE');
    expect(errors['disabilities.0.diagnosticCode']).toBe(
      'Add the diagnostic code VA rated “Knee strain, left” under in the disability “Knee strain, left”',
    );
  });

  it('says what VA’s patterns and lengths refuse, in the app’s terms', () => {
    const { errors } = check526({
      veteran: {
        ...complete,
        address: { ...complete.address!, line1: 'Calle José Martí 1234567' },
      },
      disabilities: [{ ...knee, title: 'Knee strain!', side_of_body: null }],
      currentVaEmployee: false,
      today: TODAY,
    });
    expect(errors['veteranIdentification.mailingAddress.addressLine1']).toMatch(
      /^Line 1 of your mailing address has characters VA's form does not accept/,
    );
    expect(errors['disabilities.0.name']).toMatch(/^The name “Knee strain!” has characters/);
    const zip = describe526Issues(
      [
        {
          instancePath: '/veteranIdentification/mailingAddress/zipFirstFive',
          keyword: 'pattern',
          params: {},
        },
      ],
      build526Payload({ veteran: complete, disabilities: [knee], today: TODAY }),
    );
    expect(zip).toEqual({
      'veteranIdentification.mailingAddress.zipFirstFive':
        'Add your 5-digit ZIP code in your veteran record',
    });
  });

  it('wraps address lines onto VA’s 20-character lines, or keeps them for validation to report', () => {
    expect(fitAddressLines(['1234 North Lakeshore Drive', 'Apt 4B'])).toEqual([
      '1234 North Lakeshore',
      'Drive Apt 4B',
    ]);
    expect(fitAddressLines(['12 Oak St', null, ''])).toEqual(['12 Oak St']);
    const long = ['Supercalifragilisticexpialidocious Rd'];
    expect(fitAddressLines(long)).toEqual(long);
  });
});
