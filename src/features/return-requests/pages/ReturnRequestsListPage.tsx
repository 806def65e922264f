import { useMemo } from 'react';
import { useT, type Translate } from '../../../lib/i18n/catalogue';
import { type LocaleFormat } from '../../../lib/i18n/format';
import { adminPaths } from '../../../lib/paths';
import { useStatuses, type StatusVocabulary } from '../../../lib/status-vocabulary';
import type { ServerList } from '../../../lib/use-server-list';
import { returnStatus } from '../../../data/statuses';
import { StatusChip } from '../../../ui/Chip';
import { DetailCell, FilterDateRange, FilterSelect, type DataTableColumn } from '../../../ui/data-table';
import { ServerListPage, useLiveCollectionList } from '../../../ui/ServerListPage';
import { listReturns } from '../api';
import { returnsSource } from '../atoms';
import { returnList } from '../list';
import { returnMessages, type ReturnKey } from '../messages';
import { RETURN_REASONS, type ReturnReason, type ReturnRow, type ReturnStatus } from '../schema';

const REASON_KEYS = {
  damaged: 'reason.damaged',
  wrong_item: 'reason.wrong_item',
  not_as_described: 'reason.not_as_described',
  no_longer_needed: 'reason.no_longer_needed',
  other: 'reason.other',
} as const satisfies Record<ReturnReason, ReturnKey>;

/** A stored reason in the page's language; one this build does not know as itself. */
const reasonWords = (t: Translate<ReturnKey>, reason: string): string => (reason in REASON_KEYS ? t(REASON_KEYS[reason as ReturnReason]) : reason);

const returnColumns = (statuses: StatusVocabulary<ReturnStatus>) => (t: Translate<ReturnKey>, format: LocaleFormat): DataTableColumn<ReturnRow>[] => [
  { id: 'return_code', header: t('col.return'), sortable: true, width: '9rem', cell: (r) => <span className="font-medium">{r.return_code}</span> },
  { id: 'delivery', header: t('col.delivery'), cell: (r) => r.delivery_code ?? '—', width: '9rem' },
  {
    id: 'customer_name',
    header: t('col.customer'),
    sortable: true,
    cell: (r) => <DetailCell main={r.customer_name ?? '—'} detail={r.customer_email} />,
  },
  {
    id: 'reason',
    header: t('col.reason'),
    hideBelow: 'md',
    cell: (r) => <DetailCell main={reasonWords(t, r.reason)} detail={r.reason_text} truncate />,
  },
  { id: 'items', header: t('col.items'), hideBelow: 'lg', cell: (r) => r.items.map((i) => t('list.item', { quantity: i.quantity, description: i.description })).join(', ') },
  { id: 'refund_amount', header: t('col.refund'), sortable: true, align: 'end', width: '8rem', cell: (r) => format.money(r.refund_amount, r.currency) },
  {
    id: 'status',
    header: t('col.status'),
    sortable: true,
    cell: (r) => (
      <span className="flex flex-wrap items-center gap-1">
        <StatusChip vocabulary={statuses} status={r.status} />
        {r.status === 'closed' && <span className="text-xs text-slate-500 dark:text-slate-400">{r.refunded ? t('list.refunded') : t('list.notRefunded')}</span>}
      </span>
    ),
  },
  { id: 'created_at', header: t('col.requested'), sortable: true, hideBelow: 'md', width: '11rem', cell: (r) => format.dateTime(r.created_at) },
];

/** Status, refund and items change in place; the joined names the view added stay. */
const useReturnsLive = (list: ServerList<ReturnRow>, tenantId: string) => useLiveCollectionList(returnsSource, tenantId, list);

/** return-requests: server-side search, status, reason and date filters, 25 rows, state in the URL, live. */
export function ReturnRequestsListPage() {
  const t = useT(returnMessages);
  const statuses = useStatuses(returnStatus);
  const columns = useMemo(() => returnColumns(statuses), [statuses]);
  const reasonOptions = useMemo(() => RETURN_REASONS.map((value) => ({ value, label: t(REASON_KEYS[value]) })), [t]);
  return (
    <ServerListPage
      words={{ catalogue: returnMessages, title: 'list.title', search: 'list.search', add: 'list.new' }}
      dashboard={t('crumb.dashboard')}
      list={returnList} resource="return-requests" fetchPage={listReturns} statuses={statuses} useLive={useReturnsLive} columns={columns}
      rowLabel={(r) => t('list.rowLabel', { code: r.return_code, customer: r.customer_name ?? t('list.unknownCustomer') })}
      create={adminPaths.returnRequestCreate()}
      edit={(r) => ({ path: adminPaths.returnRequestEdit(r.id), label: r.status === 'requested' ? t('list.edit') : t('list.open') })}
      filterFields={({ draft, setDraft, field }) => (
        <>
          <FilterSelect<ReturnStatus> label={t('col.status')} options={statuses.options} {...field('status')} />
          <FilterSelect<ReturnReason> label={t('col.reason')} options={reasonOptions} {...field('reason')} />
          <FilterDateRange label={t('col.requested')} from={draft.from} to={draft.to} onChange={(range) => setDraft({ ...draft, ...range })} />
        </>
      )}
    />
  );
}

export default ReturnRequestsListPage;
