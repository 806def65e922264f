import { useEffect, useState } from 'react';
import { Button } from '../../../ui/Button';
import { useT } from '../../../lib/i18n/catalogue';
import { driverMessages } from '../messages';

/**
 * The completion is held on the phone for 10 s: Undo takes it back before anything is sent, Send now
 * skips the wait. The countdown is announced politely once, then shown.
 */
export function UndoBar({ code, status, sendAt, onUndo, onSendNow }: { code: string; status: string; sendAt: number; onUndo: () => void; onSendNow: () => void }) {
  const t = useT(driverMessages);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.ceil((sendAt - now) / 1000));
  return (
    <div role="status" data-testid="undo-bar" className="fixed inset-x-3 bottom-3 z-40 mx-auto flex max-w-lg items-center justify-between gap-3 rounded-2xl bg-slate-900 p-3 pl-4 text-white shadow-2xl dark:bg-slate-100 dark:text-slate-900">
      <p className="text-sm">
        {t.rich('undo.marked', { code, status: status === 'delivered' ? 'delivered' : 'failed', seconds: String(seconds), secs: (chunks) => <span data-testid="undo-seconds">{chunks}</span> })}
      </p>
      <div className="flex shrink-0 gap-2">
        <button type="button" onClick={onSendNow} className="rounded-lg px-3 py-2 text-sm font-medium underline-offset-2 hover:underline">
          {t('undo.sendNow')}
        </button>
        <Button onClick={onUndo} className="px-4 py-2">
          {t('undo.undo')}
        </Button>
      </div>
    </div>
  );
}
