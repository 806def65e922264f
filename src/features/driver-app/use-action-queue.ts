import { useEffect, useMemo, useState } from 'react';
import { sendAction } from './api';
import { idbQueueStore } from './device-store';
import { createActionQueue, type ActionQueue, type QueuedAction } from './offline-queue';

export interface RejectedAction {
  action: QueuedAction;
  message: string;
}

/** The device's action queue for the signed-in driver: sent in order, again on every 'online'. */
export function useActionQueue(userId: string, onApplied: () => void) {
  const [actions, setActions] = useState<readonly QueuedAction[]>([]);
  const [rejected, setRejected] = useState<RejectedAction[]>([]);
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine));

  const queue: ActionQueue = useMemo(
    () =>
      createActionQueue({
        store: idbQueueStore(userId),
        send: sendAction,
        onChange: setActions,
        onSent: () => onApplied(),
        onRejected: (action, error) => {
          setRejected((list) => [...list, { action, message: error instanceof Error ? error.message : String(error) }]);
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

  return {
    queue,
    actions,
    online,
    rejected,
    dismissRejected: (id: string) => setRejected((list) => list.filter((item) => item.action.id !== id)),
  };
}
