import { useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import { dispatcherDeliveryPath } from '../../../lib/dispatcher-sections';
import { useFormat } from '../../../lib/i18n/format';
import { useFeedChanges } from '../../../lib/use-feed-changes';
import type { ServerList } from '../../../lib/use-server-list';
import { Chip, StatusChip } from '../../../ui/Chip';
import { FilterCheckboxes, FilterSelect, type DataTableColumn } from '../../../ui/data-table';
import { acknowledgeException, listExceptions, resolveException } from '../api';
import { supportExceptionFeed } from '../atoms';
import { exceptionList, type ExceptionFilters } from '../list';
import { SUPPORT_MESSAGES, type ExceptionRow } from '../schema';
import { acknowledgeAction, resolveAction } from './handling';
import { SupportQueue } from './SupportQueue';
import { useSupportWords } from './support-words';

const deliveryHref = (x: ExceptionRow) => dispatcherDeliveryPath(x.delivery_kind ?? '', x.delivery_id);

/** Live on the exceptions topic: any change re-reads the page. */
function useExceptionsLive(tenantId: string, { refetchLive }: ServerList<ExceptionRow>) {
  return useFeedChanges(supportExceptionFeed, tenantId, refetchLive, refetchLive).state;
}

/** The exceptions still to handle (or as filtered), drivers' reports marked. */
export function ExceptionsQueue({ tenantId }: { tenantId: string }) {
  const [, navigate] = useLocation();
  const words = useSupportWords();
  const { t } = words;
  const format = useFormat();
  const statusOptions: { value: NonNullable<ExceptionFilters['status']>; label: string }[] = [...words.exceptionStatus.options, { value: 'all', label: t('filter.all') }];
  const raisedByOptions: { value: NonNullable<ExceptionFilters['raised_by']>; label: string }[] = [
    { value: 'driver', label: t('filter.drivers') },
    { value: 'staff', label: t('filter.staff') },
  ];
  const columns = useMemo<DataTableColumn<ExceptionRow>[]>(
    () => [
      {
        id: 'exception_code',
        header: t('col.exception'),
        sortable: true,
        cell: (x) => (
          <div>
            <span className="font-mono font-medium">{x.exception_code}</span>
            <div className="text-xs">
              <Link href={deliveryHref(x)} className="text-brand hover:underline">
                {x.delivery_code ?? t('support.deliveryFallback')}
              </Link>
            </div>
          </div>
        ),
      },
      {
        id: 'what',
        header: t('col.what'),
        cell: (x) => (
          <div className="max-w-sm">
            <div className="font-medium">{words.exceptionType(x.type)}</div>
            <div className="line-clamp-2 text-xs text-slate-600 dark:text-slate-400">{x.description}</div>
          </div>
        ),
      },
      {
        id: 'severity',
        header: t('col.severity'),
        cell: (x) => <StatusChip vocabulary={words.exceptionSeverity} status={x.severity} />,
      },
      {
        id: 'reported',
        header: t('col.reported'),
        hideBelow: 'md',
        cell: (x) => (
          <div>
            {x.reported_by_name ?? '—'} {x.raised_by_driver && <Chip tone="info">{t('support.driverChip')}</Chip>}
            <div className="text-xs text-slate-500 dark:text-slate-400">{format.dateTime(x.created_at)}</div>
          </div>
        ),
      },
      {
        id: 'status',
        header: t('col.status'),
        cell: (x) => (
          <div>
            <StatusChip vocabulary={words.exceptionStatus} status={x.status} />
            {x.assigned_to_name && x.status !== 'open' && <div className="text-xs text-slate-500 dark:text-slate-400">{x.assigned_to_name}</div>}
          </div>
        ),
      },
      { id: 'created_at', header: t('col.raised'), sortable: true, hideBelow: 'lg', cell: (x) => format.dateTime(x.created_at) },
    ],
    [t, format, words],
  );
  const acknowledge = (x: ExceptionRow) =>
    acknowledgeAction(words, t('ack.title', { code: x.exception_code }), (note) => acknowledgeException(x.id, note), {
      message: t('ack.exceptionMessage'),
      maxLength: 2000,
      tooLong: SUPPORT_MESSAGES.resolutionLength,
    });
  const resolve = (x: ExceptionRow) =>
    resolveAction(words, t('resolve.title', { code: x.exception_code }), t('resolve.exceptionMessage'), (note) => resolveException(x.id, note), t('resolve.exceptionNote'));

  return (
    <SupportQueue
      name="exceptions"
      tenantId={tenantId}
      list={exceptionList}
      statuses={words.exceptionStatus}
      fetchPage={(state, context) => listExceptions(tenantId, state, context)}
      rowKey={(x: ExceptionRow) => x.id}
      columns={columns}
      rowLabel={(x) => x.exception_code}
      useLive={useExceptionsLive}
      rowActions={(x, act) => [
        { label: t('action.openDelivery'), onSelect: () => navigate(deliveryHref(x)) },
        { label: t('action.acknowledge'), onSelect: () => act(acknowledge(x)), disabled: x.status !== 'open', reason: t('reason.already', { state: x.status }) },
        {
          label: t('action.resolve'),
          onSelect: () => act(resolve(x)),
          disabled: x.status !== 'investigating',
          reason: x.status === 'open' ? t('reason.acknowledgeFirst') : t('reason.already', { state: x.status }),
        },
      ]}
      filterFields={({ field }) => (
        <div className="space-y-4">
          <FilterSelect label={t('filter.status')} options={statusOptions} anyLabel={t('filter.openOrInvestigating')} {...field('status')} />
          <FilterCheckboxes label={t('filter.severity')} options={words.exceptionSeverity.options} {...field('severity')} />
          <FilterSelect label={t('filter.raisedBy')} options={raisedByOptions} anyLabel={t('filter.anyone')} {...field('raised_by')} />
        </div>
      )}
    />
  );
}
