import { fork, type ChildProcess } from 'node:child_process';
import type { ClosedLoopOptions, LoopWindow } from './closed-loop.ts';
import type { LoadOrder, LoadReply, LoadTarget } from './load-client.ts';

const LOAD_CLIENT = new URL('./load-client.ts', import.meta.url);

export interface ClientWindow {
  window: LoopWindow;
  /** CPU time of the load client process over the window's measured part. */
  clientCpuMs: number;
}

/**
 * A load client process (load-client.ts) sending the benchmarked select to the stack with one kind
 * of client (supabase-js, or its request replayed over node:http). On a 2-core machine the client
 * process, the stack and Postgres share the cores, as they do on a developer's laptop; the figure is
 * the stack's throughput there, not a server's. It stays up between windows, idle (and so costing
 * nothing) while other paths are measured, so that windows of several paths can be interleaved.
 */
export class LoadClientProcess {
  private readonly child: ChildProcess;
  private exited: Error | null = null;
  private onExit: ((e: Error) => void) | null = null;

  constructor(private readonly target: LoadTarget) {
    this.child = fork(LOAD_CLIENT, [], {
      execArgv: ['--import', import.meta.resolve('tsx')],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const gone = (e: Error) => {
      this.exited ??= e;
      this.onExit?.(e);
    };
    this.child.once('exit', (code) => gone(new Error(`load client exited with code ${code} before answering`)));
    this.child.once('error', gone);
  }

  /**
   * One window of the closed loop. `onWindowStart` runs when the child's measured part opens (its
   * warm-up is over), so the caller can sample CPU over the same window.
   */
  run(opts: ClosedLoopOptions, onWindowStart: () => void = () => {}): Promise<ClientWindow> {
    if (this.exited) return Promise.reject(this.exited);
    // Generous: warm-up and measurement, plus the child's start-up and requests still in flight.
    const limitMs = opts.warmupMs + opts.durationMs + 30_000;
    return new Promise<ClientWindow>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        this.child.off('message', onMessage);
        this.onExit = null;
      };
      const timer = setTimeout(() => {
        done();
        this.child.kill();
        reject(new Error(`load client gave no answer within ${limitMs} ms`));
      }, limitMs);
      const onMessage = (reply: LoadReply) => {
        if ('started' in reply) {
          onWindowStart();
          return;
        }
        done();
        if (reply.ok) resolve({ window: reply.window, clientCpuMs: reply.clientCpuMs });
        else reject(new Error(`load client failed: ${reply.error}`));
      };
      this.onExit = (e) => {
        done();
        reject(e);
      };
      this.child.on('message', onMessage);
      this.child.send({ run: { ...this.target, ...opts } } satisfies LoadOrder);
    });
  }

  close(): void {
    if (this.exited || !this.child.connected) return;
    this.child.send({ exit: true } satisfies LoadOrder);
  }
}
