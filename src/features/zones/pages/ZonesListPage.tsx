import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { useT, type Translate } from '../../../lib/i18n/catalogue';
import { adminPaths } from '../../../lib/paths';
import { mapsToken } from '../../../lib/geocoding';
import { useTenantSettings } from '../../../lib/tenant-settings';
import { useRecordLoad } from '../../../lib/use-record-load';
import { Button } from '../../../ui/Button';
import { useTenantList } from '../../../ui/ServerListPage';
import { ActiveChip } from '../../../ui/Chip';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { DataTable, FilterActive, type DataTableColumn } from '../../../ui/data-table';
import { FitBounds, fromGeoJsonPolygon, MapView, type MapGeoJsonLayer, type MapMarker } from '../../../ui/map';
import { PageHeader } from '../../../ui/PageHeader';
import { useToast } from '../../../ui/toast';
import { deleteZone, listAllZones, listZones, ZoneInUseError } from '../api';
import { zoneList } from '../list';
import { zoneMessages, type ZoneKey } from '../messages';
import { pointCount, type Zone } from '../schema';

function zoneColumns(t: Translate<ZoneKey>): DataTableColumn<Zone>[] {
  return [
  {
    id: 'name',
    header: t('col.name'),
    sortable: true,
    cell: (z) => (
      <span className="inline-flex items-center gap-2">
        <span aria-hidden="true" className="inline-block size-3 shrink-0 rounded-sm ring-1 ring-slate-900/20" style={{ backgroundColor: z.color }} />
        {z.name}
      </span>
    ),
  },
  { id: 'code', header: t('col.code'), cell: (z) => z.code, sortable: true, width: '10rem' },
  { id: 'points', header: t('col.points'), cell: (z) => pointCount(z), align: 'end', hideBelow: 'md', width: '5rem' },
  { id: 'active', header: t('col.status'), cell: (z) => <ActiveChip active={z.active} /> },
];
}

/** The centre of an outline's points: where its label goes. */
function labelPoint(zone: Zone): [number, number] | null {
  const { vertices } = fromGeoJsonPolygon(zone.polygon);
  if (vertices.length === 0) return null;
  const lng = vertices.reduce((sum, v) => sum + v[0], 0) / vertices.length;
  const lat = vertices.reduce((sum, v) => sum + v[1], 0) / vertices.length;
  return [lng, lat];
}

export function ZonesListPage() {
  const t = useT(zoneMessages);
  const columns = useMemo(() => zoneColumns(t), [t]);
  const { tenantId, url: table, page: list } = useTenantList({ list: zoneList, resource: 'zones', fetchPage: listZones });
  const [, navigate] = useLocation();
  const toast = useToast();
  const [deleting, setDeleting] = useState<Zone | null>(null);

  // The map's outlines: read again after a delete (the outlines shown stay meanwhile); an answer of an
  // earlier read never replaces a later one.
  const [reads, setReads] = useState(0);
  const { state: all, retry: retryAll } = useRecordLoad<Zone[]>(tenantId ? `${tenantId}/${reads}` : null, (signal) => listAllZones(tenantId, signal));
  const settings = useTenantSettings();
  const tenantSettings = settings.status === 'ready' ? settings.settings : null;

  const zones = useMemo(() => (all.status === 'ready' ? all.record : []), [all]);
  const layers = useMemo<MapGeoJsonLayer[]>(() => {
    const data: GeoJSON.FeatureCollection = {
      type: 'FeatureCollection',
      features: zones.map((z) => ({
        type: 'Feature',
        properties: { color: z.color, active: z.active },
        geometry: z.polygon as GeoJSON.Polygon,
      })),
    };
    return [
      { id: 'zones-fill', type: 'fill', data, paint: { 'fill-color': ['get', 'color'], 'fill-opacity': ['case', ['get', 'active'], 0.25, 0.08] } },
      { id: 'zones-line', type: 'line', data, paint: { 'line-color': ['get', 'color'], 'line-width': 2 } },
    ];
  }, [zones]);
  const markers = useMemo<MapMarker[]>(
    () =>
      zones.flatMap((z) => {
        const at = labelPoint(z);
        return at ? [{ id: z.id, lng: at[0], lat: at[1], label: z.active ? z.name : t('map.inactive', { name: z.name }), color: z.color }] : [];
      }),
    [zones, t],
  );
  const outlines = useMemo(() => zones.map((z) => fromGeoJsonPolygon(z.polygon).vertices), [zones]);

  return (
    <div className="space-y-4">
      <PageHeader title={t('list.title')} breadcrumbs={[{ label: t('crumb.dashboard'), href: '/' }, { label: t('list.title') }]} />
      <div className="grid gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <DataTable
          label={t('list.title')}
          columns={columns}
          {...table}
          {...list.tableProps}
          rowLabel={(z) => z.name}
          searchPlaceholder={t('list.search')}
          rowActions={(z) => [
            { label: t('list.edit'), onSelect: () => navigate(adminPaths.zoneEdit(z.id)) },
            { label: t('list.delete'), onSelect: () => setDeleting(z), destructive: true },
          ]}
          toolbar={<Button onClick={() => navigate(adminPaths.zoneCreate())}>{t('list.add')}</Button>}
          filterFields={({ field }) => (
            <FilterActive {...field('active')} />
          )}
        />
        <section aria-label={t('map.label')} className="space-y-2">
          {all.status === 'failed' ? (
            <div role="alert" className="rounded-lg border border-red-300 p-4 text-sm text-red-800 dark:border-red-800 dark:text-red-300">
              {t('map.failed')}{' '}
              <Button variant="secondary" onClick={retryAll}>
                {t('map.retry')}
              </Button>
            </div>
          ) : (
            <MapView
              label={t('map.all')}
              defaultCenter={tenantSettings?.mapCentre}
              mapboxToken={mapsToken(tenantSettings?.mapsKey)} zoom={11} height={560} layers={layers} markers={markers}>
              <FitBounds outlines={outlines} />
            </MapView>
          )}
          {all.status === 'ready' && (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {zones.length === 0 ? t('map.none') : t('map.count', { count: zones.length })}
            </p>
          )}
        </section>
      </div>
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('delete.title')}
        message={deleting ? t('delete.message', { name: deleting.name, code: deleting.code }) : ''}
        confirmLabel={t('delete.confirm')}
        destructive
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await deleteZone(tenantId, deleting.id);
          } catch (error) {
            throw error instanceof ZoneInUseError ? new Error(t('delete.inUse')) : error;
          }
          toast.success(t('toast.deleted'));
          list.refetch();
          setReads((n) => n + 1);
        }}
      />
    </div>
  );
}
