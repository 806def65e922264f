import { fork, type ChildProcess } from 'node:child_process';
import type { CensoredSummary, ClockCalibration, LoadOrder, LoadReply, SetupOrder } from './messages.ts';

const LOAD_CLIENT = new URL('./load-client.ts', import.meta.url);

export interface Ready {
  subscribed: number;
  failed: number;
  firstError: string | null;
  joinMs: number;
  clock: ClockCalibration;
}

/**
 * The parent's handle on the load client process (load-client.ts): one order at a time, each
 * answered within a time limit, so a stuck child never stalls the bench.
 */
export class Subscribers {
  private readonly child: ChildProcess;
  private waiting: { resolve: (r: LoadReply) => void; reject: (e: Error) => void } | null = null;
  private exited = false;

  private constructor() {
    this.child = fork(LOAD_CLIENT, [], {
      execArgv: ['--import', import.meta.resolve('tsx')],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child.on('message', (reply: LoadReply) => {
      const w = this.waiting;
      this.waiting = null;
      w?.resolve(reply);
    });
    this.child.once('exit', (code) => {
      this.exited = true;
      const w = this.waiting;
      this.waiting = null;
      w?.reject(new Error(`load client exited with code ${code}`));
    });
  }

  private ask(order: LoadOrder, limitMs: number): Promise<LoadReply> {
    if (this.exited) return Promise.reject(new Error('load client is gone'));
    return new Promise<LoadReply>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = null;
        reject(new Error(`load client gave no answer to ${order.type} within ${limitMs} ms`));
      }, limitMs);
      this.waiting = {
        resolve: (r) => {
          clearTimeout(timer);
          if (r.type === 'error') reject(new Error(`load client: ${r.error}`));
          else resolve(r);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      };
      this.child.send(order);
    });
  }

  /** Starts the process and subscribes every client; resolves once all have joined (or failed to). */
  static async start(order: Omit<SetupOrder, 'type'>): Promise<{ subscribers: Subscribers; ready: Ready }> {
    const s = new Subscribers();
    try {
      const reply = await s.ask({ type: 'setup', ...order }, order.joinTimeoutMs + 20_000);
      if (reply.type !== 'ready') throw new Error(`unexpected reply ${reply.type}`);
      const { type: _type, ...ready } = reply;
      return { subscribers: s, ready };
    } catch (e) {
      await s.stop();
      throw e;
    }
  }

  /** Latencies of one run, once all `expected` messages arrived or `waitMs` passed, and the client's CPU ms since the last collect. */
  async collect(run: string, expected: number, waitMs: number): Promise<{ summary: CensoredSummary; cpuMs: number }> {
    const reply = await this.ask({ type: 'collect', run, expected, waitMs }, waitMs + 15_000);
    if (reply.type !== 'collected') throw new Error(`unexpected reply ${reply.type}`);
    return { summary: reply.summary, cpuMs: reply.cpuMs };
  }

  /** Closes every socket and ends the process (killed if it does not exit within 5 s). */
  async stop(): Promise<void> {
    if (this.exited) return;
    const gone = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    try {
      this.child.send({ type: 'stop' } satisfies LoadOrder);
    } catch {
      this.child.kill();
    }
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5_000);
    await gone;
    clearTimeout(timer);
  }
}
