import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import type { Logger } from '../log.ts';
import type { PgliteDatabase } from './pglite.ts';

/**
 * The stack's PGlite on a Postgres wire-protocol socket, for psql and the supabase CLI.
 *
 * PGlite is ONE session, shared by the stack and every socket client. @electric-sql/pglite-socket
 * locks it per protocol message only, so the stack's requests could run inside a socket client's
 * open transaction (and the other way round). Here a socket client owns the whole session from
 * its first message until the backend reports ReadyForQuery 'idle', by holding the same
 * transaction mutex that PGlite's query(), exec() and transaction() take: the stack's requests
 * wait while a client is inside a transaction, and a client waits while a request runs.
 */

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;
/** A client idle inside a transaction blocks the whole stack; Postgres's idle_in_transaction_session_timeout, fixed. */
const IDLE_IN_TRANSACTION_MS = 60_000;

export interface DbSocket {
  url: string;
  port: number;
  close(): Promise<void>;
}

function simpleQuery(sql: string): Uint8Array {
  const body = Buffer.from(sql + '\0', 'utf8');
  const msg = Buffer.alloc(5 + body.length);
  msg.write('Q', 0, 'latin1');
  msg.writeInt32BE(4 + body.length, 1);
  body.copy(msg, 5);
  return msg;
}

const SYNC = Uint8Array.from([0x53, 0, 0, 0, 4]);

function errorResponse(code: string, message: string): Buffer {
  const fields = Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0\0`, 'utf8');
  const msg = Buffer.alloc(5 + fields.length);
  msg.write('E', 0, 'latin1');
  msg.writeInt32BE(4 + fields.length, 1);
  fields.copy(msg, 5);
  return msg;
}

interface BackendOutput {
  /** What the client receives (the stack's own notifications removed). */
  forward: Buffer;
  /** Status of the last ReadyForQuery: 'I' idle, 'T' in transaction, 'E' failed transaction; null: none sent. */
  ready: string | null;
}

/** Splits one exec's output (always whole messages) into what the client gets and what the stack listens for. */
function splitOutput(db: PgliteDatabase, data: Buffer): BackendOutput {
  const keep: Buffer[] = [];
  let ready: string | null = null;
  let offset = 0;
  while (offset + 5 <= data.length) {
    const type = String.fromCharCode(data[offset]);
    const end = offset + 1 + data.readInt32BE(offset + 1);
    if (end > data.length) break;
    const msg = data.subarray(offset, end);
    if (type === 'Z') ready = String.fromCharCode(msg[5]);
    if (type === 'A') {
      const body = msg.subarray(9);
      const nul = body.indexOf(0);
      const channel = body.subarray(0, nul).toString('utf8');
      const payload = body.subarray(nul + 1, body.indexOf(0, nul + 1)).toString('utf8');
      if (db.isListening(channel)) {
        db.deliverNotification(channel, payload);
        offset = end;
        continue;
      }
    }
    keep.push(msg);
    offset = end;
  }
  if (offset < data.length) keep.push(data.subarray(offset));
  return { forward: Buffer.concat(keep), ready };
}

class SocketSession {
  private input = Buffer.alloc(0);
  private started = false;
  private release: (() => void) | null = null;
  private working: Promise<void> = Promise.resolve();
  private idleTimer: NodeJS.Timeout | null = null;
  closed = false;
  /** The client has run at least one message, so it may own session state (temp tables). */
  used = false;
  /** The client has gone; its clean-up may still be queued. */
  left = false;

  constructor(
    private readonly db: PgliteDatabase,
    private readonly socket: Socket,
    private readonly onClosed: (session: SocketSession) => Promise<void>,
    private readonly othersUsed: (session: SocketSession) => boolean,
    private readonly log: Logger,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      this.input = Buffer.concat([this.input, chunk]);
      this.schedule(() => this.drain());
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.leave());
  }

  /** Messages of one connection run strictly in order. */
  private schedule(step: () => Promise<void>): void {
    this.working = this.working.then(step).catch((e: unknown) => {
      this.log.error('database socket session failed', e);
      this.socket.destroy();
    });
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (this.closed) return;
      if (!this.started) {
        if (this.input.length < 8) return;
        const len = this.input.readInt32BE(0);
        if (this.input.length < len) return;
        const code = this.input.readInt32BE(4);
        const msg = this.input.subarray(0, len);
        this.input = this.input.subarray(len);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          this.socket.write('N');
          continue;
        }
        if (code === CANCEL_REQUEST) {
          // No backend process to signal: PGlite cannot cancel a running statement.
          this.socket.end();
          return;
        }
        if (code !== PROTOCOL_3) {
          this.socket.end(errorResponse('0A000', `unsupported frontend protocol ${code >> 16}.${code & 0xffff}`));
          return;
        }
        this.started = true;
        await this.run(msg);
        continue;
      }
      if (this.input.length < 5) return;
      const len = 1 + this.input.readInt32BE(1);
      if (this.input.length < len) return;
      const msg = this.input.subarray(0, len);
      this.input = this.input.subarray(len);
      if (msg[0] === 0x58 /* 'X' Terminate */) {
        this.socket.end();
        return;
      }
      await this.run(msg);
    }
  }

  private async acquire(): Promise<void> {
    if (this.release) return;
    await new Promise<void>((acquired) => {
      void this.db.pg._runExclusiveTransaction(
        () =>
          new Promise<void>((release) => {
            this.release = release;
            acquired();
          }),
      );
    });
  }

  private releaseSession(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const release = this.release;
    this.release = null;
    release?.();
  }

  private async exec(message: Uint8Array): Promise<Buffer> {
    const chunks: Uint8Array[] = [];
    await this.db.pg.runExclusive(() =>
      this.db.pg.execProtocolRawStream(message, { onRawData: (data) => chunks.push(data.slice()) }),
    );
    return Buffer.concat(chunks);
  }

  private async run(message: Uint8Array): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    await this.acquire();
    this.used = true;
    const { forward, ready } = splitOutput(this.db, await this.exec(message));
    if (forward.length > 0 && this.socket.writable) this.socket.write(forward);
    if (ready === 'I') {
      this.releaseSession();
    } else {
      this.idleTimer = setTimeout(() => {
        this.log.info('database socket: closing a client idle in a transaction for 60 s (it blocks the stack)');
        this.socket.end(errorResponse('25P03', 'terminating connection due to idle-in-transaction timeout'));
      }, IDLE_IN_TRANSACTION_MS);
    }
  }

  /**
   * Decided the moment the client leaves, before a client that connects later has run anything:
   * its temp tables go with it, as a Postgres connection's do (pgTAP's plan() would otherwise find
   * the last test file's), unless another client that has run something may still use them.
   */
  private leave(): void {
    if (this.left) return;
    this.left = true;
    const discardTemp = !this.othersUsed(this);
    this.schedule(() => this.finish(discardTemp));
  }

  /** A client that leaves mid-transaction or with session state must not leak it into the stack's session. */
  private async finish(discardTemp: boolean): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.started) {
      await this.acquire();
      try {
        await this.exec(SYNC);
        const reset = 'rollback; reset role; reset session authorization; reset statement_timeout; reset lock_timeout';
        await this.exec(simpleQuery(discardTemp ? `${reset}; discard temp` : reset));
      } finally {
        this.releaseSession();
      }
    }
    await this.onClosed(this);
  }

  destroy(): Promise<void> {
    this.socket.destroy();
    this.leave();
    return this.working;
  }
}

/** Serve the database on host:port (0: any free port). */
export async function servePgliteSocket(db: PgliteDatabase, host: string, port: number, log: Logger): Promise<DbSocket> {
  const sessions = new Set<SocketSession>();
  const onClosed = async (session: SocketSession) => {
    sessions.delete(session);
    // Named prepared statements and cursors live in the one session: when no socket client is
    // left, drop them, so the next CLI run can prepare the same statement names again.
    if (sessions.size === 0 && !db.pg.closed) await db.exec('deallocate all; close all');
  };
  // A closed session that has not finished yet clears its own state when its turn comes.
  const othersUsed = (session: SocketSession) => [...sessions].some((s) => s !== session && s.used && !s.left);
  const server: Server = createServer((socket) => {
    sessions.add(new SocketSession(db, socket, onClosed, othersUsed, log));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    port: actual,
    url: `postgresql://postgres:postgres@${host}:${actual}/postgres?sslmode=disable`,
    async close() {
      const closing = new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all([...sessions].map((s) => s.destroy()));
      await closing;
    },
  };
}
