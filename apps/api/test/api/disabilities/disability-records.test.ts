import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DISABILITY_RECORDS,
  DISABILITY_RECORD_KINDS,
  DSM_CRITERIA,
  dsmCriteriaSchema,
  secondaryDisabilitySchema,
  type DisabilityRecordKind,
} from '@muster/contract/disability-records';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import { signIn } from '../../helpers/auth.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';
import {
  FULL_RECORDS,
  MINIMAL_RECORDS,
  PATCHES,
  call,
  collectionUrl,
  createDisability,
  createFullDisability,
} from './disability-fixtures.ts';

let app: TestApp;
let me: { token: string; userId: string };
beforeAll(async () => {
  app = await buildTestApp();
  me = await signIn(app, 'records@example.com');
});
afterAll(async () => app.close());

const isNested = (kind: DisabilityRecordKind) => DISABILITY_RECORDS[kind].parent !== 'disability';

/** A disability, and for nested kinds a mental-health condition under it: the collection's URL. */
async function placeFor(kind: DisabilityRecordKind, token = me.token) {
  const disability = await createDisability(app, token, { title: `Place for ${kind}` });
  let conditionId = '';
  if (isNested(kind)) {
    const condition = await call(
      app,
      token,
      'POST',
      collectionUrl('mental-health-conditions', disability.id),
      { condition: 'ptsd' },
    );
    conditionId = condition.body!.id as string;
  }
  return { disability, conditionId, url: collectionUrl(kind, disability.id, conditionId) };
}

function expectNotFound(response: { status: number; body: unknown }, what: string) {
  expect(response.status, what).toBe(404);
  expect(errorEnvelopeSchema.parse(response.body).code, what).toBe(ERR.NOT_FOUND);
}

describe('[DISABILITIES][RECORDS]', () => {
  for (const kind of DISABILITY_RECORD_KINDS) {
    it(`[DISABILITIES][RECORDS]: ${kind} are created, listed, read, changed and deleted`, async () => {
      const { disability, conditionId, url } = await placeFor(kind);
      const item = DISABILITY_RECORDS[kind].item;

      const full = await call(app, me.token, 'POST', url, FULL_RECORDS[kind]);
      expect(full.status, full.text).toBe(201);
      const made = item.parse(full.body);
      expect(Object.keys(full.body!).sort()).toEqual(Object.keys(item.shape).sort());
      const { medications, ...rest } = FULL_RECORDS[kind] as Record<string, unknown>;
      expect(made).toMatchObject({
        ...rest,
        disability_id: disability.id,
        ...(isNested(kind) ? { condition_id: conditionId } : {}),
      });
      if (medications) {
        expect(made).toMatchObject({
          medications: [
            { name: 'Meloxicrazine', dosage: '15 mg daily' },
            { name: 'Icepack', dosage: null },
          ],
        });
      }

      const minimal = await call(app, me.token, 'POST', url, MINIMAL_RECORDS[kind]);
      expect(minimal.status, minimal.text).toBe(201);
      // Every field is answered, the ones not sent empty.
      expect(Object.keys(minimal.body!).sort()).toEqual(Object.keys(item.shape).sort());
      expect(item.parse(minimal.body)).toMatchObject(MINIMAL_RECORDS[kind]);

      const itemUrl = `${url}/${made.id}`;
      expect((await call(app, me.token, 'GET', itemUrl)).body).toEqual(full.body);
      const list = await call(app, me.token, 'GET', url);
      expect(list.body).toEqual({
        results: [minimal.body, full.body],
        meta: { page: 1, page_size: 20, total: 2 },
      });
      const paged = await call(app, me.token, 'GET', `${url}?page=2&page_size=1`);
      expect(paged.body).toEqual({
        results: [full.body],
        meta: { page: 2, page_size: 1, total: 2 },
      });

      const patched = await call(app, me.token, 'PATCH', itemUrl, PATCHES[kind]);
      expect(patched.status, patched.text).toBe(200);
      expect(patched.body).toEqual({
        ...full.body,
        ...PATCHES[kind],
        updated_at: patched.body!.updated_at,
      });
      expect((await call(app, me.token, 'GET', itemUrl)).body).toEqual(patched.body);
      expect((await call(app, me.token, 'PATCH', itemUrl, {})).status).toBe(400);

      const deleted = await call(app, me.token, 'DELETE', itemUrl);
      expect(deleted.status).toBe(204);
      expectNotFound(await call(app, me.token, 'GET', itemUrl), 'GET after delete');
      expectNotFound(await call(app, me.token, 'DELETE', itemUrl), 'DELETE again');
      expectNotFound(await call(app, me.token, 'PATCH', itemUrl, PATCHES[kind]), 'PATCH gone');
      expect((await call(app, me.token, 'GET', url)).body).toEqual({
        results: [minimal.body],
        meta: { page: 1, page_size: 20, total: 1 },
      });
    });
  }

  it('[DISABILITIES][RECORDS]: a record is found only along its own path', async () => {
    const other = await signIn(app, 'records.other@example.com');
    const mine = await createFullDisability(app, me.token, 'Mine');
    const sibling = await createDisability(app, me.token, { title: 'Sibling' });
    const siblingCondition = await call(
      app,
      me.token,
      'POST',
      collectionUrl('mental-health-conditions', sibling.id),
      { condition: 'depression' },
    );
    const theirs = await createFullDisability(app, other.token, 'Theirs');
    const conditionOf = (ids: typeof mine.ids) => ids['mental-health-conditions'];

    for (const kind of DISABILITY_RECORD_KINDS) {
      const nested = isNested(kind);
      // Under my own disability (and condition): their record's id, a record of another kind,
      // and my own record reached through my other disability or condition.
      const wrongIds = [
        theirs.ids[kind],
        mine.ids[kind === 'exposures' ? 'treatments' : 'exposures'],
      ];
      const ownUrl = collectionUrl(kind, mine.disability.id, nested ? conditionOf(mine.ids) : '');
      for (const id of wrongIds) {
        for (const method of ['GET', 'DELETE'] as const) {
          expectNotFound(await call(app, me.token, method, `${ownUrl}/${id}`), `${method} ${kind}`);
        }
        expectNotFound(
          await call(app, me.token, 'PATCH', `${ownUrl}/${id}`, PATCHES[kind]),
          `PATCH ${kind}`,
        );
      }
      const elsewhere = collectionUrl(
        kind,
        sibling.id,
        nested ? (siblingCondition.body!.id as string) : '',
      );
      expectNotFound(
        await call(app, me.token, 'GET', `${elsewhere}/${mine.ids[kind]}`),
        `${kind} via a sibling`,
      );
      if (nested) {
        // My condition under my sibling disability, and their condition under my disability.
        for (const url of [
          collectionUrl(kind, sibling.id, conditionOf(mine.ids)),
          collectionUrl(kind, mine.disability.id, conditionOf(theirs.ids)),
          collectionUrl(kind, mine.disability.id, mine.ids.exposures),
        ]) {
          expectNotFound(await call(app, me.token, 'GET', url), `list ${url}`);
          expectNotFound(
            await call(app, me.token, 'POST', url, MINIMAL_RECORDS[kind]),
            `create ${url}`,
          );
        }
      }
      // Their whole path.
      const theirUrl = collectionUrl(
        kind,
        theirs.disability.id,
        nested ? conditionOf(theirs.ids) : '',
      );
      expectNotFound(await call(app, me.token, 'GET', theirUrl), `list theirs ${kind}`);
      expectNotFound(
        await call(app, me.token, 'POST', theirUrl, MINIMAL_RECORDS[kind]),
        `create theirs ${kind}`,
      );
      expectNotFound(
        await call(app, me.token, 'GET', `${theirUrl}/${theirs.ids[kind]}`),
        `read theirs ${kind}`,
      );
    }
    // Nothing of theirs changed.
    const check = await call(
      app,
      other.token,
      'GET',
      `${collectionUrl('exposures', theirs.disability.id)}/${theirs.ids.exposures}`,
    );
    expect(check.body).toMatchObject(FULL_RECORDS.exposures);
  });

  it('[DISABILITIES][RECORDS]: deleting a mental-health condition deletes what hangs under it', async () => {
    const { disability, ids } = await createFullDisability(app, me.token, 'PTSD');
    const conditionUrl = `${collectionUrl('mental-health-conditions', disability.id)}/${ids['mental-health-conditions']}`;
    expect((await call(app, me.token, 'DELETE', conditionUrl)).status).toBe(204);
    const rows = await app.database.pool.query<{ kind: string }>(
      'SELECT kind FROM disability_records WHERE disability_id = $1 ORDER BY kind',
      [disability.id],
    );
    expect(rows.rows.map((row) => row.kind)).toEqual(['exposures', 'treatments']);
    const dsm = await app.database.pool.query(
      'SELECT 1 FROM disability_dsm_criteria WHERE disability_id = $1',
      [disability.id],
    );
    expect(dsm.rowCount).toBe(0);
  });
});

describe('[DISABILITIES][EXPOSURES]', () => {
  it('[DISABILITIES][EXPOSURES]: each kind takes the locations of its VA list', async () => {
    const { url } = await placeFor('exposures');
    const accepted = [
      { kind: 'gulf_war_1990', location: 'saudiarabia' },
      { kind: 'gulf_war_2001', location: 'djibouti' },
      { kind: 'herbicide', location: 'vietnam' },
      { kind: 'herbicide', location: 'other', location_details: 'Fort Detrick' },
      { kind: 'burn_pits', location: 'iraq' },
      { kind: 'burn_pits', location: 'yemen' },
      { kind: 'camp_lejeune' },
      { kind: 'radiation', location: 'nuclear_test' },
      { kind: 'radiation', location: 'other', location_details: 'Nevada test site' },
      { kind: 'other_hazard', hazard: 'asbestos' },
      { kind: 'other_hazard', hazard: 'other', location_details: 'Jet fuel (JP-8)' },
    ];
    for (const payload of accepted) {
      const made = await call(app, me.token, 'POST', url, payload);
      expect(made.status, JSON.stringify(payload) + made.text).toBe(201);
    }
    const refused: [Record<string, unknown>, string][] = [
      [{ kind: 'gulf_war_1990' }, 'location'],
      [{ kind: 'gulf_war_1990', location: 'vietnam' }, 'location'],
      [{ kind: 'gulf_war_2001', location: 'iraq' }, 'location'],
      [{ kind: 'herbicide', location: 'djibouti' }, 'location'],
      [{ kind: 'herbicide', location: 'other' }, 'location_details'],
      [{ kind: 'camp_lejeune', location: 'iraq' }, 'location'],
      [{ kind: 'radiation', location: 'vietnam' }, 'location'],
      [{ kind: 'radiation' }, 'location'],
      [{ kind: 'other_hazard' }, 'hazard'],
      [{ kind: 'herbicide', location: 'laos', hazard: 'asbestos' }, 'hazard'],
      [{ kind: 'other_hazard', hazard: 'other' }, 'location_details'],
      [{ kind: 'other_hazard', hazard: 'radiation' }, 'hazard'],
      [{ kind: 'moon' }, 'kind'],
      [{ kind: 'burn_pits', location: 'none' }, 'location'],
      [{ kind: 'burn_pits', location: 'notsure' }, 'location'],
    ];
    for (const [payload, field] of refused) {
      const response = await call(app, me.token, 'POST', url, payload);
      expect(response.status, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.body!.fields as object), JSON.stringify(payload)).toContain(
        field,
      );
    }
  });

  it('[DISABILITIES][EXPOSURES]: a change that breaks a rule across fields is refused as a whole', async () => {
    const { url } = await placeFor('exposures');
    const made = await call(app, me.token, 'POST', url, FULL_RECORDS.exposures);
    const itemUrl = `${url}/${made.body!.id as string}`;
    for (const [patch, field] of [
      [{ kind: 'gulf_war_1990' }, 'location'],
      [{ end_date: '1969-01-01' }, 'end_date'],
      [{ location_details: null }, 'location_details'],
    ] as const) {
      const refused = await call(app, me.token, 'PATCH', itemUrl, patch);
      expect(refused.status, JSON.stringify(patch)).toBe(400);
      expect(Object.keys(refused.body!.fields as object)).toContain(field);
    }
    // Changing the kind together with a location of it is fine.
    const moved = await call(app, me.token, 'PATCH', itemUrl, {
      kind: 'gulf_war_1990',
      location: 'kuwait',
      location_details: null,
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({ kind: 'gulf_war_1990', location: 'kuwait' });
    expect((await call(app, me.token, 'GET', itemUrl)).body).toEqual(moved.body);
  });

  it('[DISABILITIES][EXPOSURES]: update-additional-hazards replaces the hazards met on top', async () => {
    const { disability, url } = await placeFor('exposures');
    const made = await call(app, me.token, 'POST', url, FULL_RECORDS.exposures);
    const hazardsUrl = `${url}/${made.body!.id as string}/update-additional-hazards`;
    const updated = await call(app, me.token, 'POST', hazardsUrl, {
      additional_hazards: ['radiation', 'water'],
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toEqual({
      ...made.body,
      additional_hazards: ['radiation', 'water'],
      additional_hazards_details: null,
      updated_at: updated.body!.updated_at,
    });
    const cleared = await call(app, me.token, 'POST', hazardsUrl, {});
    expect(cleared.body).toMatchObject({
      additional_hazards: [],
      additional_hazards_details: null,
      description: FULL_RECORDS.exposures.description,
    });
    for (const [payload, field] of [
      [{ additional_hazards: ['lava'] }, 'additional_hazards.0'],
      [{ additional_hazards: ['mos', 'mos'] }, 'additional_hazards.1'],
      [{ additional_hazards: ['none'] }, 'additional_hazards.0'],
      [{ additional_hazards_details: 'x'.repeat(2001) }, 'additional_hazards_details'],
    ] as const) {
      const refused = await call(app, me.token, 'POST', hazardsUrl, payload);
      expect(refused.status, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(refused.body!.fields as object)).toContain(field);
    }
    const treatment = await call(
      app,
      me.token,
      'POST',
      collectionUrl('treatments', disability.id),
      {
        facility_name: 'Not an exposure',
      },
    );
    expectNotFound(
      await call(
        app,
        me.token,
        'POST',
        `${url}/${treatment.body!.id as string}/update-additional-hazards`,
        { additional_hazards: [] },
      ),
      'a treatment is not an exposure',
    );
  });
});

describe('[DISABILITIES][DSM]', () => {
  it('[DISABILITIES][DSM]: eight criteria, each answered with its own signs, saved whole and cleared', async () => {
    const { disability, conditionId } = await placeFor('traumatic-events');
    const base = `/disabilities/${disability.id}/mental-health-conditions/${conditionId}/dsm-criteria`;
    const empty = dsmCriteriaSchema.parse((await call(app, me.token, 'GET', base)).body);
    expect(empty.results).toEqual(
      DSM_CRITERIA.map((criterion) => ({
        criterion,
        condition_id: conditionId,
        answers: null,
        updated_at: null,
      })),
    );
    const saved = await call(app, me.token, 'PUT', `${base}/E`, {
      met: 'yes',
      items: ['hypervigilance', 'sleep'],
      explanation: 'Sit facing the door.',
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toEqual({
      criterion: 'E',
      condition_id: conditionId,
      answers: {
        met: 'yes',
        items: ['hypervigilance', 'sleep'],
        explanation: 'Sit facing the door.',
      },
      updated_at: expect.any(String),
    });
    expect((await call(app, me.token, 'GET', `${base}/E`)).body).toEqual(saved.body);
    const replaced = await call(app, me.token, 'PUT', `${base}/E`, { met: 'unsure' });
    expect(replaced.body!.answers).toEqual({ met: 'unsure', items: [], explanation: null });

    for (const [url, payload, field] of [
      [`${base}/A`, { items: ['nightmares'] }, 'items.0'],
      [`${base}/B`, { items: ['nightmares', 'nightmares'] }, 'items.1'],
      [`${base}/B`, { items: ['made_up'] }, 'items.0'],
      [`${base}/B`, { met: 'maybe' }, 'met'],
      [`${base}/B`, { explanation: 'x'.repeat(5001) }, 'explanation'],
      [`${base}/Z`, {}, 'criterion'],
      [`${base}/a`, {}, 'criterion'],
    ] as const) {
      const refused = await call(app, me.token, 'PUT', url, payload);
      expect(refused.status, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(Object.keys(refused.body!.fields as object)).toContain(field);
    }
    expect((await call(app, me.token, 'DELETE', `${base}/E`)).status).toBe(204);
    expect((await call(app, me.token, 'GET', `${base}/E`)).body).toMatchObject({ answers: null });
    // Clearing what was never answered is fine; another condition's criteria are not reachable.
    expect((await call(app, me.token, 'DELETE', `${base}/H`)).status).toBe(204);
    const other = await signIn(app, 'dsm.other@example.com');
    expectNotFound(await call(app, other.token, 'GET', base), 'their criteria');
    expectNotFound(await call(app, other.token, 'PUT', `${base}/A`, {}), 'their criterion');
    const exposure = await call(app, me.token, 'POST', collectionUrl('exposures', disability.id), {
      kind: 'camp_lejeune',
    });
    const notCondition = `/disabilities/${disability.id}/mental-health-conditions/${exposure.body!.id as string}/dsm-criteria`;
    expectNotFound(await call(app, me.token, 'GET', notCondition), 'an exposure has no criteria');
    expectNotFound(await call(app, me.token, 'PUT', `${notCondition}/A`, {}), 'nor answers');
    expectNotFound(await call(app, me.token, 'DELETE', `${notCondition}/A`), 'nor clears');
  });
});

describe('[DISABILITIES][SECONDARY]', () => {
  async function disabilities(token: string, ...titles: string[]) {
    const made = [];
    for (const title of titles) made.push(await createDisability(app, token, { title }));
    return made.map((d) => d.id);
  }
  const secondaryUrl = (id: string) => `/disabilities/${id}/secondary-disabilities`;

  it('[DISABILITIES][SECONDARY]: a secondary names its primaries; they can be changed and deleted', async () => {
    const [knee, back, hip] = await disabilities(me.token, 'Knee', 'Back', 'Hip');
    const created = await call(app, me.token, 'POST', secondaryUrl(back!), {
      primary_ids: [knee, hip],
      relation: 'aggravated',
      explanation: 'Limping on the knee wore out my back.',
    });
    expect(created.status, created.text).toBe(201);
    const connection = secondaryDisabilitySchema.parse(created.body);
    expect(connection).toMatchObject({
      disability_id: back,
      primary_ids: [knee, hip].sort(),
      relation: 'aggravated',
      explanation: 'Limping on the knee wore out my back.',
    });
    const itemUrl = `${secondaryUrl(back!)}/${connection.id}`;
    expect((await call(app, me.token, 'GET', itemUrl)).body).toEqual(created.body);
    expect((await call(app, me.token, 'GET', secondaryUrl(back!))).body).toEqual({
      results: [created.body],
      meta: { page: 1, page_size: 20, total: 1 },
    });
    const minimal = await call(app, me.token, 'POST', secondaryUrl(hip!), { primary_ids: [knee] });
    expect(minimal.body).toMatchObject({ relation: 'caused', explanation: null });

    const changed = await call(app, me.token, 'PATCH', itemUrl, {
      primary_ids: [knee],
      explanation: '',
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({
      primary_ids: [knee],
      relation: 'aggravated',
      explanation: null,
    });
    const relabelled = await call(app, me.token, 'PATCH', itemUrl, { relation: 'caused' });
    expect(relabelled.body).toMatchObject({ primary_ids: [knee], relation: 'caused' });

    expect((await call(app, me.token, 'DELETE', itemUrl)).status).toBe(204);
    expectNotFound(await call(app, me.token, 'GET', itemUrl), 'deleted connection');
    // The primaries themselves are untouched.
    expect((await call(app, me.token, 'GET', `/disabilities/${knee}`)).status).toBe(200);
  });

  it('[DISABILITIES][SECONDARY]: no self-reference, only own disabilities, no duplicates, no circles', async () => {
    const other = await signIn(app, 'secondary.other@example.com');
    const [a, b, c, d] = await disabilities(me.token, 'A', 'B', 'C', 'D');
    const [theirs] = await disabilities(other.token, 'Theirs');
    const refuse = async (url: string, method: 'POST' | 'PATCH', payload: unknown) => {
      const response = await call(app, me.token, method, url, payload);
      expect(response.status, JSON.stringify(payload)).toBe(400);
      expect(response.body!.code).toBe(ERR.INVALID_INPUT);
      return response.body!.fields as Record<string, string>;
    };
    expect(await refuse(secondaryUrl(a!), 'POST', { primary_ids: [a] })).toEqual({
      'primary_ids.0': 'A disability cannot be secondary to itself',
    });
    expect(await refuse(secondaryUrl(a!), 'POST', { primary_ids: [b, theirs] })).toEqual({
      'primary_ids.1': 'Not one of your disabilities',
    });
    expect(await refuse(secondaryUrl(a!), 'POST', { primary_ids: [b, b] })).toHaveProperty(
      'primary_ids.1',
    );
    expect(await refuse(secondaryUrl(a!), 'POST', { primary_ids: [] })).toHaveProperty(
      'primary_ids',
    );
    expect(await refuse(secondaryUrl(a!), 'POST', { primary_ids: ['nope'] })).toHaveProperty(
      'primary_ids.0',
    );
    // A rests on B, B on C: C may not rest on A (or on B), directly or by a change.
    expect((await call(app, me.token, 'POST', secondaryUrl(a!), { primary_ids: [b] })).status).toBe(
      201,
    );
    const bc = await call(app, me.token, 'POST', secondaryUrl(b!), { primary_ids: [c] });
    expect(bc.status).toBe(201);
    expect(await refuse(secondaryUrl(c!), 'POST', { primary_ids: [d, a] })).toEqual({
      'primary_ids.1':
        'That disability already rests on this one: the connection would go round in a circle',
    });
    expect(await refuse(secondaryUrl(b!), 'POST', { primary_ids: [a] })).toHaveProperty(
      'primary_ids.0',
    );
    const cd = await call(app, me.token, 'POST', secondaryUrl(c!), { primary_ids: [d] });
    expect(cd.status).toBe(201);
    expect(
      await refuse(`${secondaryUrl(c!)}/${cd.body!.id as string}`, 'PATCH', {
        primary_ids: [a],
      }),
    ).toHaveProperty('primary_ids.0');
    // Replacing a connection's own link is not a circle with itself.
    const moved = await call(
      app,
      me.token,
      'PATCH',
      `${secondaryUrl(b!)}/${bc.body!.id as string}`,
      {
        primary_ids: [d],
      },
    );
    expect(moved.status, moved.text).toBe(200);
    // Nothing refused was saved.
    const listed = await call(app, me.token, 'GET', secondaryUrl(c!));
    expect(listed.body).toMatchObject({ meta: { total: 1 }, results: [{ primary_ids: [d] }] });
    // Their connections cannot be reached through my disability.
    const theirsOwn = await disabilities(other.token, 'Their primary');
    const theirConnection = await call(app, other.token, 'POST', secondaryUrl(theirs!), {
      primary_ids: theirsOwn,
    });
    const stolen = `${secondaryUrl(a!)}/${theirConnection.body!.id as string}`;
    for (const method of ['GET', 'DELETE'] as const) {
      expectNotFound(await call(app, me.token, method, stolen), method);
    }
    expectNotFound(await call(app, me.token, 'PATCH', stolen, { relation: 'caused' }), 'PATCH');
    expectNotFound(await call(app, me.token, 'GET', secondaryUrl(theirs!)), 'their list');
  });

  it('[DISABILITIES][SECONDARY]: deleting a primary drops it from connections, and a connection left with none', async () => {
    const [knee, back, hip, neck] = await disabilities(me.token, 'Knee', 'Back', 'Hip', 'Neck');
    const two = await call(app, me.token, 'POST', secondaryUrl(back!), {
      primary_ids: [knee, hip],
    });
    const one = await call(app, me.token, 'POST', secondaryUrl(neck!), { primary_ids: [knee] });
    expect((await call(app, me.token, 'DELETE', `/disabilities/${knee}`)).status).toBe(204);
    expect(
      (await call(app, me.token, 'GET', `${secondaryUrl(back!)}/${two.body!.id as string}`)).body,
    ).toMatchObject({ primary_ids: [hip] });
    expectNotFound(
      await call(app, me.token, 'GET', `${secondaryUrl(neck!)}/${one.body!.id as string}`),
      'a connection left with no primary',
    );
    const rows = await app.database.pool.query(
      'SELECT 1 FROM disability_secondary_connections WHERE id = $1',
      [one.body!.id],
    );
    expect(rows.rowCount).toBe(0);
  });

  it('[DISABILITIES][SECONDARY]: connections made at once cannot close a circle', async () => {
    for (let round = 0; round < 3; round += 1) {
      const [a, b] = await disabilities(me.token, `Race A${round}`, `Race B${round}`);
      const answers = await Promise.all([
        call(app, me.token, 'POST', secondaryUrl(a!), { primary_ids: [b] }),
        call(app, me.token, 'POST', secondaryUrl(b!), { primary_ids: [a] }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
    }
  });
});

describe('[DISABILITIES][RECORDS][LIST]', () => {
  /** A word of each kind's full record that stays after its `PATCHES` change. */
  const WORDS: Record<DisabilityRecordKind, string> = {
    exposures: 'quarrendale',
    treatments: 'halvorsen',
    'mental-health-conditions': 'zenthrophobic',
    'traumatic-events': 'karbalith',
    'behavior-changes': 'pellucid',
    'official-reports': 'brightwater',
    'evidence-sources': 'ashworthy',
  };
  const idsOf = (body: Record<string, unknown> | undefined) =>
    (body!.results as { id: string }[]).map((record) => record.id);

  for (const kind of DISABILITY_RECORD_KINDS) {
    it(`[DISABILITIES][RECORDS][LIST]: ${kind} are sorted as asked and searched by their (sealed) text`, async () => {
      const { url } = await placeFor(kind);
      const post = async (payload: object) => {
        const made = await call(app, me.token, 'POST', url, payload);
        expect(made.status, made.text).toBe(201);
        return made.body!.id as string;
      };
      const first = await post(FULL_RECORDS[kind]);
      const second = await post(MINIMAL_RECORDS[kind]);
      const third = await post(FULL_RECORDS[kind]);
      const list = async (query: string) => {
        const response = await call(app, me.token, 'GET', `${url}${query}`);
        expect(response.status, `${query}: ${response.text}`).toBe(200);
        return response.body;
      };

      expect(idsOf(await list(''))).toEqual([third, second, first]);
      expect(idsOf(await list('?sort=-created_at'))).toEqual([third, second, first]);
      expect(idsOf(await list('?sort=created_at'))).toEqual([first, second, third]);
      const patched = await call(app, me.token, 'PATCH', `${url}/${first}`, PATCHES[kind]);
      expect(patched.status, patched.text).toBe(200);
      expect(idsOf(await list('?sort=-updated_at'))).toEqual([first, third, second]);

      const word = WORDS[kind];
      const found = await list(`?q=${encodeURIComponent(word.toUpperCase())}`);
      expect(idsOf(found)).toEqual([third, first]);
      expect(found!.meta).toEqual({ page: 1, page_size: 20, total: 2 });
      const paged = await list(`?q=${word.slice(2, 8)}&sort=created_at&page=2&page_size=1`);
      expect(idsOf(paged)).toEqual([third]);
      expect(paged!.meta).toEqual({ page: 2, page_size: 1, total: 2 });
      expect((await list(`?q=${word}&page=3&page_size=1`))!.results).toEqual([]);
      const none = await list('?q=Xylophonically');
      expect(none).toEqual({ results: [], meta: { page: 1, page_size: 20, total: 0 } });
      // The records found are the ones read one by one.
      expect((found!.results as unknown[])[0]).toEqual(
        (await call(app, me.token, 'GET', `${url}/${third}`)).body,
      );
    });
  }

  it('[DISABILITIES][RECORDS][LIST]: q matches nested text and keys picked from lists; bad queries answer 400', async () => {
    const { url } = await placeFor('treatments');
    const full = await call(app, me.token, 'POST', url, FULL_RECORDS.treatments);
    await call(app, me.token, 'POST', url, MINIMAL_RECORDS.treatments);
    const found = await call(app, me.token, 'GET', `${url}?q=meloxi`);
    expect(idsOf(found.body)).toEqual([full.body!.id]);
    const exposures = await placeFor('exposures');
    await call(app, me.token, 'POST', exposures.url, FULL_RECORDS.exposures);
    const lejeune = await call(app, me.token, 'POST', exposures.url, MINIMAL_RECORDS.exposures);
    expect(idsOf((await call(app, me.token, 'GET', `${exposures.url}?q=LEJEUNE`)).body)).toEqual([
      lejeune.body!.id,
    ]);
    for (const query of [
      '?sort=title',
      '?sort=-created_at,id',
      '?sort=details',
      `?q=${'x'.repeat(201)}`,
      '?q=a%00b',
      '?page=0',
    ]) {
      const response = await call(app, me.token, 'GET', `${url}${query}`);
      expect(response.status, query).toBe(400);
      expect(errorEnvelopeSchema.parse(response.body).code, query).toBe(ERR.INVALID_INPUT);
    }
  });

  it("[DISABILITIES][RECORDS][LIST]: another user's collection answers 404 whatever the query", async () => {
    const other = await signIn(app, 'records.list.other@example.com');
    const theirs = await createFullDisability(app, other.token, 'Theirs to search');
    for (const kind of DISABILITY_RECORD_KINDS) {
      const url = collectionUrl(kind, theirs.disability.id, theirs.ids['mental-health-conditions']);
      for (const query of [`?q=${WORDS[kind]}`, '?sort=created_at', '?q=a&sort=-updated_at']) {
        const response = await call(app, me.token, 'GET', `${url}${query}`);
        expectNotFound(response, `${kind}${query}`);
        expect(response.text).not.toContain(WORDS[kind]);
      }
    }
  });

  it('[DISABILITIES][SECONDARY][LIST]: the connections are sorted as asked', async () => {
    const made = [];
    for (const title of ['Sorted back', 'Sorted knee', 'Sorted hip', 'Sorted ankle']) {
      made.push(await createDisability(app, me.token, { title }));
    }
    const [back, ...primaries] = made.map((d) => d.id);
    const url = `/disabilities/${back}/secondary-disabilities`;
    const ids: string[] = [];
    for (const primary of primaries) {
      const created = await call(app, me.token, 'POST', url, { primary_ids: [primary] });
      expect(created.status, created.text).toBe(201);
      ids.push(created.body!.id as string);
    }
    const [first, second, third] = ids;
    const list = async (query: string) =>
      idsOf((await call(app, me.token, 'GET', url + query)).body);
    expect(await list('')).toEqual([third, second, first]);
    expect(await list('?sort=created_at')).toEqual([first, second, third]);
    await call(app, me.token, 'PATCH', `${url}/${first}`, { relation: 'aggravated' });
    expect(await list('?sort=-updated_at')).toEqual([first, third, second]);
    expect(await list('?sort=created_at&page=2&page_size=2')).toEqual([third]);
    for (const query of ['?sort=title', '?sort=relation']) {
      expect((await call(app, me.token, 'GET', url + query)).status, query).toBe(400);
    }
  });
});
