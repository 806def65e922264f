import { ErrorState } from '../../../ui/ErrorState';
import { Skeleton } from '../../../ui/Skeleton';
import { useT } from '../../../lib/i18n/catalogue';
import { keyedRefusalText } from '../../../lib/refusal-text';
import { useServerWords } from '../../../lib/server-messages/server-words';
import { useRecordLoad } from '../../../lib/use-record-load';
import { useToast } from '../../../ui/toast';
import { fetchUserWebhooks } from '../api';
import { webhookMessages } from '../messages';
import type { WebhookEntry } from '../schema';
import { WebhookCard } from './WebhookCard';

/** The user detail's Webhooks tab: one card per module of the catalogue. */
export function UserWebhooksTab({ userId }: { userId: string }) {
  const t = useT(webhookMessages);
  const toast = useToast();
  const serverWords = useServerWords();
  const message = (error: unknown) => keyedRefusalText(error, serverWords) ?? t('msg.fetchFailed');
  // Keyed by the user: an answer for a user the page has left is dropped.
  const { state, retry, setRecord } = useRecordLoad<WebhookEntry[]>(userId, () => fetchUserWebhooks(userId), {
    onError: (error) => toast.error(message(error)),
  });

  if (state.status === 'loading') {
    return (
      <div role="status" aria-busy="true" aria-label={t('tab.loading')} className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (state.status !== 'ready') return <ErrorState title={t('msg.fetchFailed')} detail={state.status === 'failed' ? message(state.error) : t('msg.fetchFailed')} onRetry={retry} />;
  return (
    <div className="grid items-start gap-4 lg:grid-cols-2">
      {state.record.map((entry) => (
        <WebhookCard
          key={entry.module_id}
          entry={entry}
          onSaved={(saved) => setRecord(state.record.map((e) => (e.module_id === saved.module_id ? saved : e)))}
        />
      ))}
    </div>
  );
}

export default UserWebhooksTab;
