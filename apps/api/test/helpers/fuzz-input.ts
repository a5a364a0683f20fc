import fc from 'fast-check';

/**
 * Input generators for the fuzz suite: plausible values built from a route's own zod schema, then
 * mutated (wrong types, control characters, huge strings, nulls, extra keys, deep nesting), plus raw
 * junk. Reads zod 4's schema definitions directly, so no extra dependency is needed.
 */

type Def = {
  type: string;
  format?: string | null;
  shape?: Record<string, ZodLike>;
  innerType?: ZodLike;
  element?: ZodLike;
  in?: ZodLike;
  out?: ZodLike;
  options?: ZodLike[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  keyType?: ZodLike;
  valueType?: ZodLike;
  items?: ZodLike[];
  checks?: {
    _zod: { def: { check: string; value?: unknown; format?: string; prefix?: string } };
  }[];
};
export type ZodLike = {
  _zod: { def: Def };
  minLength?: number | null;
  maxLength?: number | null;
  minValue?: number | null;
  maxValue?: number | null;
};

export function isZodSchema(value: unknown): value is ZodLike {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

const MAX_DEPTH = 6;

function checkOf(def: Def, name: string) {
  return def.checks?.find((c) => c._zod.def.check === name || c._zod.def.format === name)?._zod.def;
}

function stringArbitrary(schema: ZodLike): fc.Arbitrary<string> {
  const def = schema._zod.def;
  switch (def.format) {
    case 'email':
      // fast-check's addresses use every character RFC 5322 allows; these are the ones people use.
      return fc
        .tuple(
          fc.stringMatching(/^[a-z0-9]([a-z0-9._+-]{0,12}[a-z0-9])?$/),
          fc.stringMatching(/^[a-z0-9]{1,12}$/),
          fc.constantFrom('com', 'org', 'mil', 'us'),
        )
        .map(([local, domain, tld]) => `${local.replace(/\.\.+/g, '.')}@${domain}.${tld}`);
    case 'url':
      return fc.webUrl();
    case 'uuid':
    case 'guid':
      return fc.uuid();
    case 'date':
      return fc
        .date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'datetime':
      return fc
        .date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString());
  }
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? 80, 300));
  const prefix = checkOf(def, 'starts_with')?.prefix ?? '';
  return fc
    .string({
      minLength: Math.max(0, min - prefix.length),
      maxLength: Math.max(0, max - prefix.length),
      unit: 'grapheme',
    })
    .map((s) => (prefix + s).slice(0, max))
    .filter((s) => s.trim().length >= min);
}

function numberArbitrary(schema: ZodLike): fc.Arbitrary<number> {
  const def = schema._zod.def;
  const min = Math.max(schema.minValue ?? -1_000_000, -1_000_000);
  const max = Math.min(schema.maxValue ?? 1_000_000, 1_000_000);
  const step = checkOf(def, 'multiple_of')?.value;
  if (typeof step === 'number' && step > 0) {
    return fc
      .integer({ min: Math.ceil(min / step), max: Math.floor(max / step) })
      .map((k) => k * step);
  }
  const integer = def.checks?.some(
    (c) => c._zod.def.format === 'safeint' || c._zod.def.format === 'int32',
  );
  return integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** A value that the schema would (mostly) accept; refinements are not modelled. */
export function arbitraryFor(schema: ZodLike, depth = 0): fc.Arbitrary<unknown> {
  const def = schema._zod.def;
  if (depth > MAX_DEPTH) return fc.constant(null);
  const inner = (s: ZodLike | undefined) => (s ? arbitraryFor(s, depth + 1) : fc.anything());
  switch (def.type) {
    case 'string':
      return stringArbitrary(schema);
    case 'number':
    case 'int':
      return numberArbitrary(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { x: 'x' }));
    case 'object': {
      const shape = def.shape ?? {};
      const entries = Object.entries(shape).map(([key, value]) => {
        const optional = value._zod.def.type === 'optional' || value._zod.def.type === 'default';
        return [
          key,
          optional ? fc.option(inner(value), { nil: undefined }) : inner(value),
        ] as const;
      });
      return fc
        .record(Object.fromEntries(entries))
        .map((value) =>
          Object.fromEntries(
            Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined),
          ),
        );
    }
    case 'array': {
      const max = Math.min(schema.maxLength ?? 5, 5);
      return fc.array(inner(def.element), {
        minLength: Math.min(schema.minLength ?? 0, max),
        maxLength: max,
      });
    }
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map((item) => inner(item)));
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 10 }), inner(def.valueType), { maxKeys: 3 });
    case 'optional':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return inner(def.innerType);
    case 'nullable':
      return fc.oneof(inner(def.innerType), fc.constant(null));
    case 'pipe':
      // The output side is usually the stricter format (email, url): generate for it.
      return def.out && def.out._zod.def.type !== 'transform' ? inner(def.out) : inner(def.in);
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => inner(option)));
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const NUL = '\u0000';
/** Text that databases, parsers and loggers tend to trip on. */
export const poisonString = fc.oneof(
  fc.constantFrom(
    NUL,
    `a${NUL}b`,
    '%00',
    '\u0001\u0002\u0007\u001b[31m',
    '\u007f',
    'tab\there',
    'line\r\nbreak',
    '\ud800',
    '\udfff\ud800',
    '\u202e\u200b\ufeff',
    '%_\\',
    "'; drop table threads; --",
    '__proto__',
    '   ',
    '',
  ),
  fc.string({ maxLength: 20, unit: 'binary' }),
  fc.nat({ max: 31 }).map((code) => `x${String.fromCharCode(code)}y`),
);

/** Long enough to exceed any text bound (and, sometimes, the body limit). */
const hugeString = fc.constantFrom(1_000, 70_000, 1_100_000).map((n) => 'x'.repeat(n));

function deepNesting(depth: number, leaf: unknown): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
}

export const poisonValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: poisonString },
  { weight: 1, arbitrary: hugeString },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      null,
      true,
      false,
      0,
      -1,
      1e308,
      -1e308,
      0.5,
      2 ** 53 + 1,
      [],
      {},
      [null],
      { '': null },
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(50, 1000).map((d) => deepNesting(d, NUL)) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Paths to every value inside a JSON value (the root is the empty path). */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const found: (string | number)[][] = [prefix];
  if (Array.isArray(value)) value.forEach((v, i) => found.push(...paths(v, [...prefix, i])));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) found.push(...paths(v, [...prefix, k]));
  }
  return found;
}

function setAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value))
    return value.map((v, i) => (i === head ? setAt(v, rest, replacement) : v));
  if (value && typeof value === 'object') {
    return {
      ...value,
      [head as string]: setAt(
        (value as Record<string, unknown>)[head as string],
        rest,
        replacement,
      ),
    };
  }
  return replacement;
}

const controlChars = fc.constantFrom(
  '\u0000',
  'a\u0000',
  '\u0001',
  '\u001f',
  '\u0008',
  '\u007f',
  '\t',
  '\n',
  '\r\n',
  '\u000b',
);

function valueAt(value: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>(
    (v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined),
    value,
  );
}

/** Every string inside the value gets control characters spliced in at a random place. */
function taintStrings(value: unknown, taint: string, at: number): unknown {
  if (typeof value === 'string') {
    const i = value.length ? at % (value.length + 1) : 0;
    return value.slice(0, i) + taint + value.slice(i);
  }
  if (Array.isArray(value)) return value.map((v) => taintStrings(v, taint, at));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, taintStrings(v, taint, at)]),
    );
  }
  return value;
}

export type FuzzBody = { kind: string; type: string; payload: string | Buffer };

const json = (kind: string, value: unknown): FuzzBody => ({
  kind,
  type: 'application/json',
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- JSON.stringify answers undefined for undefined and functions
  payload: JSON.stringify(value) ?? 'null',
});

/** Bodies for a route: its schema's values, mutated, and raw junk. */
export function bodiesFor(schema: unknown): fc.Arbitrary<FuzzBody> {
  const valid = isZodSchema(schema) ? arbitraryFor(schema) : fc.constant({});
  return fc.oneof(
    { weight: 2, arbitrary: valid.map((v) => json('valid', v)) },
    {
      weight: 5,
      arbitrary: fc.tuple(valid, fc.nat(), poisonValue).map(([v, pick, poison]) => {
        const all = paths(v);
        return json('leaf', setAt(v, all[pick % all.length]!, poison));
      }),
    },
    {
      weight: 4,
      arbitrary: fc.tuple(valid, controlChars, fc.nat(), fc.nat()).map(([v, taint, pick, at]) => {
        // One text field of an otherwise valid body, so the rest passes and the text reaches storage.
        const strings = paths(v).filter((p) => typeof valueAt(v, p) === 'string');
        if (!strings.length) return json('control', taintStrings(v, taint, at));
        const path = strings[pick % strings.length]!;
        return json('control', setAt(v, path, taintStrings(valueAt(v, path), taint, at)));
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, controlChars, fc.nat())
        .map(([v, taint, at]) => json('control-all', taintStrings(v, taint, at))),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          valid,
          fc.dictionary(
            fc.oneof(
              fc.string({ maxLength: 12 }),
              fc.constantFrom('__proto__', 'constructor', 'prototype'),
            ),
            poisonValue,
            { minKeys: 1, maxKeys: 4 },
          ),
        )
        .map(([v, extra]) => {
          if (!v || typeof v !== 'object' || Array.isArray(v)) return json('extra', extra);
          // Raw JSON so that a `__proto__` key really is sent as a key.
          const text = JSON.stringify(v);
          const more = Object.entries(extra)
            // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- JSON.stringify answers undefined for undefined and functions
            .map(([k, x]) => `${JSON.stringify(k)}:${JSON.stringify(x) ?? 'null'}`)
            .join(',');
          return {
            kind: 'extra',
            type: 'application/json',
            payload: text === '{}' ? `{${more}}` : `${text.slice(0, -1)},${more}}`,
          };
        }),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(100, 5_000, 100_000).map((d) => ({
        kind: 'deep',
        type: 'application/json',
        payload: '['.repeat(d) + ']'.repeat(d),
      })),
    },
    { weight: 1, arbitrary: fc.jsonValue().map((v) => json('json', v)) },
    {
      weight: 1,
      arbitrary: fc
        .string({ maxLength: 200, unit: 'binary' })
        .map((text) => ({ kind: 'raw', type: 'application/json', payload: text })),
    },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc
          .string({ maxLength: 200 })
          .map((text) => ({ kind: 'raw', type: 'text/plain', payload: text })),
        fc.uint8Array({ maxLength: 200 }).map((bytes) => ({
          kind: 'raw',
          type: 'application/octet-stream',
          payload: Buffer.from(bytes),
        })),
        fc
          .constantFrom('', 'null', '[]', '"x"', '{"a":', '\u0000')
          .map((text) => ({ kind: 'raw', type: 'application/json', payload: text })),
      ),
    },
  );
}

/** Query strings for a route with a query schema: valid values, poisoned values, junk keys. */
export function queriesFor(schema: unknown): fc.Arbitrary<string> {
  const valid = isZodSchema(schema) ? arbitraryFor(schema) : fc.constant({});
  // Lone surrogates cannot be percent-encoded as UTF-8; they are sent as the replacement character.
  const escape = (text: string) =>
    encodeURIComponent(
      text.replace(
        /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
        '\ufffd',
      ),
    );
  const encode = (value: unknown) =>
    Object.entries(value && typeof value === 'object' ? value : {})
      .map(
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- JSON.stringify answers undefined for undefined and functions
        ([k, v]) => `${escape(k)}=${escape(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`,
      )
      .join('&');
  return fc.oneof(
    valid.map(encode),
    fc.tuple(valid, fc.nat(), poisonString).map(([v, pick, poison]) => {
      const keys = Object.keys(v && typeof v === 'object' ? v : {});
      const key = keys.length ? keys[pick % keys.length]! : 'q';
      return encode({ ...(v as object), [key]: poison });
    }),
    fc.constantFrom(
      'q=%00',
      'q=%',
      'q=%ZZ',
      'page=-1',
      'page=1e400',
      'page_size=NaN',
      'q[]=a&q[]=b',
      'q[a]=1',
      '__proto__[x]=1',
    ),
    fc.string({ maxLength: 60 }).map((s) => escape(s)),
  );
}
