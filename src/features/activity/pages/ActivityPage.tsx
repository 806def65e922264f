import { useState } from 'react';
import { useLanguage, useT } from '../../../lib/i18n/catalogue';
import { useFormat } from '../../../lib/i18n/format';
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
import { activityMessages } from '../messages';
import { recordLabel, type AuditAction, type AuditEntry } from '../schema';
import { actionOptions, actionWords, actorWords, entrySummary, tableOptions, tableWords } from '../words';


/** Where a changed record can be opened, when it still has a screen of its own. */
function recordHref(entry: AuditEntry): string | null {
  if (entry.action === 'delete') return null;
  if (entry.table_name === 'vehicles') return adminPaths.vehicleEdit(entry.row_id);
  return null;
}

/** Admin > Settings > Activity: every change in the tenant, who made it and what it changed. */
export function ActivityPage() {
  const t = useT(activityMessages);
  const format = useFormat();
  const language = useLanguage();
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
  const actorsLoad = useRecordLoad(tenantId || null, () => listAuditActors(tenantId).then((found) => [...found].sort((a, b) => a.name.localeCompare(b.name, language))));
  const tablesLoad = useRecordLoad(tenantId || null, () => listAuditTables(tenantId));
  const actors: AuditActor[] = actorsLoad.state.status === 'ready' ? actorsLoad.state.record : [];
  const tables: string[] = tablesLoad.state.status === 'ready' ? tablesLoad.state.record : [];
  const [open, setOpen] = useState<AuditEntry | null>(null);

  const columns: DataTableColumn<AuditEntry>[] = [
    {
      id: 'created_at',
      header: t('col.when'),
      sortable: true,
      width: '12rem',
      cell: (entry) => <time dateTime={entry.created_at}>{format.dateTime(entry.created_at)}</time>,
    },
    { id: 'actor', header: t('col.user'), cell: (entry) => actorWords(t, entry) },
    {
      id: 'action',
      header: t('col.action'),
      width: '7rem',
      cell: (entry) => <Chip tone={ACTION_TONES[entry.action]}>{actionWords(t, entry.action)}</Chip>,
    },
    {
      id: 'record',
      header: t('col.record'),
      cell: (entry) => {
        const href = recordHref(entry);
        const name = recordLabel(entry);
        return (
          <span>
            <span className="text-slate-600 dark:text-slate-400">{t('row.table', { table: tableWords(t, entry.table_name) })}</span>
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
    { id: 'changes', header: t('col.changes'), hideBelow: 'md', cell: (entry) => <span className="line-clamp-2">{entrySummary(t, language, entry)}</span> },
    {
      id: 'diff',
      header: t('col.details'),
      width: '7rem',
      cell: (entry) => (
        <Button variant="secondary" onClick={() => setOpen(entry)} aria-label={t('row.viewChanges', { record: recordLabel(entry), when: format.dateTime(entry.created_at) })}>
          {t('row.view')}
        </Button>
      ),
    },
  ];

  return (
    <div className="space-y-4">
      <PageHeader
        title={t('page.title')}
        breadcrumbs={[{ label: t('crumb.dashboard'), href: '/' }, { label: t('page.title') }]}
        description={t('page.description')}
      />
      <DataTable
        label={t('page.title')}
        columns={columns}
        {...table}
        {...list.tableProps}
        searchable={false}
        rowLabel={(entry) => t('row.label', { action: actionWords(t, entry.action), record: recordLabel(entry) })}
        emptyMessage={t('page.empty')}
        filterFields={({ draft, setDraft }) => (
          <div className="space-y-4">
            <FilterSelect label={t('filter.table')} value={draft.table} options={tableOptions(t, tables, language)} onChange={(value) => setDraft({ ...draft, table: value })} />
            <FilterSelect
              label={t('col.user')}
              value={draft.actor}
              options={actors.map((actor) => ({ value: actor.id, label: actor.name }))}
              onChange={(value) => setDraft({ ...draft, actor: value })}
            />
            <FilterSelect<AuditAction>
              label={t('col.action')}
              value={draft.action}
              options={actionOptions(t)}
              onChange={(value) => setDraft({ ...draft, action: value })}
            />
            <FilterDateRange label={t('filter.date')} from={draft.from} to={draft.to} onChange={(range) => setDraft({ ...draft, ...range })} />
          </div>
        )}
      />
      <Dialog
        open={open !== null}
        onClose={() => setOpen(null)}
        size="lg"
        title={open ? t('dialog.title', { action: actionWords(t, open.action), table: tableWords(t, open.table_name), record: recordLabel(open) }) : t('dialog.changes')}
        description={open ? `${actorWords(t, open)} · ${format.dateTime(open.created_at)}` : undefined}
      >
        {open && <AuditDiff entry={open} />}
      </Dialog>
    </div>
  );
}

export default ActivityPage;
