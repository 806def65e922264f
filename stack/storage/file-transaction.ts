import type { Logger } from '../log.ts';

/**
 * Keeps the files in step with the transaction that changes their rows: what a step writes is
 * undone if the transaction rolls back, and what must only happen once the rows are gone for good
 * (deleting replaced or removed files) runs after commit.
 */
export interface FileSteps {
  onRollback(undo: () => Promise<void>): void;
  afterCommit(step: () => Promise<void>): void;
}

export async function withFileSteps<T>(log: Logger, run: (steps: FileSteps) => Promise<T>): Promise<T> {
  const undo: Array<() => Promise<void>> = [];
  const after: Array<() => Promise<void>> = [];
  let result: T;
  try {
    result = await run({ onRollback: (f) => undo.push(f), afterCommit: (f) => after.push(f) });
  } catch (e) {
    for (const f of undo.reverse()) await f().catch((err: unknown) => log.error('storage: undoing a file step failed', err));
    throw e;
  }
  for (const f of after) await f().catch((err: unknown) => log.error('storage: removing a replaced file failed', err));
  return result;
}
