import { useMemo } from 'react';
import { useT, type Translate } from '../../../lib/i18n/catalogue';
import { type LocaleFormat } from '../../../lib/i18n/format';
import { adminPaths } from '../../../lib/paths';
import type { ServerList } from '../../../lib/use-server-list';
import { ActiveChip } from '../../../ui/Chip';
import { type DataTableColumn } from '../../../ui/data-table';
import { ServerListPage, useLiveCollectionList } from '../../../ui/ServerListPage';
import { publicFileUrl } from '../../../lib/storage-url';
import { listVehicles } from '../api';
import { vehiclesSource } from '../atoms';
import { vehicleList } from '../list';
import { vehicleMessages, type VehicleKey } from '../messages';
import type { Vehicle } from '../schema';
import { optionWords, vehicleOptions } from '../words';

const selectClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

function vehicleColumns(t: Translate<VehicleKey>, format: LocaleFormat): DataTableColumn<Vehicle>[] {
  return [
  {
    id: 'image',
    header: t('col.image'),
    width: '5rem',
    cell: (v) => {
      const src = publicFileUrl(v.image_url);
      return src ? (
        <img src={src} alt={t('list.imageOf', { name: v.name })} className="size-10 rounded object-cover" loading="lazy" />
      ) : (
        <span className="inline-block size-10 rounded bg-slate-100 dark:bg-slate-800" aria-label={t('list.noImage')} role="img" />
      );
    },
  },
  { id: 'name', header: t('col.name'), cell: (v) => v.name, sortable: true },
  { id: 'code', header: t('col.code'), cell: (v) => v.code, sortable: true, width: '9rem' },
  { id: 'fuel', header: t('col.fuel'), cell: (v) => (v.vehicle_requirements.fuel_type ? optionWords(t, v.vehicle_requirements.fuel_type) : '—'), hideBelow: 'md' },
  { id: 'capacity_unit', header: t('col.capacity'), cell: (v) => format.number(v.capacity_unit), sortable: true, align: 'end', hideBelow: 'md' },
  {
    id: 'features',
    header: t('col.features'),
    hideBelow: 'lg',
    cell: (v) => (v.vehicle_requirements.special_features ?? []).map((f) => optionWords(t, f)).join(', ') || '—',
  },
  { id: 'active', header: t('col.status'), cell: (v) => <ActiveChip active={v.active} /> },
];
}

const useVehiclesLive = (list: ServerList<Vehicle>, tenantId: string) => useLiveCollectionList(vehiclesSource, tenantId, list);

export function VehiclesListPage() {
  const t = useT(vehicleMessages);
  const options = useMemo(() => vehicleOptions(t), [t]);
  return (
    <ServerListPage
      words={{ catalogue: vehicleMessages, title: 'list.title', search: 'list.search', add: 'list.add', edit: 'list.edit' }}
      dashboard={t('crumb.dashboard')}
      list={vehicleList} resource="vehicles" fetchPage={listVehicles} useLive={useVehiclesLive} columns={vehicleColumns} rowLabel={(v) => v.name}
      create={adminPaths.vehicleCreate()} edit={(v) => adminPaths.vehicleEdit(v.id)}
      filterFields={({ draft, setDraft }) => (
        <>
          <label className="block text-sm font-medium">
            {t('col.status')}
            <select
              className={selectClass}
              value={draft.active === undefined ? '' : String(draft.active)}
              onChange={(event) => setDraft({ ...draft, active: event.target.value === '' ? undefined : event.target.value === 'true' })}
            >
              <option value="">{t('filter.any')}</option>
              <option value="true">{t('filter.active')}</option>
              <option value="false">{t('filter.inactive')}</option>
            </select>
          </label>
          <label className="block text-sm font-medium">
            {t('field.fuel')}
            <select
              className={selectClass}
              value={draft.fuel ?? ''}
              onChange={(event) => setDraft({ ...draft, fuel: (event.target.value || undefined) as typeof draft.fuel })}
            >
              <option value="">{t('filter.any')}</option>
              {options.fuel.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
          <fieldset>
            <legend className="text-sm font-medium">{t('col.features')}</legend>
            <div className="mt-2 space-y-1">
              {options.features.map((o) => (
                <label key={o.value} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand"
                    checked={draft.feature.includes(o.value as (typeof draft.feature)[number])}
                    onChange={(event) => {
                      const value = o.value as (typeof draft.feature)[number];
                      setDraft({ ...draft, feature: event.target.checked ? [...draft.feature, value] : draft.feature.filter((f) => f !== value) });
                    }}
                  />
                  {o.label}
                </label>
              ))}
            </div>
          </fieldset>
        </>
      )}
    />
  );
}

export default VehiclesListPage;
