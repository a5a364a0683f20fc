import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import { latestPastDate, latestSeparationDate } from '@muster/contract/veterans';
import { bearer, signIn } from '../../helpers/auth.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';
import { FULL_RECORD, createVeteran, getVeteran, listVeterans } from './veteran-fixtures.ts';

let app: TestApp;
let me: { token: string; userId: string };
beforeAll(async () => {
  app = await buildTestApp();
  me = await signIn(app, 'veterans.validation@example.com');
});
afterAll(async () => app.close());

const NAMES = { first_name: 'Rosa', last_name: 'Diaz' };
/** The day after the latest date anyone can call today. */
const TOMORROW_EVERYWHERE = new Date(Date.parse(`${latestPastDate()}T00:00:00Z`) + 86_400_000)
  .toISOString()
  .slice(0, 10);
const PAST_A_YEAR_AHEAD = new Date(Date.parse(`${latestSeparationDate()}T00:00:00Z`) + 86_400_000)
  .toISOString()
  .slice(0, 10);
const ADDRESS = { line1: '1 Main St', city: 'Austin', state: 'TX', zip_code: '78701' };
const PERIOD = { branch: 'Army', start_date: '2000-01-01', end_date: '2004-01-01' };
const DEPLOYMENT = { location: 'Kandahar', start_date: '2002-01-01', end_date: '2002-06-01' };

/** Each case: the body sent and the field the answer must name. */
const BAD: { name: string; payload: Record<string, unknown>; field: string; message?: RegExp }[] = [
  { name: 'no first name', payload: { last_name: 'Diaz' }, field: 'first_name' },
  { name: 'no last name', payload: { first_name: 'Rosa' }, field: 'last_name' },
  { name: 'blank first name', payload: { ...NAMES, first_name: '   ' }, field: 'first_name' },
  {
    name: 'first name of 31',
    payload: { ...NAMES, first_name: 'x'.repeat(31) },
    field: 'first_name',
  },
  { name: 'last name as a number', payload: { ...NAMES, last_name: 42 }, field: 'last_name' },
  { name: 'name with NUL', payload: { ...NAMES, last_name: 'Di\u0000az' }, field: 'last_name' },
  { name: 'name over two lines', payload: { ...NAMES, first_name: 'Ro\nsa' }, field: 'first_name' },
  {
    name: 'middle name of 31',
    payload: { ...NAMES, middle_name: 'm'.repeat(31) },
    field: 'middle_name',
  },
  { name: 'SSN of 8 digits', payload: { ...NAMES, ssn: '12345678' }, field: 'ssn' },
  { name: 'SSN with letters', payload: { ...NAMES, ssn: '123-45-678O' }, field: 'ssn' },
  { name: 'SSN area 000', payload: { ...NAMES, ssn: '000-12-3456' }, field: 'ssn' },
  { name: 'SSN area 666', payload: { ...NAMES, ssn: '666-12-3456' }, field: 'ssn' },
  { name: 'SSN area 9xx', payload: { ...NAMES, ssn: '912-34-5678' }, field: 'ssn' },
  { name: 'SSN group 00', payload: { ...NAMES, ssn: '123-00-4567' }, field: 'ssn' },
  { name: 'SSN serial 0000', payload: { ...NAMES, ssn: '123-45-0000' }, field: 'ssn' },
  {
    name: 'VA file number of 6',
    payload: { ...NAMES, va_file_number: '123456' },
    field: 'va_file_number',
  },
  {
    name: 'VA file number of 10',
    payload: { ...NAMES, va_file_number: '1234567890' },
    field: 'va_file_number',
  },
  {
    name: 'VA file number with X',
    payload: { ...NAMES, va_file_number: 'X1234567' },
    field: 'va_file_number',
  },
  {
    name: 'birth in the future',
    payload: { ...NAMES, date_of_birth: TOMORROW_EVERYWHERE },
    field: 'date_of_birth',
    message: /future/,
  },
  {
    name: 'birth before 1900',
    payload: { ...NAMES, date_of_birth: '1899-12-31' },
    field: 'date_of_birth',
  },
  {
    name: 'birth on 30 February',
    payload: { ...NAMES, date_of_birth: '1980-02-30' },
    field: 'date_of_birth',
  },
  {
    name: 'birth as a timestamp',
    payload: { ...NAMES, date_of_birth: '1980-02-03T00:00:00Z' },
    field: 'date_of_birth',
  },
  {
    name: 'birth in words',
    payload: { ...NAMES, date_of_birth: 'yesterday' },
    field: 'date_of_birth',
  },
  {
    name: 'address without a street',
    payload: { ...NAMES, address: { ...ADDRESS, line1: '' } },
    field: 'address.line1',
  },
  {
    name: 'address line of 36',
    payload: { ...NAMES, address: { ...ADDRESS, line2: 'x'.repeat(36) } },
    field: 'address.line2',
  },
  {
    name: 'city of 31',
    payload: { ...NAMES, address: { ...ADDRESS, city: 'c'.repeat(31) } },
    field: 'address.city',
  },
  {
    name: 'unknown state',
    payload: { ...NAMES, address: { ...ADDRESS, state: 'ZZ' } },
    field: 'address.state',
  },
  {
    name: 'lower-case state',
    payload: { ...NAMES, address: { ...ADDRESS, state: 'tx' } },
    field: 'address.state',
  },
  {
    name: 'Trust Territories (shown, not on VA’s form)',
    payload: { ...NAMES, address: { ...ADDRESS, state: 'TT' } },
    field: 'address.state',
  },
  {
    name: 'APO in Texas',
    payload: { ...NAMES, address: { ...ADDRESS, city: 'APO', state: 'TX' } },
    field: 'address.state',
    message: /AA, AE or AP/,
  },
  {
    name: 'AE with a town for city',
    payload: { ...NAMES, address: { ...ADDRESS, city: 'Dallas', state: 'AE' } },
    field: 'address.city',
    message: /APO, FPO or DPO/,
  },
  {
    name: 'ZIP of 4 digits',
    payload: { ...NAMES, address: { ...ADDRESS, zip_code: '1234' } },
    field: 'address.zip_code',
  },
  {
    name: 'ZIP with letters',
    payload: { ...NAMES, address: { ...ADDRESS, zip_code: 'SW1A 1AA' } },
    field: 'address.zip_code',
  },
  {
    name: 'address as text',
    payload: { ...NAMES, address: '1 Main St, Austin TX' },
    field: 'address',
  },
  { name: 'phone of 7 digits', payload: { ...NAMES, phone: '555-0142' }, field: 'phone' },
  { name: 'phone with letters', payload: { ...NAMES, phone: '1-800-FLOWERS' }, field: 'phone' },
  { name: 'email without @', payload: { ...NAMES, email: 'rosa.example.com' }, field: 'email' },
  {
    name: 'email of 255',
    payload: { ...NAMES, email: `${'r'.repeat(243)}@example.com` },
    field: 'email',
  },
  {
    name: 'unknown branch',
    payload: { ...NAMES, branches: ['Army', 'Starfleet'] },
    field: 'branches.1',
    message: /Starfleet is not a recognized military branch/,
  },
  {
    name: 'seven branches',
    payload: { ...NAMES, branches: Array(7).fill('Army') },
    field: 'branches',
  },
  { name: 'branches as text', payload: { ...NAMES, branches: 'Army' }, field: 'branches' },
  {
    name: 'service ends before it starts',
    payload: { ...NAMES, service_periods: [{ ...PERIOD, end_date: '1999-12-31' }] },
    field: 'service_periods.0.end_date',
    message: /on or after the start date/,
  },
  {
    name: 'service starts in the future',
    payload: {
      ...NAMES,
      service_periods: [{ ...PERIOD, start_date: TOMORROW_EVERYWHERE, end_date: null }],
    },
    field: 'service_periods.0.start_date',
  },
  {
    // A planned separation may be up to a year ahead; beyond that it is refused.
    name: 'service ends more than a year ahead',
    payload: { ...NAMES, service_periods: [{ ...PERIOD, end_date: PAST_A_YEAR_AHEAD }] },
    field: 'service_periods.0.end_date',
  },
  {
    name: 'service without a start',
    payload: { ...NAMES, service_periods: [{ branch: 'Army' }] },
    field: 'service_periods.0.start_date',
  },
  {
    name: 'service in an unknown branch',
    payload: { ...NAMES, service_periods: [PERIOD, { ...PERIOD, branch: 'Jedi Order' }] },
    field: 'service_periods.1.branch',
    message: /Jedi Order is not a recognized military branch/,
  },
  {
    name: 'unknown component',
    payload: { ...NAMES, service_periods: [{ ...PERIOD, component: 'militia' }] },
    field: 'service_periods.0.component',
  },
  {
    name: 'unknown character of discharge',
    payload: { ...NAMES, service_periods: [{ ...PERIOD, character_of_discharge: 'great' }] },
    field: 'service_periods.0.character_of_discharge',
  },
  {
    name: 'a discharge while still serving',
    payload: {
      ...NAMES,
      service_periods: [{ ...PERIOD, end_date: null, character_of_discharge: 'honorable' }],
    },
    field: 'service_periods.0.character_of_discharge',
  },
  {
    name: 'service starting before birth',
    payload: { ...NAMES, date_of_birth: '2001-05-05', service_periods: [PERIOD] },
    field: 'service_periods.0.start_date',
    message: /after the date of birth/,
  },
  {
    name: '21 service periods',
    payload: { ...NAMES, service_periods: Array(21).fill(PERIOD) },
    field: 'service_periods',
  },
  {
    name: 'deployment ends before it starts',
    payload: { ...NAMES, deployments: [{ ...DEPLOYMENT, end_date: '2001-01-01' }] },
    field: 'deployments.0.end_date',
  },
  {
    name: 'deployment in the future',
    payload: {
      ...NAMES,
      deployments: [{ ...DEPLOYMENT, start_date: TOMORROW_EVERYWHERE, end_date: null }],
    },
    field: 'deployments.0.start_date',
  },
  {
    name: 'deployment without a place',
    payload: { ...NAMES, deployments: [{ ...DEPLOYMENT, location: '' }] },
    field: 'deployments.0.location',
  },
  {
    name: 'deployment place of 201',
    payload: { ...NAMES, deployments: [{ ...DEPLOYMENT, location: 'k'.repeat(201) }] },
    field: 'deployments.0.location',
  },
  {
    name: 'deployment before birth',
    payload: { ...NAMES, date_of_birth: '2002-03-01', deployments: [DEPLOYMENT] },
    field: 'deployments.0.start_date',
  },
  {
    name: '51 deployments',
    payload: { ...NAMES, deployments: Array(51).fill(DEPLOYMENT) },
    field: 'deployments',
  },
  { name: 'notes of 5001', payload: { ...NAMES, notes: 'n'.repeat(5001) }, field: 'notes' },
  { name: 'notes with NUL', payload: { ...NAMES, notes: 'line\u0000' }, field: 'notes' },
];

async function refused(method: 'POST' | 'PATCH', url: string, payload: unknown) {
  const response = await app.inject({
    method,
    url,
    headers: bearer(me.token),
    payload: payload as object,
  });
  const label = `${method} ${url} ${JSON.stringify(payload).slice(0, 120)}`;
  expect(response.statusCode, label).toBe(400);
  const body = errorEnvelopeSchema.parse(response.json());
  expect(body.code, label).toBe(ERR.INVALID_INPUT);
  return body;
}

describe('[VETERANS][VALIDATION]', () => {
  it('[VETERANS][VALIDATION]: each bad field answers 400 / 2001 naming it, and nothing is saved', async () => {
    for (const { name, payload, field, message } of BAD) {
      const body = await refused('POST', '/veterans', payload);
      expect(Object.keys(body.fields ?? {}), name).toContain(field);
      if (message) expect(body.fields?.[field], name).toMatch(message);
    }
    expect((await listVeterans(app, me.token)).meta.total).toBe(0);
  });

  it('[VETERANS][VALIDATION]: the same fields are refused on PATCH, and the record is left as it was', async () => {
    const record = await createVeteran(app, me.token, FULL_RECORD);
    // Every create case but the missing names (PATCH needs neither) and the birth-date pairs (below).
    const patchable = BAD.filter(
      (c) => !c.name.startsWith('no ') && !c.name.includes('before birth'),
    );
    for (const { name, payload, field } of patchable) {
      // A valid change rides along: it must not be saved either.
      const body = await refused('PATCH', `/veterans/${record.id}`, {
        ...payload,
        ...(field === 'notes' ? {} : { notes: 'should not be saved' }),
      });
      expect(Object.keys(body.fields ?? {}), name).toContain(field);
    }
    expect(await getVeteran(app, me.token, record.id)).toEqual(record);
  });

  it('[VETERANS][VALIDATION]: birth and service dates are checked against what is stored', async () => {
    const record = await createVeteran(app, me.token, {
      ...NAMES,
      date_of_birth: '1980-01-01',
      service_periods: [PERIOD],
      deployments: [DEPLOYMENT],
    });
    // A birth date after the stored service start is refused on the birth date.
    const later = await refused('PATCH', `/veterans/${record.id}`, { date_of_birth: '2001-01-01' });
    expect(later.fields?.date_of_birth).toMatch(/before the start of the service periods/);
    // A service period before the stored birth date is refused on the period.
    const early = await refused('PATCH', `/veterans/${record.id}`, {
      service_periods: [{ ...PERIOD, start_date: '1979-01-01' }],
    });
    expect(early.fields?.['service_periods.0.start_date']).toMatch(/after the date of birth/);
    // Both changed together so they agree: accepted.
    const both = await app.inject({
      method: 'PATCH',
      url: `/veterans/${record.id}`,
      headers: bearer(me.token),
      payload: {
        date_of_birth: '1970-01-01',
        service_periods: [{ ...PERIOD, start_date: '1990-01-01' }],
      },
    });
    expect(both.statusCode, both.body).toBe(200);
    // Clearing the birth date lifts the rule.
    const cleared = await app.inject({
      method: 'PATCH',
      url: `/veterans/${record.id}`,
      headers: bearer(me.token),
      payload: { date_of_birth: null, deployments: [{ ...DEPLOYMENT, start_date: '1960-01-01' }] },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
  });

  it('[VETERANS][VALIDATION]: one answer names every bad field at once', async () => {
    const body = await refused('POST', '/veterans', {
      first_name: '',
      ssn: '12',
      phone: 'call me',
      address: { ...ADDRESS, state: 'ZZ' },
    });
    expect(Object.keys(body.fields ?? {}).sort()).toEqual(
      ['address.state', 'first_name', 'last_name', 'phone', 'ssn'].sort(),
    );
    expect(body.validation).toBe(true);
    // Branch names are resolved after the shape is valid; all unknown ones are named together.
    const branches = await refused('POST', '/veterans', {
      ...NAMES,
      branches: ['Klingon', 'Navy'],
      service_periods: [{ ...PERIOD, branch: 'Hogwarts' }],
    });
    expect(branches.fields).toEqual({
      'branches.0': 'Klingon is not a recognized military branch',
      'service_periods.0.branch': 'Hogwarts is not a recognized military branch',
    });
  });

  it('[VETERANS][VALIDATION]: an empty PATCH, a non-object body and today’s date', async () => {
    const record = await createVeteran(app, me.token, NAMES);
    await refused('PATCH', `/veterans/${record.id}`, {});
    await refused('POST', '/veterans', []);
    const nulls = await refused('PATCH', `/veterans/${record.id}`, {
      first_name: null,
      last_name: null,
    });
    expect(Object.keys(nulls.fields ?? {}).sort()).toEqual(['first_name', 'last_name']);
    // Today (in UTC) is never the future.
    const today = new Date().toISOString().slice(0, 10);
    const accepted = await app.inject({
      method: 'PATCH',
      url: `/veterans/${record.id}`,
      headers: bearer(me.token),
      payload: { deployments: [{ location: 'Home', start_date: today, end_date: today }] },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('[VETERANS][VALIDATION]: list queries are bounded', async () => {
    for (const query of ['?page=0', '?page_size=101', '?page_size=abc', '?reveal=maybe']) {
      const response = await app.inject({
        method: 'GET',
        url: `/veterans${query}`,
        headers: bearer(me.token),
      });
      expect(response.statusCode, query).toBe(400);
      expect(errorEnvelopeSchema.parse(response.json()).code).toBe(ERR.INVALID_INPUT);
    }
  });
});
