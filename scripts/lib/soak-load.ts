/**
 * The load generator of `npm run test:soak`, run as a process of its own so it never shares the
 * API's event loop: `node --import tsx scripts/lib/soak-load.ts <plan.json>`. Every virtual user
 * loops over a weighted mix of what people do (sign in, open lists, create things, search, ask the
 * offline assistant, have a decision letter read) until the plan's time is up, through one
 * keep-alive pool of as many connections as there are virtual users. It prints one JSON line: per
 * request kind the count, the status classes, network errors and the p50/p99 latency.
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';

/** One signed-in user of the pool, with a thread to chat in. */
export type SoakUser = { token: string; threadId: string };

export type LoadPlan = {
  baseUrl: string;
  seconds: number;
  connections: number;
  users: SoakUser[];
  /** A pasted decision letter to have read. */
  letterText: string;
  /** Makes the fresh sign-in emails of this run unique. */
  tag: string;
};

type Tally = {
  requests: number;
  s2xx: number;
  s3xx: number;
  s4xx: number;
  s5xx: number;
  s429: number;
  errors: number;
  /** Chat streams that ended in an `error` event, or never sent `done`. */
  failedStreams: number;
  latencies: number[];
};

export type OperationReport = Omit<Tally, 'latencies'> & { p50: number; p99: number };

export type LoadReport = {
  elapsedS: number;
  operations: Record<string, OperationReport>;
  /** The first unexpected answers (5xx, network errors, failed streams), for the log search. */
  problems: string[];
};

type Answer = { status: number; body: string; requestId: string | undefined };

/** A small HTTP client on one keep-alive agent; bodies are always read to the end. */
export function createClient(baseUrl: string, connections: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const base = new URL(baseUrl);
  function request(
    method: string,
    path: string,
    options: { token?: string; body?: unknown } = {},
  ): Promise<Answer> {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          agent,
          host: base.hostname,
          port: base.port,
          method,
          path,
          headers: {
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
            ...(payload === undefined
              ? {}
              : {
                  'content-type': 'application/json',
                  'content-length': Buffer.byteLength(payload),
                }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.once('error', reject);
          res.once('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks).toString('utf8'),
              requestId: res.headers['x-request-id'] as string | undefined,
            }),
          );
        },
      );
      req.setTimeout(120_000, () => req.destroy(new Error('timed out after 120 s')));
      req.once('error', reject);
      req.end(payload);
    });
  }
  return { request, close: () => agent.destroy() };
}

type Client = ReturnType<typeof createClient>;

/** Signs a user in through the emailed code, read from the development outbox. */
export async function signIn(
  request: Client['request'],
  email: string,
): Promise<{ token: string; userId: string }> {
  const sent = await request('POST', '/auth/email-otp/send-verification-otp', {
    body: { email, type: 'sign-in' },
  });
  if (sent.status !== 200) throw new Error(`sending the code answered ${sent.status}`);
  let otp: string | undefined;
  // Other mail (contact messages, other sign-ins) may arrive meanwhile: look twice.
  for (let attempt = 0; attempt < 2 && !otp; attempt++) {
    const outbox = await request('GET', '/dev/outbox');
    const mails = JSON.parse(outbox.body) as { to: string; text: string }[];
    otp = mails.find((mail) => mail.to === email)?.text.match(/\b(\d{6})\b/)?.[1];
    if (!otp) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!otp) throw new Error(`no code mailed to ${email}`);
  const verified = await request('POST', '/auth/sign-in/email-otp', { body: { email, otp } });
  if (verified.status !== 200) throw new Error(`the code answered ${verified.status}`);
  const body = JSON.parse(verified.body) as { token: string; user: { id: string } };
  return { token: body.token, userId: body.user.id };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! : 0;

const SEARCH_TERMS = [
  'knee',
  'back',
  'tinnitus',
  'ptsd',
  'sleep',
  'migraine',
  'hearing',
  'shoulder',
];
const CONDITIONS = ['Tinnitus', 'Left knee strain', 'Lumbar strain', 'PTSD', 'Migraines'];
const QUESTIONS = [
  'How do I file a claim for tinnitus?',
  'What is a nexus letter?',
  'How is my back rated?',
  'What evidence do I need for sleep apnea secondary to PTSD?',
  'How long do I have to appeal a decision?',
];

/** Runs the plan's mix for its time and reports per request kind. */
export async function runLoad(plan: LoadPlan): Promise<LoadReport> {
  const client = createClient(plan.baseUrl, plan.connections);
  const tallies = new Map<string, Tally>();
  const problems: string[] = [];
  const tallyOf = (label: string) => {
    let tally = tallies.get(label);
    if (!tally) {
      tally = {
        requests: 0,
        s2xx: 0,
        s3xx: 0,
        s4xx: 0,
        s5xx: 0,
        s429: 0,
        errors: 0,
        failedStreams: 0,
        latencies: [],
      };
      tallies.set(label, tally);
    }
    return tally;
  };
  const note = (line: string) => {
    if (problems.length < 20) problems.push(line);
  };

  /** One counted request: its status class, latency, and anything unexpected. */
  async function call(
    label: string,
    method: string,
    path: string,
    options: { token?: string; body?: unknown } = {},
  ): Promise<Answer | undefined> {
    const tally = tallyOf(label);
    tally.requests++;
    const started = performance.now();
    try {
      const answer = await client.request(method, path, options);
      tally.latencies.push(performance.now() - started);
      const cls = Math.floor(answer.status / 100);
      if (cls === 2) tally.s2xx++;
      else if (cls === 3) tally.s3xx++;
      else if (cls === 4) tally.s4xx++;
      else tally.s5xx++;
      if (answer.status === 429) tally.s429++;
      if (answer.status >= 400 && answer.status !== 429) {
        note(
          `${label}: ${answer.status} request ${answer.requestId ?? '?'} ${answer.body.slice(0, 200)}`,
        );
      }
      return answer;
    } catch (error) {
      tally.latencies.push(performance.now() - started);
      tally.errors++;
      note(`${label}: network error ${(error as Error).message}`);
      return undefined;
    }
  }

  const deadline = Date.now() + plan.seconds * 1000;
  let fresh = 0;
  type Operation = (user: SoakUser, vu: number) => Promise<void>;
  const operations: [weight: number, Operation][] = [
    [
      2,
      async (_user, vu) => {
        // A new person signs in: the code is sent, read from the outbox, then verified.
        const email = `soak-${plan.tag}-${vu}-${fresh++}@example.com`;
        const sent = await call(
          'sign-in: send code',
          'POST',
          '/auth/email-otp/send-verification-otp',
          {
            body: { email, type: 'sign-in' },
          },
        );
        if (sent?.status !== 200) return;
        const outbox = await call('sign-in: outbox', 'GET', '/dev/outbox');
        if (outbox?.status !== 200) return;
        const mails = JSON.parse(outbox.body) as { to: string; text: string }[];
        const otp = mails.find((mail) => mail.to === email)?.text.match(/\b(\d{6})\b/)?.[1];
        if (!otp) return note(`sign-in: no code found for ${email}`);
        await call('sign-in: verify', 'POST', '/auth/sign-in/email-otp', { body: { email, otp } });
      },
    ],
    [8, (u) => call('list disabilities', 'GET', '/disabilities', { token: u.token }).then()],
    [8, (u) => call('list threads', 'GET', '/threads?page_size=8', { token: u.token }).then()],
    [6, (u) => call('list documents', 'GET', '/documents', { token: u.token }).then()],
    [4, (u) => call('list letters', 'GET', '/decision-letters', { token: u.token }).then()],
    [
      4,
      (u, vu) =>
        call('create disability', 'POST', '/disabilities', {
          token: u.token,
          body: { title: `${CONDITIONS[vu % CONDITIONS.length]} ${fresh++}` },
        }).then(),
    ],
    [
      4,
      (u) =>
        call('create thread', 'POST', '/threads', {
          token: u.token,
          body: { title: 'Soak' },
        }).then(),
    ],
    [
      2,
      (_u, vu) =>
        call('contact', 'POST', '/contact', {
          body: {
            name: 'Soak Test',
            email: `soak-${plan.tag}-${vu}@example.com`,
            topic: 'question',
            message: 'A question sent by the soak test; please ignore it.',
          },
        }).then(),
    ],
    [
      15,
      (u, vu) =>
        call('search', 'GET', `/search?q=${SEARCH_TERMS[(vu + fresh++) % SEARCH_TERMS.length]}`, {
          token: u.token,
        }).then(),
    ],
    [
      8,
      async (u, vu) => {
        // The offline assistant: a question, then its answer streamed to the end.
        const question = QUESTIONS[(vu + fresh++) % QUESTIONS.length]!;
        const sent = await call('chat: message', 'POST', `/threads/${u.threadId}/messages`, {
          token: u.token,
          body: { content: question, role: 'user' },
        });
        if (sent?.status !== 201) return;
        const run = await call('chat: run stream', 'POST', `/threads/${u.threadId}/runs`, {
          token: u.token,
          body: { offline: true },
        });
        if (
          run?.status === 200 &&
          (!run.body.includes('event: done') || run.body.includes('event: error'))
        ) {
          tallyOf('chat: run stream').failedStreams++;
          note(`chat: run stream without done: ${run.body.slice(-300)}`);
        }
      },
    ],
    [
      1,
      async (u) => {
        // A pasted letter is read in the background: polled until read, for at most 30 s and
        // never past the end of the run.
        const made = await call('letter: create', 'POST', '/decision-letters', {
          token: u.token,
          body: { text: plan.letterText },
        });
        if (made?.status !== 202) return;
        const { id } = JSON.parse(made.body) as { id: string };
        const until = Math.min(Date.now() + 30_000, deadline);
        while (Date.now() < until) {
          await new Promise((resolve) => setTimeout(resolve, 500));
          const polled = await call('letter: poll', 'GET', `/decision-letters/${id}`, {
            token: u.token,
          });
          if (polled?.status !== 200) return;
          const { status } = JSON.parse(polled.body) as { status: string };
          if (status === 'complete' || status === 'failed') {
            if (status === 'failed') note(`letter ${id} failed`);
            return;
          }
        }
      },
    ],
  ];
  const totalWeight = operations.reduce((sum, [weight]) => sum + weight, 0);
  const pick = (): Operation => {
    let roll = Math.random() * totalWeight;
    for (const [weight, operation] of operations) {
      roll -= weight;
      if (roll < 0) return operation;
    }
    return operations[operations.length - 1]![1];
  };

  const started = performance.now();
  await Promise.all(
    Array.from({ length: plan.connections }, async (_, vu) => {
      // Each virtual user acts as one user of the pool (its own when there are enough), so
      // one thread never has two answers running at once.
      const user = plan.users[vu % plan.users.length]!;
      while (Date.now() < deadline) {
        try {
          await pick()(user, vu);
        } catch (error) {
          note(`unexpected: ${(error as Error).message}`);
        }
      }
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;
  client.close();
  const report: LoadReport = { elapsedS, operations: {}, problems };
  for (const [label, { latencies, ...counts }] of [...tallies].sort(([a], [b]) =>
    a.localeCompare(b),
  )) {
    const sorted = latencies.sort((a, b) => a - b);
    report.operations[label] = {
      ...counts,
      p50: Math.round(percentile(sorted, 50)),
      p99: Math.round(percentile(sorted, 99)),
    };
  }
  return report;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const plan = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as LoadPlan;
  const report = await runLoad(plan);
  process.stdout.write(`${JSON.stringify(report)}\n`);
}
