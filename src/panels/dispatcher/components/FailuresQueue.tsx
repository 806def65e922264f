import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { dispatcherDeliveryPath } from '../../../lib/dispatcher-sections';
import { useFormat } from '../../../lib/i18n/format';
import { useFeedChanges } from '../../../lib/use-feed-changes';
import type { ServerList } from '../../../lib/use-server-list';
import { FilterSelect, type DataTableColumn } from '../../../ui/data-table';
import { acknowledgeFailure, listFailures, resolveFailure } from '../api';
import { supportAcknowledgementFeed, supportDeliveryFeed, type ChangedRow } from '../atoms';
import { failureList, type FailureFilters } from '../list';
import type { FailureRow } from '../schema';
import { acknowledgeAction, DeliveryCell, HandlingStateCell, resolveAction } from './handling';
import { SupportQueue } from './SupportQueue';
import { useSupportWords } from './support-words';

/** Live: a new failure (a delivery moving to failed) or a change to a delivery in view, or another dispatcher's acknowledgement, re-reads the page. */
function useFailuresLive(tenantId: string, { rows, refetchLive }: ServerList<FailureRow>) {
  const onDelivery = (changed: ChangedRow[]) => {
    if (changed.some((d) => d.status === 'failed' || rows.some((f) => f.delivery_id === d.id))) refetchLive();
  };
  const live = useFeedChanges(supportDeliveryFeed, tenantId, onDelivery, refetchLive);
  useFeedChanges(supportAcknowledgementFeed, tenantId, refetchLive, refetchLive);
  return live.state;
}

/** The failed attempts still to handle (or as filtered), live. */
export function FailuresQueue({ tenantId }: { tenantId: string }) {
  const [, navigate] = useLocation();
  const words = useSupportWords();
  const { t } = words;
  const format = useFormat();
  const stateOptions: { value: NonNullable<FailureFilters['state']>; label: string }[] = [...words.failureState.options, { value: 'all', label: t('filter.all') }];
  const periodOptions: { value: NonNullable<FailureFilters['period']>; label: string }[] = [
    { value: 'today', label: t('filter.today') },
    { value: '7d', label: t('filter.7d') },
    { value: '30d', label: t('filter.30d') },
  ];
  const columns = useMemo<DataTableColumn<FailureRow>[]>(
    () => [
      {
        id: 'delivery_code',
        header: t('col.delivery'),
        sortable: true,
        cell: (f) => <DeliveryCell kind={f.kind} deliveryId={f.delivery_id} code={f.delivery_code} customer={f.customer_name} />,
      },
      { id: 'failed_at', header: t('col.failed'), sortable: true, cell: (f) => format.dateTime(f.failed_at) },
      {
        id: 'reason',
        header: t('col.reason'),
        cell: (f) => (
          <div className="max-w-xs">
            <div>{f.reason ?? '—'}</div>
            {f.failure_note && <div className="text-xs text-slate-500 dark:text-slate-400">{f.failure_note}</div>}
          </div>
        ),
      },
      { id: 'driver', header: t('col.driver'), hideBelow: 'md', cell: (f) => f.driver_name ?? '—' },
      {
        id: 'state',
        header: t('col.state'),
        cell: (f) => <HandlingStateCell row={f} vocabulary={words.failureState} />,
      },
    ],
    [t, format, words],
  );

  return (
    <SupportQueue
      name="failures"
      tenantId={tenantId}
      list={failureList}
      fetchPage={(state, context) => listFailures(tenantId, state, context)}
      rowKey={(f: FailureRow) => f.id}
      columns={columns}
      rowLabel={(f) => f.delivery_code}
      useLive={useFailuresLive}
      rowActions={(f, act) => [
        { label: t('action.openDelivery'), onSelect: () => navigate(dispatcherDeliveryPath(f.kind, f.delivery_id)) },
        {
          label: t('action.acknowledge'),
          onSelect: () => act(acknowledgeAction(words, t('ack.title', { code: f.delivery_code }), (note) => acknowledgeFailure(f.id, note))),
          disabled: f.state !== 'open',
          reason: t('reason.already', { state: f.state }),
        },
        {
          label: t('action.resolve'),
          onSelect: () => act(resolveAction(words, t('resolve.title', { code: f.delivery_code }), t('resolve.failureMessage'), (note) => resolveFailure(f.id, note))),
          disabled: f.state === 'resolved',
          reason: t('reason.already', { state: 'resolved' }),
        },
      ]}
      filterFields={({ field }) => (
        <div className="space-y-4">
          <FilterSelect label={t('filter.state')} options={stateOptions} anyLabel={t('filter.stillToHandle')} {...field('state')} />
          <FilterSelect label={t('filter.failed')} options={periodOptions} anyLabel={t('filter.7d')} {...field('period')} />
        </div>
      )}
    />
  );
}
