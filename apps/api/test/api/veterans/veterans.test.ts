import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import { veteranSchema } from '@muster/contract/veterans';
import { bearer, signIn } from '../../helpers/auth.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';
import {
  FULL_RECORD,
  createVeteran,
  getVeteran,
  listVeterans,
  patchVeteran,
  primaries,
} from './veteran-fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

describe('[VETERANS]', () => {
  it('[VETERANS]: a record needs only a first and last name; the rest starts empty', async () => {
    const me = await signIn(app, 'veterans.minimal@example.com');
    const made = await createVeteran(app, me.token, { first_name: ' John ', last_name: 'Doe' });
    expect(made).toMatchObject({
      is_primary: true,
      first_name: 'John',
      middle_name: null,
      last_name: 'Doe',
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
    expect(await getVeteran(app, me.token, made.id)).toEqual(made);
  });

  it('[VETERANS]: every field is stored in one form and read back (identifiers masked)', async () => {
    const me = await signIn(app, 'veterans.full@example.com');
    const made = await createVeteran(app, me.token, FULL_RECORD);
    const expected = {
      id: made.id,
      is_primary: true,
      first_name: 'Rosalind',
      middle_name: 'Marisol',
      last_name: 'Diazmontoya',
      ssn: '***-**-6789',
      va_file_number: '*****6789',
      date_of_birth: '1980-04-12',
      address: {
        line1: '1200 Whitfordshire Lane',
        line2: 'Apt 4',
        line3: null,
        city: 'Austin',
        state: 'TX',
        zip_code: '78701-1234',
      },
      phone: '5125550142',
      email: 'rosalind.diazmontoya@example.com',
      branches: ['Marine Corps', 'Army'],
      service_periods: [
        {
          branch: 'Marine Corps',
          component: 'active',
          start_date: '1998-06-01',
          end_date: '2004-05-31',
          character_of_discharge: 'honorable',
        },
        {
          branch: 'Army',
          component: 'national_guard',
          start_date: '2006-01-01',
          end_date: null,
          character_of_discharge: null,
        },
      ],
      deployments: [
        {
          location: 'Camp Lejeune, North Carolina',
          start_date: '1999-01-01',
          end_date: '1999-06-30',
        },
        { location: 'Al Asad Air Base, Iraq', start_date: '2003-03-01', end_date: '2003-09-30' },
      ],
      notes: FULL_RECORD.notes,
      created_at: made.created_at,
      updated_at: made.updated_at,
    };
    expect(made).toEqual(expected);
    expect(await getVeteran(app, me.token, made.id)).toEqual(expected);
  });

  it('[VETERANS]: military and diplomatic mail takes APO/FPO/DPO with AA/AE/AP', async () => {
    const me = await signIn(app, 'veterans.apo@example.com');
    const made = await createVeteran(app, me.token, {
      first_name: 'Dana',
      last_name: 'Kim',
      address: { line1: 'Unit 2050 Box 4190', city: 'apo', state: 'AP', zip_code: '96278' },
    });
    expect(made.address).toEqual({
      line1: 'Unit 2050 Box 4190',
      line2: null,
      line3: null,
      city: 'APO',
      state: 'AP',
      zip_code: '96278',
    });
    for (const [city, state] of [
      ['FPO', 'AE'],
      ['DPO', 'AA'],
    ] as const) {
      const changed = await patchVeteran(app, me.token, made.id, {
        address: { line1: 'PSC 1234 Box 5678', city, state, zip_code: '09012' },
      });
      expect(changed.address).toMatchObject({ city, state });
    }
    // Territories and freely associated states from VA's list are addresses too.
    for (const state of ['GU', 'PR', 'VI', 'AS', 'MP', 'FM', 'MH', 'PW', 'DC']) {
      const changed = await patchVeteran(app, me.token, made.id, {
        address: { line1: '1 Main St', city: 'Capital', state, zip_code: '96910' },
      });
      expect(changed.address?.state).toBe(state);
    }
  });

  it('[VETERANS]: identifiers are masked unless ?reveal=true, on every answer', async () => {
    const me = await signIn(app, 'veterans.mask@example.com');
    const masked = await createVeteran(app, me.token, FULL_RECORD);
    expect(masked).toMatchObject({ ssn: '***-**-6789', va_file_number: '*****6789' });
    const full = { ssn: '123-45-6789', va_file_number: 'C23456789' };

    expect(await getVeteran(app, me.token, masked.id, '?reveal=true')).toMatchObject(full);
    expect(await getVeteran(app, me.token, masked.id, '?reveal=false')).toMatchObject({
      ssn: '***-**-6789',
    });
    expect((await listVeterans(app, me.token)).results[0]).toMatchObject({ ssn: '***-**-6789' });
    expect((await listVeterans(app, me.token, '?reveal=true')).results[0]).toMatchObject(full);
    const revealedCreate = await createVeteran(
      app,
      me.token,
      { first_name: 'Second', last_name: 'Record', ssn: '234567890' },
      '?reveal=true',
    );
    expect(revealedCreate.ssn).toBe('234-56-7890');
    const patched = await patchVeteran(app, me.token, masked.id, { va_file_number: '7654321' });
    expect(patched).toMatchObject({ ssn: '***-**-6789', va_file_number: '***4321' });
    expect(
      (await patchVeteran(app, me.token, masked.id, { notes: 'x' }, '?reveal=true')).va_file_number,
    ).toBe('7654321');
    // Anything but true or false is refused rather than guessed.
    for (const query of ['?reveal=yes', '?reveal=1', '?reveal=TRUE']) {
      const response = await app.inject({
        method: 'GET',
        url: `/veterans/${masked.id}${query}`,
        headers: bearer(me.token),
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.body).not.toContain('6789');
    }
  });

  it('[VETERANS]: the list puts the primary first, then newest first, with page meta', async () => {
    const me = await signIn(app, 'veterans.list@example.com');
    const made = [];
    for (let i = 1; i <= 6; i += 1) {
      made.push(await createVeteran(app, me.token, { first_name: `Vet${i}`, last_name: 'List' }));
    }
    const first = await listVeterans(app, me.token, '?page_size=4');
    expect(first.meta).toEqual({ page: 1, page_size: 4, total: 6 });
    expect(first.results.map((v) => v.first_name)).toEqual(['Vet1', 'Vet6', 'Vet5', 'Vet4']);
    const second = await listVeterans(app, me.token, '?page=2&page_size=4');
    expect(second.results.map((v) => v.first_name)).toEqual(['Vet3', 'Vet2']);
    expect((await listVeterans(app, me.token, '?page=3&page_size=4')).meta.total).toBe(6);

    await patchVeteran(app, me.token, made[2]!.id, { is_primary: true });
    expect((await listVeterans(app, me.token)).results.map((v) => v.first_name)).toEqual([
      'Vet3',
      'Vet6',
      'Vet5',
      'Vet4',
      'Vet2',
      'Vet1',
    ]);
  });

  it('[VETERANS]: PATCH changes the fields sent, null clears, lists are replaced whole', async () => {
    const me = await signIn(app, 'veterans.patch@example.com');
    const made = await createVeteran(app, me.token, FULL_RECORD);
    const changed = await patchVeteran(app, me.token, made.id, {
      first_name: 'Rosa',
      middle_name: null,
      ssn: null,
      phone: '512.555.0199',
      address: null,
      branches: ['U.S. Navy'],
      service_periods: [{ branch: 'usn', start_date: '2001-02-03', end_date: '2005-06-07' }],
      deployments: [],
      notes: '',
    });
    expect(changed).toMatchObject({
      first_name: 'Rosa',
      middle_name: null,
      last_name: 'Diazmontoya',
      ssn: null,
      va_file_number: '*****6789',
      date_of_birth: '1980-04-12',
      address: null,
      phone: '5125550199',
      email: FULL_RECORD.email,
      branches: ['Navy'],
      service_periods: [
        {
          branch: 'Navy',
          component: 'active',
          start_date: '2001-02-03',
          end_date: '2005-06-07',
          character_of_discharge: null,
        },
      ],
      deployments: [],
      notes: null,
    });
    expect(new Date(changed.updated_at).getTime()).toBeGreaterThanOrEqual(
      new Date(made.updated_at).getTime(),
    );
    expect(await getVeteran(app, me.token, made.id)).toEqual(changed);
  });

  it("[VETERANS]: another user's record is not found, cannot be changed or deleted, and is not listed", async () => {
    const owner = await signIn(app, 'veterans.owner@example.com');
    const intruder = await signIn(app, 'veterans.intruder@example.com');
    const record = await createVeteran(app, owner.token, FULL_RECORD);
    const attempts = [
      { method: 'GET' as const, url: `/veterans/${record.id}` },
      { method: 'GET' as const, url: `/veterans/${record.id}?reveal=true` },
      {
        method: 'PATCH' as const,
        url: `/veterans/${record.id}`,
        payload: { first_name: 'Mallory' },
      },
      { method: 'PATCH' as const, url: `/veterans/${record.id}`, payload: { is_primary: true } },
      { method: 'DELETE' as const, url: `/veterans/${record.id}` },
    ];
    for (const attempt of attempts) {
      const response = await app.inject({ ...attempt, headers: bearer(intruder.token) });
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(404);
      expect(errorEnvelopeSchema.parse(response.json()).code).toBe(ERR.NOT_FOUND);
      expect(response.body).not.toContain('Rosalind');
    }
    expect((await listVeterans(app, intruder.token)).meta.total).toBe(0);
    // The intruder's own first record is still their primary: the owner's flag did not move.
    const own = await createVeteran(app, intruder.token, { first_name: 'Mal', last_name: 'Lory' });
    expect(own.is_primary).toBe(true);
    expect(await getVeteran(app, owner.token, record.id, '?reveal=true')).toEqual({
      ...record,
      ssn: '123-45-6789',
      va_file_number: 'C23456789',
    });
  });

  it('[VETERANS]: a deleted record is gone; a second delete and malformed ids answer 404', async () => {
    const me = await signIn(app, 'veterans.delete@example.com');
    const keep = await createVeteran(app, me.token, { first_name: 'Keep', last_name: 'Me' });
    const gone = await createVeteran(app, me.token, { first_name: 'Gone', last_name: 'Soon' });
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/veterans/${gone.id}`,
      headers: bearer(me.token),
    });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await listVeterans(app, me.token)).results).toEqual([keep]);
    for (const url of [`/veterans/${gone.id}`, '/veterans/not-a-uuid', "/veterans/1'%20OR%201=1"]) {
      for (const method of ['GET', 'DELETE'] as const) {
        const again = await app.inject({ method, url, headers: bearer(me.token) });
        expect(again.statusCode, `${method} ${url}`).toBe(404);
        expect(errorEnvelopeSchema.parse(again.json()).code).toBe(ERR.NOT_FOUND);
      }
      const patch = await app.inject({
        method: 'PATCH',
        url,
        headers: bearer(me.token),
        payload: { notes: 'hello' },
      });
      expect(patch.statusCode, `PATCH ${url}`).toBe(404);
    }
  });

  it('[VETERANS]: signed-out and anonymous callers reach no record', async () => {
    const me = await signIn(app, 'veterans.guarded@example.com');
    const record = await createVeteran(app, me.token, { first_name: 'Guarded', last_name: 'Vet' });
    const anon = await app.inject({ method: 'POST', url: '/auth/sign-in/anonymous', payload: {} });
    const anonymous = anon.headers['set-auth-token'] as string;
    for (const [method, url] of [
      ['GET', '/veterans'],
      ['POST', '/veterans'],
      ['GET', `/veterans/${record.id}`],
      ['PATCH', `/veterans/${record.id}`],
      ['DELETE', `/veterans/${record.id}`],
    ] as const) {
      const payload =
        method === 'POST' || method === 'PATCH' ? { first_name: 'X', last_name: 'Y' } : undefined;
      const signedOut = await app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(signedOut.statusCode, `${method} ${url}`).toBe(401);
      expect(errorEnvelopeSchema.parse(signedOut.json()).code).toBe(ERR.LOGIN_REQUIRED);
      const asAnonymous = await app.inject({
        method,
        url,
        headers: bearer(anonymous),
        ...(payload ? { payload } : {}),
      });
      expect([403, 404], `${method} ${url}`).toContain(asAnonymous.statusCode);
    }
    expect((await listVeterans(app, me.token)).results).toEqual([record]);
  });
});

describe('[VETERANS][PRIMARY]', () => {
  it('[VETERANS][PRIMARY]: the first record is the primary; PATCH moves it; others stay as they were', async () => {
    const me = await signIn(app, 'primary.move@example.com');
    const first = await createVeteran(app, me.token, { first_name: 'First', last_name: 'Vet' });
    const second = await createVeteran(app, me.token, { first_name: 'Second', last_name: 'Vet' });
    const third = await createVeteran(app, me.token, { first_name: 'Third', last_name: 'Vet' });
    expect([first.is_primary, second.is_primary, third.is_primary]).toEqual([true, false, false]);

    const moved = await patchVeteran(app, me.token, second.id, { is_primary: true });
    expect(moved.is_primary).toBe(true);
    expect(await primaries(app, me.token)).toEqual([second.id]);
    expect((await getVeteran(app, me.token, first.id)).is_primary).toBe(false);
    // Asking again for the record that already is the primary changes nothing.
    await patchVeteran(app, me.token, second.id, { is_primary: true, notes: 'still primary' });
    expect(await primaries(app, me.token)).toEqual([second.id]);
    // Moving it together with other fields saves both.
    const both = await patchVeteran(app, me.token, third.id, {
      is_primary: true,
      first_name: 'Thirdly',
    });
    expect(both).toMatchObject({ is_primary: true, first_name: 'Thirdly' });
    expect(await primaries(app, me.token)).toEqual([third.id]);
  });

  it('[VETERANS][PRIMARY]: a record stops being the primary only when another becomes it', async () => {
    const me = await signIn(app, 'primary.unset@example.com');
    const only = await createVeteran(app, me.token, { first_name: 'Only', last_name: 'Vet' });
    const response = await app.inject({
      method: 'PATCH',
      url: `/veterans/${only.id}`,
      headers: bearer(me.token),
      payload: { is_primary: false },
    });
    expect(response.statusCode).toBe(400);
    const body = errorEnvelopeSchema.parse(response.json());
    expect(body.code).toBe(ERR.INVALID_INPUT);
    expect(body.fields?.is_primary).toMatch(/mark another record as primary/);
    expect(await primaries(app, me.token)).toEqual([only.id]);
  });

  it('[VETERANS][PRIMARY]: deleting the primary promotes the most recent other record', async () => {
    const me = await signIn(app, 'primary.delete@example.com');
    const oldest = await createVeteran(app, me.token, { first_name: 'Oldest', last_name: 'Vet' });
    const middle = await createVeteran(app, me.token, { first_name: 'Middle', last_name: 'Vet' });
    const newest = await createVeteran(app, me.token, { first_name: 'Newest', last_name: 'Vet' });
    await patchVeteran(app, me.token, middle.id, { is_primary: true });

    const remove = (id: string) =>
      app.inject({ method: 'DELETE', url: `/veterans/${id}`, headers: bearer(me.token) });
    expect((await remove(middle.id)).statusCode).toBe(204);
    expect(await primaries(app, me.token)).toEqual([newest.id]);
    // Deleting one that is not the primary leaves the primary alone.
    expect((await remove(oldest.id)).statusCode).toBe(204);
    expect(await primaries(app, me.token)).toEqual([newest.id]);
    // The last one goes: none left, and the next record created is the primary again.
    expect((await remove(newest.id)).statusCode).toBe(204);
    expect((await listVeterans(app, me.token)).meta.total).toBe(0);
    const again = await createVeteran(app, me.token, { first_name: 'Again', last_name: 'Vet' });
    expect(again.is_primary).toBe(true);
  });

  it('[VETERANS][PRIMARY]: the answers match the contract exactly (no stored field leaks)', async () => {
    const me = await signIn(app, 'primary.shape@example.com');
    const made = await createVeteran(app, me.token, FULL_RECORD);
    const response = await app.inject({
      method: 'GET',
      url: `/veterans/${made.id}`,
      headers: bearer(me.token),
    });
    const body = response.json<Record<string, unknown>>();
    expect(Object.keys(body).sort()).toEqual(Object.keys(veteranSchema.shape).sort());
    expect(body).not.toHaveProperty('user_id');
    expect(body).not.toHaveProperty('userId');
  });
});
