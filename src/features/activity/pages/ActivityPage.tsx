import { useState } from 'react';
import { Link } from 'wouter';
import { adminPaths } from '../../../lib/paths';
import { useListUrlState } from '../../../lib/url-state';
import { useServerList } from '../../../lib/use-server-list';
import { useTenantId } from '../../../lib/tenant';
import { Button } from '../../../ui/Button';
import { Chip } from '../../../ui/Chip';
import { DataTable, FilterDateRange, FilterSelect, type DataTableColumn } from '../../../ui/data-table';
import { Dialog } from '../../../ui/Dialog';
import { PageHeader } from '../../../ui/PageHeader';
import { useRecordLoad } from '../../../lib/use-record-load';
import { listActivity, listAuditActors, listAuditTables, type AuditActor } from '../api';
import { ACTION_TONES } from '../components/RecordHistory';
import { AuditDiff } from '../components/AuditDiff';
import { activityList } from '../list';
import {
  ACTION_LABELS,
  ACTION_OPTIONS,
  actorLabel,
  columnLabel,
  recordLabel,
  tableLabel,
  tableOptions,
  type AuditAction,
  type AuditEntry,
} from '../schema';
import { formatDateTime } from '../../../lib/format-date';


/** Where a changed record can be opened, when it still has a screen of its own. */
function recordHref(entry: AuditEntry): string | null {
  if (entry.action === 'delete') return null;
  if (entry.table_name === 'vehicles') return adminPaths.vehicleEdit(entry.row_id);
  return null;
}

function summary(entry: AuditEntry): string {
  if (entry.action !== 'update') return `${ACTION_LABELS[entry.action]} ${tableLabel(entry.table_name).toLowerCase()} record`;
  return entry.changed_columns.map(columnLabel).join(', ');
}

/** Admin > Settings > Activity: every change in the tenant, who made it and what it changed. */
export function ActivityPage() {
  const tenantId = useTenantId() ?? '';
  const table = useListUrlState(activityList);
  const list = useServerList({
    queryKey: ['activity', tenantId],
    state: table.state,
    fetchPage: (state, context) => listActivity(tenantId, state, context),
    rowKey: (entry: AuditEntry) => entry.id,
    enabled: tenantId !== '',
  });
  // A filter whose choices fail to load offers 'Any' only; the list itself reports its own errors.
  const actorsLoad = useRecordLoad(tenantId || null, () => listAuditActors(tenantId).then((found) => [...found].sort((a, b) => a.name.localeCompare(b.name))));
  const tablesLoad = useRecordLoad(tenantId || null, () => listAuditTables(tenantId));
  const actors: AuditActor[] = actorsLoad.state.status === 'ready' ? actorsLoad.state.record : [];
  const tables: string[] = tablesLoad.state.status === 'ready' ? tablesLoad.state.record : [];
  const [open, setOpen] = useState<AuditEntry | null>(null);

  const columns: DataTableColumn<AuditEntry>[] = [
    {
      id: 'created_at',
      header: 'When',
      sortable: true,
      width: '12rem',
      cell: (entry) => <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>,
    },
    { id: 'actor', header: 'User', cell: (entry) => actorLabel(entry) },
    {
      id: 'action',
      header: 'Action',
      width: '7rem',
      cell: (entry) => <Chip tone={ACTION_TONES[entry.action]}>{ACTION_LABELS[entry.action]}</Chip>,
    },
    {
      id: 'record',
      header: 'Record',
      cell: (entry) => {
        const href = recordHref(entry);
        const name = recordLabel(entry);
        return (
          <span>
            <span className="text-slate-600 dark:text-slate-400">{tableLabel(entry.table_name)}: </span>
            {href ? (
              <Link href={href} className="font-medium text-brand underline-offset-2 hover:underline">
                {name}
              </Link>
            ) : (
              <span className="font-medium">{name}</span>
            )}
          </span>
        );
      },
    },
    { id: 'changes', header: 'Changes', hideBelow: 'md', cell: (entry) => <span className="line-clamp-2">{summary(entry)}</span> },
    {
      id: 'diff',
      header: 'Details',
      width: '7rem',
      cell: (entry) => (
        <Button variant="secondary" onClick={() => setOpen(entry)} aria-label={`View changes of ${recordLabel(entry)} on ${formatDateTime(entry.created_at)}`}>
          View
        </Button>
      ),
    },
  ];

  return (
    <div className="space-y-4">
      <PageHeader
        title="Activity"
        breadcrumbs={[{ label: 'Dashboard', href: '/' }, { label: 'Activity' }]}
        description="Every change to your business's records: who made it, when, and the values before and after."
      />
      <DataTable
        label="Activity"
        columns={columns}
        {...table}
        {...list.tableProps}
        searchable={false}
        rowLabel={(entry) => `${ACTION_LABELS[entry.action]} ${recordLabel(entry)}`}
        emptyMessage="No activity yet"
        filterFields={(draft, setDraft) => (
          <div className="space-y-4">
            <FilterSelect label="Table" value={draft.table} options={tableOptions(tables)} onChange={(value) => setDraft({ ...draft, table: value })} />
            <FilterSelect
              label="User"
              value={draft.actor}
              options={actors.map((actor) => ({ value: actor.id, label: actor.name }))}
              onChange={(value) => setDraft({ ...draft, actor: value })}
            />
            <FilterSelect<AuditAction>
              label="Action"
              value={draft.action}
              options={ACTION_OPTIONS}
              onChange={(value) => setDraft({ ...draft, action: value })}
            />
            <FilterDateRange label="Date" from={draft.from} to={draft.to} onChange={(range) => setDraft({ ...draft, ...range })} />
          </div>
        )}
      />
      <Dialog
        open={open !== null}
        onClose={() => setOpen(null)}
        size="lg"
        title={open ? `${ACTION_LABELS[open.action]}: ${tableLabel(open.table_name)} ${recordLabel(open)}` : 'Changes'}
        description={open ? `${actorLabel(open)} · ${formatDateTime(open.created_at)}` : undefined}
      >
        {open && <AuditDiff entry={open} />}
      </Dialog>
    </div>
  );
}

export default ActivityPage;
