/**
 * The chat bench's model: the tests' fake OpenAI-compatible server, in a process of its own so
 * its timers never share the API's event loop. argv[2]: the provider's own delay before the first
 * piece, in ms. Prints its API root on the first line and serves until killed.
 */
import { startFakeOpenAi } from '../apps/api/test/fakes/openai-server.ts';

const delayMs = Number(process.argv[2] ?? 200);
const fake = await startFakeOpenAi({ apiKey: 'bench-key' });
fake.defaultReply = {
  pieces: Array.from({ length: 20 }, (_, i) => `piece ${i} `),
  firstDelayMs: delayMs,
  pieceDelayMs: 2,
  usage: { prompt_tokens: 800, completion_tokens: 60 },
};
// The server keeps every request for tests; a long bench would only grow memory.
setInterval(() => fake.requests.splice(0), 1000).unref();
console.log(fake.baseUrl);
