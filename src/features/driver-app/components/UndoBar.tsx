import { useEffect, useState } from 'react';
import { Button } from '../../../ui/Button';

/**
 * The completion is held on the phone for 10 s: Undo takes it back before anything is sent, Send now
 * skips the wait. The countdown is announced politely once, then shown.
 */
export function UndoBar({ code, status, sendAt, onUndo, onSendNow }: { code: string; status: string; sendAt: number; onUndo: () => void; onSendNow: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.ceil((sendAt - now) / 1000));
  return (
    <div role="status" data-testid="undo-bar" className="fixed inset-x-3 bottom-3 z-40 mx-auto flex max-w-lg items-center justify-between gap-3 rounded-2xl bg-slate-900 p-3 pl-4 text-white shadow-2xl dark:bg-slate-100 dark:text-slate-900">
      <p className="text-sm">
        {code} marked {status === 'delivered' ? 'delivered' : 'failed'}. Sending in <span data-testid="undo-seconds">{seconds}</span> s
      </p>
      <div className="flex shrink-0 gap-2">
        <button type="button" onClick={onSendNow} className="rounded-lg px-3 py-2 text-sm font-medium underline-offset-2 hover:underline">
          Send now
        </button>
        <Button onClick={onUndo} className="px-4 py-2">
          Undo
        </Button>
      </div>
    </div>
  );
}
