import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/client.ts';
import { DataDirInUseError, lockDataDir } from '../src/data-dir-lock.ts';
import { removeStaleSocketDirs } from '../src/embedded-postgres.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const holder = path.join(here, 'fixtures', 'hold-embedded-database.ts');

describe('[DB][EMBEDDED]: connections take turns on the one PGlite session', () => {
  let database: Database;
  const clients: pg.Client[] = [];
  const client = async () => {
    const c = new pg.Client(database.connection);
    c.on('error', () => undefined);
    await c.connect();
    clients.push(c);
    return c;
  };
  beforeAll(async () => {
    database = await createDatabase({ poolSize: 4 });
    await database.pool.query(
      'create table notes (id serial primary key, owner text not null, body text not null)',
    );
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
    await database.close();
  });

  it('[DB][EMBEDDED]: a transaction runs alone: others wait, and never see or join it', async () => {
    const writer = await client();
    const reader = await client();
    await writer.query('begin');
    await writer.query("insert into notes (owner, body) values ('w', 'draft')");
    // The reader's statement waits for the writer's transaction to end instead of running inside it.
    const read = reader.query('select count(*)::int as n from notes');
    let readDone = false;
    void read.then(() => (readDone = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(readDone).toBe(false);
    await writer.query('rollback');
    expect((await read).rows[0]).toEqual({ n: 0 });
  });

  it('[DB][EMBEDDED]: parameterised statements from many connections get their own answers', async () => {
    const conns = await Promise.all([client(), client(), client(), client()]);
    const answers = await Promise.all(
      conns.map(async (conn, c) => {
        const rows: unknown[] = [];
        for (let i = 0; i < 100; i += 1) {
          rows.push(
            (await conn.query('select $1::text as owner, $2::int as n', [`c${c}`, i])).rows[0],
          );
        }
        return rows;
      }),
    );
    answers.forEach((rows, c) =>
      expect(rows).toEqual(Array.from({ length: 100 }, (_, n) => ({ owner: `c${c}`, n }))),
    );
  });

  it("[DB][EMBEDDED]: one connection's failed statement does not disturb another's", async () => {
    const [bad, good] = [await client(), await client()];
    const [failures, answers] = await Promise.all([
      (async () => {
        let failed = 0;
        for (let i = 0; i < 50; i += 1)
          await bad.query('select 1/0 as broken').catch(() => (failed += 1));
        return failed;
      })(),
      (async () => {
        const rows: unknown[] = [];
        for (let i = 0; i < 50; i += 1)
          rows.push((await good.query('select $1::int as n', [i])).rows[0]);
        return rows;
      })(),
    ]);
    expect(failures).toBe(50);
    expect(answers).toEqual(Array.from({ length: 50 }, (_, n) => ({ n })));
  });

  it('[DB][EMBEDDED]: a connection that vanishes inside a transaction is rolled back and frees the session', async () => {
    const [doomed, other] = [await client(), await client()];
    await doomed.query('begin');
    await doomed.query("insert into notes (owner, body) values ('doomed', 'never stored')");
    const waiting = other.query("select count(*)::int as n from notes where owner = 'doomed'");
    // The socket dies without a word (a crashed client), mid-transaction.
    (
      doomed as unknown as { connection: { stream: { destroy(): void } } }
    ).connection.stream.destroy();
    expect((await waiting).rows[0]).toEqual({ n: 0 });
    expect((await other.query('select 1 as ok')).rows[0]).toEqual({ ok: 1 });
  });
});

describe('[DB][EMBEDDED]: one process per data folder', () => {
  let root: string;
  const children: ChildProcess[] = [];
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'muster-lock-'));
  });
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
    rmSync(root, { recursive: true, force: true });
  });

  function start(folder: string) {
    const child = spawn(process.execPath, ['--import', 'tsx', holder, folder], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const ready = new Promise<{ ready: boolean; code: number | null; err: string }>((resolve) => {
      child.stdout.on('data', () => {
        if (out.includes('ready')) resolve({ ready: true, code: null, err });
      });
      child.on('exit', (code) => resolve({ ready: false, code, err }));
    });
    return { child, ready };
  }

  it('[DB][EMBEDDED]: a second process on the folder exits at once naming the folder and the holder; a killed holder does not block a restart', async () => {
    const folder = path.join(root, 'pglite');
    const first = start(folder);
    expect((await first.ready).ready).toBe(true);
    const pid = first.child.pid!;
    const ownSocketDirs = () =>
      readdirSync(tmpdir()).filter((name) => name.startsWith(`muster-pg-${pid}-`));
    expect(ownSocketDirs()).toHaveLength(1);

    const second = start(folder);
    const refused = await second.ready;
    expect(refused.ready).toBe(false);
    expect(refused.code).toBe(1);
    expect(refused.err.trim().split('\n')).toHaveLength(1);
    expect(refused.err).toContain(folder);
    expect(refused.err).toContain(`pid ${pid}`);

    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    expect(existsSync(`${folder}.lock`)).toBe(true); // left behind by kill -9
    const third = start(folder);
    expect((await third.ready).ready).toBe(true);
    // The dead holder's socket folder was cleared away at the restart.
    expect(ownSocketDirs()).toEqual([]);
    third.child.kill('SIGTERM');
  });

  it("[DB][EMBEDDED]: the lock refuses this process's second open of a folder and is released on close", async () => {
    const folder = path.join(root, 'in-process');
    const first = await createDatabase({ pgliteDir: folder });
    await expect(createDatabase({ pgliteDir: folder })).rejects.toBeInstanceOf(DataDirInUseError);
    await first.close();
    expect(existsSync(`${folder}.lock`)).toBe(false);
    const again = await createDatabase({ pgliteDir: folder });
    await again.close();
  });

  it('[DB][EMBEDDED]: a lock naming a dead process is taken over; one naming a live process is not', () => {
    const folder = path.join(root, 'manual');
    writeFileSync(
      `${folder}.lock`,
      JSON.stringify({ pid: 2 ** 22 + 7, host: 'x', startedAt: 'then' }),
    );
    // Another machine's lock on a shared folder is never taken over.
    expect(() => lockDataDir(folder)).toThrow(DataDirInUseError);
    writeFileSync(
      `${folder}.lock`,
      JSON.stringify({ pid: 2 ** 22 + 7, host: hostname(), startedAt: 'then' }),
    );
    const release = lockDataDir(folder);
    expect(() => lockDataDir(folder)).toThrow(/in use by another Muster process \(pid \d+/);
    release();
    expect(existsSync(`${folder}.lock`)).toBe(false);
  });

  it('[DB][EMBEDDED]: socket folders of dead processes are removed, live ones kept', async () => {
    const scratch = path.join(root, 'tmp');
    mkdirSync(path.join(scratch, `muster-pg-${2 ** 22 + 9}-abc`), { recursive: true });
    mkdirSync(path.join(scratch, `muster-pg-${process.pid}-def`), { recursive: true });
    mkdirSync(path.join(scratch, 'muster-pg-Old123'), { recursive: true });
    const longAgo = new Date(Date.now() - 3_600_000);
    utimesSync(path.join(scratch, 'muster-pg-Old123'), longAgo, longAgo);
    // Just made by a process that has not started listening yet: kept.
    mkdirSync(path.join(scratch, 'muster-pg-New678'), { recursive: true });
    mkdirSync(path.join(scratch, 'unrelated'), { recursive: true });
    // A folder of the older naming whose socket still answers belongs to a live process.
    const live = path.join(scratch, 'muster-pg-Live45');
    mkdirSync(live, { recursive: true });
    const server = createServer().listen(path.join(live, '.s.PGSQL.5432'));
    await new Promise((resolve) => server.once('listening', resolve));
    utimesSync(live, longAgo, longAgo);
    try {
      expect((await removeStaleSocketDirs(scratch)).sort()).toEqual([
        `muster-pg-${2 ** 22 + 9}-abc`,
        'muster-pg-Old123',
      ]);
      expect(readdirSync(scratch).sort()).toEqual(
        [
          'muster-pg-Live45',
          'muster-pg-New678',
          `muster-pg-${process.pid}-def`,
          'unrelated',
        ].sort(),
      );
    } finally {
      server.close();
    }
  });
});
