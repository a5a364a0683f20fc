import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import {
  form2122Schema,
  shareableRecordListSchema,
  sharedItemSchema,
  sharedViewSchema,
  vsoRepresentativeAnswerSchema,
  vsoRepresentativeSchema,
  vsoShareAccessListSchema,
  vsoShareCreatedSchema,
  vsoShareListSchema,
} from '@muster/contract/vso';
import { cfiles } from '@muster/db/schema/index';
import { bearer, signIn } from '../../helpers/auth.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';

/**
 * The representative (VSO) and read-only shares through HTTP: the representative is recorded,
 * VA Form 21-22's data is prepared with what is missing, and chosen records are shared through a
 * link whose token (only its hash stored) reaches the records chosen and nothing else, until it
 * expires or is revoked. 7332-protected records go in only when ticked one by one; every opening
 * is logged for the owner alone.
 */

let app: TestApp;
let anonymous: string;
beforeAll(async () => {
  app = await buildTestApp();
  const anon = await app.inject({ method: 'POST', url: '/auth/sign-in/anonymous', payload: {} });
  anonymous = anon.headers['set-auth-token'] as string;
});
afterAll(async () => app.close());

type Answer = { status: number; json: unknown; body: string };

async function api(
  token: string | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await app.inject({
    method,
    url,
    headers: { ...(token ? bearer(token) : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return {
    status: response.statusCode,
    body: response.body,
    json: response.body ? (JSON.parse(response.body) as unknown) : null,
  };
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const shared = (token: string, url: string, agent = 'RepBrowser/1.0') =>
  api(anonymous, 'GET', url, undefined, { 'x-share-token': token, 'user-agent': agent });
const codeOf = (answer: Answer) => errorEnvelopeSchema.parse(answer.json).code;

async function disability(token: string, title: string, diagnosis?: string) {
  const made = await api(token, 'POST', '/disabilities', {
    title,
    ...(diagnosis ? { diagnosis } : {}),
  });
  expect(made.status, made.body).toBe(201);
  return (made.json as { id: string }).id;
}

async function statement(token: string, disabilityId: string, body: string) {
  const made = await api(token, 'POST', `/disabilities/${disabilityId}/personal-statements`, {
    body,
  });
  expect(made.status, made.body).toBe(201);
  return (made.json as { id: string }).id;
}

async function vaultDocument(token: string, name: string) {
  const bytes = Buffer.from('%PDF-1.4\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');
  const grant = await api(token, 'POST', '/uploads', {
    kind: 'document',
    filename: 'file.pdf',
    content_type: 'application/pdf',
    size: bytes.length,
  });
  expect(grant.status, grant.body).toBe(201);
  const { file_id: fileId, url } = grant.json as { file_id: string; url: string };
  await app.inject({ method: 'PUT', url: new URL(url).pathname, payload: bytes });
  const done = await api(token, 'POST', `/uploads/${fileId}/complete`, {});
  expect(done.status, done.body).toBe(200);
  const filed = await api(token, 'POST', '/documents', { file_id: fileId, name });
  expect(filed.status, filed.body).toBe(201);
  return (filed.json as { id: string }).id;
}

const medication = (name: string, isProtected: boolean) => ({
  name,
  dose: '50 mg',
  first_seen: null,
  last_seen: null,
  pages: [3],
  protected_7332: isProtected,
  source: 'lexicon',
});
const condition = (name: string, isProtected: boolean) => ({
  name,
  diagnostic_code: null,
  pages: [4],
  sides: [],
  presumptive: false,
  protected_7332: isProtected,
  evidence: [],
  codes: [],
});

/** A C-file read to the end, with the findings given (as the reader would have stored them). */
async function completeCfile(
  userId: string,
  filename: string,
  medications: ReturnType<typeof medication>[],
  conditions: ReturnType<typeof condition>[] = [],
) {
  const [row] = await app.database.db
    .insert(cfiles)
    .values({
      userId,
      filename,
      jobStatus: 'complete',
      pagesTotal: 10,
      pagesDone: 10,
      medications: JSON.stringify(medications),
      conditions: JSON.stringify(conditions),
      completedAt: new Date(),
    })
    .returning();
  return row!.id;
}

describe('[VSO][REPRESENTATIVE]', () => {
  it('[VSO]: the representative is recorded, replaced, read and forgotten; bad fields answer 400', async () => {
    const me = await signIn(app, 'vso.rep@example.com');
    const empty = await api(me.token, 'GET', '/vso-representative');
    expect(empty.status).toBe(200);
    expect(vsoRepresentativeAnswerSchema.parse(empty.json).representative).toBeNull();

    const bad = await api(me.token, 'PUT', '/vso-representative', {
      organization: '',
      representative_name: 'Jane Smith',
      poa_code: 'AB',
      email: 'not an email',
    });
    expect(bad.status).toBe(400);
    const fields = errorEnvelopeSchema.parse(bad.json).fields ?? {};
    expect(Object.keys(fields).sort()).toEqual(['email', 'organization', 'poa_code']);

    const saved = await api(me.token, 'PUT', '/vso-representative', {
      organization: 'Disabled American Veterans',
      representative_name: 'Jane Smith',
      poa_code: 'a1q',
      accreditation_number: '12345',
      email: 'jane@dav.example.org',
      phone: '555-201-3344',
    });
    expect(saved.status, saved.body).toBe(200);
    const rep = vsoRepresentativeSchema.parse(saved.json);
    expect(rep.poa_code).toBe('A1Q');

    const replaced = await api(me.token, 'PUT', '/vso-representative', {
      organization: 'VFW',
      representative_name: 'John Doe',
    });
    expect(vsoRepresentativeSchema.parse(replaced.json)).toMatchObject({
      organization: 'VFW',
      poa_code: null,
      email: null,
    });
    const read = await api(me.token, 'GET', '/vso-representative');
    expect(vsoRepresentativeAnswerSchema.parse(read.json).representative?.representative_name).toBe(
      'John Doe',
    );
    // The person's name is encrypted at rest.
    const raw = await app.database.pool.query<{ representative_name: string }>(
      'select representative_name from vso_representatives where user_id = $1',
      [me.userId],
    );
    expect(raw.rows[0]?.representative_name).not.toContain('John Doe');

    expect((await api(me.token, 'DELETE', '/vso-representative')).status).toBe(204);
    const again = await api(me.token, 'DELETE', '/vso-representative');
    expect(again.status).toBe(404);
    expect(codeOf(again)).toBe(ERR.NOT_FOUND);
    expect((await api(undefined, 'GET', '/vso-representative')).status).toBe(401);
  });

  it('[VSO][21-22]: the form data says what is missing, then is ready once everything is there', async () => {
    const me = await signIn(app, 'vso.form@example.com');
    const bare = form2122Schema.parse(
      (await api(me.token, 'GET', '/vso-representative/form-21-22')).json,
    );
    expect(bare.ready).toBe(false);
    expect(bare.veteran).toBeNull();
    expect(bare.missing).toEqual(
      expect.arrayContaining([
        'Add your veteran record (your name and mailing address) under Veteran records.',
        'Add your representative: their organisation and name.',
      ]),
    );

    const veteran = await api(me.token, 'POST', '/veterans', {
      first_name: 'Maria',
      last_name: 'Lopez',
      ssn: '123-45-6789',
      date_of_birth: '1980-04-02',
      phone: '(503) 555-0142',
      email: 'maria@example.com',
      address: {
        line1: '1234 Veterans Memorial Parkway West',
        city: 'Portland',
        state: 'OR',
        zip_code: '97201-1234',
      },
    });
    expect(veteran.status, veteran.body).toBe(201);
    await api(me.token, 'PUT', '/vso-representative', {
      organization: 'Disabled American Veterans',
      representative_name: 'Jane Smith',
    });
    const partial = form2122Schema.parse(
      (await api(me.token, 'GET', '/vso-representative/form-21-22')).json,
    );
    expect(partial.ready).toBe(false);
    expect(partial.veteran?.ssn).toBe('***-**-6789');
    expect(partial.missing).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Add the organisation’s POA code'),
        expect.stringContaining('accreditation number'),
        'Your street address is longer than VA’s form takes (30 characters): change it in your veteran record.',
      ]),
    );

    const vet = veteran.json as { id: string };
    await api(me.token, 'PATCH', `/veterans/${vet.id}`, {
      address: { line1: '123 Main St', city: 'Portland', state: 'OR', zip_code: '97201-1234' },
    });
    await api(me.token, 'PUT', '/vso-representative', {
      organization: 'Disabled American Veterans',
      representative_name: 'Jane Smith',
      poa_code: '083',
      accreditation_number: '999999999999',
    });
    const ready = form2122Schema.parse(
      (await api(me.token, 'GET', '/vso-representative/form-21-22')).json,
    );
    expect(ready.missing).toEqual([]);
    expect(ready.ready).toBe(true);
    expect(ready.request_body.data.attributes).toEqual({
      veteran: {
        address: {
          addressLine1: '123 Main St',
          city: 'Portland',
          stateCode: 'OR',
          countryCode: 'US',
          zipCode: '97201',
          zipCodeSuffix: '1234',
        },
        phone: { areaCode: '503', phoneNumber: '5550142' },
        email: 'maria@example.com',
      },
      serviceOrganization: { poaCode: '083', registrationNumber: '999999999999' },
    });
    // Nothing of the full SSN leaves the API here.
    expect(JSON.stringify(ready)).not.toContain('123-45');
  });
});

describe('[VSO][SHARES]', () => {
  it('[VSO]: only the owner’s records are shared; 7332 ones only when ticked one by one', async () => {
    const me = await signIn(app, 'vso.share@example.com');
    const other = await signIn(app, 'vso.share.other@example.com');
    const knee = await disability(me.token, 'Left knee strain');
    const aud = await disability(me.token, 'Alcohol use disorder');
    const theirs = await disability(other.token, 'Tinnitus');
    const hivDoc = await vaultDocument(me.token, 'HIV clinic notes');

    const records = shareableRecordListSchema.parse(
      (await api(me.token, 'GET', '/vso-shares/records')).json,
    ).results;
    const flag = (id: string) => records.find((r) => r.id === id)?.protected_7332;
    expect(flag(knee)).toBe(false);
    expect(flag(aud)).toBe(true);
    expect(flag(hivDoc)).toBe(true);
    expect(records.some((r) => r.id === theirs)).toBe(false);

    const foreign = await api(me.token, 'POST', '/vso-shares', {
      items: [
        { kind: 'disability', id: knee },
        { kind: 'disability', id: theirs },
        { kind: 'document', id: knee },
      ],
      expires_at: inDays(7),
    });
    expect(foreign.status).toBe(400);
    expect(errorEnvelopeSchema.parse(foreign.json).fields).toEqual({
      'items.1': 'Not one of your records',
      'items.2': 'Not one of your records',
    });

    const unticked = await api(me.token, 'POST', '/vso-shares', {
      items: [
        { kind: 'disability', id: knee },
        { kind: 'disability', id: aud },
        { kind: 'document', id: hivDoc, include_protected: false },
      ],
      expires_at: inDays(7),
    });
    expect(unticked.status).toBe(400);
    expect(Object.keys(errorEnvelopeSchema.parse(unticked.json).fields ?? {})).toEqual([
      'items.1',
      'items.2',
    ]);

    for (const expires of [inDays(-1), inDays(91)]) {
      const wrong = await api(me.token, 'POST', '/vso-shares', {
        items: [{ kind: 'disability', id: knee }],
        expires_at: expires,
      });
      expect(wrong.status).toBe(400);
      expect(Object.keys(errorEnvelopeSchema.parse(wrong.json).fields ?? {})).toEqual([
        'expires_at',
      ]);
    }

    const ticked = await api(me.token, 'POST', '/vso-shares', {
      items: [
        { kind: 'disability', id: knee },
        { kind: 'disability', id: aud, include_protected: true },
      ],
      expires_at: inDays(90),
      label: 'DAV, Jane Smith',
    });
    expect(ticked.status, ticked.body).toBe(201);
    const share = vsoShareCreatedSchema.parse(ticked.json);
    expect(share.url).toMatch(/\/shared\/[A-Za-z0-9_-]{43}$/);
    expect(share.items.map((i) => [i.title, i.protected_7332])).toEqual([
      ['Left knee strain', false],
      ['Alcohol use disorder', true],
    ]);
    // Only the token's SHA-256 is stored; the token itself is nowhere in the row.
    const raw = await app.database.pool.query<Record<string, unknown>>(
      'select * from vso_shares where id = $1',
      [share.id],
    );
    expect(raw.rows[0]?.token_hash).toBe(
      createHash('sha256').update(share.token, 'utf8').digest('hex'),
    );
    expect(JSON.stringify(raw.rows)).not.toContain(share.token);
    expect(JSON.stringify(raw.rows)).not.toContain('DAV, Jane Smith');
  });

  it('[VSO][LINK]: the token reaches the chosen records alone, and every opening is logged for the owner', async () => {
    const me = await signIn(app, 'vso.link@example.com');
    const other = await signIn(app, 'vso.link.other@example.com');
    await api(me.token, 'POST', '/veterans', { first_name: 'Maria', last_name: 'Lopez' });
    await api(me.token, 'PUT', '/vso-representative', {
      organization: 'Disabled American Veterans',
      representative_name: 'Jane Smith',
    });
    const knee = await disability(me.token, 'Left knee strain', 'Patellofemoral pain syndrome');
    await statement(me.token, knee, 'My knee gives way on stairs.');
    const back = await disability(me.token, 'Low back strain');
    const backStatement = await statement(me.token, back, 'I cannot lift my kids.');
    const doc = await vaultDocument(me.token, 'Knee MRI report');
    const theirs = await disability(other.token, 'Tinnitus');

    const made = await api(me.token, 'POST', '/vso-shares', {
      items: [
        { kind: 'disability', id: knee },
        { kind: 'personal-statement', id: backStatement },
        { kind: 'document', id: doc },
      ],
      expires_at: inDays(30),
    });
    expect(made.status, made.body).toBe(201);
    const share = vsoShareCreatedSchema.parse(made.json);

    const view = sharedViewSchema.parse((await shared(share.token, '/shared')).json);
    expect(view).toMatchObject({
      veteran_first_name: 'Maria',
      organization: 'Disabled American Veterans',
    });
    expect(view.items.map((i) => i.title)).toEqual([
      'Left knee strain',
      'Personal statement: Low back strain',
      'Knee MRI report',
    ]);

    const kneeItem = sharedItemSchema.parse(
      (await shared(share.token, `/shared/items/disability/${knee}`)).json,
    );
    expect(kneeItem.facts).toContainEqual({
      label: 'Diagnosis',
      value: 'Patellofemoral pain syndrome',
    });
    // The knee's statement is not an item of this share: the disability shows its own facts only.
    expect(kneeItem.sections).toEqual([]);
    expect(JSON.stringify(kneeItem)).not.toContain('gives way');
    const statementItem = sharedItemSchema.parse(
      (await shared(share.token, `/shared/items/personal-statement/${backStatement}`)).json,
    );
    expect(statementItem.sections[0]?.lines).toEqual(['I cannot lift my kids.']);
    const docItem = sharedItemSchema.parse(
      (await shared(share.token, `/shared/items/document/${doc}`)).json,
    );
    expect(docItem.download?.url).toBeTruthy();
    // The file link lasts a minute at most.
    expect(Date.parse(docItem.download!.expires_at) - Date.now()).toBeLessThanOrEqual(61_000);

    // Not chosen (the back itself), another veteran's, a kind that does not match, junk: all 404.
    for (const url of [
      `/shared/items/disability/${back}`,
      `/shared/items/disability/${theirs}`,
      `/shared/items/document/${knee}`,
      '/shared/items/nothing/at-all',
    ]) {
      const refused = await shared(share.token, url);
      expect(refused.status, url).toBe(404);
      expect(codeOf(refused), url).toBe(ERR.NOT_FOUND);
    }
    // No token, a wrong one, no session.
    expect((await api(anonymous, 'GET', '/shared')).status).toBe(404);
    expect((await shared(`${share.token.slice(0, -1)}x`, '/shared')).status).toBe(404);
    expect(
      (await api(undefined, 'GET', '/shared', undefined, { 'x-share-token': share.token })).status,
    ).toBe(401);

    // Four successful openings, each logged; refusals are not.
    const long = 'A'.repeat(500);
    await shared(share.token, '/shared', long);
    const listed = vsoShareListSchema.parse((await api(me.token, 'GET', '/vso-shares')).json);
    expect(listed.results).toHaveLength(1);
    expect(listed.results[0]).toMatchObject({ id: share.id, access_count: 5 });
    const log = vsoShareAccessListSchema.parse(
      (await api(me.token, 'GET', `/vso-shares/${share.id}/accesses`)).json,
    ).results;
    expect(log).toHaveLength(5);
    expect(log[0]?.user_agent).toBe('A'.repeat(200));
    expect(
      log.every((entry) => entry.ip === null || entry.ip.endsWith('.0') || entry.ip.endsWith('::')),
    ).toBe(true);
    expect(
      log
        .map((entry) => entry.item_title)
        .filter(Boolean)
        .sort(),
    ).toEqual(['Knee MRI report', 'Left knee strain', 'Personal statement: Low back strain']);

    // Another user: nothing listed, and the owner's share is not found for them.
    expect(
      vsoShareListSchema.parse((await api(other.token, 'GET', '/vso-shares')).json).results,
    ).toEqual([]);
    for (const [method, url] of [
      ['GET', `/vso-shares/${share.id}/accesses`],
      ['DELETE', `/vso-shares/${share.id}`],
    ] as const) {
      const refused = await api(other.token, method, url);
      expect(refused.status, url).toBe(404);
      expect(codeOf(refused)).toBe(ERR.NOT_FOUND);
    }
    expect((await shared(share.token, '/shared')).status).toBe(200);

    // Revoked: the link stops at once.
    expect((await api(me.token, 'DELETE', `/vso-shares/${share.id}`)).status).toBe(204);
    expect((await shared(share.token, '/shared')).status).toBe(404);
    expect((await shared(share.token, `/shared/items/disability/${knee}`)).status).toBe(404);
    const revoked = vsoShareListSchema.parse((await api(me.token, 'GET', '/vso-shares')).json);
    expect(revoked.results[0]?.revoked_at).not.toBeNull();
  });

  it('[VSO][LINK]: an expired link answers 404', async () => {
    const me = await signIn(app, 'vso.expiry@example.com');
    const knee = await disability(me.token, 'Left knee strain');
    const share = vsoShareCreatedSchema.parse(
      (
        await api(me.token, 'POST', '/vso-shares', {
          items: [{ kind: 'disability', id: knee }],
          expires_at: inDays(7),
        })
      ).json,
    );
    expect((await shared(share.token, '/shared')).status).toBe(200);
    await app.database.pool.query(
      "update vso_shares set expires_at = now() - interval '1 second' where id = $1",
      [share.id],
    );
    const expired = await shared(share.token, '/shared');
    expect(expired.status).toBe(404);
    expect(codeOf(expired)).toBe(ERR.NOT_FOUND);
  });

  it('[VSO][CFILE]: a C-file is shared without its protected findings unless ticked', async () => {
    const me = await signIn(app, 'vso.cfile@example.com');
    const id = await completeCfile(
      me.userId,
      'c-file.pdf',
      [medication('sertraline', false), medication('naltrexone', true)],
      [condition('Tinnitus', false), condition('Alcohol use disorder', true)],
    );
    const records = shareableRecordListSchema.parse(
      (await api(me.token, 'GET', '/vso-shares/records')).json,
    ).results;
    expect(records.find((r) => r.id === id)?.protected_7332).toBe(true);

    const read = async (includeProtected: boolean) => {
      const made = await api(me.token, 'POST', '/vso-shares', {
        items: [{ kind: 'cfile', id, ...(includeProtected ? { include_protected: true } : {}) }],
        expires_at: inDays(7),
      });
      expect(made.status, made.body).toBe(201);
      const { token } = vsoShareCreatedSchema.parse(made.json);
      return sharedItemSchema.parse((await shared(token, `/shared/items/cfile/${id}`)).json);
    };
    const without = await read(false);
    expect(JSON.stringify(without.sections)).not.toMatch(/naltrexone|Alcohol/);
    expect(JSON.stringify(without.sections)).toMatch(/sertraline/);
    const withThem = await read(true);
    expect(JSON.stringify(withThem.sections)).toMatch(/naltrexone/);
  });

  it('[VSO][CFILE]: the link never says protected findings were left out', async () => {
    const me = await signIn(app, 'vso.cfile.count@example.com');
    const id = await completeCfile(me.userId, 'c-file.pdf', [
      medication('sertraline', false),
      medication('naltrexone', true),
    ]);
    const made = await api(me.token, 'POST', '/vso-shares', {
      items: [{ kind: 'cfile', id }],
      expires_at: inDays(7),
    });
    const { token } = vsoShareCreatedSchema.parse(made.json);
    const answer = await shared(token, `/shared/items/cfile/${id}`);
    expect(answer.status, answer.body).toBe(200);
    expect(answer.json).not.toHaveProperty('withheld_7332');
    expect(answer.body).not.toMatch(/withheld|naltrexone/i);
  });

  it('[VSO][CFILE]: a protected file name gets a neutral title, and findings are checked again when read', async () => {
    const me = await signIn(app, 'vso.cfile.recheck@example.com');
    // Flagged as not protected when read, though the detector finds them so now.
    const id = await completeCfile(
      me.userId,
      'HIV clinic records.pdf',
      [medication('sertraline', false), medication('methadone', false)],
      [condition('Tinnitus', false), condition('Opioid use disorder', false)],
    );
    const records = shareableRecordListSchema.parse(
      (await api(me.token, 'GET', '/vso-shares/records')).json,
    ).results;
    const record = records.find((r) => r.id === id);
    expect(record?.title).toMatch(/^C-file, uploaded \d{4}-\d{2}-\d{2}$/);
    expect(record?.protected_7332).toBe(true);

    const share = async (includeProtected: boolean) => {
      const made = await api(me.token, 'POST', '/vso-shares', {
        items: [{ kind: 'cfile', id, ...(includeProtected ? { include_protected: true } : {}) }],
        expires_at: inDays(7),
      });
      expect(made.status, made.body).toBe(201);
      return vsoShareCreatedSchema.parse(made.json).token;
    };
    const token = await share(false);
    const view = await shared(token, '/shared');
    expect(view.body).not.toContain('HIV');
    const item = await shared(token, `/shared/items/cfile/${id}`);
    expect(item.status, item.body).toBe(200);
    expect(sharedItemSchema.parse(item.json).title).toMatch(/^C-file, uploaded /);
    expect(item.body).not.toMatch(/HIV|methadone|Opioid/i);
    expect(item.body).toMatch(/sertraline/);
    expect(item.body).toMatch(/Tinnitus/);
    // Ticked to include them: they are shown.
    const ticked = await shared(await share(true), `/shared/items/cfile/${id}`);
    expect(ticked.body).toMatch(/methadone/);
    expect(ticked.body).toMatch(/Opioid use disorder/);
  });
});

describe('[VSO][KINDS]', () => {
  it('[VSO]: a nexus letter follows its disability: protected with a protected condition', async () => {
    const me = await signIn(app, 'vso.nexus@example.com');
    const knee = await disability(me.token, 'Left knee strain');
    const sickle = await disability(me.token, 'Sickle cell anemia');
    const letterOf = async (disabilityId: string) => {
      const made = await api(me.token, 'POST', `/disabilities/${disabilityId}/nexus-letters`, {});
      expect(made.status, made.body).toBe(201);
      return (made.json as { id: string }).id;
    };
    const kneeLetter = await letterOf(knee);
    const sickleLetter = await letterOf(sickle);
    const records = shareableRecordListSchema.parse(
      (await api(me.token, 'GET', '/vso-shares/records')).json,
    ).results;
    expect(records.find((r) => r.id === kneeLetter)).toMatchObject({
      title: 'Nexus letter: Left knee strain',
      protected_7332: false,
    });
    expect(records.find((r) => r.id === sickleLetter)?.protected_7332).toBe(true);

    const refused = await api(me.token, 'POST', '/vso-shares', {
      items: [{ kind: 'nexus-letter', id: sickleLetter }],
      expires_at: inDays(7),
    });
    expect(refused.status).toBe(400);
    const made = await api(me.token, 'POST', '/vso-shares', {
      items: [{ kind: 'nexus-letter', id: kneeLetter }],
      expires_at: inDays(7),
    });
    const { token } = vsoShareCreatedSchema.parse(made.json);
    const item = sharedItemSchema.parse(
      (await shared(token, `/shared/items/nexus-letter/${kneeLetter}`)).json,
    );
    expect(item.title).toBe('Nexus letter: Left knee strain');
  });
});

describe('[VSO][LINK][SCOPE]', () => {
  it('[VSO][LINK]: a disability shows its statements only when they are items of the same share', async () => {
    const me = await signIn(app, 'vso.scope.statements@example.com');
    const knee = await disability(me.token, 'Left knee strain');
    const first = await statement(me.token, knee, 'My knee gives way on stairs.');
    await statement(me.token, knee, 'I wear a brace every day.');
    const made = await api(me.token, 'POST', '/vso-shares', {
      items: [
        { kind: 'disability', id: knee },
        { kind: 'personal-statement', id: first },
      ],
      expires_at: inDays(7),
    });
    expect(made.status, made.body).toBe(201);
    const { token } = vsoShareCreatedSchema.parse(made.json);
    const item = await shared(token, `/shared/items/disability/${knee}`);
    expect(item.status, item.body).toBe(200);
    expect(sharedItemSchema.parse(item.json).sections).toEqual([
      { heading: 'Personal statement', style: 'text', lines: ['My knee gives way on stairs.'] },
    ]);
    expect(item.body).not.toContain('brace');
  });

  it('[VSO][LINK]: a document’s file link lasts a minute at most and never past the share’s end', async () => {
    const me = await signIn(app, 'vso.scope.download@example.com');
    const doc = await vaultDocument(me.token, 'Knee MRI report');
    const made = await api(me.token, 'POST', '/vso-shares', {
      items: [{ kind: 'document', id: doc }],
      expires_at: inDays(30),
    });
    const share = vsoShareCreatedSchema.parse(made.json);
    const read = async () =>
      sharedItemSchema.parse((await shared(share.token, `/shared/items/document/${doc}`)).json)
        .download!;
    const before = Date.now();
    const longShare = await read();
    const lifetime = Date.parse(longShare.expires_at) - before;
    expect(lifetime).toBeGreaterThan(50_000);
    expect(lifetime).toBeLessThanOrEqual(61_000);

    await app.database.pool.query(
      "update vso_shares set expires_at = now() + interval '20 seconds' where id = $1",
      [share.id],
    );
    const { rows } = await app.database.pool.query<{ expires_at: Date }>(
      'select expires_at from vso_shares where id = $1',
      [share.id],
    );
    const shareEnd = new Date(rows[0]!.expires_at).getTime();
    const ending = await read();
    expect(Date.parse(ending.expires_at)).toBeLessThanOrEqual(shareEnd + 1_000);
    expect(Date.parse(ending.expires_at) - Date.now()).toBeLessThanOrEqual(21_000);
  });

  it('[VSO][LINK]: a lay statement is checked on every field the link shows, the witness’s too', async () => {
    const me = await signIn(app, 'vso.scope.layman@example.com');
    const knee = await disability(me.token, 'Left knee strain');
    const submitted = async (relationship: string) => {
      const made = await api(me.token, 'POST', '/layman-statements', {
        disability_id: knee,
        name: 'Bartholomew Quillfeather',
        email: 'bart.quillfeather@example.com',
        relationship,
        witnessed: 'His knee giving out on patrols',
      });
      expect(made.status, made.body).toBe(201);
      const { id, token_link: link } = made.json as { id: string; token_link: string };
      const done = await api(
        anonymous,
        'POST',
        '/layman-statements/by-token/submit',
        {
          statement: 'I watched his knee give out on patrol and saw him limp for weeks after.',
          signature: 'Bartholomew Quillfeather',
          certify: true,
          signer: {
            address: '44 Elmwood Court\nDayton, OH 45402',
            phone: '(937) 555-0199',
            email: 'bart.quillfeather@example.com',
            known_since: '2002',
          },
        },
        { 'x-layman-token': link.slice(link.lastIndexOf('/') + 1) },
      );
      expect(done.status, done.body).toBe(204);
      return id;
    };
    const plain = await submitted('Served with him in Iraq');
    const telling = await submitted('His counselor at the methadone clinic');
    const records = shareableRecordListSchema.parse(
      (await api(me.token, 'GET', '/vso-shares/records')).json,
    ).results;
    expect(records.find((r) => r.id === plain)?.protected_7332).toBe(false);
    expect(records.find((r) => r.id === telling)?.protected_7332).toBe(true);
    const refused = await api(me.token, 'POST', '/vso-shares', {
      items: [{ kind: 'layman-statement', id: telling }],
      expires_at: inDays(7),
    });
    expect(refused.status).toBe(400);
  });

  it('[VSO][LINK]: the link reads only the records it holds, none of the veteran’s others', async () => {
    const me = await signIn(app, 'vso.scope.reads@example.com');
    const knee = await disability(me.token, 'Left knee strain');
    const back = await disability(me.token, 'Low back strain');
    const backStatement = await statement(me.token, back, 'I cannot lift my kids.');
    const made = await api(me.token, 'POST', '/vso-shares', {
      items: [{ kind: 'disability', id: knee }],
      expires_at: inDays(7),
    });
    const { token } = vsoShareCreatedSchema.parse(made.json);
    // Another record's stored text is made unreadable: reading it would fail the whole answer.
    const { rows } = await app.database.pool.query<{ body: string }>(
      'select body from personal_statement_versions where statement_id = $1',
      [backStatement],
    );
    expect(rows[0]?.body).not.toContain('lift');
    await app.database.pool.query(
      "update personal_statement_versions set body = left(body, length(body) - 8) || 'AAAAAAAA' where statement_id = $1",
      [backStatement],
    );
    const view = await shared(token, '/shared');
    expect(view.status, view.body).toBe(200);
    expect(sharedViewSchema.parse(view.json).items.map((i) => i.title)).toEqual([
      'Left knee strain',
    ]);
    const item = await shared(token, `/shared/items/disability/${knee}`);
    expect(item.status, item.body).toBe(200);
  });
});
