import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n/catalogue';
import { Button } from '../../../ui/Button';
import { CheckIcon } from '../../../ui/icons';
import { useToast } from '../../../ui/toast';
import { apiKeyMessages } from '../messages';
import { COPY_CONFIRMATION_MS } from '../schema';

/** Copies `text`, then says 'Copied' for the copy confirmation's few seconds; a refused copy is a toast. */
export function CopyButton({ text, label, failure }: { text: string; label: string; failure: string }) {
  const toast = useToast();
  const t = useT(apiKeyMessages);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      toast.error(failure);
    }
  };

  return (
    <span className="flex items-center gap-2">
      <span role="status" aria-live="polite" className="flex items-center gap-1 text-sm text-green-700 dark:text-green-400">
        {copied && (
          <>
            <CheckIcon className="size-4" /> {t('copy.copied')}
          </>
        )}
      </span>
      <Button variant="secondary" aria-label={label} onClick={() => void copy()}>
        {t('copy.copy')}
      </Button>
    </span>
  );
}
