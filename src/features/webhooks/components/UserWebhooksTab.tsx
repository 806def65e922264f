import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { ErrorState } from '../../../ui/ErrorState';
import { Skeleton } from '../../../ui/Skeleton';
import { useT } from '../../../lib/i18n/catalogue';
import { useToast } from '../../../ui/toast';
import { fetchUserWebhooks } from '../api';
import { webhookMessages } from '../messages';
import type { WebhookEntry } from '../schema';
import { WebhookCard } from './WebhookCard';

type Load = { status: 'loading' } | { status: 'ready'; entries: WebhookEntry[] } | { status: 'failed'; message: string };

/** The user detail's Webhooks tab: one card per module of the catalogue. */
export function UserWebhooksTab({ userId }: { userId: string }) {
  const t = useT(webhookMessages);
  const toast = useToast();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => {
    setLoad({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  // The words of the page's language at the time of the failure, without refetching when it changes.
  const failed = useEffectEvent((error: unknown) => {
    const message = error instanceof Error && error.message ? error.message : t('msg.fetchFailed');
    setLoad({ status: 'failed', message });
    toast.error(message);
  });

  useEffect(() => {
    let current = true;
    fetchUserWebhooks(userId).then(
      (entries) => current && setLoad({ status: 'ready', entries }),
      (error: unknown) => current && failed(error),
    );
    return () => {
      current = false;
    };
  }, [userId, attempt]);

  if (load.status === 'loading') {
    return (
      <div role="status" aria-busy="true" aria-label={t('tab.loading')} className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (load.status === 'failed') return <ErrorState title={t('msg.fetchFailed')} detail={load.message} onRetry={retry} />;
  return (
    <div className="grid items-start gap-4 lg:grid-cols-2">
      {load.entries.map((entry) => (
        <WebhookCard
          key={entry.module_id}
          entry={entry}
          onSaved={(saved) => setLoad((state) => (state.status === 'ready' ? { status: 'ready', entries: state.entries.map((e) => (e.module_id === saved.module_id ? saved : e)) } : state))}
        />
      ))}
    </div>
  );
}

export default UserWebhooksTab;
