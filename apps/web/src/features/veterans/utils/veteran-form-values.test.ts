import { latestPastDate } from '@muster/contract/veterans';
import { describe, expect, it } from 'vitest';

import { buildVeteran } from '@/testing/factories';

import {
  EMPTY_DEPLOYMENT,
  EMPTY_SERVICE_PERIOD,
  toVeteranInput,
  veteranFieldPaths,
  veteranFormDefaults,
  veteranFormSchema,
  type VeteranFormValues,
} from './veteran-form-values';

const NAMES = { first_name: 'Rosa', last_name: 'Diaz' };

function values(overrides: Partial<VeteranFormValues> = {}): VeteranFormValues {
  return { ...veteranFormDefaults(), ...NAMES, ...overrides };
}

/** The message the form shows under each control, keyed by its path. */
function errorsOf(formValues: VeteranFormValues): Record<string, string> {
  const result = veteranFormSchema.safeParse(formValues);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
  );
}

const TOMORROW_EVERYWHERE = new Date(Date.parse(`${latestPastDate()}T00:00:00Z`) + 86_400_000)
  .toISOString()
  .slice(0, 10);

describe('veteran form values', () => {
  it('an empty new form needs only the two names, each "Required"', () => {
    expect(errorsOf(veteranFormDefaults())).toEqual({
      first_name: 'Required',
      last_name: 'Required',
    });
    expect(errorsOf(values())).toEqual({});
  });

  it('empty optional controls are sent as null, a blank address as no address', () => {
    expect(veteranFormSchema.parse(values())).toEqual({
      first_name: 'Rosa',
      middle_name: null,
      last_name: 'Diaz',
      ssn: null,
      va_file_number: null,
      date_of_birth: null,
      address: null,
      phone: null,
      email: null,
      branches: [],
      service_periods: [],
      deployments: [],
      notes: null,
    });
  });

  it('the record keeps the branches it lists and gains each branch its periods name, once', () => {
    const period = {
      ...EMPTY_SERVICE_PERIOD,
      component: 'active' as const,
      start_date: '2001-01-01',
    };
    const input = toVeteranInput(
      values({
        branches: ['Navy'],
        service_periods: [
          { ...period, branch: 'Army' },
          { ...period, branch: 'Navy' },
          { ...period, branch: 'Army' },
          { ...period, branch: '' },
        ],
      }),
    );
    expect(input.branches).toEqual(['Navy', 'Army']);
  });

  it('a kept (masked) SSN or VA file number is left out of what is sent', () => {
    const input = veteranFormSchema.parse(values({ ssn: undefined, va_file_number: undefined }));
    expect(input.ssn).toBeUndefined();
    expect(input.va_file_number).toBeUndefined();
    // Left out of the request body altogether (null would clear the saved number).
    expect(JSON.parse(JSON.stringify(input))).not.toHaveProperty('ssn');
    expect(JSON.parse(JSON.stringify(input))).not.toHaveProperty('va_file_number');
  });

  it('checks identifiers, dates, phone and email with the contract’s messages', () => {
    expect(
      errorsOf(
        values({
          ssn: '12345678',
          va_file_number: 'X1234567',
          date_of_birth: TOMORROW_EVERYWHERE,
          phone: '555-0142',
          email: 'rosa.example.com',
        }),
      ),
    ).toEqual({
      ssn: 'Must be 9 digits (123-45-6789)',
      va_file_number: 'Must be 7 to 9 digits, optionally after a C',
      date_of_birth: 'Must not be in the future',
      phone: 'Must be a 10-digit US phone number',
      email: 'Invalid email address',
    });
    expect(errorsOf(values({ ssn: '666-12-3456' }))).toEqual({
      ssn: 'Not a valid Social Security number',
    });
    expect(errorsOf(values({ ssn: '123-45-6789', va_file_number: 'c 2345-6789' }))).toEqual({});
  });

  it('an address once started needs street, city, state and ZIP; military mail takes AA/AE/AP', () => {
    const partial = values({
      address: { line1: '', line2: 'Apt 4', line3: '', city: '', state: '', zip_code: '' },
    });
    expect(errorsOf(partial)).toEqual({
      'address.line1': 'Required',
      'address.city': 'Required',
      'address.state': 'Must be a US state or territory code (e.g. TX), or AA, AE or AP',
      'address.zip_code': 'Must be a ZIP code (12345 or 12345-6789)',
    });
    const apoInTexas = values({
      address: {
        line1: 'Unit 2050 Box 4190',
        line2: '',
        line3: '',
        city: 'APO',
        state: 'TX',
        zip_code: '96278',
      },
    });
    expect(errorsOf(apoInTexas)).toEqual({
      'address.state': 'An APO, FPO or DPO address takes state AA, AE or AP',
    });
    const apo = values({
      address: {
        line1: 'Unit 2050 Box 4190',
        line2: '',
        line3: '',
        city: 'APO',
        state: 'AP',
        zip_code: '96278',
      },
    });
    expect(veteranFormSchema.parse(apo).address).toEqual({
      line1: 'Unit 2050 Box 4190',
      line2: null,
      line3: null,
      city: 'APO',
      state: 'AP',
      zip_code: '96278',
    });
  });

  it('service periods: branch and start are needed, dates in order, no discharge while serving', () => {
    expect(errorsOf(values({ service_periods: [{ ...EMPTY_SERVICE_PERIOD }] }))).toEqual({
      'service_periods.0.branch': 'Required',
      'service_periods.0.start_date': 'Required',
    });
    expect(
      errorsOf(
        values({
          service_periods: [
            {
              ...EMPTY_SERVICE_PERIOD,
              branch: 'Army',
              start_date: '2004-01-01',
              end_date: '2000-01-01',
            },
            {
              ...EMPTY_SERVICE_PERIOD,
              branch: 'Navy',
              start_date: '2006-01-01',
              character_of_discharge: 'honorable',
            },
          ],
        }),
      ),
    ).toEqual({
      'service_periods.0.end_date': 'Must be on or after the start date',
      'service_periods.1.character_of_discharge':
        'A period still being served has no discharge yet: give its end date',
    });
    const input = veteranFormSchema.parse(
      values({
        service_periods: [
          { ...EMPTY_SERVICE_PERIOD, branch: 'Marine Corps', start_date: '1998-06-01' },
        ],
      }),
    );
    expect(input.service_periods).toEqual([
      {
        branch: 'Marine Corps',
        component: 'active',
        start_date: '1998-06-01',
        end_date: null,
        character_of_discharge: null,
      },
    ]);
  });

  it('deployments: a place and a start are needed, dates in order', () => {
    expect(
      errorsOf(
        values({
          deployments: [
            { ...EMPTY_DEPLOYMENT },
            { location: 'Kandahar', start_date: '2002-06-01', end_date: '2002-01-01' },
          ],
        }),
      ),
    ).toEqual({
      'deployments.0.location': 'Required',
      'deployments.0.start_date': 'Required',
      'deployments.1.end_date': 'Must be on or after the start date',
    });
  });

  it('starts from a saved record: numbers kept (never the masked text), phone readable', () => {
    const record = buildVeteran({
      middle_name: null,
      ssn: '***-**-6789',
      va_file_number: null,
      phone: '5125550142',
      address: {
        line1: '1 Main St',
        line2: null,
        line3: null,
        city: 'Austin',
        state: 'TX',
        zip_code: '78701-1234',
      },
      service_periods: [
        {
          branch: 'Army',
          component: 'national_guard',
          start_date: '2006-01-01',
          end_date: null,
          character_of_discharge: null,
        },
      ],
    });
    const defaults = veteranFormDefaults(record);
    expect(defaults).toMatchObject({
      middle_name: '',
      ssn: undefined,
      va_file_number: '',
      phone: '(512) 555-0142',
      address: { line2: '', zip_code: '78701-1234' },
      service_periods: [{ branch: 'Army', end_date: '', character_of_discharge: '' }],
    });
    expect(JSON.stringify(defaults)).not.toContain('*');
    // Saved values pass the contract again unchanged, and a kept number is not sent.
    const input = veteranFormSchema.parse(defaults);
    expect(input.ssn).toBeUndefined();
    expect(input.va_file_number).toBeNull();
    expect(toVeteranInput(defaults).phone).toBe('(512) 555-0142');
  });

  it('names every control the API can refuse, for the rows the form has', () => {
    const paths = veteranFieldPaths(
      values({
        service_periods: [{ ...EMPTY_SERVICE_PERIOD }, { ...EMPTY_SERVICE_PERIOD }],
        deployments: [{ ...EMPTY_DEPLOYMENT }],
      }),
    );
    expect(paths).toEqual(
      expect.arrayContaining([
        'first_name',
        'ssn',
        'address.zip_code',
        'service_periods.1.start_date',
        'service_periods.1.character_of_discharge',
        'deployments.0.location',
        'notes',
      ]),
    );
    expect(paths).not.toContain('service_periods.2.start_date');
    expect(paths).not.toContain('deployments.1.location');
  });
});
