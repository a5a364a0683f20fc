import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DisabilityRecordKind } from '@muster/contract/disability-records';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import { latestPastDate } from '@muster/contract/veterans';
import { signIn } from '../../helpers/auth.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';
import {
  FULL_RECORDS,
  MINIMAL_RECORDS,
  call,
  collectionUrl,
  createDisability,
  createFullDisability,
  listDisabilities,
} from './disability-fixtures.ts';

let app: TestApp;
let me: { token: string; userId: string };
beforeAll(async () => {
  app = await buildTestApp();
  me = await signIn(app, 'disabilities.validation@example.com');
});
afterAll(async () => app.close());

/** The day after the latest date anyone can call today. */
const TOMORROW_EVERYWHERE = new Date(Date.parse(`${latestPastDate()}T00:00:00Z`) + 86_400_000)
  .toISOString()
  .slice(0, 10);

type Case = { name: string; payload: Record<string, unknown>; field: string };

/** Each case: the body sent and the field the answer must name. */
const BAD_DISABILITIES: Case[] = [
  { name: 'empty title', payload: { title: '' }, field: 'title' },
  { name: 'blank title', payload: { title: '   ' }, field: 'title' },
  { name: 'no title', payload: {}, field: 'title' },
  { name: 'title of 201', payload: { title: 'x'.repeat(201) }, field: 'title' },
  { name: 'title as a number', payload: { title: 7 }, field: 'title' },
  { name: 'title over two lines', payload: { title: 'Left\nknee' }, field: 'title' },
  { name: 'title with NUL', payload: { title: 'Kn\u0000ee' }, field: 'title' },
  {
    name: 'diagnostic code of 3',
    payload: { title: 'K', diagnostic_code: '526' },
    field: 'diagnostic_code',
  },
  {
    name: 'diagnostic code with a letter',
    payload: { title: 'K', diagnostic_code: '52a0' },
    field: 'diagnostic_code',
  },
  {
    name: 'classification code with a letter',
    payload: { title: 'K', classification_code: 'X1' },
    field: 'classification_code',
  },
  {
    name: 'classification code of 9',
    payload: { title: 'K', classification_code: '123456789' },
    field: 'classification_code',
  },
  { name: 'side of body up', payload: { title: 'K', side_of_body: 'up' }, field: 'side_of_body' },
  {
    name: 'diagnosis of 201',
    payload: { title: 'K', diagnosis: 'd'.repeat(201) },
    field: 'diagnosis',
  },
  {
    name: 'claim type unknown',
    payload: { title: 'K', claim_type: 'indirect' },
    field: 'claim_type',
  },
  { name: 'veteran id not a uuid', payload: { title: 'K', veteran_id: 'me' }, field: 'veteran_id' },
  { name: 'percent 15', payload: { title: 'K', percent: 15 }, field: 'percent' },
  { name: 'percent 110', payload: { title: 'K', percent: 110 }, field: 'percent' },
  { name: 'percent -10', payload: { title: 'K', percent: -10 }, field: 'percent' },
  { name: 'percent 10.5', payload: { title: 'K', percent: 10.5 }, field: 'percent' },
  { name: 'percent as text', payload: { title: 'K', percent: '10' }, field: 'percent' },
];

/** Bad fields of each record kind (a valid body with one field broken). */
const BAD_RECORDS: Record<DisabilityRecordKind, Case[]> = {
  exposures: [
    {
      name: 'start in the future',
      payload: { kind: 'camp_lejeune', start_date: TOMORROW_EVERYWHERE },
      field: 'start_date',
    },
    {
      name: 'end before start',
      payload: { kind: 'camp_lejeune', start_date: '1980-01-02', end_date: '1980-01-01' },
      field: 'end_date',
    },
    {
      name: 'start before 1900',
      payload: { kind: 'camp_lejeune', start_date: '1899-12-31' },
      field: 'start_date',
    },
    {
      name: 'not a date',
      payload: { kind: 'camp_lejeune', end_date: '1980-13-01' },
      field: 'end_date',
    },
    {
      name: 'details of 201',
      payload: { kind: 'camp_lejeune', location_details: 'x'.repeat(201) },
      field: 'location_details',
    },
    {
      name: 'description of 5001',
      payload: { kind: 'camp_lejeune', description: 'x'.repeat(5001) },
      field: 'description',
    },
    {
      name: 'eleven hazards',
      payload: { kind: 'camp_lejeune', additional_hazards: Array(11).fill('mos') },
      field: 'additional_hazards',
    },
  ],
  treatments: [
    { name: 'no facility', payload: {}, field: 'facility_name' },
    {
      name: 'facility of 201',
      payload: { facility_name: 'x'.repeat(201) },
      field: 'facility_name',
    },
    {
      name: 'facility type unknown',
      payload: { facility_name: 'VA', facility_type: 'spa' },
      field: 'facility_type',
    },
    {
      name: 'provider of 201',
      payload: { facility_name: 'VA', provider_name: 'x'.repeat(201) },
      field: 'provider_name',
    },
    {
      name: 'end before start',
      payload: { facility_name: 'VA', start_date: '2010-01-02', end_date: '2010-01-01' },
      field: 'end_date',
    },
    {
      name: 'end in the future',
      payload: { facility_name: 'VA', end_date: TOMORROW_EVERYWHERE },
      field: 'end_date',
    },
    {
      name: 'medication without a name',
      payload: { facility_name: 'VA', medications: [{ dosage: '5 mg' }] },
      field: 'medications.0.name',
    },
    {
      name: 'dosage of 101',
      payload: { facility_name: 'VA', medications: [{ name: 'A', dosage: 'x'.repeat(101) }] },
      field: 'medications.0.dosage',
    },
    {
      name: 'thirty-one medications',
      payload: { facility_name: 'VA', medications: Array(31).fill({ name: 'A' }) },
      field: 'medications',
    },
    {
      name: 'notes with a control character',
      payload: { facility_name: 'VA', notes: 'a\u0007b' },
      field: 'notes',
    },
  ],
  'mental-health-conditions': [
    { name: 'no condition', payload: {}, field: 'condition' },
    { name: 'condition unknown', payload: { condition: 'grumpy' }, field: 'condition' },
    { name: 'other without a name', payload: { condition: 'other' }, field: 'condition_details' },
    {
      name: 'stressor unknown',
      payload: { condition: 'ptsd', stressor_types: ['boredom'] },
      field: 'stressor_types.0',
    },
    {
      name: 'stressor twice',
      payload: { condition: 'ptsd', stressor_types: ['combat', 'combat'] },
      field: 'stressor_types.1',
    },
  ],
  'traumatic-events': [
    { name: 'no description', payload: {}, field: 'description' },
    { name: 'blank description', payload: { description: '  ' }, field: 'description' },
    {
      name: 'description of 5001',
      payload: { description: 'x'.repeat(5001) },
      field: 'description',
    },
    {
      name: 'date in the future',
      payload: { description: 'x', date: TOMORROW_EVERYWHERE },
      field: 'date',
    },
    { name: 'MST as text', payload: { description: 'x', is_mst: 'yes' }, field: 'is_mst' },
    { name: 'unit of 201', payload: { description: 'x', unit: 'x'.repeat(201) }, field: 'unit' },
    {
      name: 'place over two lines',
      payload: { description: 'x', location: 'a\nb' },
      field: 'location',
    },
  ],
  'behavior-changes': [
    { name: 'change unknown', payload: { change: 'grumpiness' }, field: 'change' },
    { name: 'other without a description', payload: { change: 'other' }, field: 'description' },
    {
      name: 'noticed in the future',
      payload: { change: 'lethargy', noticed_on: TOMORROW_EVERYWHERE },
      field: 'noticed_on',
    },
    {
      name: 'description of 2001',
      payload: { change: 'lethargy', description: 'x'.repeat(2001) },
      field: 'description',
    },
  ],
  'official-reports': [
    { name: 'type unknown', payload: { report_type: 'rumour' }, field: 'report_type' },
    {
      name: 'number of 101',
      payload: { report_type: 'medical', report_number: 'x'.repeat(101) },
      field: 'report_number',
    },
    {
      name: 'date in the future',
      payload: { report_type: 'medical', report_date: TOMORROW_EVERYWHERE },
      field: 'report_date',
    },
  ],
  'evidence-sources': [
    { name: 'type unknown', payload: { source_type: 'gossip' }, field: 'source_type' },
    {
      name: 'contact of 201',
      payload: { source_type: 'clergy', contact: 'x'.repeat(201) },
      field: 'contact',
    },
    {
      name: 'obtained as text',
      payload: { source_type: 'clergy', obtained: 'no' },
      field: 'obtained',
    },
  ],
};

function expectRefused(
  response: { status: number; body: unknown },
  field: string,
  what: string,
): void {
  expect(response.status, what).toBe(400);
  const body = errorEnvelopeSchema.parse(response.body);
  expect(body.code, what).toBe(ERR.INVALID_INPUT);
  expect(body.validation, what).toBe(true);
  expect(Object.keys(body.fields ?? {}), what).toContain(field);
}

describe('[DISABILITIES][VALIDATION]', () => {
  it('[DISABILITIES][VALIDATION]: an empty title answers 400 / 2001 with fields.title', async () => {
    const response = await call(app, me.token, 'POST', '/disabilities/', { title: '' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: ERR.INVALID_INPUT,
      validation: true,
      fields: { title: 'Required' },
    });
  });

  it('[DISABILITIES][VALIDATION]: every bad field of a disability is refused by name; nothing is saved', async () => {
    const made = await createDisability(app, me.token, { title: 'Kept as is' });
    for (const { name, payload, field } of BAD_DISABILITIES) {
      expectRefused(await call(app, me.token, 'POST', '/disabilities', payload), field, name);
      if (field === 'title' && !('title' in payload)) continue;
      expectRefused(
        await call(app, me.token, 'PATCH', `/disabilities/${made.id}`, payload),
        field,
        `PATCH ${name}`,
      );
    }
    expect((await listDisabilities(app, me.token)).results).toEqual([made]);
  });

  it('[DISABILITIES][VALIDATION]: one answer names every bad field at once', async () => {
    const response = await call(app, me.token, 'POST', '/disabilities', {
      title: '',
      percent: 15,
      side_of_body: 'up',
    });
    expect(Object.keys(response.body!.fields as object).sort()).toEqual([
      'percent',
      'side_of_body',
      'title',
    ]);
  });

  for (const [kind, cases] of Object.entries(BAD_RECORDS) as [DisabilityRecordKind, Case[]][]) {
    it(`[DISABILITIES][VALIDATION]: bad ${kind} are refused by field; a refused change keeps the record`, async () => {
      const { disability, ids } = await createFullDisability(app, me.token, `Validate ${kind}`);
      const conditionId = ids['mental-health-conditions'];
      const url = collectionUrl(kind, disability.id, conditionId);
      const before = (await call(app, me.token, 'GET', url)).body;
      for (const { name, payload, field } of cases) {
        expectRefused(await call(app, me.token, 'POST', url, payload), field, name);
        // The same field broken in a change of the full record (a field left out of a change
        // keeps its stored value, so only the cases that send the field apply).
        if (!(field.split('.')[0]! in payload)) continue;
        expectRefused(
          await call(app, me.token, 'PATCH', `${url}/${ids[kind]}`, payload),
          field,
          `PATCH ${name}`,
        );
      }
      expect((await call(app, me.token, 'GET', url)).body).toEqual(before);
      expect((await call(app, me.token, 'GET', `${url}/${ids[kind]}`)).body).toMatchObject(
        FULL_RECORDS[kind] as Record<string, unknown>,
      );
      // A record's required field cannot be cleared.
      const required = Object.keys(MINIMAL_RECORDS[kind])[0]!;
      expectRefused(
        await call(app, me.token, 'PATCH', `${url}/${ids[kind]}`, { [required]: null }),
        required,
        `clear ${required}`,
      );
    });
  }

  it('[DISABILITIES][VALIDATION]: bodies that are not JSON objects are refused with the envelope', async () => {
    const made = await createDisability(app, me.token, { title: 'Body shapes' });
    for (const payload of ['[]', '"knee"', '42', 'null', '{"title":']) {
      const response = await app.inject({
        method: 'POST',
        url: `/disabilities/${made.id}/treatments`,
        headers: { authorization: `Bearer ${me.token}`, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(errorEnvelopeSchema.parse(response.json()).code).toBe(ERR.INVALID_INPUT);
    }
  });
});
