import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERR } from '@muster/contract/errors';
import { defineJob, PermanentJobError } from '@muster/db/jobs';
import { superviseJobs, type JobDefinitions } from '#src/jobs/registry.ts';
import { scopedLogger } from '#src/lib/logger.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function probes(app: FastifyInstance) {
  const log = scopedLogger(app.log);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/__probe/validate',
    { schema: { body: z.object({ age: z.number().int().min(18) }) } },
    async () => ({ ok: true }),
  );
  typed.get('/__probe/crash', async (request) => {
    request.log.info('about to fail');
    // Code without the request at hand (the auth library's messages) logs through this.
    log.warn({}, 'logged without the request');
    throw new Error('probe failure');
  });
}

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ captureLogs: true, beforeReady: probes });
});
afterAll(async () => app.close());

type LogLine = { reqId?: string; msg?: string };

/** Sends one request and returns its answer and the log lines written while serving it. */
async function serve(options: InjectOptions) {
  const before = app.logLines.length;
  const response = await app.inject(options);
  const lines = app.logLines.slice(before).map((line) => JSON.parse(line) as LogLine);
  return { response, lines };
}

describe('[REQUEST-IDS]: every answer and log line names its request', () => {
  for (const [name, request, status, code] of [
    ['unknown path', { method: 'GET' as const, url: '/no/such/thing' }, 404, ERR.NOT_FOUND],
    [
      'validation error',
      { method: 'POST' as const, url: '/__probe/validate', payload: { age: 3 } },
      400,
      ERR.INVALID_INPUT,
    ],
    ['unexpected error', { method: 'GET' as const, url: '/__probe/crash' }, 500, ERR.INTERNAL],
  ] as const) {
    it(`[REQUEST-IDS]: ${name} → the body's request_id is the x-request-id header and every log line's id`, async () => {
      const { response, lines } = await serve(request);
      expect(response.statusCode).toBe(status);
      const id = response.headers['x-request-id'];
      expect(id).toMatch(UUID);
      expect(response.json()).toMatchObject({ code, request_id: id });
      expect(lines.length).toBeGreaterThanOrEqual(2);
      for (const line of lines) expect(line.reqId, line.msg).toBe(id);
    });
  }

  it('[REQUEST-IDS]: code without the request logs with its id too', async () => {
    const { response, lines } = await serve({ method: 'GET', url: '/__probe/crash' });
    const line = lines.find((entry) => entry.msg === 'logged without the request');
    expect(line?.reqId).toBe(response.headers['x-request-id']);
  });

  it('[REQUEST-IDS]: successful answers carry the header; two requests get different ids', async () => {
    const first = await app.inject({ method: 'GET', url: '/health' });
    const second = await app.inject({ method: 'GET', url: '/health' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it('[REQUEST-IDS]: an incoming x-request-id is ignored', async () => {
    const { response, lines } = await serve({
      method: 'GET',
      url: '/no/such/thing',
      headers: { 'x-request-id': 'chosen-by-the-client' },
    });
    const id = response.headers['x-request-id'];
    expect(id).toMatch(UUID);
    expect(response.json()).toMatchObject({ request_id: id });
    expect(JSON.stringify(lines)).not.toContain('chosen-by-the-client');
  });

  it('[REQUEST-IDS]: a router failure (address too long) also names its request', async () => {
    const response = await app.inject({ method: 'GET', url: `/storage/local/${'q'.repeat(1100)}` });
    expect(response.statusCode).toBe(414);
    expect(response.headers['x-request-id']).toMatch(UUID);
    expect(response.json()).toMatchObject({ request_id: response.headers['x-request-id'] });
  });

  it('[REQUEST-IDS]: the app may read the header across origins', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/health',
      headers: { origin: 'http://localhost:3000' },
    });
    expect(response.headers['access-control-expose-headers']).toContain('x-request-id');
  });
});

describe('[REQUEST-IDS]: jobs log with their job id and report only their last failure', () => {
  it('[REQUEST-IDS]: a job handler logs with the job id; only the last attempt is reported', async () => {
    const lines: string[] = [];
    const logger = pino(
      {},
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          lines.push(chunk.toString('utf8'));
          callback();
        },
      }),
    );
    const log = scopedLogger(logger);
    const job = defineJob({
      name: 'probe.fail-job',
      payloadSchema: z.object({}),
      retry: { limit: 2, delaySeconds: 1 },
      handler: async ({ attempt }) => {
        log.warn({}, 'inside the job');
        if (attempt === 1) throw new PermanentJobError('gave up');
        throw new Error('failed');
      },
    });
    const reports: { job: string; job_id: string }[] = [];
    superviseJobs({ job } as unknown as JobDefinitions, {
      log: logger,
      report: (_error, tags) => reports.push(tags),
    });
    const context = (attempt: number) => ({
      payload: {},
      jobId: `job-${attempt}`,
      attempt,
      signal: new AbortController().signal,
      db: app.database.db,
      progress: async () => undefined,
    });
    await expect(job.handler(context(0))).rejects.toThrow('failed');
    expect(reports).toEqual([]);
    await expect(job.handler(context(1))).rejects.toThrow('gave up');
    await expect(job.handler(context(2))).rejects.toThrow('failed');
    expect(reports).toEqual([
      { job: 'probe.fail-job', job_id: 'job-1' },
      { job: 'probe.fail-job', job_id: 'job-2' },
    ]);
    const logged = lines.map((line) => JSON.parse(line) as { jobId?: string; job?: string });
    expect(logged.map((line) => line.jobId)).toEqual(['job-0', 'job-1', 'job-2']);
    expect(logged.every((line) => line.job === 'probe.fail-job')).toBe(true);
  });
});
