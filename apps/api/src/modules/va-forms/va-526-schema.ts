import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { SchemaIssue } from '@muster/domain/va-526/plain-errors';
import { RUNTIME_FILES } from '#src/lib/runtime-files.ts';
import { safeRegExp } from './safe-pattern.ts';

/**
 * VA's Benefits Claims v2 526 schema (`apps/api/assets/va-schemas/v2_526.json`, draft-07), compiled
 * once per process with Ajv. Its patterns hold escapes a Unicode regular expression refuses
 * (`\'`), so they are compiled without the `u` flag, and those that would backtrack without end
 * are matched in linear time (`safe-pattern.ts`); `strict: false` since VA's schema carries
 * keywords of its own (`example`).
 */

export const VA_SCHEMAS_DIR = RUNTIME_FILES.vaSchemas;

// ajv-formats is CommonJS: its default export arrives as `default` under Node's ESM loader.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule })
  .default ?? addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

let validator: ValidateFunction | undefined;

function compile(): ValidateFunction {
  const schema = JSON.parse(readFileSync(`${VA_SCHEMAS_DIR}v2_526.json`, 'utf8')) as object;
  const ajv = new Ajv({
    allErrors: true,
    strict: false,
    unicodeRegExp: false,
    // VA's block-shaped patterns backtrack exponentially in a RegExp: see safe-pattern.ts.
    code: { regExp: safeRegExp },
  });
  addFormats(ajv);
  return ajv.compile(schema);
}

/** Every refusal of VA's schema for a payload's `data.attributes`; none when it validates. */
export function validate526Attributes(attributes: unknown): SchemaIssue[] {
  validator ??= compile();
  if (validator(attributes)) return [];
  return (validator.errors ?? []).map((error: ErrorObject) => ({
    instancePath: error.instancePath,
    keyword: error.keyword,
    params: error.params as Record<string, unknown>,
  }));
}
