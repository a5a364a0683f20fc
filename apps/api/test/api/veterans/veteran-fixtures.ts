import { expect } from 'vitest';
import { veteranPageSchema, veteranSchema, type Veteran } from '@muster/contract/veterans';
import { bearer } from '../../helpers/auth.ts';
import type { TestApp } from '../../helpers/build-test-app.ts';

/**
 * A record with every field filled, in the spellings people type (dashes, parentheses, aliases,
 * lower case), so the tests see each normalised. The values are distinctive, so finding one in a
 * raw row or a log line cannot be chance.
 */
export const FULL_RECORD = {
  first_name: 'Rosalind',
  middle_name: 'Marisol',
  last_name: 'Diazmontoya',
  ssn: '123-45-6789',
  va_file_number: 'c 2345-6789',
  date_of_birth: '1980-04-12',
  address: {
    line1: '1200 Whitfordshire Lane',
    line2: 'Apt 4',
    city: 'Austin',
    state: 'TX',
    zip_code: '787011234',
  },
  phone: '+1 (512) 555-0142',
  email: 'rosalind.diazmontoya@example.com',
  branches: ['USMC', 'army national guard', 'Marines'],
  service_periods: [
    {
      branch: 'usmc',
      start_date: '1998-06-01',
      end_date: '2004-05-31',
      character_of_discharge: 'honorable',
    },
    { branch: 'ARNG', component: 'national_guard', start_date: '2006-01-01' },
  ],
  deployments: [
    { location: 'Camp Lejeune, North Carolina', start_date: '1999-01-01', end_date: '1999-06-30' },
    { location: 'Al Asad Air Base, Iraq', start_date: '2003-03-01', end_date: '2003-09-30' },
  ],
  notes: 'Knee gave out during a field exercise at Quantico.\nSeen at sick call the next morning.',
};

/** Plaintext of FULL_RECORD that must never be found at rest or in a log. */
export const FULL_RECORD_SECRETS = [
  'Rosalind',
  'Marisol',
  'Diazmontoya',
  '123456789',
  '123-45-6789',
  '23456789',
  '1980-04-12',
  'Whitfordshire',
  '5125550142',
  'rosalind.diazmontoya',
  'Lejeune',
  'Al Asad',
  'Quantico',
];

export async function createVeteran(
  app: TestApp,
  token: string,
  payload: Record<string, unknown>,
  query = '',
): Promise<Veteran> {
  const response = await app.inject({
    method: 'POST',
    url: `/veterans${query}`,
    headers: bearer(token),
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return veteranSchema.parse(response.json());
}

export async function listVeterans(app: TestApp, token: string, query = '') {
  const response = await app.inject({
    method: 'GET',
    url: `/veterans${query}`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return veteranPageSchema.parse(response.json());
}

export async function getVeteran(app: TestApp, token: string, id: string, query = '') {
  const response = await app.inject({
    method: 'GET',
    url: `/veterans/${id}${query}`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return veteranSchema.parse(response.json());
}

export async function patchVeteran(
  app: TestApp,
  token: string,
  id: string,
  payload: Record<string, unknown>,
  query = '',
) {
  const response = await app.inject({
    method: 'PATCH',
    url: `/veterans/${id}${query}`,
    headers: bearer(token),
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return veteranSchema.parse(response.json());
}

/** The ids of the owner's primary records, straight from the list (every page). */
export async function primaries(app: TestApp, token: string): Promise<string[]> {
  const page = await listVeterans(app, token, '?page_size=100');
  return page.results.filter((v) => v.is_primary).map((v) => v.id);
}
