import { fork, type ChildProcess, type ForkOptions } from 'node:child_process';

/**
 * A bench's helper process spoken to in turns: one order out, one reply back (the board's and the
 * field's clients, which keep their realtime work off the measuring process's event loop). A reply
 * of type 'error' rejects; `stop` asks it to leave and kills it after 5 s.
 */
export class TurnTakingChild<Order extends { type: string }, Reply extends { type: string; error?: string }> {
  private readonly child: ChildProcess;
  private waiting: ((reply: Reply) => void) | null = null;

  constructor(
    module: string | URL,
    private readonly name: string,
    options: ForkOptions,
  ) {
    this.child = fork(module, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], ...options });
    this.child.on('message', (reply: Reply) => {
      const w = this.waiting;
      this.waiting = null;
      w?.(reply);
    });
  }

  ask(order: Order, limitMs: number): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.name} gave no answer to ${order.type} within ${limitMs} ms`)), limitMs);
      this.waiting = (reply) => {
        clearTimeout(timer);
        if (reply.type === 'error') reject(new Error(reply.error));
        else resolve(reply);
      };
      this.child.send(order);
    });
  }

  async stop(): Promise<void> {
    const gone = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.send({ type: 'stop' });
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5_000);
    await gone;
    clearTimeout(timer);
  }
}
