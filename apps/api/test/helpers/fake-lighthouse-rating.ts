import { readFileSync } from 'node:fs';
import { parseYaml } from '@redocly/openapi-core';
import type { ValidateFunction } from 'ajv';
import type { FakeLighthouse } from './fake-lighthouse.ts';
import {
  VERIFICATION_ROOT,
  compileSchema,
  createAjv,
  sharedDataPath,
  type FakeApiHandler,
} from './fake-lighthouse-spec.ts';

/**
 * Veteran Verification's `GET /disability_rating`: the disability rating of the veteran the
 * access token was issued for (the path names no ICN), with scope `disability_rating.read`.
 * Answers are checked against VA's document
 * (`shared/data/vets-api/veteran_verification/VETERAN_VERIFICATION_V1.yml`).
 */

const SPEC_PATH = sharedDataPath('veteran_verification/VETERAN_VERIFICATION_V1.yml');
const PATH = `${VERIFICATION_ROOT}/disability_rating`;
const SCOPE = 'disability_rating.read';

/** One individual rating as VA answers it (v2 adds the diagnostic fields and the id to v1's). */
export type FakeIndividualRating = {
  decision: string | null;
  effective_date: string | null;
  rating_percentage: number | null;
  disability_rating_id?: string;
  diagnostic_type_code?: string;
  diagnostic_type_name?: string;
};

/** A veteran's disability rating as VA holds it. */
export type FakeDisabilityRating = {
  combined_disability_rating: number | null;
  combined_effective_date: string | null;
  legal_effective_date: string | null;
  individual_ratings: FakeIndividualRating[];
};

export type FakeRatingState = {
  /** Seed ratings here, by ICN; a veteran without one has no rating at VA. */
  ratings: Map<string, FakeDisabilityRating>;
  /** ICNs for which BGS answers something VA cannot handle: VA answers 502. */
  bgsFailures: Set<string>;
};

type Schema = Record<string, unknown>;

/**
 * VA's document read for Ajv, corrected where it contradicts itself: `DisabilityRating` requires
 * a misspelt `atttributes` (the property is `attributes`), and the two combined dates carry
 * `nullable` and `format: date` without `type` (they are `YYYY-mm-dd` strings).
 */
function fixDocument(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map((item) => (item === 'atttributes' ? 'attributes' : fixDocument(item)));
  }
  if (value && typeof value === 'object') {
    const object = Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, fixDocument(inner)]),
    ) as Schema;
    if (typeof object.format === 'string' && object.type === undefined) object.type = 'string';
    return object;
  }
  return value;
}

/** Validators by status: 200 against the document's schema; 401 and 502 carry no schema. */
function loadValidators(): Map<number, ValidateFunction> {
  const document = fixDocument(parseYaml(readFileSync(SPEC_PATH, 'utf8'))) as {
    paths: Record<string, { get: { responses: Record<string, Schema> } }>;
    components: { schemas: Schema };
  };
  const ajv = createAjv();
  const responses = document.paths['/disability_rating']!.get.responses;
  const content = responses['200']!.content as Record<string, { schema: Schema }>;
  const answer = {
    ...content['application/json']!.schema,
    // The document's `#/components/…` references resolve inside this schema.
    components: document.components,
  };
  const validators = new Map<number, ValidateFunction>([[200, compileSchema(ajv, answer)]]);
  for (const status of Object.keys(responses).filter((s) => s !== '200')) {
    validators.set(Number(status), compileSchema(ajv, {}));
  }
  return validators;
}

export function createRatingApi(fake: FakeLighthouse): {
  state: FakeRatingState;
  handler: FakeApiHandler;
} {
  void fake;
  const state: FakeRatingState = { ratings: new Map(), bgsFailures: new Set() };
  let validators: Map<number, ValidateFunction> | undefined;
  return {
    state,
    handler: {
      handles: (method, path) => path === PATH,
      handle(context) {
        validators ??= loadValidators();
        if (context.request.method !== 'GET') {
          return context.send(405, { errors: [{ title: 'Method not allowed' }] });
        }
        const access = context.authorize(SCOPE, undefined, validators);
        if (!access) return;
        if (context.failed()) return;
        if (state.bgsFailures.has(access.icn)) {
          return context.send(
            502,
            {
              errors: [{ title: 'Bad Gateway', detail: 'Received an unusable response from BGS' }],
            },
            validators,
          );
        }
        const rating = state.ratings.get(access.icn) ?? {
          combined_disability_rating: null,
          combined_effective_date: null,
          legal_effective_date: null,
          individual_ratings: [],
        };
        return context.send(
          200,
          { data: { id: access.icn, type: 'disability_rating', attributes: rating } },
          validators,
        );
      },
    },
  };
}
