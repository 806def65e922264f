import { useCallback, useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import { adminPaths } from '../../../lib/paths';
import { formatRelativeTime } from '../../../lib/relative-time';
import { useSession } from '../../../lib/session';
import { tenantIdOf } from '../../../lib/tenant';
import { useListUrlState } from '../../../lib/url-state';
import { useLiveCollection } from '../../../lib/use-live-collection';
import { useNow } from '../../../lib/use-now';
import { useLiveChanges, useServerList, type ListChange } from '../../../lib/use-server-list';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { Chip, StatusChip } from '../../../ui/Chip';
import { driverStatus } from '../../../data/statuses';
import { DataTable, FilterSelect, type DataTableColumn } from '../../../ui/data-table';
import { LookupFilter } from '../../../ui/data-table/LookupFilter';
import { PageHeader } from '../../../ui/PageHeader';
import { lookupZones, zoneName } from '../../../data/zones';
import { listDrivers } from '../api';
import { driversSource } from '../atoms';
import { driverList } from '../list';
import { driverListChanges } from '../live';
import { useStatuses } from '../../../lib/status-vocabulary';
import {
  formatDay,
  isoDay,
  LICENCE_CLASS_LABELS,
  LICENCE_FILTER_OPTIONS,
  licenceState,
  type Driver,
  type DriverRow,
} from '../schema';

function driverColumns(today: string, now: Date): DataTableColumn<DriverRow>[] {
  return [
    {
      id: 'full_name',
      header: 'Driver',
      sortable: true,
      cell: (d) => (
        <span className="flex items-center gap-3">
          <Avatar name={d.full_name} src={d.avatar_url} size="sm" />
          <span className="min-w-0">
            <Link href={adminPaths.driverEdit(d.id)} className="block font-medium hover:underline">
              {d.full_name}
            </Link>
            <span className="block max-w-40 truncate text-xs text-slate-500 dark:text-slate-400" title={d.email}>
              {d.email}
            </span>
          </span>
        </span>
      ),
    },
    { id: 'phone', header: 'Phone', cell: (d) => d.phone ?? '—', hideBelow: 'lg' },
    {
      id: 'licence_expiry',
      header: 'Licence',
      sortable: true,
      cell: (d) => {
        const state = licenceState(d.licence_expiry, today);
        return (
          <span className="flex flex-col gap-1">
            <span className="whitespace-nowrap">{LICENCE_CLASS_LABELS[d.licence_class]}</span>
            <span className="text-xs whitespace-nowrap text-slate-600 dark:text-slate-400">{formatDay(d.licence_expiry)}</span>
            {state === 'expired' && (
              <span>
                <Chip tone="error">Expired</Chip>
              </span>
            )}
            {state === 'expiring' && (
              <span>
                <Chip tone="warning">Expiring soon</Chip>
              </span>
            )}
          </span>
        );
      },
      hideBelow: 'md',
    },
    { id: 'status', header: 'Status', sortable: true, cell: (d) => <StatusChip vocabulary={driverStatus} status={d.status} /> },
    { id: 'home_zone', header: 'Home zone', cell: (d) => <span className="line-clamp-2 max-w-32" title={d.home_zone_name ?? undefined}>{d.home_zone_name ?? '—'}</span>, hideBelow: 'lg' },
    { id: 'default_vehicle', header: 'Default vehicle', cell: (d) => <span className="line-clamp-2 max-w-28" title={d.default_vehicle_name ?? undefined}>{d.default_vehicle_name ?? '—'}</span>, hideBelow: 'lg' },
    {
      id: 'last_position_at',
      header: 'Last seen',
      sortable: true,
      cell: (d) =>
        d.last_position_at ? (
          <time dateTime={d.last_position_at} title={new Date(d.last_position_at).toLocaleString()}>
            {formatRelativeTime(d.last_position_at, now)}
          </time>
        ) : (
          'Never'
        ),
    },
  ];
}

export function DriversListPage() {
  const statuses = useStatuses(driverStatus);
  const { user } = useSession();
  const tenantId = tenantIdOf(user) ?? '';
  const [, navigate] = useLocation();
  const now = useNow();
  const today = isoDay(now);
  const table = useListUrlState(driverList);
  const list = useServerList({
    statuses,
    queryKey: ['drivers', tenantId, today],
    state: table.state,
    fetchPage: (state, context) => listDrivers(tenantId, state, context, today),
    rowKey: (d: DriverRow) => d.id,
    enabled: tenantId !== '',
  });
  const live = useLiveCollection(driversSource, tenantId);
  const { applyChanges, rows } = list;
  const onLiveChanges = useCallback((changes: ListChange<Driver>[]) => applyChanges(driverListChanges(changes, rows)), [applyChanges, rows]);
  useLiveChanges(live, onLiveChanges);
  const columns = useMemo(() => driverColumns(today, now), [today, now]);

  return (
    <div className="space-y-4">
      <PageHeader title="Drivers" breadcrumbs={[{ label: 'Dashboard', href: '/' }, { label: 'Drivers' }]} />
      <DataTable
        label="Drivers"
        columns={columns}
        {...table}
        {...list.tableProps}
        liveState={live.state}
        rowLabel={(d) => d.full_name}
        searchPlaceholder="Search name, email or licence number"
        rowActions={(d) => [{ label: 'Edit', onSelect: () => navigate(adminPaths.driverEdit(d.id)) }]}
        toolbar={<Button onClick={() => navigate(adminPaths.driverCreate())}>Add driver</Button>}
        filterFields={(draft, setDraft) => (
          <div className="space-y-4">
            <FilterSelect label="Status" value={draft.status} options={statuses.options} onChange={(status) => setDraft((current) => ({ ...current, status }))} />
            <LookupFilter
              label="Home zone"
              value={draft.zone}
              onChange={(zone) => setDraft((current) => ({ ...current, zone }))}
              search={(term, signal, limit) => lookupZones(tenantId, term, limit, signal, { markInactive: true })}
              resolveLabel={(id) => zoneName(tenantId, id)}
            />
            <FilterSelect label="Licence" value={draft.licence} options={LICENCE_FILTER_OPTIONS} onChange={(licence) => setDraft((current) => ({ ...current, licence }))} />
          </div>
        )}
      />
    </div>
  );
}

export default DriversListPage;
