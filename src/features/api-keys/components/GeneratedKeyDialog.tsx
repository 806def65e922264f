import { useEffect, useState } from 'react';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { CheckIcon } from '../../../ui/icons';
import { useToast } from '../../../ui/toast';
import { API_KEY_MESSAGES, COPY_CONFIRMATION_MS } from '../schema';

/** The new key, shown this once: Copy, with 'Copied' for a few seconds. Closing forgets it. */
export function GeneratedKeyDialog({ apiKey, onClose }: { apiKey: string | null; onClose: () => void }) {
  const toast = useToast();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    if (!apiKey) return;
    try {
      await navigator.clipboard.writeText(apiKey);
      setCopied(true);
    } catch {
      toast.error(API_KEY_MESSAGES.copyFailed);
    }
  };

  const close = () => {
    setCopied(false);
    onClose();
  };

  return (
    <Dialog open={apiKey !== null} onClose={close} title="Your new API key" description="Copy it now and keep it somewhere safe: it will not be shown again." size="lg">
      <div className="space-y-4 pb-5">
        <label className="block text-sm font-medium">
          API key
          <input
            readOnly
            value={apiKey ?? ''}
            onFocus={(event) => event.currentTarget.select()}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm dark:border-slate-600 dark:bg-slate-800"
          />
        </label>
        <div className="flex items-center justify-end gap-3">
          <span role="status" aria-live="polite" className="flex items-center gap-1 text-sm text-green-700 dark:text-green-400">
            {copied && (
              <>
                <CheckIcon className="size-4" /> Copied
              </>
            )}
          </span>
          <Button variant="secondary" onClick={() => void copy()}>
            Copy
          </Button>
          <Button onClick={close}>Done</Button>
        </div>
      </div>
    </Dialog>
  );
}
