import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as auth from './auth.ts';
import * as billing from './billing.ts';
import * as calculator from './calculator.ts';
import * as common from './common.ts';
import * as contact from './contact.ts';
import * as preferences from './preferences.ts';
import * as search from './search.ts';
import * as storage from './storage.ts';
import * as threads from './threads.ts';
import * as users from './users.ts';
import { safeText } from './text.ts';

type Node = z.ZodType & {
  maxLength?: number | null;
  _zod: { def: Record<string, unknown> & { type: string } };
};

/** Every string schema reachable from `schema` (through objects, arrays, wrappers and pipes). */
function stringsIn(schema: Node, path = '', found: { path: string; schema: Node }[] = []) {
  const def = schema._zod.def;
  const child = (key: string, next: unknown, suffix = '') =>
    stringsIn(next as Node, `${path}${suffix}`, found);
  switch (def.type) {
    case 'string':
      found.push({ path: path || '(root)', schema });
      break;
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, Node>))
        child(key, value, `.${key}`);
      break;
    case 'array':
      child('element', def.element, '[]');
      break;
    case 'pipe':
      child('in', def.in);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      child('innerType', def.innerType);
      break;
    case 'union':
      (def.options as Node[]).forEach((option) => child('option', option));
      break;
  }
  return found;
}

/** What clients send: request bodies, queries and path ids (responses are ours, not theirs). */
const modules = {
  auth,
  billing,
  calculator,
  common,
  contact,
  preferences,
  search,
  storage,
  threads,
  users,
};
const inputSchemas = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports as Record<string, unknown>)
    .filter(
      ([name]) =>
        /(Input|Query)Schema$/.test(name) ||
        ['userIdSchema', 'pathIdSchema', 'emailSchema'].includes(name),
    )
    .map(([name, schema]) => ({ name: `${file}.${name}`, schema: schema as Node })),
);

describe('[CONTRACT][TEXT]', () => {
  it('[CONTRACT]: the input schemas are found (the walk below has something to check)', () => {
    const names = inputSchemas.map((s) => s.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'threads.createThreadInputSchema',
        'contact.contactInputSchema',
        'search.searchQuerySchema',
        'users.updateUserProfileInputSchema',
        'auth.signInWithCodeInputSchema',
      ]),
    );
    expect(inputSchemas.flatMap((s) => stringsIn(s.schema)).length).toBeGreaterThan(15);
  });

  it('[CONTRACT]: every string a client sends is bounded and refuses NUL and other control characters', () => {
    const problems: string[] = [];
    for (const { name, schema } of inputSchemas) {
      for (const leaf of stringsIn(schema)) {
        const where = `${name} ${leaf.path}`;
        // Fixed-shape formats (dates, uuids) are bounded by their pattern.
        const fixedShape = ['date', 'datetime', 'time', 'uuid'].includes(
          String(leaf.schema._zod.def.format),
        );
        if (!fixedShape && typeof leaf.schema.maxLength !== 'number')
          problems.push(`${where}: no maximum length`);
        for (const bad of ['a\u0000b', '\u0000', 'a\u0001b', 'a\u001bb', 'a\u007fb', 'a\u000bb']) {
          if (leaf.schema.safeParse(bad).success)
            problems.push(`${where}: accepts ${JSON.stringify(bad)}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('[CONTRACT]: single-line text refuses line breaks and tabs; multi-line text keeps them', () => {
    const line = safeText({ min: 1, max: 20 });
    const free = safeText({ min: 1, max: 20, multiline: true });
    expect(line.safeParse('Knee\tpain').success).toBe(false);
    expect(line.safeParse('Knee\npain').success).toBe(false);
    expect(line.safeParse('Knee pain').data).toBe('Knee pain');
    expect(free.safeParse('Knee\r\n\tpain').success).toBe(true);
    expect(free.safeParse('Knee\u0000pain').success).toBe(false);
    expect(free.safeParse('Knee\u000cpain').success).toBe(false);
  });

  it('[CONTRACT]: bounds count after trimming, and each failure has its message', () => {
    const title = safeText({ min: 1, max: 5 });
    expect(title.safeParse('  abcde  ').data).toBe('abcde');
    expect(title.safeParse('abcdef').error?.issues[0]?.message).toBe('At most 5 characters');
    expect(title.safeParse('   ').error?.issues[0]?.message).toBe('Required');
    expect(title.safeParse(undefined).error?.issues[0]?.message).toBe('Required');
    expect(title.safeParse(42).error?.issues[0]?.message).toBe('Must be text');
    expect(title.safeParse('a\u0000').error?.issues[0]?.message).toBe(
      'Must be a single line without control characters',
    );
    // Ids and tokens keep their spaces.
    expect(safeText({ max: 5, trim: false }).safeParse(' a ').data).toBe(' a ');
  });

  it('[CONTRACT]: the sign-in schemas keep their messages and refuse control characters', () => {
    expect(
      auth.signInWithCodeInputSchema.safeParse({ email: 'a@b.co', otp: '12345' }).error?.issues[0]
        ?.message,
    ).toBe('Required');
    expect(
      auth.signInWithCodeInputSchema.safeParse({ email: 'a@b.co', otp: '1234567' }).error?.issues[0]
        ?.message,
    ).toBe('OTP too long');
    expect(
      auth.signInWithCodeInputSchema.safeParse({ email: 'a@b.co', otp: '12\u000034' }).success,
    ).toBe(false);
    expect(
      auth.sendSignInCodeInputSchema.safeParse({ email: 'a\u0000@b.co', type: 'sign-in' }).success,
    ).toBe(false);
    expect(
      auth.sendSignInCodeInputSchema.safeParse({ email: ' vet@example.com ', type: 'sign-in' }).data
        ?.email,
    ).toBe('vet@example.com');
  });
});
