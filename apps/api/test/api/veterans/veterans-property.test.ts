import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasForbiddenCharacters } from '@muster/contract/text';
import { ADDRESS_STATES, MILITARY_CITIES, MILITARY_STATE_CODES } from '@muster/contract/us-states';
import {
  DISCHARGE_CHARACTERS,
  SERVICE_COMPONENTS,
  VETERAN_NAME_MAX,
  veteranSchema,
} from '@muster/contract/veterans';
import { BRANCHES } from '@muster/domain/branches';
import { bearer, signIn } from '../../helpers/auth.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';
import { fuzzSeed } from '../../helpers/config.ts';

/**
 * Records generated across the whole valid range (any script, emoji, every state, military mail,
 * open and closed periods, boundary lengths and dates) are all accepted, stored encrypted and
 * read back exactly as answered; changes to them likewise. The fuzz suite covers bad input; this
 * covers the deep path valid input takes through normalising, sealing and opening.
 */
let app: TestApp;
let me: { token: string; userId: string };
beforeAll(async () => {
  app = await buildTestApp();
  me = await signIn(app, 'veterans.property@example.com');
});
afterAll(async () => app.close());

/**
 * Text of any script, `min` to `max` UTF-16 units once trimmed (as the contract counts). Half of
 * `max` in code points always fits; the full length is tried on its own.
 */
const text = (min: number, max: number) =>
  fc
    .oneof(
      fc.string({ minLength: min, maxLength: Math.floor(max / 2), unit: 'grapheme' }).map((s) =>
        Array.from(s.trim())
          .slice(0, Math.floor(max / 2))
          .join('')
          .trim(),
      ),
      fc.constant('W'.repeat(max)),
    )
    .filter((s) => s.length >= min && s.length <= max && !hasForbiddenCharacters(s));

/** Births up to 1949 and service from 1950, so every generated record is in order. */
const dateBetween = (from: string, to: string) =>
  fc
    .date({
      min: new Date(`${from}T00:00:00Z`),
      max: new Date(`${to}T00:00:00Z`),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString().slice(0, 10));
const birth = dateBetween('1900-01-01', '1949-12-31');
const day = dateBetween('1950-01-01', '2020-12-31');
const range = fc.tuple(day, day, fc.boolean()).map(([a, b, open]): [string, string | null] => {
  const [start, end] = a <= b ? [a, b] : [b, a];
  return [start, open ? null : end];
});

const ssn = fc
  .tuple(
    fc.integer({ min: 1, max: 899 }).filter((n) => n !== 666),
    fc.integer({ min: 1, max: 99 }),
    fc.integer({ min: 1, max: 9999 }),
    fc.boolean(),
  )
  .map(([area, group, serial, dashed]) => {
    const parts = [
      String(area).padStart(3, '0'),
      String(group).padStart(2, '0'),
      String(serial).padStart(4, '0'),
    ];
    return dashed ? parts.join('-') : parts.join('');
  });

const branch = fc.constantFrom(
  ...BRANCHES.flatMap((b) => [b.id, b.displayName, b.id.toUpperCase()]),
);

const civilianStates = ADDRESS_STATES.map((s) => s.code).filter(
  (code) => !(MILITARY_STATE_CODES as readonly string[]).includes(code),
);
const address = fc.oneof(
  fc.record({
    line1: text(1, 35),
    line2: fc.option(text(0, 35), { nil: undefined }),
    city: text(1, 30).filter(
      (c) => !(MILITARY_CITIES as readonly string[]).includes(c.toUpperCase()),
    ),
    state: fc.constantFrom(...civilianStates),
    zip_code: fc.stringMatching(/^\d{5}(-?\d{4})?$/),
  }),
  fc.record({
    line1: text(1, 35),
    city: fc.constantFrom(...MILITARY_CITIES, 'apo', 'Fpo'),
    state: fc.constantFrom(...MILITARY_STATE_CODES),
    zip_code: fc.stringMatching(/^\d{5}$/),
  }),
);

const record = fc.record(
  {
    first_name: text(1, VETERAN_NAME_MAX),
    middle_name: fc.option(text(0, VETERAN_NAME_MAX)),
    last_name: text(1, VETERAN_NAME_MAX),
    date_of_birth: fc.option(birth),
    ssn: fc.option(ssn),
    va_file_number: fc.option(fc.stringMatching(/^[cC]?\d{7,9}$/)),
    address: fc.option(address),
    phone: fc.option(fc.stringMatching(/^[2-9]\d{2}[2-9]\d{6}$/)),
    email: fc.option(fc.constantFrom('a@b.co', 'rosa.diaz+va@example.org', 'x_y@mail.example.com')),
    branches: fc.array(branch, { maxLength: 6 }),
    service_periods: fc.array(
      fc
        .tuple(
          branch,
          range,
          fc.constantFrom(...SERVICE_COMPONENTS),
          fc.constantFrom(...DISCHARGE_CHARACTERS),
        )
        .map(([name, [start, end], component, discharge]) => ({
          branch: name,
          component,
          start_date: start,
          end_date: end,
          character_of_discharge: end ? discharge : null,
        })),
      { maxLength: 4 },
    ),
    deployments: fc.array(
      fc.tuple(text(1, 200), range).map(([location, [start, end]]) => ({
        location,
        start_date: start,
        end_date: end,
      })),
      { maxLength: 4 },
    ),
    notes: fc.option(
      fc
        .string({ maxLength: 400, unit: 'grapheme' })
        .filter((s) => s.length <= 5000 && !hasForbiddenCharacters(s, true)),
    ),
  },
  { requiredKeys: ['first_name', 'last_name'] },
);

describe('[VETERANS][PROPERTY]', () => {
  it('[VETERANS][PROPERTY]: any valid record is accepted and reads back as answered', async () => {
    await fc.assert(
      fc.asyncProperty(record, record, async (created, changes) => {
        const made = await app.inject({
          method: 'POST',
          url: '/veterans?reveal=true',
          headers: bearer(me.token),
          payload: created,
        });
        expect(made.statusCode, made.body).toBe(201);
        const answered = veteranSchema.parse(made.json());
        expect(answered.first_name).toBe(created.first_name);
        expect(answered.last_name).toBe(created.last_name);
        const read = await app.inject({
          method: 'GET',
          url: `/veterans/${answered.id}?reveal=true`,
          headers: bearer(me.token),
        });
        expect(read.json()).toEqual(answered);

        const patched = await app.inject({
          method: 'PATCH',
          url: `/veterans/${answered.id}?reveal=true`,
          headers: bearer(me.token),
          payload: changes,
        });
        expect(patched.statusCode, patched.body).toBe(200);
        const after = await app.inject({
          method: 'GET',
          url: `/veterans/${answered.id}?reveal=true`,
          headers: bearer(me.token),
        });
        expect(after.json()).toEqual(patched.json());
        const deleted = await app.inject({
          method: 'DELETE',
          url: `/veterans/${answered.id}`,
          headers: bearer(me.token),
        });
        expect(deleted.statusCode).toBe(204);
      }),
      { numRuns: 60, seed: fuzzSeed },
    );
  });
});
