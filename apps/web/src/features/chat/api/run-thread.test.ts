import type { Message } from '@muster/contract/chat';
import { ERR } from '@muster/contract/errors';
import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-error';
import { apiError, mockApi } from '@/testing/api-mock';

import { CRISIS_LINE, THREAD_IDS, buildMessage, sseEvent, sseResponse } from '../testing/chat-api';
import { runThread, type RunEvent } from './run-thread';

const THREAD_ID = THREAD_IDS[0] ?? '';
const RUNS = `POST /threads/${THREAD_ID}/runs`;

async function run(body: string, pieceSize = 5) {
  const api = mockApi({ [RUNS]: () => sseResponse(body, pieceSize) });
  const events: RunEvent[] = [];
  let message: Message | undefined;
  let error: unknown;
  try {
    message = await runThread({ threadId: THREAD_ID, onEvent: (event) => events.push(event) });
  } catch (caught) {
    error = caught;
  }
  return { api, events, message, error };
}

describe('runThread', () => {
  it('hands on start, crisis and deltas in order, and resolves with the stored reply', async () => {
    const reply = buildMessage({ thread_id: THREAD_ID, role: 'assistant', content: 'Hi there' });
    const { api, events, message } = await run(
      sseEvent('start', { model: 'muster-offline', offline: true }) +
        ': keep-alive\n\n' +
        sseEvent('crisis', CRISIS_LINE) +
        sseEvent('delta', { text: 'Hi ' }) +
        sseEvent('future-event', { anything: true }) +
        sseEvent('delta', { text: 'there' }) +
        sseEvent('done', { message: reply }),
    );
    expect(events).toEqual([
      { type: 'start', model: 'muster-offline', offline: true },
      { type: 'crisis', line: CRISIS_LINE },
      { type: 'delta', text: 'Hi ' },
      { type: 'delta', text: 'there' },
    ]);
    expect(message).toEqual(reply);
    const [request] = api.calls('POST', `/threads/${THREAD_ID}/runs`);
    expect(request?.body).toEqual({});
    expect(request?.headers.get('Accept')).toBe('text/event-stream');
  });

  it('rejects with the error event’s envelope', async () => {
    const { error } = await run(
      sseEvent('delta', { text: 'Half' }) +
        sseEvent('error', { code: ERR.SERVICE_UNAVAILABLE, message: 'The model is down' }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: ERR.SERVICE_UNAVAILABLE, message: 'The model is down' });
  });

  it('rejects when the stream ends without a reply, or sends what it cannot read', async () => {
    const early = await run(sseEvent('delta', { text: 'Half' }));
    expect(early.error).toMatchObject({ code: ERR.CONNECTION_LOST });
    const garbled = await run('event: done\ndata: {"message": 42}\n\n');
    expect(garbled.error).toMatchObject({ code: ERR.UNKNOWN });
  });

  it('rejects with the refusal answered before the stream', async () => {
    mockApi({ [RUNS]: apiError(409, ERR.INVALID_STATE) });
    await expect(runThread({ threadId: THREAD_ID, onEvent: () => {} })).rejects.toMatchObject({
      status: 409,
      code: ERR.INVALID_STATE,
    });
  });
});
