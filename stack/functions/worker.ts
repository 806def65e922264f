import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { Agent } from 'node:http';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Logger } from '../log.ts';
import type { FunctionDefinition } from './catalog.ts';
import { denoArgs, findDeno } from './deno.ts';

export class WorkerBootError extends Error {}

export interface WorkerOptions {
  definition: FunctionDefinition;
  functionsDir: string;
  socketDir: string;
  env: Record<string, string>;
  /** How long the module may take to load and register its handler. */
  bootTimeoutMs: number;
  log: Logger;
}

let sequence = 0;

/**
 * One long-lived Deno process serving one function on a unix socket: the warm worker that
 * requests are proxied to. It never restarts itself; the pool replaces a dead one.
 */
export class FunctionWorker {
  readonly definition: FunctionDefinition;
  readonly socketPath: string;
  readonly agent: Agent;
  /** Resolves once the handler is registered and listening; rejects with WorkerBootError. */
  readonly ready: Promise<void>;
  private readonly child: ChildProcess;
  private exited = false;
  private readonly exit: Promise<void>;

  constructor(options: WorkerOptions) {
    const { definition, functionsDir, socketDir, env, bootTimeoutMs, log } = options;
    this.definition = definition;
    this.socketPath = path.join(socketDir, `${definition.name}-${++sequence}.sock`);
    this.agent = new Agent({ keepAlive: true });
    const readyMarker = `stack-worker-ready-${randomBytes(12).toString('hex')}`;
    const args = denoArgs({ definition, functionsDir, socketDir, socketPath: this.socketPath, readyMarker });
    this.child = spawn(findDeno(), args, { cwd: definition.dir, env, stdio: ['pipe', 'pipe', 'pipe'] });
    this.exit = new Promise<void>((resolve) => {
      const gone = () => {
        this.exited = true;
        this.agent.destroy();
        rmSync(this.socketPath, { force: true });
        resolve();
      };
      this.child.once('exit', gone);
      this.child.once('error', gone);
    });

    const tag = `[functions:${definition.name}]`;
    let signalReady: () => void = () => {};
    this.ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new WorkerBootError(`${definition.name} did not start within ${bootTimeoutMs} ms`));
        void this.kill();
      }, bootTimeoutMs);
      signalReady = () => {
        clearTimeout(timer);
        resolve();
      };
      this.child.once('error', (e) => {
        clearTimeout(timer);
        reject(new WorkerBootError(`${definition.name}: cannot start deno: ${e.message}`));
      });
      this.child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new WorkerBootError(`${definition.name} exited (${signal ?? code}) before serving`));
      });
    });
    // Callers of ready handle the rejection; this keeps an unobserved boot failure from crashing Node.
    this.ready.catch(() => {});

    const stdout = createInterface({ input: this.child.stdout! });
    stdout.on('line', (line) => {
      if (line === readyMarker) signalReady();
      else if (line !== '') log.info(`${tag} ${line}`);
    });
    createInterface({ input: this.child.stderr! }).on('line', (line) => log.info(`${tag} ${line}`));
  }

  get alive(): boolean {
    return !this.exited;
  }

  /** SIGKILL: a hanging function gets no chance to linger. Resolves when the process is gone. */
  kill(): Promise<void> {
    if (!this.exited) this.child.kill('SIGKILL');
    this.agent.destroy();
    return this.exit;
  }
}
