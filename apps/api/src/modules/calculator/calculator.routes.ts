import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  combinedRatingInputSchema,
  combinedRatingResultSchema,
  compensationInputSchema,
  compensationResultSchema,
} from '@muster/contract/calculator';
import { errorResponses } from '#src/lib/route-errors.ts';
import { getCombinedRating, getCompensation } from './calculator.service.ts';

/**
 * Public calculators: no sign-in, nothing stored. Stricter than the global rate limit, since they
 * are open to anyone and cheap to script against.
 */
export const CALCULATOR_RATE_LIMIT = { max: 60, timeWindow: 60_000 } as const;

const errors = errorResponses(400, 429);

export const calculatorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/calculator/combined-rating',
    {
      config: { rateLimit: { ...CALCULATOR_RATE_LIMIT, max: app.config.rateLimit.calculatorMax } },
      schema: {
        tags: ['calculator'],
        summary: 'Combined disability rating (38 CFR 4.25, bilateral factor 4.26), step by step',
        body: combinedRatingInputSchema,
        response: { 200: combinedRatingResultSchema, ...errors },
      },
    },
    async (request) => getCombinedRating({ input: request.body }),
  );

  app.post(
    '/calculator/compensation',
    {
      config: { rateLimit: { ...CALCULATOR_RATE_LIMIT, max: app.config.rateLimit.calculatorMax } },
      schema: {
        tags: ['calculator'],
        summary:
          'Monthly VA compensation for a rating and dependants, from the rates in effect on a date',
        body: compensationInputSchema,
        response: { 200: compensationResultSchema, ...errors },
      },
    },
    async (request) => getCompensation({ input: request.body }),
  );
};
