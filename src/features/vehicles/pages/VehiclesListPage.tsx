import { useLocation } from 'wouter';
import { adminPaths } from '../../../lib/paths';
import { useListUrlState } from '../../../lib/url-state';
import { useLiveCollection } from '../../../lib/use-live-collection';
import { useLiveChanges, useServerList } from '../../../lib/use-server-list';
import { useSession } from '../../../lib/session';
import { tenantIdOf } from '../../../lib/tenant';
import { Button } from '../../../ui/Button';
import { ActiveChip } from '../../../ui/Chip';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { PageHeader } from '../../../ui/PageHeader';
import { publicFileUrl } from '../../../lib/storage-url';
import { listVehicles } from '../api';
import { vehiclesSource } from '../atoms';
import { vehicleList } from '../list';
import { FEATURE_OPTIONS, FUEL_OPTIONS, optionLabel, type Vehicle } from '../schema';

const selectClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

const columns: DataTableColumn<Vehicle>[] = [
  {
    id: 'image',
    header: 'Image',
    width: '5rem',
    cell: (v) => {
      const src = publicFileUrl(v.image_url);
      return src ? (
        <img src={src} alt={`Image of ${v.name}`} className="size-10 rounded object-cover" loading="lazy" />
      ) : (
        <span className="inline-block size-10 rounded bg-slate-100 dark:bg-slate-800" aria-label="No image" role="img" />
      );
    },
  },
  { id: 'name', header: 'Name', cell: (v) => v.name, sortable: true },
  { id: 'code', header: 'Code', cell: (v) => v.code, sortable: true, width: '9rem' },
  { id: 'fuel', header: 'Fuel', cell: (v) => (v.vehicle_requirements.fuel_type ? optionLabel(v.vehicle_requirements.fuel_type) : '—'), hideBelow: 'md' },
  { id: 'capacity_unit', header: 'Capacity', cell: (v) => v.capacity_unit, sortable: true, align: 'end', hideBelow: 'md' },
  {
    id: 'features',
    header: 'Features',
    hideBelow: 'lg',
    cell: (v) => (v.vehicle_requirements.special_features ?? []).map(optionLabel).join(', ') || '—',
  },
  { id: 'active', header: 'Status', cell: (v) => <ActiveChip active={v.active} /> },
];

export function VehiclesListPage() {
  const { user } = useSession();
  const tenantId = tenantIdOf(user) ?? '';
  const [, navigate] = useLocation();
  const table = useListUrlState(vehicleList);
  const list = useServerList({
    queryKey: ['vehicles', tenantId],
    state: table.state,
    fetchPage: (state, context) => listVehicles(tenantId, state, context),
    rowKey: (v: Vehicle) => v.id,
    enabled: tenantId !== '',
  });
  const live = useLiveCollection(vehiclesSource, tenantId);
  useLiveChanges(live, list.applyChanges);

  return (
    <div className="space-y-4">
      <PageHeader title="Vehicles" breadcrumbs={[{ label: 'Dashboard', href: '/' }, { label: 'Vehicles' }]} />
      <DataTable
        label="Vehicles"
        columns={columns}
        {...table}
        {...list.tableProps}
        liveState={live.state}
        rowLabel={(v) => v.name}
        searchPlaceholder="Search name or code"
        rowActions={(v) => [{ label: 'Edit', onSelect: () => navigate(adminPaths.vehicleEdit(v.id)) }]}
        toolbar={<Button onClick={() => navigate(adminPaths.vehicleCreate())}>Add vehicle</Button>}
        filterFields={(draft, setDraft) => (
          <div className="space-y-4">
            <label className="block text-sm font-medium">
              Status
              <select
                className={selectClass}
                value={draft.active === undefined ? '' : String(draft.active)}
                onChange={(event) => setDraft({ ...draft, active: event.target.value === '' ? undefined : event.target.value === 'true' })}
              >
                <option value="">Any</option>
                <option value="true">Active</option>
                <option value="false">Inactive</option>
              </select>
            </label>
            <label className="block text-sm font-medium">
              Fuel type
              <select
                className={selectClass}
                value={draft.fuel ?? ''}
                onChange={(event) => setDraft({ ...draft, fuel: (event.target.value || undefined) as typeof draft.fuel })}
              >
                <option value="">Any</option>
                {FUEL_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </label>
            <fieldset>
              <legend className="text-sm font-medium">Features</legend>
              <div className="mt-2 space-y-1">
                {FEATURE_OPTIONS.map((o) => (
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
          </div>
        )}
      />
    </div>
  );
}

export default VehiclesListPage;
