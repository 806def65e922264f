import { useMemo } from 'react';
import { Link } from 'wouter';
import { adminPaths } from '../../../lib/paths';
import { useT, type Translate } from '../../../lib/i18n/catalogue';
import { useFormat, type LocaleFormat } from '../../../lib/i18n/format';
import { useTenantId } from '../../../lib/tenant';
import { useNow } from '../../../lib/use-now';
import type { ServerList } from '../../../lib/use-server-list';
import { Avatar } from '../../../ui/Avatar';
import { Chip, StatusChip } from '../../../ui/Chip';
import { driverStatus } from '../../../data/statuses';
import { FilterSelect, type DataTableColumn } from '../../../ui/data-table';
import { LookupFilter } from '../../../ui/data-table/LookupFilter';
import { ServerListPage, useLiveCollectionList } from '../../../ui/ServerListPage';
import { zoneLookup } from '../../../data/zones';
import { listDrivers } from '../api';
import { driversSource } from '../atoms';
import { driverList } from '../list';
import { driverListChanges } from '../live';
import { useStatuses } from '../../../lib/status-vocabulary';
import { driversMessages, type DriverKey } from '../messages';
import { isoDay, licenceState, type DriverRow } from '../schema';
import { licenceClassWords, licenceFilterOptions } from '../words';

function driverColumns(t: Translate<DriverKey>, format: LocaleFormat, today: string, now: Date): DataTableColumn<DriverRow>[] {
  return [
    {
      id: 'full_name',
      header: t('col.driver'),
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
    { id: 'phone', header: t('col.phone'), cell: (d) => d.phone ?? '—', hideBelow: 'lg' },
    {
      id: 'licence_expiry',
      header: t('col.licence'),
      sortable: true,
      cell: (d) => {
        const state = licenceState(d.licence_expiry, today);
        return (
          <span className="flex flex-col gap-1">
            <span className="whitespace-nowrap">{licenceClassWords(t, d.licence_class)}</span>
            <span className="text-xs whitespace-nowrap text-slate-600 dark:text-slate-400">{format.date(d.licence_expiry)}</span>
            {state === 'expired' && (
              <span>
                <Chip tone="error">{t('licence.expired')}</Chip>
              </span>
            )}
            {state === 'expiring' && (
              <span>
                <Chip tone="warning">{t('licence.expiring')}</Chip>
              </span>
            )}
          </span>
        );
      },
      hideBelow: 'md',
    },
    { id: 'status', header: t('col.status'), sortable: true, cell: (d) => <StatusChip vocabulary={driverStatus} status={d.status} /> },
    { id: 'home_zone', header: t('col.homeZone'), cell: (d) => <span className="line-clamp-2 max-w-32" title={d.home_zone_name ?? undefined}>{d.home_zone_name ?? '—'}</span>, hideBelow: 'lg' },
    { id: 'default_vehicle', header: t('col.defaultVehicle'), cell: (d) => <span className="line-clamp-2 max-w-28" title={d.default_vehicle_name ?? undefined}>{d.default_vehicle_name ?? '—'}</span>, hideBelow: 'lg' },
    {
      id: 'last_position_at',
      header: t('col.lastSeen'),
      sortable: true,
      cell: (d) =>
        d.last_position_at ? (
          <time dateTime={d.last_position_at} title={format.dateTime(d.last_position_at)}>
            {format.relative(d.last_position_at, now)}
          </time>
        ) : (
          t('list.never')
        ),
    },
  ];
}

const useDriversLive = (list: ServerList<DriverRow>, tenantId: string) => useLiveCollectionList(driversSource, tenantId, list, driverListChanges);

export function DriversListPage() {
  const t = useT(driversMessages);
  const format = useFormat();
  const statuses = useStatuses(driverStatus);
  const tenantId = useTenantId() ?? '';
  const now = useNow();
  const today = isoDay(now);
  const columns = useMemo(() => driverColumns(t, format, today, now), [t, format, today, now]);
  return (
    <ServerListPage
      words={{ catalogue: driversMessages, title: 'list.title', search: 'list.search', add: 'list.add', edit: 'list.edit' }}
      list={driverList} resource="drivers" dependsOn={[today]} fetchPage={(tenant, state, context) => listDrivers(tenant, state, context, today)}
      statuses={statuses} useLive={useDriversLive} columns={columns} rowLabel={(d) => d.full_name}
      create={adminPaths.driverCreate()} edit={(d) => adminPaths.driverEdit(d.id)}
      filterFields={({ field }) => (
        <>
          <FilterSelect label={t('col.status')} options={statuses.options} {...field('status')} />
          <LookupFilter label={t('col.homeZone')} {...field('zone')} {...zoneLookup(tenantId, { markInactive: true })} />
          <FilterSelect label={t('col.licence')} options={licenceFilterOptions(t)} {...field('licence')} />
        </>
      )}
    />
  );
}

export default DriversListPage;
