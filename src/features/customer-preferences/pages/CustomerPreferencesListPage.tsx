import { useMemo, useState } from 'react';
import { useT, type Translate } from '../../../lib/i18n/catalogue';
import { adminPaths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { tenantIdOf } from '../../../lib/tenant';
import { ActiveChip } from '../../../ui/Chip';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { ServerListPage } from '../../../ui/ServerListPage';
import { DetailCell, FilterActive, FilterSelect, type DataTableColumn } from '../../../ui/data-table';
import { LookupFilter } from '../../../ui/data-table/LookupFilter';
import { useToast } from '../../../ui/toast';
import { customerLookup } from '../../../data/people';
import { deletePreference, listPreferences } from '../api';
import { preferenceList } from '../list';
import { preferenceMessages, type PreferenceKey } from '../messages';
import { formatWindow, locationLabel, type DayValue, type PreferenceRow } from '../schema';
import { dayWords, languageWords, preferenceOptions, usePreferenceToasts } from '../words';

function preferenceColumns(t: Translate<PreferenceKey>): DataTableColumn<PreferenceRow>[] {
  return [
  {
    id: 'name',
    header: t('col.name'),
    sortable: true,
    cell: (p) => <DetailCell main={p.name} detail={p.description} strong truncate />,
  },
  {
    id: 'customer_name',
    header: t('col.customer'),
    sortable: true,
    cell: (p) => <DetailCell main={p.customer_name ?? '—'} detail={p.customer_email} />,
  },
  { id: 'location', header: t('col.location'), hideBelow: 'lg', cell: (p) => <span className="block max-w-xs truncate">{locationLabel(p, t('location.unknown'))}</span> },
  { id: 'preferred_day_of_week', header: t('col.day'), sortable: true, cell: (p) => dayWords(t, p.preferred_day_of_week), width: '8rem' },
  { id: 'preferred_time_start', header: t('col.window'), sortable: true, cell: (p) => formatWindow(p.preferred_time_start, p.preferred_time_end), width: '9rem' },
  { id: 'language', header: t('col.language'), hideBelow: 'md', cell: (p) => languageWords(t, p.contact_preferences.language), width: '7rem' },
  { id: 'is_active', header: t('col.status'), cell: (p) => <ActiveChip active={p.is_active} /> },
];
}

/** customer-preference: server-side search, customer, day and status filters, 25 rows, state in the URL. */
export function CustomerPreferencesListPage() {
  const { user } = useSession();
  const tenantId = tenantIdOf(user) ?? '';
  const toast = useToast();
  const t = useT(preferenceMessages);
  const toasts = usePreferenceToasts();
  const days = useMemo(() => preferenceOptions(t).days, [t]);
  const [deleting, setDeleting] = useState<PreferenceRow | null>(null);

  return (
    <ServerListPage
      words={{ catalogue: preferenceMessages, title: 'list.title', search: 'list.search', add: 'list.add', edit: 'list.edit' }}
      list={preferenceList} resource="customer-preferences" fetchPage={listPreferences} columns={preferenceColumns}
      rowLabel={(p) => t('list.rowLabel', { name: p.name, customer: p.customer_name ?? t('list.unknownCustomer') })}
      create={adminPaths.customerPreferenceCreate()} edit={(p) => adminPaths.customerPreferenceEdit(p.id)}
      rowActions={(p) => [{ label: t('list.delete'), onSelect: () => setDeleting(p), destructive: true }]}
      filterFields={({ draft, setDraft, field }) => (
        <>
          <LookupFilter label={t('col.customer')} {...field('customer_id')} {...customerLookup(tenantId)} />
          <FilterSelect<DayValue> label={t('col.day')} value={draft.day} options={days} onChange={(day) => setDraft({ ...draft, day })} />
          <FilterActive {...field('active')} />
        </>
      )}
      after={(list) => (
        <ConfirmDialog
          open={deleting !== null}
          onClose={() => setDeleting(null)}
          title={t('delete.title')}
          message={
            deleting
              ? t('delete.message', { name: deleting.name, customer: deleting.customer_name ?? t('delete.thisCustomer') })
              : ''
          }
          confirmLabel={t('delete.confirm')}
          destructive
          onConfirm={async () => {
            if (!deleting) return;
            await deletePreference(tenantId, deleting.id);
            toast.success(toasts.deleted);
            list.refetch();
          }}
        />
      )}
    />
  );
}

export default CustomerPreferencesListPage;
