import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { adminPaths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { tenantIdOf } from '../../../lib/tenant';
import { useListUrlState } from '../../../lib/url-state';
import { useLiveCollection } from '../../../lib/use-live-collection';
import { useLiveChanges, useServerList, type ListChange } from '../../../lib/use-server-list';
import { Button } from '../../../ui/Button';
import { EXCEPTION_TYPE_OPTIONS, exceptionSeverity, exceptionStatus, exceptionTypeLabel, type ExceptionSeverity, type ExceptionStatus, type ExceptionType } from '../../../data/statuses';
import { StatusChip } from '../../../ui/Chip';
import { DataTable, FilterSelect, type DataTableColumn } from '../../../ui/data-table';
import { LookupFilter } from '../../../ui/data-table/LookupFilter';
import { PageHeader } from '../../../ui/PageHeader';
import { lookupStaff, personName } from '../../../data/people';
import { listExceptions } from '../api';
import { exceptionsSource } from '../atoms';
import { exceptionList } from '../list';
import {
  type ExceptionRow,
  type ExceptionTableRow,
} from '../schema';
import { formatDateTime } from '../../../lib/format-date';
import { useStatuses } from '../../../lib/status-vocabulary';


const columns: DataTableColumn<ExceptionRow>[] = [
  { id: 'exception_code', header: 'Exception', sortable: true, width: '9rem', cell: (x) => <span className="font-medium">{x.exception_code}</span> },
  {
    id: 'delivery',
    header: 'Delivery',
    width: '10rem',
    cell: (x) => (
      <span>
        <span className="block">{x.delivery_code ?? '—'}</span>
        {x.customer_name && <span className="block text-xs text-slate-500 dark:text-slate-400">{x.customer_name}</span>}
      </span>
    ),
  },
  {
    id: 'type',
    header: 'Type',
    cell: (x) => (
      <span>
        <span className="block">{exceptionTypeLabel(x.type)}</span>
        <span className="block max-w-xs truncate text-xs text-slate-500 dark:text-slate-400">{x.description}</span>
      </span>
    ),
  },
  { id: 'severity', header: 'Severity', width: '7rem', cell: (x) => <StatusChip vocabulary={exceptionSeverity} status={x.severity} /> },
  { id: 'status', header: 'Status', sortable: true, width: '9rem', cell: (x) => <StatusChip vocabulary={exceptionStatus} status={x.status} /> },
  { id: 'assigned_to', header: 'Assigned to', hideBelow: 'md', cell: (x) => x.assigned_to_name ?? <span className="text-slate-500 dark:text-slate-400">Unassigned</span> },
  { id: 'reported_by', header: 'Reported by', hideBelow: 'lg', cell: (x) => x.reported_by_name ?? '—' },
  { id: 'created_at', header: 'Reported', sortable: true, hideBelow: 'md', width: '11rem', cell: (x) => formatDateTime(x.created_at) },
];

/** exceptions: server-side search, type, severity, status and assignee filters, 25 rows, state in the URL, live. */
export function ExceptionsListPage() {
  const severityWords = useStatuses(exceptionSeverity);
  const statuses = useStatuses(exceptionStatus);
  const { user } = useSession();
  const tenantId = tenantIdOf(user) ?? '';
  const [, navigate] = useLocation();
  const table = useListUrlState(exceptionList);
  const list = useServerList({
    statuses,
    queryKey: ['exceptions', tenantId],
    state: table.state,
    fetchPage: (state, context) => listExceptions(tenantId, state, context),
    rowKey: (x: ExceptionRow) => x.id,
    enabled: tenantId !== '',
  });
  const live = useLiveCollection(exceptionsSource, tenantId);
  const { applyChanges } = list;
  // A broadcast carries the table's columns: merged over a row on the page (the default merge), it
  // updates status, severity and assignee in place and keeps the joined names the view added.
  const onLiveChanges = useCallback(
    (changes: ListChange<ExceptionTableRow>[]) => applyChanges(changes.map((c) => (c.op === 'delete' ? c : { op: c.op, row: c.row as unknown as ExceptionRow }))),
    [applyChanges],
  );
  useLiveChanges(live, onLiveChanges);

  return (
    <div className="space-y-4">
      <PageHeader title="Exceptions" breadcrumbs={[{ label: 'Dashboard', href: '/' }, { label: 'Exceptions' }]} />
      <DataTable
        label="Exceptions"
        columns={columns}
        {...table}
        {...list.tableProps}
        liveState={live.state}
        rowLabel={(x) => `${x.exception_code} (${exceptionTypeLabel(x.type)})`}
        searchPlaceholder="Search exception, delivery, description or people"
        rowActions={(x) => [{ label: x.status === 'open' || x.status === 'investigating' ? 'Edit' : 'Open', onSelect: () => navigate(adminPaths.exceptionEdit(x.id)) }]}
        toolbar={<Button onClick={() => navigate(adminPaths.exceptionCreate())}>Report exception</Button>}
        filterFields={(draft, setDraft) => (
          <div className="space-y-4">
            <FilterSelect<ExceptionType> label="Type" value={draft.type} options={EXCEPTION_TYPE_OPTIONS} onChange={(type) => setDraft({ ...draft, type })} />
            <FilterSelect<ExceptionSeverity> label="Severity" value={draft.severity} options={severityWords.options} onChange={(severity) => setDraft({ ...draft, severity })} />
            <FilterSelect<ExceptionStatus> label="Status" value={draft.status} options={statuses.options} onChange={(status) => setDraft({ ...draft, status })} />
            <LookupFilter
              label="Assigned to"
              value={draft.assigned_to}
              onChange={(assigned_to) => setDraft({ ...draft, assigned_to })}
              search={(term, signal, limit) => lookupStaff(tenantId, term, limit, signal, { activeOnly: true })}
              resolveLabel={(id) => personName(tenantId, id)}
            />
          </div>
        )}
      />
    </div>
  );
}

export default ExceptionsListPage;
