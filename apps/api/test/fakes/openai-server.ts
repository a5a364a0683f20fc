import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A local stand-in for an OpenAI-compatible chat server (what Ollama, vLLM and llama.cpp serve),
 * speaking its protocol: `POST /v1/chat/completions` with a bearer key; with `stream: true` it
 * answers `text/event-stream` of `chat.completion.chunk` objects, a last chunk with
 * `finish_reason`, a usage chunk when `stream_options.include_usage` asks for one, then
 * `data: [DONE]`. Errors are `{error: {message, type, code}}` with an HTTP status.
 *
 * Each request takes the next scripted reply (or the default one): text pieces with a pause
 * between them, a delay before the first, a connection cut after N pieces, a status code, or no
 * answer at all. Requests are kept so tests can read exactly what was sent.
 */
export type ScriptedReply = {
  /** The answer, streamed piece by piece. */
  pieces?: string[];
  /** Wait before the first piece (the provider's own time to first token). */
  firstDelayMs?: number;
  /** Wait between pieces. */
  pieceDelayMs?: number;
  /** Cut the connection after this many pieces, without a last chunk or [DONE]. */
  cutAfter?: number;
  /** Answer this HTTP status with an error body instead of a stream. */
  status?: number;
  /** Never answer (the client's timeout is what ends the call). */
  hang?: boolean;
  usage?: { prompt_tokens: number; completion_tokens: number };
};

export type RecordedRequest = {
  authorization: string | undefined;
  body: {
    model: string;
    stream?: boolean;
    messages: { role: string; content: string | { type: string; text?: string }[] }[];
    stream_options?: { include_usage?: boolean };
  };
};

export type FakeOpenAi = {
  /** The API root to configure as AI_BASE_URL (ends in /v1). */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Replies for the next requests, in order; afterwards `defaultReply` answers. */
  script(...replies: ScriptedReply[]): void;
  defaultReply: ScriptedReply;
  close(): Promise<void>;
};

/** Every text a request sent (system, earlier turns, question), joined: what left the app. */
export function sentText(request: RecordedRequest): string {
  return request.body.messages
    .map((message) =>
      typeof message.content === 'string'
        ? message.content
        : message.content.map((part) => part.text ?? '').join(''),
    )
    .join('\n');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sendError(response: ServerResponse, status: number, message: string) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ error: { message, type: 'server_error', code: status } }));
}

export async function startFakeOpenAi(options: { apiKey?: string } = {}): Promise<FakeOpenAi> {
  const apiKey = options.apiKey ?? 'test-key';
  const queue: ScriptedReply[] = [];
  const sockets = new Set<Socket>();
  const fake: FakeOpenAi = {
    baseUrl: '',
    requests: [],
    script: (...replies) => queue.push(...replies),
    defaultReply: { pieces: ['Hello', ' from', ' the model.'] },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  async function handle(request: IncomingMessage, response: ServerResponse) {
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
      return sendError(response, 404, `No route ${request.method} ${request.url}`);
    }
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      return sendError(response, 401, 'Incorrect API key provided');
    }
    const body = JSON.parse(await readBody(request)) as RecordedRequest['body'];
    fake.requests.push({ authorization: request.headers.authorization, body });
    const reply = queue.shift() ?? fake.defaultReply;
    if (reply.hang) return; // the socket stays open until the client gives up
    if (reply.status) return sendError(response, reply.status, 'The server had an error');
    if (reply.firstDelayMs) await sleep(reply.firstDelayMs);
    const id = `chatcmpl-${randomUUID()}`;
    const created = Math.floor(Date.now() / 1000);
    const chunk = (delta: object, finish: string | null, usage?: object) =>
      `data: ${JSON.stringify({
        id,
        object: 'chat.completion.chunk',
        created,
        model: body.model,
        choices: usage ? [] : [{ index: 0, delta, finish_reason: finish }],
        ...(usage ? { usage } : {}),
      })}\n\n`;
    const pieces = reply.pieces ?? [];
    if (!body.stream) {
      response.writeHead(200, { 'content-type': 'application/json' });
      const usage = reply.usage ?? { prompt_tokens: 10, completion_tokens: pieces.length };
      return response.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created,
          model: body.model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: pieces.join('') },
              finish_reason: 'stop',
            },
          ],
          usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
        }),
      );
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    response.write(chunk({ role: 'assistant', content: '' }, null));
    for (const [index, piece] of pieces.entries()) {
      if (reply.cutAfter !== undefined && index >= reply.cutAfter) {
        response.socket?.destroy();
        return;
      }
      if (index > 0 && reply.pieceDelayMs) await sleep(reply.pieceDelayMs);
      response.write(chunk({ content: piece }, null));
    }
    response.write(chunk({}, 'stop'));
    if (body.stream_options?.include_usage) {
      const usage = reply.usage ?? { prompt_tokens: 10, completion_tokens: pieces.length };
      response.write(
        chunk({}, null, { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens }),
      );
    }
    response.end('data: [DONE]\n\n');
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) =>
      sendError(response, 500, error instanceof Error ? error.message : 'error'),
    );
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}
