import { createServer, type Server, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

/**
 * A PostgreSQL wire-protocol server for one in-process PGlite instance.
 *
 * PGlite is a single database session. Many client connections (our pool, pg-boss, the auth
 * library) share it, so they must take turns in units the protocol can survive: a connection
 * keeps the session from its first message until PGlite answers ReadyForQuery with status idle
 * ('I'). That covers a whole extended-protocol exchange (Parse … Sync, whose unnamed statement
 * and portal would otherwise be overwritten by another connection) and a whole transaction
 * (BEGIN … COMMIT), during which nobody else's statement may run. Each answer is written to the
 * connection whose message produced it, and nowhere else.
 *
 * A connection that goes away mid-exchange or mid-transaction is cleaned up (Sync, then ROLLBACK)
 * before the next one gets the session. A connection that sits idle inside a transaction longer
 * than `idleInTransactionMs` while others wait is closed the same way, as PostgreSQL's
 * idle_in_transaction_session_timeout would, so one stuck client cannot freeze everyone.
 */
export type PgliteWireServerOptions = {
  pglite: PGlite;
  /** Unix socket path (`…/.s.PGSQL.<port>`). */
  path: string;
  maxConnections: number;
  idleInTransactionMs?: number;
};

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const TERMINATE = 0x58; // 'X'
const READY_FOR_QUERY = 0x5a; // 'Z'
const IDLE = 0x49; // 'I'
const SYNC_MESSAGE = Buffer.from([0x53, 0, 0, 0, 4]);
const DEFAULT_IDLE_IN_TRANSACTION_MS = 60_000;

function simpleQuery(sql: string): Uint8Array {
  const text = Buffer.from(`${sql}\0`, 'utf8');
  const message = Buffer.alloc(5 + text.length);
  message[0] = 0x51; // 'Q'
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return message;
}

function errorResponse(message: string): Buffer {
  const fields = Buffer.from(`SFATAL\0C53300\0M${message}\0\0`, 'utf8');
  const out = Buffer.alloc(5 + fields.length);
  out[0] = 0x45; // 'E'
  out.writeInt32BE(4 + fields.length, 1);
  fields.copy(out, 5);
  return out;
}

/** Grants the PGlite session to one connection at a time, first come first served. */
class SessionLock {
  owner: WireConnection | null = null;
  private readonly waiting: { connection: WireConnection; grant: () => void }[] = [];

  acquire(connection: WireConnection): Promise<void> {
    if (this.owner === connection) return Promise.resolve();
    if (!this.owner) {
      this.owner = connection;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push({ connection, grant: resolve }));
  }

  release(connection: WireConnection) {
    if (this.owner !== connection) {
      const index = this.waiting.findIndex((w) => w.connection === connection);
      if (index >= 0) this.waiting.splice(index, 1);
      return;
    }
    const next = this.waiting.shift();
    this.owner = next?.connection ?? null;
    next?.grant();
  }

  get hasWaiters(): boolean {
    return this.waiting.length > 0;
  }
}

class WireConnection {
  private buffer: Buffer = Buffer.alloc(0);
  private readonly messages: Buffer[] = [];
  private started = false;
  private pumping = false;
  private closed = false;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly socket: Socket,
    private readonly server: PgliteWireServer,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', () => void this.close());
    socket.on('close', () => void this.close());
  }

  private receive(chunk: Buffer) {
    if (this.closed) return;
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    for (;;) {
      if (!this.started) {
        if (this.buffer.length < 8) break;
        const length = this.buffer.readInt32BE(0);
        if (length < 8 || length > 10_000) return void this.close();
        if (this.buffer.length < length) break;
        const code = this.buffer.readInt32BE(4);
        const message = this.buffer.subarray(0, length);
        this.buffer = this.buffer.subarray(length);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          this.socket.write('N');
          continue;
        }
        // PGlite has no backend to interrupt: a cancel request is dropped, as its connection is.
        if (code === CANCEL_REQUEST) return void this.close();
        this.started = true;
        this.messages.push(Buffer.from(message));
        continue;
      }
      if (this.buffer.length < 5) break;
      const length = 1 + this.buffer.readInt32BE(1);
      if (length < 5) return void this.close();
      if (this.buffer.length < length) break;
      this.messages.push(Buffer.from(this.buffer.subarray(0, length)));
      this.buffer = this.buffer.subarray(length);
    }
    void this.pump();
  }

  private async pump() {
    if (this.pumping) return;
    this.pumping = true;
    const { lock, pglite } = this.server;
    try {
      while (this.messages.length && !this.closed) {
        this.clearIdleTimer();
        await lock.acquire(this);
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- close() can run while the lock is awaited
        if (this.closed) break;
        const message = this.messages.shift()!;
        if (message[0] === TERMINATE && this.started) {
          await this.close();
          break;
        }
        const tail = Buffer.alloc(6);
        let tailLength = 0;
        await pglite.runExclusive(() =>
          pglite.execProtocolRawStream(message, {
            onRawData: (data) => {
              if (!this.closed && data.length) this.socket.write(Buffer.from(data));
              // Keep the last six bytes seen: a ReadyForQuery message is exactly six.
              if (data.length >= 6) {
                Buffer.from(data.buffer, data.byteOffset + data.length - 6, 6).copy(tail);
                tailLength = 6;
              } else {
                const kept = Buffer.concat([tail.subarray(0, tailLength), data]).subarray(-6);
                kept.copy(tail);
                tailLength = kept.length;
              }
            },
          }),
        );
        const idle =
          tailLength === 6 &&
          tail[0] === READY_FOR_QUERY &&
          tail.readInt32BE(1) === 5 &&
          tail[5] === IDLE;
        if (idle) lock.release(this);
        else if (!this.messages.length && tail[0] === READY_FOR_QUERY) this.startIdleTimer();
      }
    } catch (error) {
      if (!this.closed)
        this.socket.write(errorResponse(`embedded database: ${(error as Error).message}`));
      await this.close();
    } finally {
      this.pumping = false;
    }
  }

  /** Inside a transaction with nothing more to say: others may be waiting on us. */
  private startIdleTimer() {
    this.clearIdleTimer();
    this.idleTimer = setTimeout(() => {
      if (this.server.lock.owner === this && this.server.lock.hasWaiters) {
        if (!this.closed) {
          this.socket.write(
            errorResponse('terminating connection due to idle-in-transaction timeout'),
          );
        }
        void this.close();
      } else if (this.server.lock.owner === this) {
        this.startIdleTimer();
      }
    }, this.server.idleInTransactionMs);
    this.idleTimer.unref();
  }

  private clearIdleTimer() {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
  }

  async close() {
    if (this.closed) return;
    this.closed = true;
    this.clearIdleTimer();
    this.messages.length = 0;
    this.socket.destroy();
    this.server.connections.delete(this);
    const { lock, pglite } = this.server;
    if (lock.owner !== this) {
      lock.release(this);
      return;
    }
    // Leave the session as a fresh connection would find it: no half-done exchange, no open
    // transaction. What PGlite answers here goes nowhere.
    try {
      if (!pglite.closed) {
        await pglite.runExclusive(async () => {
          await pglite.execProtocolRawStream(SYNC_MESSAGE, { onRawData: () => undefined });
          if (pglite.isInTransaction()) {
            await pglite.execProtocolRawStream(simpleQuery('ROLLBACK'), {
              onRawData: () => undefined,
            });
          }
        });
      }
    } catch {
      // The database is closing or broken; the next user of the session will see that itself.
    } finally {
      lock.release(this);
    }
  }
}

export class PgliteWireServer {
  readonly lock = new SessionLock();
  readonly connections = new Set<WireConnection>();
  readonly pglite: PGlite;
  readonly idleInTransactionMs: number;
  private readonly server: Server;

  constructor(private readonly options: PgliteWireServerOptions) {
    this.pglite = options.pglite;
    this.idleInTransactionMs = options.idleInTransactionMs ?? DEFAULT_IDLE_IN_TRANSACTION_MS;
    this.server = createServer((socket) => {
      if (this.connections.size >= this.options.maxConnections) {
        socket.end(errorResponse('sorry, too many clients already'));
        return;
      }
      this.connections.add(new WireConnection(socket, this));
    });
  }

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.options.path, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
  }

  async stop(): Promise<void> {
    await Promise.all([...this.connections].map((connection) => connection.close()));
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
