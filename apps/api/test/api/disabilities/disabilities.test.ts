import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DISABILITY_WIZARD_STEPS,
  disabilitySchema,
  diagnosisLabel,
} from '@muster/contract/disabilities';
import { DISABILITY_ROUTES } from '@muster/contract/disability-routes';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import { searchResultSchema } from '@muster/contract/search';
import { bearer, signIn } from '../../helpers/auth.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';
import { call, createDisability, listDisabilities } from './disability-fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

const FULL = {
  title: ' Left knee strain ',
  diagnostic_code: '5260',
  classification_code: '8997',
  side_of_body: 'left',
  diagnosis: 'Patellofemoral syndrome',
  claim_type: 'direct',
  percent: 10,
  wizard_step: 'flare-ups',
};

describe('[DISABILITIES][ROUTES]', () => {
  it('[DISABILITIES][ROUTES]: the published table and the registered routes are the same', () => {
    const registered = app.routeTable
      .filter((route) => route.url === '/disabilities' || route.url.startsWith('/disabilities/'))
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    const published = DISABILITY_ROUTES.map((route) => `${route.method} ${route.path}`).sort();
    expect(registered).toEqual(published);
    expect(new Set(published).size).toBe(published.length);
    for (const route of DISABILITY_ROUTES) expect(route.summary, route.path).not.toBe('');
  });

  it('[DISABILITIES][ROUTES]: paths answer with and without a trailing slash', async () => {
    const me = await signIn(app, 'routes.slash@example.com');
    const made = await call(app, me.token, 'POST', '/disabilities/', { title: 'Tinnitus' });
    expect(made.status).toBe(201);
    const id = made.body!.id as string;
    for (const url of ['/disabilities', '/disabilities/']) {
      expect((await call(app, me.token, 'GET', url)).body!.meta).toMatchObject({ total: 1 });
    }
    for (const url of [`/disabilities/${id}`, `/disabilities/${id}/`]) {
      expect((await call(app, me.token, 'GET', url)).body).toMatchObject({ title: 'Tinnitus' });
    }
    const exposures = await call(app, me.token, 'GET', `/disabilities/${id}/exposures/`);
    expect(exposures.status).toBe(200);
  });
});

describe('[DISABILITIES]', () => {
  it('[DISABILITIES]: a disability needs only a title; the rest starts empty', async () => {
    const me = await signIn(app, 'disabilities.minimal@example.com');
    const made = await createDisability(app, me.token, { title: 'Tinnitus' });
    expect(made).toMatchObject({
      title: 'Tinnitus',
      diagnostic_code: null,
      classification_code: null,
      side_of_body: null,
      diagnosis: null,
      claim_type: null,
      veteran_id: null,
      percent: null,
      wizard_step: null,
    });
    expect(diagnosisLabel(made)).toBe('Not diagnosed');
    expect((await call(app, me.token, 'GET', `/disabilities/${made.id}`)).body).toEqual(made);
  });

  it('[DISABILITIES]: every field is stored and read back; the title is trimmed', async () => {
    const me = await signIn(app, 'disabilities.full@example.com');
    const made = await createDisability(app, me.token, FULL);
    expect(made).toEqual({
      id: made.id,
      ...FULL,
      title: 'Left knee strain',
      veteran_id: null,
      created_at: made.created_at,
      updated_at: made.updated_at,
    });
    const body = (await call(app, me.token, 'GET', `/disabilities/${made.id}`)).body!;
    expect(body).toEqual(made);
    // The answer holds exactly the contract's fields (nothing stored leaks, such as the owner).
    expect(Object.keys(body).sort()).toEqual(Object.keys(disabilitySchema.shape).sort());
  });

  it('[DISABILITIES]: without a veteran_id the primary record is used; another can be named or none', async () => {
    const me = await signIn(app, 'disabilities.veteran@example.com');
    const before = await createDisability(app, me.token, { title: 'Before any record' });
    expect(before.veteran_id).toBeNull();
    const primary = await call(app, me.token, 'POST', '/veterans', {
      first_name: 'Pri',
      last_name: 'Mary',
    });
    const helper = await call(app, me.token, 'POST', '/veterans', {
      first_name: 'Hel',
      last_name: 'Per',
    });
    const primaryId = primary.body!.id as string;
    const helperId = helper.body!.id as string;
    expect((await createDisability(app, me.token, { title: 'Default' })).veteran_id).toBe(
      primaryId,
    );
    const named = await createDisability(app, me.token, { title: 'Named', veteran_id: helperId });
    expect(named.veteran_id).toBe(helperId);
    expect(
      (await createDisability(app, me.token, { title: 'None', veteran_id: null })).veteran_id,
    ).toBeNull();
    const moved = await call(app, me.token, 'PATCH', `/disabilities/${named.id}`, {
      veteran_id: primaryId,
    });
    expect(moved.body).toMatchObject({ veteran_id: primaryId });
    // Deleting the record leaves the disability without one.
    await call(app, me.token, 'DELETE', `/veterans/${primaryId}`);
    expect((await call(app, me.token, 'GET', `/disabilities/${named.id}`)).body).toMatchObject({
      veteran_id: null,
    });
    // Another user's record (or one that is gone) is refused on the field, on create and change.
    const other = await signIn(app, 'disabilities.veteran.other@example.com');
    const theirs = await call(app, other.token, 'POST', '/veterans', {
      first_name: 'Not',
      last_name: 'Mine',
    });
    for (const veteranId of [theirs.body!.id as string, primaryId]) {
      for (const [method, url] of [
        ['POST', '/disabilities'],
        ['PATCH', `/disabilities/${named.id}`],
      ] as const) {
        const refused = await call(app, me.token, method, url, {
          title: 'X',
          veteran_id: veteranId,
        });
        expect(refused.status, `${method} ${url}`).toBe(400);
        expect(refused.body).toMatchObject({
          code: ERR.INVALID_INPUT,
          fields: { veteran_id: 'Not one of your veteran records' },
        });
      }
    }
  });

  it('[DISABILITIES]: PATCH changes the fields sent; null clears; empty diagnosis means not diagnosed', async () => {
    const me = await signIn(app, 'disabilities.patch@example.com');
    const made = await createDisability(app, me.token, FULL);
    const changed = await call(app, me.token, 'PATCH', `/disabilities/${made.id}`, {
      title: 'Right knee',
      side_of_body: 'right',
      diagnosis: '',
      percent: null,
      claim_type: 'secondary',
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({
      title: 'Right knee',
      side_of_body: 'right',
      diagnosis: null,
      percent: null,
      claim_type: 'secondary',
      diagnostic_code: '5260',
      classification_code: '8997',
    });
    expect(new Date(changed.body!.updated_at as string).getTime()).toBeGreaterThanOrEqual(
      new Date(made.updated_at).getTime(),
    );
    expect((await call(app, me.token, 'GET', `/disabilities/${made.id}`)).body).toEqual(
      changed.body,
    );
    const empty = await call(app, me.token, 'PATCH', `/disabilities/${made.id}`, {});
    expect(empty.status).toBe(400);
  });

  it('[DISABILITIES]: the list is newest first with page meta, searches titles and sorts', async () => {
    const me = await signIn(app, 'disabilities.list@example.com');
    const titles = ['Tinnitus', 'left knee', 'Back strain', 'Right knee', 'PTSD', 'Knee_50%'];
    for (const title of titles) await createDisability(app, me.token, { title });
    const first = await listDisabilities(app, me.token, '?page_size=4');
    expect(first.meta).toEqual({ page: 1, page_size: 4, total: 6 });
    expect(first.results.map((d) => d.title)).toEqual([
      'Knee_50%',
      'PTSD',
      'Right knee',
      'Back strain',
    ]);
    const second = await listDisabilities(app, me.token, '?page=2&page_size=4');
    expect(second.results.map((d) => d.title)).toEqual(['left knee', 'Tinnitus']);
    expect((await listDisabilities(app, me.token, '?page=9')).results).toEqual([]);
    expect((await listDisabilities(app, me.token, '?page=9')).meta.total).toBe(6);

    const knees = await listDisabilities(app, me.token, '?q=KNEE');
    expect(knees.results.map((d) => d.title)).toEqual(['Knee_50%', 'Right knee', 'left knee']);
    expect(knees.meta.total).toBe(3);
    // LIKE's wildcards are taken as the characters themselves.
    expect(
      (await listDisabilities(app, me.token, '?q=_50%25')).results.map((d) => d.title),
    ).toEqual(['Knee_50%']);
    expect((await listDisabilities(app, me.token, '?q=%25')).meta.total).toBe(1);

    const byTitle = await listDisabilities(app, me.token, '?sort=title');
    expect(byTitle.results.map((d) => d.title)).toEqual([
      'Back strain',
      'Knee_50%',
      'left knee',
      'PTSD',
      'Right knee',
      'Tinnitus',
    ]);
    const oldest = await listDisabilities(app, me.token, '?sort=created_at&page_size=2');
    expect(oldest.results.map((d) => d.title)).toEqual(['Tinnitus', 'left knee']);
    const reversed = await listDisabilities(app, me.token, '?sort=-title&page_size=1');
    expect(reversed.results.map((d) => d.title)).toEqual(['Tinnitus']);
    await call(app, me.token, 'PATCH', `/disabilities/${byTitle.results[0]!.id}`, {
      percent: 20,
    });
    const touched = await listDisabilities(app, me.token, '?sort=-updated_at&page_size=1');
    expect(touched.results.map((d) => d.title)).toEqual(['Back strain']);
    for (const query of ['?sort=title,id', '?sort=password', '?page=0', '?page_size=101']) {
      expect((await call(app, me.token, 'GET', `/disabilities${query}`)).status, query).toBe(400);
    }
  });

  it("[DISABILITIES]: another user's disability is not found, not changed, not deleted, not listed", async () => {
    const owner = await signIn(app, 'disabilities.owner@example.com');
    const intruder = await signIn(app, 'disabilities.intruder@example.com');
    const made = await createDisability(app, owner.token, FULL);
    const attempts = [
      ['GET', `/disabilities/${made.id}`, undefined],
      ['PATCH', `/disabilities/${made.id}`, { title: 'Mallory' }],
      // Even a body that would be refused answers 404: the owner check comes first.
      ['PATCH', `/disabilities/${made.id}`, { title: '' }],
      ['DELETE', `/disabilities/${made.id}`, undefined],
      ['GET', `/disabilities/${made.id}/answers`, undefined],
      ['PUT', `/disabilities/${made.id}/answers/flare-ups`, { severity: 99 }],
      ['POST', `/disabilities/${made.id}/exposures`, {}],
    ] as const;
    for (const [method, url, payload] of attempts) {
      const response = await call(app, intruder.token, method, url, payload);
      expect(response.status, `${method} ${url}`).toBe(404);
      expect(errorEnvelopeSchema.parse(response.body).code).toBe(ERR.NOT_FOUND);
      expect(response.text).not.toContain('Patellofemoral');
    }
    expect((await listDisabilities(app, intruder.token)).meta.total).toBe(0);
    expect((await call(app, owner.token, 'GET', `/disabilities/${made.id}`)).body).toEqual(made);
  });

  it('[DISABILITIES]: a deleted disability is gone; a second delete and malformed ids answer 404', async () => {
    const me = await signIn(app, 'disabilities.delete@example.com');
    const keep = await createDisability(app, me.token, { title: 'Keep' });
    const gone = await createDisability(app, me.token, { title: 'Gone' });
    const deleted = await call(app, me.token, 'DELETE', `/disabilities/${gone.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect((await listDisabilities(app, me.token)).results).toEqual([keep]);
    for (const url of [
      `/disabilities/${gone.id}`,
      '/disabilities/not-a-uuid',
      "/disabilities/1'%20OR%201=1",
    ]) {
      for (const method of ['GET', 'DELETE'] as const) {
        const again = await call(app, me.token, method, url);
        expect(again.status, `${method} ${url}`).toBe(404);
        expect(errorEnvelopeSchema.parse(again.body).code).toBe(ERR.NOT_FOUND);
      }
      expect((await call(app, me.token, 'PATCH', url, { title: 'x' })).status).toBe(404);
    }
  });

  it('[DISABILITIES]: signed-out and anonymous callers reach no disability route', async () => {
    const me = await signIn(app, 'disabilities.guarded@example.com');
    const made = await createDisability(app, me.token, { title: 'Guarded' });
    const anon = await app.inject({ method: 'POST', url: '/auth/sign-in/anonymous', payload: {} });
    const anonymous = anon.headers['set-auth-token'] as string;
    for (const route of DISABILITY_ROUTES) {
      const url = route.path.replace(/:[A-Za-z]+/g, made.id);
      const payload = route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} };
      const signedOut = await app.inject({ method: route.method, url, ...payload });
      expect(signedOut.statusCode, `${route.method} ${url}`).toBe(401);
      expect(errorEnvelopeSchema.parse(signedOut.json()).code).toBe(ERR.LOGIN_REQUIRED);
      const asAnonymous = await app.inject({
        method: route.method,
        url,
        headers: bearer(anonymous),
        ...payload,
      });
      expect([403, 404], `${route.method} ${url}`).toContain(asAnonymous.statusCode);
    }
    expect((await listDisabilities(app, me.token)).results).toEqual([made]);
  });
});

describe('[DISABILITIES][WIZARD STEP]', () => {
  it('[DISABILITIES][WIZARD STEP]: PATCH sets the resume step, GET reads it back, null clears it', async () => {
    const me = await signIn(app, 'wizard-step.set@example.com');
    const made = await createDisability(app, me.token, { title: 'Resume me' });
    expect(made.wizard_step).toBeNull();
    const url = `/disabilities/${made.id}`;
    const set = await call(app, me.token, 'PATCH', url, { wizard_step: 'flare-ups' });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toMatchObject({ title: 'Resume me', wizard_step: 'flare-ups' });
    // Moving the resume point is not a change of the disability: its updated_at stays.
    expect((set.body as { updated_at: string }).updated_at).toBe(made.updated_at);
    expect((await call(app, me.token, 'GET', url)).body).toMatchObject({
      wizard_step: 'flare-ups',
    });
    expect((await listDisabilities(app, me.token)).results[0]!.wizard_step).toBe('flare-ups');
    // A change of another field keeps it.
    await call(app, me.token, 'PATCH', url, { percent: 30 });
    expect((await call(app, me.token, 'GET', url)).body).toMatchObject({
      percent: 30,
      wizard_step: 'flare-ups',
    });
    const cleared = await call(app, me.token, 'PATCH', url, { wizard_step: null });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body).toMatchObject({ wizard_step: null, percent: 30 });
    expect((await call(app, me.token, 'GET', url)).body).toMatchObject({ wizard_step: null });
  });

  it('[DISABILITIES][WIZARD STEP]: every step name is accepted; an unknown one answers 400 with fields.wizard_step', async () => {
    const me = await signIn(app, 'wizard-step.bad@example.com');
    const made = await createDisability(app, me.token, {
      title: 'Steps',
      wizard_step: 'treatments',
    });
    expect(made.wizard_step).toBe('treatments');
    const url = `/disabilities/${made.id}`;
    for (const step of DISABILITY_WIZARD_STEPS) {
      const response = await call(app, me.token, 'PATCH', url, { wizard_step: step });
      expect(response.status, step).toBe(200);
      expect(response.body, step).toMatchObject({ wizard_step: step });
    }
    for (const bad of ['flare_ups', 'Flare-ups', '', 'answers', 3, true]) {
      for (const [method, target] of [
        ['PATCH', url],
        ['POST', '/disabilities'],
      ] as const) {
        const response = await call(app, me.token, method, target, {
          title: 'Steps',
          wizard_step: bad,
        });
        expect(response.status, `${method} ${String(bad)}`).toBe(400);
        const body = errorEnvelopeSchema.parse(response.body);
        expect(body.code).toBe(ERR.INVALID_INPUT);
        expect(Object.keys(body.fields ?? {})).toEqual(['wizard_step']);
      }
    }
    expect((await call(app, me.token, 'GET', url)).body).toMatchObject({ wizard_step: 'download' });
    // The database holds it to the step names too, whatever writes it.
    await expect(
      app.database.pool.query(`UPDATE disabilities SET wizard_step = 'nowhere' WHERE id = $1`, [
        made.id,
      ]),
    ).rejects.toThrow(/disabilities_wizard_step_check/);
  });

  it('[DISABILITIES][WIZARD STEP]: another user cannot set it on your disability (404), and it stays', async () => {
    const owner = await signIn(app, 'wizard-step.owner@example.com');
    const intruder = await signIn(app, 'wizard-step.intruder@example.com');
    const made = await createDisability(app, owner.token, {
      title: 'Mine',
      wizard_step: 'exposures',
    });
    for (const step of ['flare-ups', null, 'not-a-step']) {
      const response = await call(app, intruder.token, 'PATCH', `/disabilities/${made.id}`, {
        wizard_step: step,
      });
      expect(response.status, String(step)).toBe(404);
      expect(errorEnvelopeSchema.parse(response.body).code).toBe(ERR.NOT_FOUND);
    }
    expect((await call(app, owner.token, 'GET', `/disabilities/${made.id}`)).body).toEqual(made);
  });
});

describe('[DISABILITIES][SEARCH]', () => {
  it('[DISABILITIES][SEARCH]: the palette lists own disabilities by title, with the diagnosis', async () => {
    const me = await signIn(app, 'disabilities.search@example.com');
    const other = await signIn(app, 'disabilities.search.other@example.com');
    const knee = await createDisability(app, me.token, {
      title: 'Left knee',
      diagnosis: 'Meniscus tear',
    });
    const back = await createDisability(app, me.token, { title: 'Lower back' });
    await createDisability(app, other.token, { title: 'Their knee' });
    const search = async (q: string) => {
      const response = await app.inject({
        method: 'GET',
        url: `/search?q=${encodeURIComponent(q)}`,
        headers: bearer(me.token),
      });
      expect(response.statusCode).toBe(200);
      return searchResultSchema.parse(response.json()).disabilities;
    };
    expect(await search('knee')).toEqual([
      { id: knee.id, title: 'Left knee', diagnosis: 'Meniscus tear' },
    ]);
    expect(await search('')).toEqual([
      { id: back.id, title: 'Lower back', diagnosis: null },
      { id: knee.id, title: 'Left knee', diagnosis: 'Meniscus tear' },
    ]);
    // The diagnosis is not searched (it is stored encrypted); only the title is.
    expect(await search('meniscus')).toEqual([]);
  });
});
