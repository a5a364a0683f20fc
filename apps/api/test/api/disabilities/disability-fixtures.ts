import { expect } from 'vitest';
import {
  disabilityPageSchema,
  disabilitySchema,
  type Disability,
} from '@muster/contract/disabilities';
import type { DisabilityRecordKind } from '@muster/contract/disability-records';
import { recordCollectionPath } from '@muster/contract/disability-routes';
import { bearer } from '../../helpers/auth.ts';
import type { TestApp } from '../../helpers/build-test-app.ts';

/**
 * Bodies with every field filled, for each record kind and wizard step. The free text is
 * distinctive, so finding a word of it in a raw row or a log line cannot be chance.
 */
export const FULL_RECORDS = {
  exposures: {
    kind: 'herbicide',
    location: 'other',
    location_details: 'Quarrendale airstrip perimeter',
    start_date: '1969-03-01',
    end_date: '1970-02-28',
    description: 'Sprayed the Quarrendale fence line with drums of defoliant weekly.',
    additional_hazards: ['asbestos', 'mos'],
    additional_hazards_details: 'Brake dust from the Vostrikov motor pool.',
  },
  treatments: {
    facility_name: 'Halvorsen Orthopaedic Clinic',
    facility_type: 'private',
    provider_name: 'Dr. Ingeborg Tallqvist',
    start_date: '2010-05-01',
    end_date: '2012-06-30',
    medications: [{ name: 'Meloxicrazine', dosage: '15 mg daily' }, { name: 'Icepack' }],
    notes: 'Cortisone shots every Thursdayberg visit.',
  },
  'mental-health-conditions': {
    condition: 'other',
    condition_details: 'Zenthrophobic adjustment reaction',
    stressor_types: ['combat', 'military_sexual_trauma'],
    notes: 'Nightmares about the Karbala convoy since Yaroslavna left.',
  },
  'traumatic-events': {
    description: 'Convoy hit by an IED outside Karbalith checkpoint; carried Sgt Okonkwelle.',
    date: '2004-08-14',
    date_is_approximate: true,
    location: 'Route Tamarisk near Karbalith',
    unit: '2nd Battalion Wyvernhold Rifles',
    is_mst: true,
  },
  'behavior-changes': {
    change: 'other',
    description: 'Stopped driving across the Pellucid bridge entirely.',
    noticed_on: '2005-01-10',
  },
  'official-reports': {
    report_type: 'restricted',
    agency: 'Fort Thornwhistle SARC office',
    report_number: 'RR-ZX-99231',
    report_date: '2004-09-01',
    description: 'Filed with Major Brightwater-Quist.',
  },
  'evidence-sources': {
    source_type: 'buddy_statement',
    name: 'Corporal Delphine Ashworthy',
    contact: 'delphine.ashworthy@example.net',
    description: 'Saw the Karbalith blast from the second truck.',
    obtained: false,
  },
} as const satisfies Record<DisabilityRecordKind, Record<string, unknown>>;

/** The smallest body each kind accepts. */
export const MINIMAL_RECORDS = {
  exposures: { kind: 'camp_lejeune' },
  treatments: { facility_name: 'VA clinic' },
  'mental-health-conditions': { condition: 'ptsd' },
  'traumatic-events': { description: 'Mortar attack' },
  'behavior-changes': { change: 'lethargy' },
  'official-reports': { report_type: 'medical' },
  'evidence-sources': { source_type: 'clergy' },
} as const satisfies Record<DisabilityRecordKind, Record<string, unknown>>;

/** A change for each kind that touches one field only. */
export const PATCHES = {
  exposures: { description: 'Changed description' },
  treatments: { provider_name: 'Dr. Changed' },
  'mental-health-conditions': { notes: 'Changed notes' },
  'traumatic-events': { unit: 'Changed unit' },
  'behavior-changes': { noticed_on: '2006-02-02' },
  'official-reports': { agency: 'Changed agency' },
  'evidence-sources': { obtained: true },
} as const satisfies Record<DisabilityRecordKind, Record<string, unknown>>;

export const FULL_ANSWERS = {
  'military-symptoms': {
    symptoms: ['Knee swelling', 'Locking'],
    started_on: '2003-04-01',
    in_service_event: 'Fell from the Brackenbury tower during a night jump.',
    description: 'Could not run the Pemberwick course afterwards.',
    reported_during_service: true,
    report_details: 'Sick call with Medic Farrowgate the next morning.',
  },
  'post-military-symptoms': {
    symptoms: ['Pain on stairs'],
    description: 'Stairs at the Lindqvistgate depot are impossible.',
    frequency: 'daily',
    trend: 'worse',
  },
  'flare-ups': {
    has_flare_ups: true,
    frequency: 'weekly',
    duration: 'several_days',
    severity: 8,
    triggers: 'Cold mornings at the Ostrander yard.',
    limitations: 'Cannot kneel to bathe my daughter Wilhelmina.',
  },
  'professional-impacts': {
    employment_status: 'part_time',
    missed_days_per_month: 4,
    lost_employment: true,
    description: 'Lost the Quillfeather warehouse job.',
    accommodations: 'A stool at the Brandvold register.',
  },
  'social-impacts': {
    description: 'Stopped hiking with the Marchetti-Lowe family.',
    relationships: 'Divorce from Annelise in 2015.',
    daily_activities: 'Groceries delivered since the Fenwright incident.',
    activities_given_up: 'Coaching the Harrowgate under-12s.',
  },
} as const;

/** Words of the free text above that must never be found at rest or in a log. */
export const SECRETS = [
  'Quarrendale',
  'Vostrikov',
  'Halvorsen',
  'Tallqvist',
  'Meloxicrazine',
  'Thursdayberg',
  'Zenthrophobic',
  'Yaroslavna',
  'Karbalith',
  'Okonkwelle',
  'Tamarisk',
  'Wyvernhold',
  'Pellucid',
  'Thornwhistle',
  'RR-ZX-99231',
  'Brightwater-Quist',
  'Ashworthy',
  'Brackenbury',
  'Pemberwick',
  'Farrowgate',
  'Lindqvistgate',
  'Ostrander',
  'Wilhelmina',
  'Quillfeather',
  'Brandvold',
  'Marchetti-Lowe',
  'Annelise',
  'Fenwright',
  'Harrowgate',
];

export async function createDisability(
  app: TestApp,
  token: string,
  payload: Record<string, unknown>,
): Promise<Disability> {
  const response = await app.inject({
    method: 'POST',
    url: '/disabilities',
    headers: bearer(token),
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return disabilitySchema.parse(response.json());
}

export async function listDisabilities(app: TestApp, token: string, query = '') {
  const response = await app.inject({
    method: 'GET',
    url: `/disabilities${query}`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return disabilityPageSchema.parse(response.json());
}

/** Sends a request as `token` and answers status and body. */
export async function call(
  app: TestApp,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  const response = await app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return {
    status: response.statusCode,
    body: response.body === '' ? undefined : (response.json() as Record<string, unknown>),
    text: response.body,
  };
}

/** The path of a collection under a disability (and, for nested kinds, a condition). */
export function collectionUrl(
  kind: DisabilityRecordKind,
  disabilityId: string,
  conditionId = '',
): string {
  return recordCollectionPath(kind)
    .replace(':id', disabilityId)
    .replace(':conditionId', conditionId);
}

/**
 * A disability with one record of every kind under it (the nested kinds under its mental-health
 * condition) and every wizard step saved; answers their ids.
 */
export async function createFullDisability(app: TestApp, token: string, title = 'Left knee') {
  const disability = await createDisability(app, token, {
    title,
    diagnosis: 'Patellar tendinitis',
  });
  const ids: Partial<Record<DisabilityRecordKind, string>> = {};
  const create = async (kind: DisabilityRecordKind, conditionId = '') => {
    const made = await call(
      app,
      token,
      'POST',
      collectionUrl(kind, disability.id, conditionId),
      FULL_RECORDS[kind],
    );
    expect(made.status, made.text).toBe(201);
    ids[kind] = made.body!.id as string;
  };
  await create('exposures');
  await create('treatments');
  await create('mental-health-conditions');
  for (const kind of [
    'traumatic-events',
    'behavior-changes',
    'official-reports',
    'evidence-sources',
  ] as const) {
    await create(kind, ids['mental-health-conditions']);
  }
  for (const [step, answers] of Object.entries(FULL_ANSWERS)) {
    const saved = await call(
      app,
      token,
      'PUT',
      `/disabilities/${disability.id}/answers/${step}`,
      answers,
    );
    expect(saved.status, saved.text).toBe(200);
  }
  const dsm = await call(
    app,
    token,
    'PUT',
    `/disabilities/${disability.id}/mental-health-conditions/${ids['mental-health-conditions']}/dsm-criteria/B`,
    { met: 'yes', items: ['nightmares'], explanation: 'Karbalith dreams nightly.' },
  );
  expect(dsm.status, dsm.text).toBe(200);
  return { disability, ids: ids as Record<DisabilityRecordKind, string> };
}
