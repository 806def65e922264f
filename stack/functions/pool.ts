import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from '../log.ts';
import type { FunctionDefinition } from './catalog.ts';
import { FunctionWorker } from './worker.ts';

export interface PoolOptions {
  functionsDir: string;
  bootTimeoutMs: number;
  /** The environment of a new worker, computed when it starts (the stack's URL is known by then). */
  env(): Record<string, string>;
  log: Logger;
}

/** One warm worker per function, started on its first call and replaced when it dies. */
export class WorkerPool {
  private readonly workers = new Map<string, FunctionWorker>();
  private socketDir: string | undefined;
  private closed = false;

  constructor(private readonly options: PoolOptions) {}

  /** The live worker of a function, if one is running or starting. */
  current(name: string): FunctionWorker | undefined {
    const worker = this.workers.get(name);
    return worker?.alive ? worker : undefined;
  }

  /** A worker ready to serve `definition`; throws WorkerBootError when the module fails to load. */
  async acquire(definition: FunctionDefinition): Promise<FunctionWorker> {
    if (this.closed) throw new Error('the functions service is closed');
    let worker = this.current(definition.name);
    if (!worker) {
      // Unix socket paths are limited to ~100 bytes: keep them in a short private temp dir.
      this.socketDir ??= mkdtempSync(path.join(os.tmpdir(), 'stack-fn-'));
      worker = new FunctionWorker({
        definition,
        functionsDir: this.options.functionsDir,
        socketDir: this.socketDir,
        env: this.options.env(),
        bootTimeoutMs: this.options.bootTimeoutMs,
        log: this.options.log,
      });
      this.workers.set(definition.name, worker);
    }
    try {
      await worker.ready;
    } catch (e) {
      await this.retire(worker);
      throw e;
    }
    return worker;
  }

  /** Stops a worker; its function gets a fresh one on the next call. */
  retire(worker: FunctionWorker): Promise<void> {
    if (this.workers.get(worker.definition.name) === worker) this.workers.delete(worker.definition.name);
    return worker.kill();
  }

  /** Stops every worker (files changed, or all of them must pick up new secrets). */
  async retireAll(names?: Iterable<string>): Promise<void> {
    const chosen = names ? [...names] : [...this.workers.keys()];
    await Promise.all(chosen.map((name) => this.workers.get(name)).filter((w) => w !== undefined).map((w) => this.retire(w)));
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.retireAll();
    if (this.socketDir) rmSync(this.socketDir, { recursive: true, force: true });
  }
}
