import { useCallback, useState } from 'react';
import { formatDateTime } from '../../../lib/format-date';
import { Button } from '../../../ui/Button';
import { webhookDeliveryStatus } from '../../../data/statuses';
import { StatusChip } from '../../../ui/Chip';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { Skeleton } from '../../../ui/Skeleton';
import { useT } from '../../../lib/i18n/catalogue';
import { keyedRefusalText } from '../../../lib/refusal-text';
import { useServerWords } from '../../../lib/server-messages/server-words';
import { useRecordLoad } from '../../../lib/use-record-load';
import { useToast } from '../../../ui/toast';
import { fetchDeliveryLog, replayDelivery } from '../api';
import { webhookMessages } from '../messages';
import type { WebhookDelivery } from '../schema';

/** The receiver's answer as the log shows it: its status code, or why there was none. */
function answerOf(code: number | null, error: string | null): string {
  if (code !== null) return String(code);
  return error ?? '—';
}

/**
 * A subscription's delivery log: its recent events, newest first, each with its status, the last
 * answer, and its attempts; Replay queues an event again with the same webhook-id.
 */
export function WebhookDeliveryLog({ subscriptionId }: { subscriptionId: string }) {
  const t = useT(webhookMessages);
  const toast = useToast();
  const serverWords = useServerWords();
  const [reloads, setReloads] = useState(0);
  const [replaying, setReplaying] = useState<string | null>(null);
  const reload = useCallback(() => setReloads((n) => n + 1), []);
  // Keyed by the subscription and the reload: the list shown stays until the new answer, and an older answer is dropped.
  const { state } = useRecordLoad<WebhookDelivery[]>(`${subscriptionId}/${reloads}`, () => fetchDeliveryLog(subscriptionId));

  const replay = async (delivery: WebhookDelivery) => {
    setReplaying(delivery.id);
    try {
      await replayDelivery(delivery.id);
      toast.success(t('msg.replayed'));
      reload();
    } catch (error) {
      toast.error(keyedRefusalText(error, serverWords) ?? t('msg.replayFailed'));
    } finally {
      setReplaying(null);
    }
  };

  if (state.status === 'loading') {
    return (
      <div role="status" aria-busy="true" aria-label={t('log.loading')} className="space-y-2">
        <Skeleton className="h-8 w-full" />
        <Skeleton className="h-8 w-full" />
      </div>
    );
  }
  if (state.status !== 'ready') {
    const detail = state.status === 'failed' && state.error instanceof Error && state.error.message ? state.error.message : t('msg.logFailed');
    return <ErrorState title={t('msg.logFailed')} detail={detail} onRetry={reload} />;
  }
  if (state.record.length === 0) return <EmptyState title={t('log.empty')} description={t('log.emptyHint')} />;

  return (
    <div className="space-y-2">
      <div className="flex justify-end">
        <Button variant="secondary" onClick={reload}>
          {t('log.refresh')}
        </Button>
      </div>
      <ul aria-label={t('log.label')} className="divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm dark:divide-slate-800 dark:border-slate-800">
        {state.record.map((delivery) => (
          <li key={delivery.id} data-testid="webhook-delivery" className="p-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div className="min-w-0">
                <p className="font-medium">{delivery.event_type}</p>
                <p className="font-mono text-xs break-all text-slate-500 dark:text-slate-400">{delivery.message_id}</p>
              </div>
              <div className="flex items-center gap-2">
                <StatusChip vocabulary={webhookDeliveryStatus} status={delivery.status} />
                <span className="text-xs text-slate-600 dark:text-slate-400">{t('log.response', { answer: answerOf(delivery.last_status_code, delivery.last_error) })}</span>
                <Button variant="secondary" onClick={() => void replay(delivery)} disabled={replaying !== null} busy={replaying === delivery.id} aria-label={t('log.replayLabel', { eventType: delivery.event_type, messageId: delivery.message_id })}>
                  {t('log.replay')}
                </Button>
              </div>
            </div>
            <details className="mt-1">
              <summary className="cursor-pointer text-xs text-slate-600 dark:text-slate-400">
                {formatDateTime(delivery.created_at)} · {t('log.attempts', { count: delivery.webhook_attempts.length })}
                {delivery.status === 'pending' && delivery.next_attempt_at ? ` · ${t('log.next', { time: formatDateTime(delivery.next_attempt_at) })}` : ''}
              </summary>
              <ol className="mt-1 space-y-0.5 text-xs">
                {delivery.webhook_attempts.map((attempt) => (
                  <li key={`${attempt.attempt}-${attempt.attempted_at}`}>
                    #{attempt.attempt} {formatDateTime(attempt.attempted_at)}: {answerOf(attempt.status_code, attempt.error)}
                    {attempt.duration_ms !== null ? ` (${attempt.duration_ms} ms)` : ''}
                  </li>
                ))}
              </ol>
            </details>
          </li>
        ))}
      </ul>
    </div>
  );
}
