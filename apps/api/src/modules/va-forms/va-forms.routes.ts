import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  submit526InputSchema,
  va526PdfQuerySchema,
  va526SubmissionListSchema,
  va526SubmissionSchema,
  validate526InputSchema,
  validate526ResultSchema,
} from '@muster/contract/va-forms';
import { errorResponses } from '#src/lib/route-errors.ts';
import { currentUser, requireUser } from '#src/modules/auth/require-user.ts';
import { guardScope } from '#src/modules/auth/guard-scope.ts';
import { findSubmissions, submit526 } from './va-526-submit.service.ts';
import { intentToFilePdf, summary526Pdf, validate526 } from './va-forms.service.ts';

const tags = ['va-forms'];

/**
 * VA forms built from the user's own records. The 526 is checked against VA's schema kept in the
 * repository, so validating works without a VA connection; only submitting talks to VA.
 */
export const vaFormRoutes: FastifyPluginAsyncZod = async (app) => {
  guardScope(app, requireUser);
  const db = () => app.database.db;

  app.post(
    '/va-forms/526ez/validate',
    {
      schema: {
        tags,
        summary: 'Build the 21-526EZ for VA’s Benefits Claims API and say what VA would refuse',
        description:
          'Builds the Benefits Claims API v2 526 request body (`{ data: { type: "form/526", attributes } }`) from the claim’s veteran record and disabilities (`claim_id`; the primary record when the claim names none), or from the primary veteran record and every disability, and validates it against VA’s v2 526 JSON schema and the rules the schema states in words. `errors` maps each refused field path inside `data.attributes` (`veteranIdentification.mailingAddress.zipFirstFive`, `disabilities.0.serviceRelevance`) to a plain-language message saying where to fix it; empty when VA’s schema accepts the payload. Nothing is sent to VA. Another user’s claim answers 404.',
        body: validate526InputSchema,
        response: { 200: validate526ResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      validate526({ db: db(), userId: currentUser(request).id, input: request.body }),
  );

  app.get(
    '/va-forms/526ez/pdf',
    {
      schema: {
        tags,
        summary: 'A summary of the 21-526EZ on VA’s outdated SEP 2019 form, not for filing',
        description:
          'The same records as `POST /va-forms/526ez/validate` (`claim_id`, else the primary veteran record and every disability) on the SEP 2019 21-526EZ, the only fillable edition VA publishes: Section I (identification, address, telephone, email), the standard claim box and Section V’s rows (up to 15 disabilities, a secondary one after its primary). Every page is stamped “Summary — not for filing”. Another user’s claim answers 404.',
        querystring: va526PdfQuerySchema,
        response: {
          200: z.any().describe('application/pdf'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const file = await summary526Pdf({
        db: db(),
        userId: currentUser(request).id,
        claimId: request.query.claim_id,
      });
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(file.bytes));
    },
  );

  app.get(
    '/va-forms/intent-to-file/pdf',
    {
      schema: {
        tags,
        summary: 'VA Form 21-0966 (Intent to File) filled from the primary veteran record',
        description:
          'The FEB 2023 edition filled with the veteran’s identification, mailing address, telephone and email, the compensation box checked; the signature and date are left for the veteran to sign before uploading it at VA.gov. 409 while the user has no veteran record.',
        response: {
          200: z.any().describe('application/pdf'),
          ...errorResponses(401, 403, 409),
        },
      },
    },
    async (request, reply) => {
      const file = await intentToFilePdf({ db: db(), userId: currentUser(request).id });
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(file.bytes));
    },
  );

  app.post(
    '/va-forms/526ez/submit',
    {
      // VA can take a while to establish a claim: the browser must not be cut off meanwhile.
      config: { longRequest: true },
      schema: {
        tags,
        summary: 'Submit the 21-526EZ to VA through VA.gov (once per claim)',
        description:
          'Builds and checks the payload as `POST /va-forms/526ez/validate` does; when Muster’s check refuses fields, 422 / 3006 with `fields` (field path inside `data.attributes` → plain words) and nothing is sent. Needs VA.gov connected (403 / 1003 otherwise) and an active intent to file at VA (403 / 1003 with a detail saying to file one). VA validates the body, then establishes the claim; VA’s refusals answer 422 / 3006 with `fields` in the same form. 201 with VA’s claim id; a claim VA already has answers 200 and sends nothing; retries and requests at once send one claim. Another user’s claim answers 404. Not configured: 503 / 3007. VA down: 502 / 5002 or 503 / 3007 (the attempt is kept as `failed` and may be retried).',
        body: submit526InputSchema,
        response: {
          200: va526SubmissionSchema,
          201: va526SubmissionSchema,
          ...errorResponses(400, 401, 403, 404, 409, 422, 502, 503),
        },
      },
    },
    async (request, reply) => {
      const { submission, created } = await submit526({
        db: db(),
        va: app.config.va,
        log: request.log,
        userId: currentUser(request).id,
        input: request.body,
      });
      return reply.code(created ? 201 : 200).send(submission);
    },
  );

  app.get(
    '/va-forms/526ez/submissions',
    {
      schema: {
        tags,
        summary: 'The 21-526EZ submissions sent to VA from Muster, newest first',
        description:
          'Each with its local claim (null for “all my disabilities”), VA’s claim id once VA established it, its status (`submitting`, `submitted`, `failed`) and, when failed, why in plain words. The body sent is not answered.',
        response: { 200: va526SubmissionListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => findSubmissions({ db: db(), userId: currentUser(request).id }),
  );
};
