import { useEffect, useMemo, useState } from 'react';
import { sendAction } from './api';
import { idbQueueStore } from './device-store';
import type { ServerFieldError } from '../../lib/server-errors';
import { createActionQueue, SendError, type ActionQueue, type QueuedAction } from './offline-queue';

export interface RejectedAction {
  action: QueuedAction;
  /** The server's English (or the error's text). */
  message: string;
  /** The database's keyed problems, when it gave any: the page words them in the driver's language. */
  details: ServerFieldError[];
}

/** An action the server applied, and the latest read of the work started before it did. */
export interface AppliedAction {
  action: QueuedAction;
  afterRead: number;
}

/**
 * The device's action queue for the signed-in driver: sent in order, again on every 'online'.
 * An applied action stays in `applied` until the work shown was read after it (`readGeneration` is
 * past its `afterRead`): until then the screen overlays it, so a card does not flick back a step.
 */
export function useActionQueue(userId: string, onApplied: () => void, latestRead: () => number, readGeneration: number) {
  const [actions, setActions] = useState<readonly QueuedAction[]>([]);
  const [applied, setApplied] = useState<readonly AppliedAction[]>([]);
  const [rejected, setRejected] = useState<RejectedAction[]>([]);
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine));

  const queue: ActionQueue = useMemo(
    () =>
      createActionQueue({
        store: idbQueueStore(userId),
        send: sendAction,
        onChange: setActions,
        onSent: (action) => {
          setApplied((list) => [...list, { action, afterRead: latestRead() }]);
          onApplied();
        },
        onRejected: (action, error) => {
          setRejected((list) => [...list, { action, message: error instanceof Error ? error.message : String(error), details: error instanceof SendError ? error.details : [] }]);
          onApplied();
        },
      }),
    // onApplied is read through the latest closure below; the queue lives as long as the user.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [userId],
  );

  useEffect(() => {
    void queue.start();
    const goOnline = () => {
      setOnline(true);
      void queue.flush();
    };
    const goOffline = () => setOnline(false);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    return () => {
      queue.stop();
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
    };
  }, [queue]);

  // Forget what every shown read already has, once per new read (React's "adjust state when a prop changes").
  const [prunedAt, setPrunedAt] = useState(readGeneration);
  if (prunedAt !== readGeneration) {
    setPrunedAt(readGeneration);
    setApplied((list) => list.filter((item) => item.afterRead >= readGeneration));
  }
  const stillApplied = useMemo(() => applied.filter((item) => item.afterRead >= readGeneration).map((item) => item.action), [applied, readGeneration]);

  return {
    queue,
    actions,
    applied: stillApplied,
    online,
    rejected,
    dismissRejected: (id: string) => setRejected((list) => list.filter((item) => item.action.id !== id)),
  };
}
