import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { API_KEY_MESSAGES } from '../schema';
import { CopyButton } from './CopyButton';

/** The new key, shown this once: Copy, with 'Copied' for a few seconds. Closing forgets it. */
export function GeneratedKeyDialog({ apiKey, onClose }: { apiKey: string | null; onClose: () => void }) {
  return (
    <Dialog open={apiKey !== null} onClose={onClose} title="Your new API key" description="Copy it now and keep it somewhere safe: it will not be shown again." size="lg">
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
          <CopyButton text={apiKey ?? ''} label="Copy" failure={API_KEY_MESSAGES.copyFailed} />
          <Button onClick={onClose}>Done</Button>
        </div>
      </div>
    </Dialog>
  );
}
