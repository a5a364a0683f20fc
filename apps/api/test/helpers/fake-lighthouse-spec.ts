import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Ajv, type Options, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

/**
 * What the fake Lighthouse's API handlers share: VA's OpenAPI documents compiled with Ajv, and the
 * context each handler answers a request with. Free of test-runner imports (the e2e servers use
 * the fake too).
 */

const SHARED = new URL('../../../../../shared/data/vets-api/', import.meta.url);
/** Benefits Claims v2, production edition. */
export const CLAIMS_SPEC_PATH = new URL('claims_api/swagger/v2-production-swagger.json', SHARED);
/** A file under `shared/data/vets-api/`. */
export const sharedDataPath = (path: string) => new URL(path, SHARED);

/** The API root the fake serves Benefits Claims v2 under (as VA does). */
export const CLAIMS_ROOT = '/services/claims/v2';
/** The API root the fake serves Veteran Verification under (as VA does). */
export const VERIFICATION_ROOT = '/services/veteran_verification/v2';

export type Json = Record<string, unknown>;

/** Removes `$schema` (the response schemas name draft-04; their keywords are draft-07-safe). */
export function withoutSchemaKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSchemaKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== '$schema')
        .map(([key, inner]) => [key, withoutSchemaKeys(inner)]),
    );
  }
  return value;
}

export type SpecOperation = {
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};

/** A fresh Ajv with formats, lenient about unknown keywords (VA's documents use a few). */
export function createAjv(options: Omit<Options, 'strict' | 'allErrors'> = {}): Ajv {
  const ajv = new Ajv({ ...options, strict: false, allErrors: true });
  // ajv-formats is CommonJS: its default export arrives as the module object or the function.
  const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
    addFormatsModule) as (ajv: Ajv) => void;
  addFormats(ajv);
  return ajv;
}

/** Compiles a schema taken from one of VA's documents. */
export function compileSchema(ajv: Ajv, schema: unknown): ValidateFunction {
  return ajv.compile(withoutSchemaKeys(schema) as object);
}

/** The answer validators of an operation, by status (only statuses with a JSON schema). */
export function responseValidators(
  ajv: Ajv,
  operation: SpecOperation,
): Map<number, ValidateFunction> {
  return new Map(
    Object.entries(operation.responses).flatMap(([status, answer]) => {
      const schema = answer.content?.['application/json']?.schema;
      return schema ? [[Number(status), compileSchema(ajv, schema)] as const] : [];
    }),
  );
}

type ClaimsSpec = { paths: Record<string, Record<string, SpecOperation>> };
let claimsSpec: ClaimsSpec | undefined;
/** Benefits Claims v2's OpenAPI document (read once). */
export function loadClaimsSpec(): ClaimsSpec {
  claimsSpec ??= JSON.parse(readFileSync(CLAIMS_SPEC_PATH, 'utf8')) as ClaimsSpec;
  return claimsSpec;
}

export function errorsOf(validate: ValidateFunction): string {
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ');
}

export type FakeCall = {
  method: string;
  /** Path without the query. */
  path: string;
  /** For the token endpoint: the grant type. */
  grantType?: string;
  /** The form fields or JSON body (test memory only; never logged). */
  body?: Json;
  /** The answer's status. */
  status: number;
};

/** An access token the fake issued. */
export type FakeAccessToken = { icn: string; scope: string; expiresAt: number; revoked: boolean };

/** What an API handler gets for one request. */
export type FakeApiContext = {
  request: IncomingMessage;
  response: ServerResponse;
  url: URL;
  /** The raw request body. */
  raw: string;
  call: FakeCall;
  /** Answers JSON; with `validate`, checks the answer against the spec (violations kept). */
  send(status: number, body: unknown, validate?: Map<number, ValidateFunction>): void;
  /** Records a mismatch with VA's documents (tests assert none). */
  violation(message: string): void;
  /**
   * The bearer token when it is live and carries `scope` (for `icn` when given); otherwise answers
   * 401 as VA does (checked against `validate`) and gives undefined.
   */
  authorize(
    scope: string,
    icn: string | undefined,
    validate?: Map<number, ValidateFunction>,
  ): FakeAccessToken | undefined;
  /** When a failure was queued (`apiFailures`), answers it and gives true. */
  failed(): boolean;
};

/** One group of the fake's API paths (e.g. the 526, claims, disability rating). */
export type FakeApiHandler = {
  handles(method: string, path: string): boolean;
  handle(context: FakeApiContext): void | Promise<void>;
};
