/**
 * Reads a `text/event-stream` as it arrives. The network hands the text over in pieces that may
 * end anywhere: inside a line, between the carriage return and line feed of one line ending, or in
 * the middle of a multi-byte character. The parser keeps what it has not finished and hands on
 * an event only once the blank line that ends it has arrived.
 *
 * The rules followed, from the format's definition: a line ends with CRLF, LF or CR; a line
 * starting with a colon is a comment; `field: value` loses one space after the colon; `data`
 * lines join with a line feed; `event` names the event ("message" when absent); an event with no
 * `data` line is not handed on; `id` and `retry` are read and ignored (a run is never resumed).
 * One leniency: an event still open when the stream ends is handed on, so a reply whose last
 * blank line was lost is not lost with it.
 */

export type SseEvent = { event: string; data: string };

export type SseParser = {
  /** Feeds the next piece of text, however it is cut. */
  push(chunk: string): void;
  /** The stream has ended: hands on the event still open, if any. */
  end(): void;
};

export function createSseParser(onEvent: (event: SseEvent) => void): SseParser {
  let buffer = '';
  let isFirstLine = true;
  /** The previous piece ended with CR: a LF opening this one belongs to that line ending. */
  let skipLeadingLineFeed = false;
  let eventName = '';
  let dataLines: string[] | null = null;

  const dispatch = () => {
    if (dataLines !== null) onEvent({ event: eventName || 'message', data: dataLines.join('\n') });
    eventName = '';
    dataLines = null;
  };

  const processLine = (rawLine: string) => {
    let line = rawLine;
    if (isFirstLine) {
      isFirstLine = false;
      // A byte order mark may open the stream.
      if (line.startsWith('\uFEFF')) line = line.slice(1);
    }
    if (line === '') {
      dispatch();
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventName = value;
    else if (field === 'data') (dataLines ??= []).push(value);
  };

  return {
    push(chunk) {
      let text = chunk;
      if (skipLeadingLineFeed && text.startsWith('\n')) text = text.slice(1);
      skipLeadingLineFeed = false;
      buffer += text;
      let start = 0;
      for (let index = 0; index < buffer.length; index += 1) {
        const character = buffer[index];
        if (character !== '\n' && character !== '\r') continue;
        processLine(buffer.slice(start, index));
        if (character === '\r') {
          if (index + 1 === buffer.length) skipLeadingLineFeed = true;
          else if (buffer[index + 1] === '\n') index += 1;
        }
        start = index + 1;
      }
      buffer = buffer.slice(start);
    },
    end() {
      if (buffer !== '') processLine(buffer);
      buffer = '';
      dispatch();
    },
  };
}

/**
 * Reads a response body to its end, handing on each event as soon as it is complete. Bytes are
 * decoded as UTF-8 across piece boundaries. `onEvent` returns true when an event ends the
 * conversation (what follows is not read, and the body is let go). Rejects when reading fails
 * (the connection broke, or `signal` stopped it, with its reason) or when `onEvent` throws, and
 * then cancels the body.
 */
export async function readSseStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: SseEvent) => boolean | void,
  signal?: AbortSignal,
): Promise<void> {
  const progress = { isFinished: false };
  const parser = createSseParser((event) => {
    if (!progress.isFinished && onEvent(event) === true) progress.isFinished = true;
  });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  // Stopping ends the read at once, whether or not the network layer also ends the body.
  const handleAbort = () => {
    void reader.cancel(signal?.reason).catch(() => undefined);
  };
  signal?.addEventListener('abort', handleAbort, { once: true });
  try {
    for (;;) {
      if (signal?.aborted) throw signal.reason;
      const { done, value } = await reader.read();
      if (signal?.aborted) throw signal.reason;
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
      if (progress.isFinished) {
        // The last event came: a connection a proxy keeps open is not waited for.
        void reader.cancel().catch(() => undefined);
        return;
      }
    }
    parser.push(decoder.decode());
    parser.end();
  } catch (error) {
    // Nobody will read the rest: let the connection go. Cancelling a broken stream fails too,
    // which changes nothing.
    await reader.cancel().catch(() => undefined);
    throw error;
  } finally {
    signal?.removeEventListener('abort', handleAbort);
    reader.releaseLock();
  }
}
