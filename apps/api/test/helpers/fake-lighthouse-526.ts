import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ValidateFunction } from 'ajv';
import { safeRegExp } from '../../src/modules/va-forms/safe-pattern.ts';
import type { FakeLighthouse } from './fake-lighthouse.ts';
import {
  CLAIMS_ROOT,
  compileSchema,
  createAjv,
  errorsOf,
  loadClaimsSpec,
  responseValidators,
  sharedDataPath,
  withoutSchemaKeys,
  type FakeApiHandler,
  type Json,
  type SpecOperation,
} from './fake-lighthouse-spec.ts';

/** A 526 VA accepted through `POST /veterans/{icn}/526/synchronous`. */
export type Fake526Submission = {
  /** VA's claim id (the answer's `data.attributes.claimId`); the claims paths list it too. */
  claimId: string;
  /** The answer's `data.id` (VA's id of the submission itself, a UUID). */
  id: string;
  icn: string;
  /** ISO date-time VA received it. */
  submittedAt: string;
  /** The request's `data.attributes`. */
  attributes: Json;
};

/** One error VA answers a refused 526 with (422), as the OpenAPI document shapes it. */
export type Fake526Error = {
  title: string;
  detail: string;
  status: '422';
  source: { pointer: string };
};

/** Benefits Claims v2's 526 paths: `POST /veterans/{icn}/526/validate` and `…/526/synchronous`. */
export type Fake526State = {
  submissions: Fake526Submission[];
  /** The next validate or synchronous request is refused (422) with these errors, then cleared. */
  rejectNext: Fake526Error[] | null;
  /** Milliseconds the synchronous submission takes (to widen races in tests). */
  delayMs: number;
  /**
   * The next requests to each path fail with these statuses (5xx), one per entry; unlike
   * `apiFailures`, which meets whichever VA request comes next, these meet only the 526 path named.
   */
  failures: Record<'validate' | 'synchronous', number[]>;
  /**
   * The next synchronous submissions establish the claim and then answer this status (5xx), one per
   * entry: VA has the claim but its answer is lost on the way back.
   */
  lostAnswers: number[];
};

const V2_526_SCHEMA_PATH = sharedDataPath('claims_api/schemas/v2_526.json');
const PATH = /^\/veterans\/([^/]+)\/526\/(validate|synchronous)$/;

/** Drops the `null` entries VA's document lists among `required` (Ajv refuses them). */
function withoutNullRequired(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNullRequired);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        key === 'required' && Array.isArray(inner)
          ? inner.filter((entry) => typeof entry === 'string')
          : withoutNullRequired(inner),
      ]),
    );
  }
  return value;
}

/**
 * Validators of a 526 request body as VA checks it: the OpenAPI operation's request schema and
 * VA's v2 526 JSON schema (`claims_api/schemas/v2_526.json`) on `data.attributes`. VA's patterns
 * hold escapes a Unicode RegExp refuses and some backtrack without end, so (as the API's own
 * check does) they compile without the `u` flag through the linear-time matcher.
 */
export function create526RequestValidators(): {
  operations: Record<
    'validate' | 'synchronous',
    { request: ValidateFunction; responses: Map<number, ValidateFunction> }
  >;
  attributes: ValidateFunction;
  /** Every refusal of both documents for a request body; empty when VA would accept it. */
  check(body: unknown): string[];
} {
  const spec = loadClaimsSpec();
  const ajv = createAjv({ unicodeRegExp: false, code: { regExp: safeRegExp } });
  const operationOf = (step: 'validate' | 'synchronous') => {
    const operation = spec.paths[`/veterans/{veteranId}/526/${step}`]!.post! as SpecOperation;
    const schema = withoutNullRequired(operation.requestBody!.content['application/json']!.schema);
    return {
      request: compileSchema(ajv, schema),
      responses: responseValidators(ajv, withoutNullRequired(operation) as SpecOperation),
    };
  };
  const operations = { validate: operationOf('validate'), synchronous: operationOf('synchronous') };
  const attributes = ajv.compile(
    withoutSchemaKeys(JSON.parse(readFileSync(V2_526_SCHEMA_PATH, 'utf8'))) as object,
  );
  return {
    operations,
    attributes,
    check(body) {
      const problems: string[] = [];
      const request = operations.synchronous.request;
      if (!request(body)) problems.push(`request schema: ${errorsOf(request)}`);
      const inner = (body as { data?: { attributes?: unknown } } | null)?.data?.attributes;
      if (!attributes(inner)) problems.push(`v2_526.json: ${errorsOf(attributes)}`);
      return problems;
    },
  };
}

export function create526Api(fake: FakeLighthouse): {
  state: Fake526State;
  handler: FakeApiHandler;
} {
  const state: Fake526State = {
    submissions: [],
    rejectNext: null,
    delayMs: 0,
    failures: { validate: [], synchronous: [] },
    lostAnswers: [],
  };
  // Compiled on first use: the documents are large and most tests never send a 526.
  let validators: ReturnType<typeof create526RequestValidators> | undefined;
  let claimSequence = 600_500_000;

  const handler: FakeApiHandler = {
    handles: (method, path) =>
      method === 'POST' &&
      path.startsWith(CLAIMS_ROOT) &&
      PATH.test(path.slice(CLAIMS_ROOT.length)),
    async handle(context) {
      validators ??= create526RequestValidators();
      const [, rawIcn, step] = PATH.exec(context.url.pathname.slice(CLAIMS_ROOT.length))!;
      const icn = decodeURIComponent(rawIcn!);
      const operation = validators.operations[step as 'validate' | 'synchronous'];
      if (!context.authorize('claim.write', icn, operation.responses)) return;
      if (context.failed()) return;
      const failure = state.failures[step as 'validate' | 'synchronous'].shift();
      if (failure) {
        context.call.status = failure;
        context.response.writeHead(failure, { 'content-type': 'application/json' });
        context.response.end(
          JSON.stringify({
            errors: [{ title: 'Service unavailable', detail: 'Upstream failure' }],
          }),
        );
        return;
      }

      let body: unknown;
      try {
        body = JSON.parse(context.raw);
      } catch {
        body = undefined;
      }
      context.call.body = body as Json;
      const problems = validators.check(body);
      if (problems.length > 0) {
        // Muster must never send what VA's documents refuse.
        context.violation(`POST ${context.url.pathname} request: ${problems.join('; ')}`);
        return context.send(
          422,
          {
            errors: [
              {
                title: 'Unprocessable entity',
                detail: problems.join('; ').slice(0, 500),
                status: '422',
                source: { pointer: 'data/attributes/' },
              },
            ],
          },
          operation.responses,
        );
      }
      if (state.rejectNext) {
        const errors = state.rejectNext;
        state.rejectNext = null;
        return context.send(422, { errors }, operation.responses);
      }
      const attributes = (body as { data: { attributes: Json } }).data.attributes;
      if (step === 'validate') {
        return context.send(
          200,
          {
            data: {
              type: 'claims_api_auto_established_claim_validation',
              attributes: { status: 'valid' },
            },
          },
          operation.responses,
        );
      }
      if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
      const submission: Fake526Submission = {
        claimId: String(claimSequence++),
        id: randomUUID(),
        icn,
        submittedAt: new Date().toISOString(),
        attributes,
      };
      state.submissions.push(submission);
      // A claim established under an intent to file uses it up: VA no longer reports it active.
      for (const itf of fake.itfs) {
        if (itf.icn === icn && itf.type === 'compensation' && itf.status === 'active') {
          itf.status = 'claim_received';
        }
      }
      const lost = state.lostAnswers.shift();
      if (lost) {
        context.call.status = lost;
        context.response.writeHead(lost, { 'content-type': 'application/json' });
        context.response.end(
          JSON.stringify({ errors: [{ title: 'Gateway timeout', detail: 'Upstream timeout' }] }),
        );
        return;
      }
      return context.send(
        202,
        {
          data: {
            id: submission.id,
            type: 'forms/526',
            attributes: { ...attributes, claimId: submission.claimId },
          },
        },
        operation.responses,
      );
    },
  };
  return { state, handler };
}
