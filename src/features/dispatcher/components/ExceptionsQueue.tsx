import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { dispatcherDeliveryPath } from '../../../lib/dispatcher-sections';
import { useFeedChanges } from '../../../lib/use-feed-changes';
import { useListUrlState } from '../../../lib/url-state';
import { useServerList } from '../../../lib/use-server-list';
import { Chip, StatusChip } from '../../../ui/Chip';
import { DataTable, FilterCheckboxes, FilterSelect, type DataTableColumn } from '../../../ui/data-table';
import { useToast } from '../../../ui/toast';
import { acknowledgeException, listExceptions, resolveException } from '../api';
import { supportExceptionFeed } from '../atoms';
import { exceptionList, type ExceptionFilters } from '../list';
import { exceptionSeverity, exceptionStatus, exceptionTypeLabel } from '../../../data/statuses';
import { resolutionProblem, SUPPORT_MESSAGES, SUPPORT_TOASTS, type ExceptionRow } from '../schema';
import { NoteActionDialog, type NoteAction } from './NoteActionDialog';
import { formatDateTime } from '../../../lib/format-date';

const STATUS_FILTER_OPTIONS: { value: NonNullable<ExceptionFilters['status']>; label: string }[] = [...exceptionStatus.options, { value: 'all', label: 'All' }];
const RAISED_BY_OPTIONS: { value: NonNullable<ExceptionFilters['raised_by']>; label: string }[] = [
  { value: 'driver', label: 'Drivers' },
  { value: 'staff', label: 'Staff' },
];

const deliveryHref = (x: ExceptionRow) => dispatcherDeliveryPath(x.delivery_kind ?? '', x.delivery_id);

const columns: DataTableColumn<ExceptionRow>[] = [
  {
    id: 'exception_code',
    header: 'Exception',
    sortable: true,
    cell: (x) => (
      <div>
        <span className="font-mono font-medium">{x.exception_code}</span>
        <div className="text-xs">
          <Link href={deliveryHref(x)} className="text-brand hover:underline">
            {x.delivery_code ?? 'Delivery'}
          </Link>
        </div>
      </div>
    ),
  },
  {
    id: 'what',
    header: 'What happened',
    cell: (x) => (
      <div className="max-w-sm">
        <div className="font-medium">{exceptionTypeLabel(x.type)}</div>
        <div className="line-clamp-2 text-xs text-slate-600 dark:text-slate-400">{x.description}</div>
      </div>
    ),
  },
  {
    id: 'severity',
    header: 'Severity',
    cell: (x) => <StatusChip vocabulary={exceptionSeverity} status={x.severity} />,
  },
  {
    id: 'reported',
    header: 'Reported by',
    hideBelow: 'md',
    cell: (x) => (
      <div>
        {x.reported_by_name ?? '—'} {x.raised_by_driver && <Chip tone="info">Driver</Chip>}
        <div className="text-xs text-slate-500 dark:text-slate-400">{formatDateTime(x.created_at)}</div>
      </div>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (x) => (
      <div>
        <StatusChip vocabulary={exceptionStatus} status={x.status} />
        {x.assigned_to_name && x.status !== 'open' && <div className="text-xs text-slate-500 dark:text-slate-400">{x.assigned_to_name}</div>}
      </div>
    ),
  },
  { id: 'created_at', header: 'Raised', sortable: true, hideBelow: 'lg', cell: (x) => formatDateTime(x.created_at) },
];

/** The exceptions still to handle (or as filtered), drivers' reports marked; live on the exceptions topic. */
export function ExceptionsQueue({ tenantId }: { tenantId: string }) {
  const [, navigate] = useLocation();
  const toast = useToast();
  const table = useListUrlState(exceptionList);
  const list = useServerList({
    queryKey: ['support-exceptions', tenantId],
    state: table.state,
    fetchPage: (state, context) => listExceptions(tenantId, state, context),
    rowKey: (x: ExceptionRow) => x.id,
    enabled: tenantId !== '',
  });
  const { refetch, refetchLive } = list;
  const live = useFeedChanges(supportExceptionFeed, tenantId, refetchLive, refetchLive);
  const [action, setAction] = useState<NoteAction | null>(null);

  const acknowledge = (x: ExceptionRow): NoteAction => ({
    title: `Acknowledge ${x.exception_code}?`,
    message: 'It moves to investigating, with you as its owner unless someone already owns it.',
    confirmLabel: 'Acknowledge',
    noteLabel: 'Note (optional)',
    required: false,
    maxLength: 2000,
    problem: (note) => (note.trim().length > 2000 ? SUPPORT_MESSAGES.resolutionLength : null),
    run: (note) => acknowledgeException(x.id, note),
  });
  const resolve = (x: ExceptionRow): NoteAction => ({
    title: `Resolve ${x.exception_code}?`,
    message: 'Say how it was fixed: the resolution notes stay with the exception.',
    confirmLabel: 'Resolve',
    noteLabel: 'Resolution notes',
    required: true,
    maxLength: 2000,
    problem: resolutionProblem,
    run: (note) => resolveException(x.id, note),
  });

  return (
    <>
      <DataTable
        label="Exceptions"
        columns={columns}
        {...table}
        {...list.tableProps}
        liveState={live.state}
        rowLabel={(x) => x.exception_code}
        searchPlaceholder="Search code, delivery, description or reporter"
        emptyMessage="No exceptions to handle"
        rowActions={(x) => [
          { label: 'Open delivery', onSelect: () => navigate(deliveryHref(x)) },
          { label: 'Acknowledge', onSelect: () => setAction(acknowledge(x)), disabled: x.status !== 'open', reason: `Already ${x.status}` },
          {
            label: 'Resolve',
            onSelect: () => setAction(resolve(x)),
            disabled: x.status !== 'investigating',
            reason: x.status === 'open' ? 'Acknowledge it first' : `Already ${x.status}`,
          },
        ]}
        filterFields={(draft, setDraft) => (
          <div className="space-y-4">
            <FilterSelect label="Status" value={draft.status} options={STATUS_FILTER_OPTIONS} anyLabel="Open or investigating" onChange={(status) => setDraft((current) => ({ ...current, status }))} />
            <FilterCheckboxes label="Severity" value={draft.severity} options={exceptionSeverity.options} onChange={(severity) => setDraft((current) => ({ ...current, severity }))} />
            <FilterSelect label="Raised by" value={draft.raised_by} options={RAISED_BY_OPTIONS} anyLabel="Anyone" onChange={(raised_by) => setDraft((current) => ({ ...current, raised_by }))} />
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
