import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  aiSettingsSchema,
  createMessageInputSchema,
  createRunInputSchema,
  knowledgePassageSchema,
  messageListQuerySchema,
  messagePageSchema,
  messageSchema,
  updateAiSettingsInputSchema,
  type CrisisLine,
  type RunEventName,
} from '@muster/contract/chat';
import { pathIdSchema } from '@muster/contract/common';
import { ERR, ERROR_CATALOGUE } from '@muster/contract/errors';
import { VETERANS_CRISIS_LINE } from '@muster/domain/crisis-language';
import { getPassage } from '@muster/domain/knowledge/knowledge-base';
import { AppError } from '#src/lib/errors.ts';
import { errorResponses } from '#src/lib/route-errors.ts';
import { currentUser, requireUser } from '#src/modules/auth/require-user.ts';
import { guardScope } from '#src/modules/auth/guard-scope.ts';
import { getAiConsent, setAiConsent } from '#src/modules/preferences/preferences.service.ts';
import { completeRun, listMessages, postMessage, prepareRun } from './chat.service.ts';

const threadParams = z.object({ threadId: pathIdSchema });
/** How often a run's stream says it is alive while the model thinks. */
const HEARTBEAT_MS = 15_000;
const tags = ['chat'];

/** The crisis card every crisis message gets first. */
export const CRISIS_LINE: CrisisLine = {
  title: 'Veterans Crisis Line',
  call: `Dial ${VETERANS_CRISIS_LINE.phone}, then press ${VETERANS_CRISIS_LINE.press}`,
  text: `Text ${VETERANS_CRISIS_LINE.text}`,
  chat_url: VETERANS_CRISIS_LINE.url,
};

/** One Server-Sent Event: its name, then its data as one line of JSON. */
function sseEvent(name: RunEventName, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** The error envelope of a failure that happens after the stream has started. */
function envelopeOf(error: unknown, requestId: string) {
  if (error instanceof AppError) {
    return {
      code: error.code,
      message: error.message,
      ...(error.detail ? { detail: error.detail } : {}),
      request_id: requestId,
    };
  }
  return {
    code: ERR.INTERNAL,
    message: ERROR_CATALOGUE[ERR.INTERNAL].message,
    request_id: requestId,
  };
}

/**
 * Chat: the messages of a thread, runs that answer the latest one (streamed as Server-Sent Events
 * and stored whether or not the client stays), the veteran's choice about outside models, and the
 * knowledge base's passages that answers cite. Another user's thread answers 404.
 */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  guardScope(app, requireUser);
  const db = () => app.database.db;
  const billingEnabled = () => app.config.billing.stripe !== undefined;

  app.get(
    '/threads/:threadId/messages',
    {
      schema: {
        tags,
        summary: 'The messages of a thread, oldest first',
        params: threadParams,
        querystring: messageListQuerySchema,
        response: { 200: messagePageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      listMessages({
        db: db(),
        userId: currentUser(request).id,
        threadId: request.params.threadId,
        page: request.query,
      }),
  );

  app.post(
    '/threads/:threadId/messages',
    {
      schema: {
        tags,
        summary: 'Send a message',
        description:
          'The sender is the signed-in user whatever `user_id` says; only `user` messages can be sent. The first message names the thread.',
        params: threadParams,
        body: createMessageInputSchema,
        response: { 201: messageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const message = await postMessage({
        db: db(),
        userId: currentUser(request).id,
        threadId: request.params.threadId,
        content: request.body.content,
      });
      return reply.code(201).send(message);
    },
  );

  app.post(
    '/threads/:threadId/runs',
    {
      config: { longRequest: true },
      schema: {
        tags,
        summary: 'Answer the latest message, streamed',
        description:
          'A `text/event-stream`: `start` {model, offline}; `crisis` (the Veterans Crisis Line) first when the message speaks of crisis; `delta` {text} as the answer arrives; then `done` {message} with the stored reply, or `error` with the error envelope. The reply is stored even when the client leaves early. Refusals before the stream starts are ordinary error answers: 404, 409 (no message yet, or no choice about outside models yet), 403 (AI messages for the month spent).',
        params: threadParams,
        body: createRunInputSchema,
        response: {
          200: z.any().describe('text/event-stream'),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const threadId = request.params.threadId;
      const run = await prepareRun({
        db: db(),
        userId,
        threadId,
        engine: app.ai,
        offline: request.body.offline === true,
        billingEnabled: billingEnabled(),
      });
      const stream = new PassThrough();
      // A client that leaves stops the writes, not the answer: it is still written and stored.
      const write = (name: RunEventName, data: unknown) => {
        if (!stream.destroyed && !stream.writableEnded) stream.write(sseEvent(name, data));
      };
      write('start', { model: run.plan.model, offline: run.plan.offline });
      // A comment line now and then keeps a quiet stream (a slow model) from looking idle.
      const heartbeat = setInterval(() => {
        if (!stream.destroyed && !stream.writableEnded) stream.write(': keep-alive\n\n');
      }, HEARTBEAT_MS);
      stream.once('close', () => clearInterval(heartbeat));
      stream.once('finish', () => clearInterval(heartbeat));
      if (run.kind === 'answered') {
        if (run.message.crisis) write('crisis', CRISIS_LINE);
        write('done', { message: run.message });
        stream.end();
      } else {
        if (run.plan.crisis) write('crisis', CRISIS_LINE);
        void completeRun({
          db: db(),
          userId,
          threadId,
          engine: app.ai,
          run,
          onDelta: (text) => write('delta', { text }),
        })
          .then((message) => write('done', { message }))
          .catch((error: unknown) => {
            // Logged without the message or the answer: only what failed.
            request.log.warn(
              {
                code: error instanceof AppError ? error.code : undefined,
                err: error instanceof AppError ? undefined : error,
              },
              'chat run failed',
            );
            write('error', envelopeOf(error, request.id));
          })
          .finally(() => {
            if (!stream.destroyed) stream.end();
          });
      }
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store, no-transform')
        .header('x-accel-buffering', 'no')
        .send(stream);
    },
  );

  const settingsOf = async (userId: string) => {
    const provider = app.ai.provider;
    return {
      consent: provider ? await getAiConsent({ db: db(), userId, host: provider.host }) : 'offline',
      provider,
    } as const;
  };

  app.get(
    '/ai/settings',
    {
      schema: {
        tags,
        summary: 'Whether chat may use an outside AI model',
        response: { 200: aiSettingsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => settingsOf(currentUser(request).id),
  );

  app.patch(
    '/ai/settings',
    {
      schema: {
        tags,
        summary: 'Choose whether chat may use an outside AI model',
        description:
          'The choice is for the model set up now (its host): when the operator changes providers, the veteran is asked again. `provider` is refused (409) when no outside model is set up.',
        body: updateAiSettingsInputSchema,
        response: { 200: aiSettingsSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const provider = app.ai.provider;
      if (!provider && request.body.consent === 'provider') {
        throw new AppError(ERR.INVALID_STATE, {
          detail: 'No outside AI model is set up: chat answers from Muster’s knowledge base',
        });
      }
      await setAiConsent({
        db: db(),
        userId,
        consent: request.body.consent,
        host: provider?.host ?? '',
      });
      return settingsOf(userId);
    },
  );

  app.get(
    '/knowledge/passages/:id',
    {
      schema: {
        tags,
        summary: 'A passage of the knowledge base, as an answer cites it',
        params: z.object({ id: pathIdSchema }),
        response: { 200: knowledgePassageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const passage = getPassage(request.params.id);
      if (!passage) throw new AppError(ERR.NOT_FOUND);
      return {
        id: passage.id,
        citation: passage.citation,
        title: passage.title,
        text: passage.text,
        source: passage.source,
        changed_on: passage.changed_on,
      };
    },
  );
};
