import { describe, expect, it } from 'vitest';

import { createSseParser, readSseStream, type SseEvent } from './sse';

function parseInPieces(pieces: string[]): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createSseParser((event) => {
    events.push(event);
  });
  for (const piece of pieces) parser.push(piece);
  parser.end();
  return events;
}

/** Every way of cutting `text` in two, and in single characters. */
function cuts(text: string): string[][] {
  const all: string[][] = [[text], [...text]];
  for (let index = 1; index < text.length; index += 1) {
    all.push([text.slice(0, index), text.slice(index)]);
  }
  return all;
}

const RUN =
  'event: start\ndata: {"model":"muster-offline","offline":true}\n\n' +
  'event: delta\ndata: {"text":"Hello"}\n\n' +
  'event: delta\ndata: {"text":" there"}\n\n' +
  'event: done\ndata: {"message":{"id":"m1"}}\n\n';

const EXPECTED: SseEvent[] = [
  { event: 'start', data: '{"model":"muster-offline","offline":true}' },
  { event: 'delta', data: '{"text":"Hello"}' },
  { event: 'delta', data: '{"text":" there"}' },
  { event: 'done', data: '{"message":{"id":"m1"}}' },
];

describe('the event-stream parser', () => {
  it('hands on each event once its blank line arrives, however the text is cut', () => {
    for (const pieces of cuts(RUN)) expect(parseInPieces(pieces)).toEqual(EXPECTED);
  });

  it('hands on nothing before the blank line that ends an event', () => {
    const events: SseEvent[] = [];
    const parser = createSseParser((event) => {
      events.push(event);
    });
    parser.push('event: delta\ndata: {"text":"Hel');
    expect(events).toEqual([]);
    parser.push('lo"}\n');
    expect(events).toEqual([]);
    parser.push('\n');
    expect(events).toEqual([{ event: 'delta', data: '{"text":"Hello"}' }]);
  });

  it('accepts CRLF and CR line endings, even when a CRLF is cut between its two characters', () => {
    const crlf = RUN.replaceAll('\n', '\r\n');
    const cr = RUN.replaceAll('\n', '\r');
    for (const pieces of [...cuts(crlf), ...cuts(cr)]) {
      expect(parseInPieces(pieces)).toEqual(EXPECTED);
    }
  });

  it('joins data lines with a line feed, skips comments and other fields, names unnamed events "message"', () => {
    const events = parseInPieces([
      ': keep-alive\n\n',
      'id: 7\nretry: 1000\ndata: first\ndata:second\ndata\n\n',
      'event: ping\n\n',
    ]);
    expect(events).toEqual([{ event: 'message', data: 'first\nsecond\n' }]);
  });

  it('keeps colons inside a value and removes only one leading space', () => {
    expect(parseInPieces(['event: error\ndata:  {"a":"b: c"}\n\n'])).toEqual([
      { event: 'error', data: ' {"a":"b: c"}' },
    ]);
  });

  it('drops a byte order mark at the very start', () => {
    expect(parseInPieces(['\uFEFFevent: start\ndata: {}\n\n'])).toEqual([
      { event: 'start', data: '{}' },
    ]);
  });

  it('hands on an event left open when the stream ends', () => {
    expect(parseInPieces(['event: done\ndata: {"x":1}'])).toEqual([
      { event: 'done', data: '{"x":1}' },
    ]);
    expect(parseInPieces(['event: done\n'])).toEqual([]);
  });
});

describe('reading a response body', () => {
  it('decodes UTF-8 split across chunks and hands events on as they complete', async () => {
    const bytes = new TextEncoder().encode('event: delta\ndata: {"text":"Café — 🇺🇸"}\n\n');
    const chunks = [...bytes].map((byte) => new Uint8Array([byte]));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    const events: SseEvent[] = [];
    await readSseStream(body, (event) => {
      events.push(event);
    });
    expect(events).toEqual([{ event: 'delta', data: '{"text":"Café — 🇺🇸"}' }]);
  });

  it('rejects when the connection breaks, after handing on what had arrived', async () => {
    const encoder = new TextEncoder();
    let pull = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pull += 1;
        if (pull === 1) controller.enqueue(encoder.encode('event: delta\ndata: {"text":"A"}\n\n'));
        else controller.error(new TypeError('network error'));
      },
    });
    const events: SseEvent[] = [];
    await expect(
      readSseStream(body, (event) => {
        events.push(event);
      }),
    ).rejects.toThrow('network error');
    expect(events).toEqual([{ event: 'delta', data: '{"text":"A"}' }]);
  });

  it('stops at once when the signal aborts, with its reason, and cancels the body', async () => {
    let isCancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('event: delta\ndata: {"text":"A"}\n\n'));
        // Then nothing more: the stream stays open.
      },
      cancel() {
        isCancelled = true;
      },
    });
    const controller = new AbortController();
    const events: SseEvent[] = [];
    const reading = readSseStream(
      body,
      (event) => {
        events.push(event);
      },
      controller.signal,
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    const reason = new DOMException('Stopped', 'AbortError');
    controller.abort(reason);
    await expect(reading).rejects.toBe(reason);
    expect(events).toEqual([{ event: 'delta', data: '{"text":"A"}' }]);
    expect(isCancelled).toBe(true);
  });

  it('stops reading once an event says it is the last, without waiting for the body to end', async () => {
    let isCancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(
          new TextEncoder().encode('event: done\ndata: {}\n\nevent: delta\ndata: {}\n\n'),
        );
        // The connection stays open.
      },
      cancel() {
        isCancelled = true;
      },
    });
    const events: SseEvent[] = [];
    await readSseStream(body, (event) => {
      events.push(event);
      return event.event === 'done';
    });
    expect(events).toEqual([{ event: 'done', data: '{}' }]);
    expect(isCancelled).toBe(true);
  });
});
