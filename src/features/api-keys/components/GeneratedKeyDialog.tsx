import { useT } from '../../../lib/i18n/catalogue';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { apiKeyMessages } from '../messages';
import { CopyButton } from './CopyButton';

/** The new key, shown this once: Copy, with 'Copied' for a few seconds. Closing forgets it. */
export function GeneratedKeyDialog({ apiKey, onClose }: { apiKey: string | null; onClose: () => void }) {
  const t = useT(apiKeyMessages);
  return (
    <Dialog open={apiKey !== null} onClose={onClose} title={t('generated.title')} description={t('generated.description')} size="lg">
      <div className="space-y-4 pb-5">
        <label className="block text-sm font-medium">
          {t('generated.key')}
          <input
            readOnly
            value={apiKey ?? ''}
            onFocus={(event) => event.currentTarget.select()}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm dark:border-slate-600 dark:bg-slate-800"
          />
        </label>
        <div className="flex items-center justify-end gap-3">
          <CopyButton text={apiKey ?? ''} label={t('copy.copy')} failure={t('message.copyFailed')} />
          <Button onClick={onClose}>{t('generated.done')}</Button>
        </div>
      </div>
    </Dialog>
  );
}
