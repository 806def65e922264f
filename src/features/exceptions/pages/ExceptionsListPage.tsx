import { useMemo } from 'react';
import { useT, type Translate } from '../../../lib/i18n/catalogue';
import { type LocaleFormat } from '../../../lib/i18n/format';
import { adminPaths } from '../../../lib/paths';
import { useTenantId } from '../../../lib/tenant';
import type { ServerList } from '../../../lib/use-server-list';
import { exceptionSeverity, exceptionStatus, exceptionType, exceptionTypeLabel, type ExceptionSeverity, type ExceptionStatus, type ExceptionType } from '../../../data/statuses';
import { StatusChip } from '../../../ui/Chip';
import { DetailCell, FilterSelect, type DataTableColumn } from '../../../ui/data-table';
import { LookupFilter } from '../../../ui/data-table/LookupFilter';
import { ServerListPage, useLiveCollectionList } from '../../../ui/ServerListPage';
import { staffLookup } from '../../../data/people';
import { listExceptions } from '../api';
import { exceptionsSource } from '../atoms';
import { exceptionList } from '../list';
import { exceptionMessages, type ExceptionKey } from '../messages';
import {
  type ExceptionRow,
} from '../schema';
import { useStatuses, type StatusVocabulary } from '../../../lib/status-vocabulary';


/** The columns in the page's language: headers, the type's words, times of the locale. */
const exceptionColumns = (types: StatusVocabulary<ExceptionType>) => (t: Translate<ExceptionKey>, format: LocaleFormat): DataTableColumn<ExceptionRow>[] => [
  { id: 'exception_code', header: t('col.exception'), sortable: true, width: '9rem', cell: (x) => <span className="font-medium">{x.exception_code}</span> },
  {
    id: 'delivery',
    header: t('col.delivery'),
    width: '10rem',
    cell: (x) => <DetailCell main={x.delivery_code ?? '—'} detail={x.customer_name} />,
  },
  {
    id: 'type',
    header: t('col.type'),
    cell: (x) => <DetailCell main={exceptionTypeLabel(x.type, types)} detail={x.description} truncate />,
  },
  { id: 'severity', header: t('col.severity'), width: '7rem', cell: (x) => <StatusChip vocabulary={exceptionSeverity} status={x.severity} /> },
  { id: 'status', header: t('col.status'), sortable: true, width: '9rem', cell: (x) => <StatusChip vocabulary={exceptionStatus} status={x.status} /> },
  { id: 'assigned_to', header: t('col.assignedTo'), hideBelow: 'md', cell: (x) => x.assigned_to_name ?? <span className="text-slate-500 dark:text-slate-400">{t('summary.unassigned')}</span> },
  { id: 'reported_by', header: t('col.reportedBy'), hideBelow: 'lg', cell: (x) => x.reported_by_name ?? '—' },
  { id: 'created_at', header: t('summary.reported'), sortable: true, hideBelow: 'md', width: '11rem', cell: (x) => format.dateTime(x.created_at) },
];

/** Status, severity and assignee change in place; the joined names the view added stay. */
const useExceptionsLive = (list: ServerList<ExceptionRow>, tenantId: string) => useLiveCollectionList(exceptionsSource, tenantId, list);

/** exceptions: server-side search, type, severity, status and assignee filters, 25 rows, state in the URL, live. */
export function ExceptionsListPage() {
  const severityWords = useStatuses(exceptionSeverity);
  const statuses = useStatuses(exceptionStatus);
  const types = useStatuses(exceptionType);
  const t = useT(exceptionMessages);
  const columns = useMemo(() => exceptionColumns(types), [types]);
  const tenantId = useTenantId() ?? '';
  return (
    <ServerListPage
      words={{ catalogue: exceptionMessages, title: 'list.title', search: 'list.search', add: 'form.report' }}
      list={exceptionList} resource="exceptions" fetchPage={listExceptions} statuses={statuses} useLive={useExceptionsLive} columns={columns}
      rowLabel={(x) => t('list.rowLabel', { code: x.exception_code, type: exceptionTypeLabel(x.type, types) })}
      create={adminPaths.exceptionCreate()}
      edit={(x) => ({ path: adminPaths.exceptionEdit(x.id), label: x.status === 'open' || x.status === 'investigating' ? t('list.edit') : t('list.open') })}
      filterFields={({ field }) => (
        <>
          <FilterSelect<ExceptionType> label={t('col.type')} options={types.options} {...field('type')} />
          <FilterSelect<ExceptionSeverity> label={t('col.severity')} options={severityWords.options} {...field('severity')} />
          <FilterSelect<ExceptionStatus> label={t('col.status')} options={statuses.options} {...field('status')} />
          <LookupFilter label={t('col.assignedTo')} {...field('assigned_to')} {...staffLookup(tenantId, { activeOnly: true })} />
        </>
      )}
    />
  );
}

export default ExceptionsListPage;
