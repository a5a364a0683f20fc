import {
  crisisLineSchema,
  runDeltaEventSchema,
  runDoneEventSchema,
  runStartEventSchema,
  type CrisisLine,
  type Message,
} from '@muster/contract/chat';
import { ERR, ERROR_CATALOGUE, errorEnvelopeSchema, isErrorCode } from '@muster/contract/errors';
import type { z } from 'zod';

import { api } from '@/lib/api-client';
import { ApiError, parseJson } from '@/lib/api-error';

import { readSseStream, type SseEvent } from '../utils/sse';
import { threadPath } from './get-thread';

/** What a run tells as it goes; `done` and `error` end it (see `runThread`). */
export type RunEvent =
  | { type: 'start'; model: string; offline: boolean }
  | { type: 'crisis'; line: CrisisLine }
  | { type: 'delta'; text: string };

/** An answer the client cannot read is the server's fault, not the veteran's. */
function unreadable(detail: string): ApiError {
  return new ApiError({ status: 200, code: ERR.UNKNOWN, detail });
}

function dataOf<S extends z.ZodType>(event: SseEvent, schema: S): z.output<S> {
  const json = parseJson(event.data);
  const parsed = json.ok ? schema.safeParse(json.value) : null;
  if (!parsed?.success) throw unreadable(`The "${event.event}" event could not be read.`);
  return parsed.data;
}

/** The product's error envelope sent as an `error` event; nothing was stored. */
function runError(event: SseEvent): ApiError {
  const json = parseJson(event.data);
  const envelope = errorEnvelopeSchema.safeParse(json.ok ? json.value : undefined);
  if (!envelope.success || !isErrorCode(envelope.data.code)) {
    return unreadable('The run failed with an error the client could not read.');
  }
  const { code, message, detail } = envelope.data;
  // The stream itself answered 200: the error carries the status its code would have had.
  return new ApiError({ status: ERROR_CATALOGUE[code].status, code, message, detail });
}

/**
 * `POST /threads/{threadId}/runs`: the assistant answers the thread's latest user message, as a
 * stream of events. `onEvent` hears `start`, `crisis` and each `delta` as they arrive; the promise
 * resolves with the stored reply (`done`). It rejects with an `ApiError` when the run cannot start
 * (404, 409 consent not chosen, 403 quota, 503 provider down), when it fails (`error`), or when the
 * stream ends without a reply; and with the abort reason when `signal` stops it.
 */
export async function runThread({
  threadId,
  signal,
  onEvent,
}: {
  threadId: string;
  signal?: AbortSignal;
  onEvent: (event: RunEvent) => void;
}): Promise<Message> {
  const response = await api.stream(`${threadPath(threadId)}/runs`, {}, { signal });
  if (!response.body) throw unreadable('The run answered without a body.');
  const ended: { outcome?: { ok: true; message: Message } | { ok: false; error: ApiError } } = {};

  try {
    const handleEvent = (event: SseEvent) => {
      if (ended.outcome) return; // Anything after the end is ignored.
      switch (event.event) {
        case 'start': {
          const start = dataOf(event, runStartEventSchema);
          onEvent({ type: 'start', model: start.model, offline: start.offline });
          return;
        }
        case 'crisis':
          onEvent({ type: 'crisis', line: dataOf(event, crisisLineSchema) });
          return;
        case 'delta':
          onEvent({ type: 'delta', text: dataOf(event, runDeltaEventSchema).text });
          return;
        case 'done':
          ended.outcome = { ok: true, message: dataOf(event, runDoneEventSchema).message };
          return;
        case 'error':
          ended.outcome = { ok: false, error: runError(event) };
          return;
        default:
          // Events this client does not know are left for newer clients.
          return;
      }
    };
    // `done` and `error` are the last events: reading stops there.
    await readSseStream(
      response.body,
      (event) => {
        handleEvent(event);
        return ended.outcome !== undefined;
      },
      signal,
    );
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (error instanceof ApiError) throw error;
    // The connection broke while the reply was arriving.
    throw new ApiError({ status: 0, code: ERR.CONNECTION_LOST, cause: error });
  }

  const result = ended.outcome;
  if (!result) {
    if (signal?.aborted) throw signal.reason;
    throw new ApiError({
      status: 0,
      code: ERR.CONNECTION_LOST,
      detail: 'The reply ended before it was complete.',
    });
  }
  if (!result.ok) throw result.error;
  return result.message;
}
