import { useCallback, useState } from 'react';
import { useT } from '../../../lib/i18n/catalogue';
import { useFormat } from '../../../lib/i18n/format';
import { useTenantId } from '../../../lib/tenant';
import { useRecordLoad } from '../../../lib/use-record-load';
import { Button } from '../../../ui/Button';
import { Chip, type ChipTone } from '../../../ui/Chip';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { Skeleton } from '../../../ui/Skeleton';
import { useToast } from '../../../ui/toast';
import { listRecordHistory } from '../api';
import { activityMessages } from '../messages';
import type { AuditAction, AuditEntry } from '../schema';
import { actionWords, actorWords } from '../words';
import { AuditDiff } from './AuditDiff';

export const ACTION_TONES: Record<AuditAction, ChipTone> = { insert: 'success', update: 'info', delete: 'error' };


type History = { entries: AuditEntry[]; more: boolean };

/** A record's audit history (who, when, what, each changed field before -> after), newest first. */
export function RecordHistory({ tableName, rowId }: { tableName: string; rowId: string }) {
  const tenantId = useTenantId();
  const toast = useToast();
  const t = useT(activityMessages);
  const format = useFormat();
  // Keyed by the record: another record's history (a slow answer for the one before) never shows here.
  const { state, retry, setRecord } = useRecordLoad<History>(
    tenantId ? `${tenantId}/${tableName}/${rowId}` : null,
    (signal) => listRecordHistory(tenantId ?? '', tableName, rowId, { signal }),
    { loadingOnNewKey: true },
  );
  const [loadingMore, setLoadingMore] = useState(false);

  const showOlder = useCallback(async () => {
    if (state.status !== 'ready' || !tenantId) return;
    const { entries } = state.record;
    setLoadingMore(true);
    try {
      const older = await listRecordHistory(tenantId, tableName, rowId, { before: entries.at(-1)?.created_at });
      // Dropped by setRecord when the screen has moved to another record meanwhile.
      setRecord({ entries: [...entries, ...older.entries], more: older.more });
    } catch {
      toast.error(t('history.olderFailed'));
    } finally {
      setLoadingMore(false);
    }
  }, [state, tenantId, tableName, rowId, setRecord, toast, t]);
  const load = state.status === 'ready' ? { status: 'ready' as const, ...state.record, loadingMore } : state;

  return (
    <section aria-labelledby="record-history-title" className="space-y-3">
      <h2 id="record-history-title" className="text-base font-semibold">
        {t('history.title')}
      </h2>
      {load.status === 'loading' && (
        <div className="space-y-3" aria-busy="true" aria-label={t('history.loading')}>
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      )}
      {load.status === 'failed' && <ErrorState title={t('history.failed')} onRetry={retry} />}
      {load.status === 'ready' && load.entries.length === 0 && (
        <EmptyState title={t('history.empty')} description={t('history.emptyDetail')} />
      )}
      {load.status === 'ready' && load.entries.length > 0 && (
        <>
          <ol className="space-y-3" aria-label={t('history.list')}>
            {load.entries.map((entry) => (
              <li key={entry.id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
                <div className="mb-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                  <Chip tone={ACTION_TONES[entry.action]}>{actionWords(t, entry.action)}</Chip>
                  <span className="font-medium">{actorWords(t, entry)}</span>
                  <time dateTime={entry.created_at} className="text-slate-600 dark:text-slate-400">
                    {format.dateTime(entry.created_at)}
                  </time>
                </div>
                <AuditDiff entry={entry} />
              </li>
            ))}
          </ol>
          {load.more && (
            <Button variant="secondary" onClick={showOlder} busy={load.loadingMore}>
              {t('history.older')}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
