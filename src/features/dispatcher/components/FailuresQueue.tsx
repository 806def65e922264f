import { useState } from 'react';
import { useLocation } from 'wouter';
import { dispatcherDeliveryPath } from '../../../lib/dispatcher-sections';
import { useFeedChanges } from '../../../lib/use-feed-changes';
import { useListUrlState } from '../../../lib/url-state';
import { useServerList } from '../../../lib/use-server-list';
import { DataTable, FilterSelect, type DataTableColumn } from '../../../ui/data-table';
import { useToast } from '../../../ui/toast';
import { acknowledgeFailure, listFailures, resolveFailure } from '../api';
import { supportAcknowledgementFeed, supportDeliveryFeed, type ChangedRow } from '../atoms';
import { failureList, type FailureFilters } from '../list';
import { failureState } from '../../../data/statuses';
import { SUPPORT_TOASTS, type FailureRow } from '../schema';
import { acknowledgeAction, DeliveryCell, HandlingStateCell, resolveAction } from './handling';
import { NoteActionDialog, type NoteAction } from './NoteActionDialog';
import { formatDateTime } from '../../../lib/format-date';

const STATE_FILTER_OPTIONS: { value: NonNullable<FailureFilters['state']>; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'acknowledged', label: 'Acknowledged' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'all', label: 'All' },
];
const PERIOD_OPTIONS: { value: NonNullable<FailureFilters['period']>; label: string }[] = [
  { value: 'today', label: 'Today' },
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
];

const columns: DataTableColumn<FailureRow>[] = [
  {
    id: 'delivery_code',
    header: 'Delivery',
    sortable: true,
    cell: (f) => <DeliveryCell kind={f.kind} deliveryId={f.delivery_id} code={f.delivery_code} customer={f.customer_name} />,
  },
  { id: 'failed_at', header: 'Failed', sortable: true, cell: (f) => formatDateTime(f.failed_at) },
  {
    id: 'reason',
    header: 'Reason',
    cell: (f) => (
      <div className="max-w-xs">
        <div>{f.reason ?? '—'}</div>
        {f.failure_note && <div className="text-xs text-slate-500 dark:text-slate-400">{f.failure_note}</div>}
      </div>
    ),
  },
  { id: 'driver', header: 'Driver', hideBelow: 'md', cell: (f) => f.driver_name ?? '—' },
  {
    id: 'state',
    header: 'State',
    cell: (f) => <HandlingStateCell row={f} vocabulary={failureState} />,
  },
];

/** The failed attempts still to handle (or as filtered), live: a new failure or another dispatcher's acknowledgement re-reads the page. */
export function FailuresQueue({ tenantId }: { tenantId: string }) {
  const [, navigate] = useLocation();
  const toast = useToast();
  const table = useListUrlState(failureList);
  const list = useServerList({
    queryKey: ['support-failures', tenantId],
    state: table.state,
    fetchPage: (state, context) => listFailures(tenantId, state, context),
    rowKey: (f: FailureRow) => f.id,
    enabled: tenantId !== '',
  });
  const { refetch, refetchLive, rows } = list;
  const onDelivery = (changed: ChangedRow[]) => {
    if (changed.some((d) => d.status === 'failed' || rows.some((f) => f.delivery_id === d.id))) refetchLive();
  };
  const live = useFeedChanges(supportDeliveryFeed, tenantId, onDelivery, refetchLive);
  useFeedChanges(supportAcknowledgementFeed, tenantId, refetchLive, refetchLive);
  const [action, setAction] = useState<NoteAction | null>(null);

  const acknowledge = (f: FailureRow) => acknowledgeAction(`Acknowledge ${f.delivery_code}?`, (note) => acknowledgeFailure(f.id, note));
  const resolve = (f: FailureRow) =>
    resolveAction(`Resolve ${f.delivery_code}?`, 'Say what was done (rebooked, returned, refunded…): it closes the item for the whole team.', (note) =>
      resolveFailure(f.id, note),
    );

  return (
    <>
      <DataTable
        label="Failed attempts"
        columns={columns}
        {...table}
        {...list.tableProps}
        liveState={live.state}
        rowLabel={(f) => f.delivery_code}
        searchPlaceholder="Search code, customer, driver or reason"
        emptyMessage="No failed attempts to handle"
        rowActions={(f) => [
          { label: 'Open delivery', onSelect: () => navigate(dispatcherDeliveryPath(f.kind, f.delivery_id)) },
          { label: 'Acknowledge', onSelect: () => setAction(acknowledge(f)), disabled: f.state !== 'open', reason: `Already ${f.state}` },
          { label: 'Resolve', onSelect: () => setAction(resolve(f)), disabled: f.state === 'resolved', reason: 'Already resolved' },
        ]}
        filterFields={(draft, setDraft) => (
          <div className="space-y-4">
            <FilterSelect label="State" value={draft.state} options={STATE_FILTER_OPTIONS} anyLabel="Still to handle" onChange={(state) => setDraft((current) => ({ ...current, state }))} />
            <FilterSelect label="Failed" value={draft.period} options={PERIOD_OPTIONS} anyLabel="Last 7 days" onChange={(period) => setDraft((current) => ({ ...current, period }))} />
          </div>
        )}
      />
      <NoteActionDialog
        action={action}
        onClose={() => setAction(null)}
        onDone={() => {
          toast.success(action?.confirmLabel === 'Resolve' ? SUPPORT_TOASTS.resolved : SUPPORT_TOASTS.acknowledged);
          refetch();
        }}
      />
    </>
  );
}
