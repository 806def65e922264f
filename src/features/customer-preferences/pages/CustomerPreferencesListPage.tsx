import { useState } from 'react';
import { useLocation } from 'wouter';
import { adminPaths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { tenantIdOf } from '../../../lib/tenant';
import { Button } from '../../../ui/Button';
import { ActiveChip } from '../../../ui/Chip';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { ServerListPage } from '../../../ui/ServerListPage';
import { FilterActive, FilterSelect, type DataTableColumn } from '../../../ui/data-table';
import { LookupFilter } from '../../../ui/data-table/LookupFilter';
import { useToast } from '../../../ui/toast';
import { lookupCustomers, personName } from '../../../data/people';
import { deletePreference, listPreferences } from '../api';
import { preferenceList } from '../list';
import { DAY_OPTIONS, dayName, formatWindow, languageLabel, locationLabel, PREFERENCE_TOASTS, type DayValue, type PreferenceRow } from '../schema';

const columns: DataTableColumn<PreferenceRow>[] = [
  {
    id: 'name',
    header: 'Name',
    sortable: true,
    cell: (p) => (
      <span>
        <span className="block font-medium">{p.name}</span>
        {p.description && <span className="block max-w-xs truncate text-xs text-slate-500 dark:text-slate-400">{p.description}</span>}
      </span>
    ),
  },
  {
    id: 'customer_name',
    header: 'Customer',
    sortable: true,
    cell: (p) => (
      <span>
        <span className="block">{p.customer_name ?? '—'}</span>
        {p.customer_email && <span className="block text-xs text-slate-500 dark:text-slate-400">{p.customer_email}</span>}
      </span>
    ),
  },
  { id: 'location', header: 'Location', hideBelow: 'lg', cell: (p) => <span className="block max-w-xs truncate">{locationLabel(p)}</span> },
  { id: 'preferred_day_of_week', header: 'Day', sortable: true, cell: (p) => dayName(p.preferred_day_of_week), width: '8rem' },
  { id: 'preferred_time_start', header: 'Window', sortable: true, cell: (p) => formatWindow(p.preferred_time_start, p.preferred_time_end), width: '9rem' },
  { id: 'language', header: 'Language', hideBelow: 'md', cell: (p) => languageLabel(p.contact_preferences.language), width: '7rem' },
  { id: 'is_active', header: 'Status', cell: (p) => <ActiveChip active={p.is_active} /> },
];

/** customer-preference: server-side search, customer, day and status filters, 25 rows, state in the URL. */
export function CustomerPreferencesListPage() {
  const { user } = useSession();
  const tenantId = tenantIdOf(user) ?? '';
  const [, navigate] = useLocation();
  const toast = useToast();
  const [deleting, setDeleting] = useState<PreferenceRow | null>(null);

  return (
    <ServerListPage
      title="Customer preferences"
      list={preferenceList}
      queryKey={['customer-preferences', tenantId]}
      fetchPage={(state, context) => listPreferences(tenantId, state, context)}
      rowKey={(row: PreferenceRow) => row.id}
      enabled={tenantId !== ''}
      columns={columns}
      rowLabel={(p) => `${p.name} (${p.customer_name ?? 'unknown customer'})`}
      searchPlaceholder="Search name, customer or location"
      rowActions={(p) => [
        { label: 'Edit', onSelect: () => navigate(adminPaths.customerPreferenceEdit(p.id)) },
        { label: 'Delete', onSelect: () => setDeleting(p), destructive: true },
      ]}
      toolbar={<Button onClick={() => navigate(adminPaths.customerPreferenceCreate())}>Add preference</Button>}
      filterFields={(draft, setDraft) => (
        <div className="space-y-4">
          <LookupFilter
            label="Customer"
            value={draft.customer_id}
            onChange={(customer_id) => setDraft({ ...draft, customer_id })}
            search={(term, signal, limit) => lookupCustomers(tenantId, term, limit, signal)}
            resolveLabel={(id) => personName(tenantId, id)}
          />
          <FilterSelect<DayValue>
            label="Day"
            value={draft.day}
            options={DAY_OPTIONS}
            onChange={(day) => setDraft({ ...draft, day })}
          />
          <FilterActive value={draft.active} onChange={(active) => setDraft({ ...draft, active })} />
        </div>
      )}
      after={(list) => (
        <ConfirmDialog
          open={deleting !== null}
          onClose={() => setDeleting(null)}
          title="Delete this customer preference?"
          message={
            deleting
              ? `${deleting.name} for ${deleting.customer_name ?? 'this customer'} will be removed. Deliveries will no longer be planned with it; to keep it on record, make it inactive instead.`
              : ''
          }
          confirmLabel="Delete"
          destructive
          onConfirm={async () => {
            if (!deleting) return;
            await deletePreference(tenantId, deleting.id);
            toast.success(PREFERENCE_TOASTS.deleted);
            list.refetch();
          }}
        />
      )}
    />
  );
}

export default CustomerPreferencesListPage;
