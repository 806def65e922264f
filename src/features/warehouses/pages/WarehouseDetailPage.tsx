import { useMemo, type ReactNode } from 'react';
import { useLocation, useParams } from 'wouter';
import { useT } from '../../../lib/i18n/catalogue';
import { useFormat } from '../../../lib/i18n/format';
import { adminPaths } from '../../../lib/paths';
import { useTenantId } from '../../../lib/tenant';
import { Button } from '../../../ui/Button';
import { warehouseStatus } from '../../../data/statuses';
import { ActiveChip, Chip, StatusChip } from '../../../ui/Chip';
import { ErrorState } from '../../../ui/ErrorState';
import { MapView, type MapMarker } from '../../../ui/map';
import { NotFoundState } from '../../../ui/NotFoundState';
import { PageHeader } from '../../../ui/PageHeader';
import { Skeleton } from '../../../ui/Skeleton';
import { useRecordLoad } from '../../../lib/use-record-load';
import { addressLabel } from '../../../data/address-label';
import { listWarehouseStaff } from '../../../data/warehouse-staff';
import type { WarehouseStaff } from '../../../data/warehousing';
import { useLocationTree, useWarehousingWords } from '../../../data/warehousing-words';
import { LoadedTree } from '../../../ui/RecordTree';
import { getWarehouse } from '../api';
import { warehouseMessages } from '../messages';
import type { Warehouse } from '../schema';
import { accessWords } from '../words';

const LIST_PATH = adminPaths.warehouses();

function Card({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-label={title} className={`rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900 ${className ?? ''}`}>
      <h2 className="mb-3 text-sm font-semibold text-slate-900 dark:text-slate-100">{title}</h2>
      {children}
    </section>
  );
}

/** Capacity use: what is taken of the total, as a meter. */
export function CapacityMeter({ total, available }: { total: number; available: number }) {
  const t = useT(warehouseMessages);
  const format = useFormat();
  const volume = (value: number) => t('capacity.volume', { value: format.number(value, { maximumFractionDigits: 1 }) });
  const used = Math.max(0, total - available);
  const percent = total > 0 ? Math.round((used / total) * 100) : 0;
  const tone = percent >= 90 ? 'bg-red-500' : percent >= 70 ? 'bg-amber-500' : 'bg-emerald-500';
  return (
    <div className="space-y-2">
      <div
        role="meter"
        aria-label={t('capacity.used')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t('capacity.usedPercent', { percent })}
        className="h-3 w-full overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
      >
        <div className={`h-full ${tone}`} style={{ width: `${percent}%` }} />
      </div>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-slate-500">{t('capacity.usedLabel')}</dt>
          <dd className="font-medium">{t('capacity.percent', { percent })}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('capacity.available')}</dt>
          <dd className="font-medium">{volume(available)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('capacity.total')}</dt>
          <dd className="font-medium">{volume(total)}</dd>
        </div>
      </dl>
    </div>
  );
}

function StaffList({ tenantId, warehouseId }: { tenantId: string; warehouseId: string }) {
  const t = useT(warehouseMessages);
  const { staffLabel } = useWarehousingWords();
  const { state, retry } = useRecordLoad<WarehouseStaff[]>(`${tenantId}/${warehouseId}`, () => listWarehouseStaff(tenantId, warehouseId));
  if (state.status === 'loading' || state.status === 'missing') return <Skeleton className="h-16 w-full" />;
  if (state.status === 'failed') return <ErrorState title={t('detail.staffFailed')} onRetry={retry} />;
  const staff = state.record;
  if (staff.length === 0) return <p className="text-sm text-slate-500">{t('detail.noStaff')}</p>;
  return (
    <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-800" aria-label={t('detail.staff')}>
      {staff.map((s) => (
        <li key={s.id} className="flex items-center justify-between gap-2 py-2">
          <div className="min-w-0">
            <p className="truncate font-medium">{staffLabel(s)}</p>
            {s.user?.email && <p className="truncate text-xs text-slate-500">{s.user.email}</p>}
          </div>
          {!s.active && <ActiveChip active={false} />}
        </li>
      ))}
    </ul>
  );
}

function Features({ warehouse }: { warehouse: Warehouse }) {
  const t = useT(warehouseMessages);
  const words = useWarehousingWords();
  const f = warehouse.features;
  const flags = [
    ['climate', t('field.climate'), t('detail.climate'), f.climate_control],
    ['refrigeration', t('field.refrigeration'), t('detail.refrigeration'), f.refrigeration],
    ['hazardous', t('field.hazardous'), t('detail.hazardous'), f.hazardous_materials],
    ['crossDocking', t('field.crossDocking'), t('detail.crossDocking'), f.cross_docking],
  ] as const;
  return (
    <div className="space-y-3 text-sm">
      <dl className="grid grid-cols-2 gap-2">
        <div>
          <dt className="text-slate-500">{t('field.security')}</dt>
          <dd className="font-medium">{words.securityLevels.label(f.security_level ?? 'medium')}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('field.dockDoors')}</dt>
          <dd className="font-medium">{f.dock_doors ?? 0}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('field.access')}</dt>
          <dd className="font-medium">
            {accessWords(t, warehouse.access_mode)}
            {warehouse.access_mode !== 'all_users' && t('detail.usersCount', { count: warehouse.user_ids.length })}
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-1.5">
        {flags.map(([id, label, lower, on]) => (
          <Chip key={id} tone={on ? 'info' : 'neutral'}>
            {on ? label : t('detail.no', { feature: lower })}
          </Chip>
        ))}
      </div>
    </div>
  );
}

/**
 * A warehouse at a glance. `history` renders the record's audit history under it: the app fills
 * it (features do not import each other).
 */
export function WarehouseDetailPage({ history }: { history?: (warehouseId: string) => ReactNode }) {
  const { id = '' } = useParams<{ id: string }>();
  const tenantId = useTenantId() ?? '';
  const [, navigate] = useLocation();
  const t = useT(warehouseMessages);
  const { state, retry } = useRecordLoad(tenantId ? `${tenantId}/${id}` : null, () => getWarehouse(tenantId, id));
  const warehouse = state.status === 'ready' ? state.record : null;
  const tree = useLocationTree(tenantId, warehouse?.id ?? '', warehouse?.name ?? '');
  const markers = useMemo<MapMarker[]>(() => {
    const a = warehouse?.address;
    return a && a.latitude !== null && a.longitude !== null ? [{ id: a.id, lng: a.longitude, lat: a.latitude, label: warehouse.name, color: '#2563eb' }] : [];
  }, [warehouse]);

  const crumbs = [{ label: t('crumb.dashboard'), href: '/' }, { label: t('list.title'), href: LIST_PATH }, { label: warehouse?.name ?? t('detail.title') }];
  if (state.status === 'missing') {
    return (
      <div className="space-y-4">
        <PageHeader title={t('detail.title')} breadcrumbs={crumbs} />
        <NotFoundState title={t('toast.notFound')} backTo={LIST_PATH} />
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className="space-y-4">
        <PageHeader title={t('detail.title')} breadcrumbs={crumbs} />
        <ErrorState title={t('toast.fetchFailed')} onRetry={retry}>
          <Button variant="secondary" onClick={() => navigate(LIST_PATH)}>
            {t('detail.goBack')}
          </Button>
        </ErrorState>
      </div>
    );
  }
  if (!warehouse) {
    return (
      <div className="space-y-4" aria-busy="true" aria-label={t('form.loading')}>
        <Skeleton className="h-10 w-1/3" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  const address = warehouse.address;
  return (
    <div className="space-y-4">
      <PageHeader
        title={warehouse.name}
        breadcrumbs={crumbs}
        description={
          <span className="inline-flex items-center gap-2">
            <span className="font-mono">{warehouse.code}</span> <StatusChip vocabulary={warehouseStatus} status={warehouse.status} />
          </span>
        }
        actions={
          <>
            <Button variant="secondary" onClick={() => navigate(`${adminPaths.locationCreate()}?warehouse_id=${warehouse.id}`)}>
              {t('detail.addLocation')}
            </Button>
            <Button variant="secondary" onClick={() => navigate(`${adminPaths.locations()}?warehouse=${warehouse.id}`)}>
              {t('detail.locations')}
            </Button>
            <Button onClick={() => navigate(adminPaths.warehouseEdit(warehouse.id))}>{t('detail.edit')}</Button>
          </>
        }
      />
      <div className="grid gap-4 lg:grid-cols-3">
        <Card title={t('detail.address')} className="lg:col-span-2">
          <p className="mb-3 text-sm">
            <span className="font-medium">{address ? addressLabel(address) : '—'}</span>
            {address?.full_address && <span className="block text-slate-500">{address.full_address}</span>}
          </p>
          <MapView
            center={address && address.latitude !== null && address.longitude !== null ? [address.longitude, address.latitude] : null}
            zoom={13}
            height={320}
            markers={markers}
            label={t('detail.mapOf', { name: warehouse.name })}
          />
        </Card>
        <div className="space-y-4">
          <Card title={t('detail.capacity')}>
            <CapacityMeter total={warehouse.total_capacity} available={warehouse.available_capacity} />
          </Card>
          <Card title={t('detail.features')}>
            <Features warehouse={warehouse} />
          </Card>
        </div>
        <Card title={t('detail.staff')}>
          <StaffList tenantId={tenantId} warehouseId={warehouse.id} />
        </Card>
        <Card title={t('detail.tree')} className="lg:col-span-2">
          <div className="max-h-[32rem] overflow-auto">
            <LoadedTree {...tree} />
          </div>
        </Card>
      </div>
      {history && <div className="pt-2">{history(warehouse.id)}</div>}
    </div>
  );
}

export default WarehouseDetailPage;
