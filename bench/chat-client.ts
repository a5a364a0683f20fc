/**
 * The chat bench's load generator, run in a process of its own (never on the API's event loop).
 * argv: a JSON job `{mode, url, token?, threads?, count, concurrency, question}`:
 * - `api`: for each run, sends the question to one of `threads` and then starts a run, timing from
 *   the run request to the first byte of the first `delta` event (the start event comes before the
 *   model is called, so it is not counted) and to the end of the stream;
 * - `provider`: posts a streamed chat completion straight to the fake provider, timing to its
 *   first content chunk: the provider's own delay, measured the same way.
 * Prints one line of JSON: `{first: number[], total: number[], errors}` in milliseconds.
 */
type Job = {
  mode: 'api' | 'provider';
  url: string;
  token?: string;
  threads?: string[];
  count: number;
  concurrency: number;
  question: string;
};

const job = JSON.parse(process.argv[2] ?? '{}') as Job;
const first: number[] = [];
const total: number[] = [];
let errors = 0;

async function readUntil(response: Response, marker: string, started: number) {
  if (!response.body) throw new Error('no body');
  const decoder = new TextDecoder();
  let seen = '';
  let firstAt: number | undefined;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    seen += decoder.decode(value, { stream: true });
    if (firstAt === undefined && seen.includes(marker)) firstAt = performance.now() - started;
  }
  if (firstAt === undefined) throw new Error(`no ${marker} in ${seen.slice(0, 200)}`);
  return { firstAt, seen };
}

async function once(index: number) {
  if (job.mode === 'provider') {
    const started = performance.now();
    const response = await fetch(`${job.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer bench-key' },
      body: JSON.stringify({
        model: 'bench-model',
        stream: true,
        messages: [{ role: 'user', content: job.question }],
      }),
    });
    const { firstAt } = await readUntil(response, '"content":"', started);
    first.push(firstAt);
    total.push(performance.now() - started);
    return;
  }
  const threadId = job.threads![index % job.threads!.length]!;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${job.token}` };
  const sent = await fetch(`${job.url}/threads/${threadId}/messages`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ content: job.question, role: 'user' }),
  });
  if (sent.status !== 201) throw new Error(`message ${sent.status}`);
  const started = performance.now();
  const response = await fetch(`${job.url}/threads/${threadId}/runs`, {
    method: 'POST',
    headers,
    body: '{}',
  });
  if (response.status !== 200) throw new Error(`run ${response.status}: ${await response.text()}`);
  const { firstAt, seen } = await readUntil(response, 'event: delta', started);
  if (!seen.includes('event: done')) throw new Error('run ended without done');
  first.push(firstAt);
  total.push(performance.now() - started);
}

let next = 0;
async function worker(lane: number) {
  // One lane per thread: a thread answers one question at a time, as a veteran's chat does.
  while (next < job.count) {
    next += 1;
    try {
      await once(lane);
    } catch (error) {
      errors += 1;
      if (errors <= 3) console.error(String(error));
    }
  }
}

await Promise.all(Array.from({ length: job.concurrency }, (_, lane) => worker(lane)));
console.log(JSON.stringify({ first, total, errors }));
