import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { adminPaths } from '../../../lib/paths';
import { mapsToken } from '../../../lib/geocoding';
import { useSession } from '../../../lib/session';
import { useTenantSettings } from '../../../lib/tenant-settings';
import { tenantIdOf } from '../../../lib/tenant';
import { useListUrlState } from '../../../lib/url-state';
import { useServerList } from '../../../lib/use-server-list';
import { Button } from '../../../ui/Button';
import { ActiveChip } from '../../../ui/Chip';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { DataTable, FilterActive, type DataTableColumn } from '../../../ui/data-table';
import { FitBounds, fromGeoJsonPolygon, MapView, type MapGeoJsonLayer, type MapMarker } from '../../../ui/map';
import { PageHeader } from '../../../ui/PageHeader';
import { useToast } from '../../../ui/toast';
import { deleteZone, listAllZones, listZones } from '../api';
import { zoneList } from '../list';
import { pointCount, type Zone } from '../schema';

const columns: DataTableColumn<Zone>[] = [
  {
    id: 'name',
    header: 'Name',
    sortable: true,
    cell: (z) => (
      <span className="inline-flex items-center gap-2">
        <span aria-hidden="true" className="inline-block size-3 shrink-0 rounded-sm ring-1 ring-slate-900/20" style={{ backgroundColor: z.color }} />
        {z.name}
      </span>
    ),
  },
  { id: 'code', header: 'Code', cell: (z) => z.code, sortable: true, width: '10rem' },
  { id: 'points', header: 'Points', cell: (z) => pointCount(z), align: 'end', hideBelow: 'md', width: '5rem' },
  { id: 'active', header: 'Status', cell: (z) => <ActiveChip active={z.active} /> },
];

type AllZones = { status: 'loading' } | { status: 'ready'; zones: Zone[] } | { status: 'failed' };

/** The centre of an outline's points: where its label goes. */
function labelPoint(zone: Zone): [number, number] | null {
  const { vertices } = fromGeoJsonPolygon(zone.polygon);
  if (vertices.length === 0) return null;
  const lng = vertices.reduce((sum, v) => sum + v[0], 0) / vertices.length;
  const lat = vertices.reduce((sum, v) => sum + v[1], 0) / vertices.length;
  return [lng, lat];
}

export function ZonesListPage() {
  const { user } = useSession();
  const tenantId = tenantIdOf(user) ?? '';
  const [, navigate] = useLocation();
  const toast = useToast();
  const [deleting, setDeleting] = useState<Zone | null>(null);
  const table = useListUrlState(zoneList);
  const list = useServerList({
    queryKey: ['zones', tenantId],
    state: table.state,
    fetchPage: (state, context) => listZones(tenantId, state, context),
    rowKey: (z: Zone) => z.id,
    enabled: tenantId !== '',
  });

  const [all, setAll] = useState<AllZones>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const settings = useTenantSettings();
  const tenantSettings = settings.status === 'ready' ? settings.settings : null;
  useEffect(() => {
    if (!tenantId) return;
    const controller = new AbortController();
    listAllZones(tenantId, controller.signal).then(
      (zones) => setAll({ status: 'ready', zones }),
      () => {
        if (!controller.signal.aborted) setAll({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [tenantId, attempt]);

  const zones = useMemo(() => (all.status === 'ready' ? all.zones : []), [all]);
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
        return at ? [{ id: z.id, lng: at[0], lat: at[1], label: z.active ? z.name : `${z.name} (inactive)`, color: z.color }] : [];
      }),
    [zones],
  );
  const outlines = useMemo(() => zones.map((z) => fromGeoJsonPolygon(z.polygon).vertices), [zones]);

  return (
    <div className="space-y-4">
      <PageHeader title="Zones" breadcrumbs={[{ label: 'Dashboard', href: '/' }, { label: 'Zones' }]} />
      <div className="grid gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <DataTable
          label="Zones"
          columns={columns}
          {...table}
          {...list.tableProps}
          rowLabel={(z) => z.name}
          searchPlaceholder="Search name or code"
          rowActions={(z) => [
            { label: 'Edit', onSelect: () => navigate(adminPaths.zoneEdit(z.id)) },
            { label: 'Delete', onSelect: () => setDeleting(z), destructive: true },
          ]}
          toolbar={<Button onClick={() => navigate(adminPaths.zoneCreate())}>Add zone</Button>}
          filterFields={(draft, setDraft) => (
            <FilterActive value={draft.active} onChange={(active) => setDraft({ ...draft, active })} />
          )}
        />
        <section aria-label="Zones map" className="space-y-2">
          {all.status === 'failed' ? (
            <div role="alert" className="rounded-lg border border-red-300 p-4 text-sm text-red-800 dark:border-red-800 dark:text-red-300">
              The zones could not be loaded for the map.{' '}
              <Button variant="secondary" onClick={() => {
                  setAll({ status: 'loading' });
                  setAttempt((n) => n + 1);
                }}>
                Retry
              </Button>
            </div>
          ) : (
            <MapView
              label="Map of every zone"
              defaultCenter={tenantSettings?.mapCentre}
              mapboxToken={mapsToken(tenantSettings?.mapsKey)} zoom={11} height={560} layers={layers} markers={markers}>
              <FitBounds outlines={outlines} />
            </MapView>
          )}
          {all.status === 'ready' && (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {zones.length === 0 ? 'No zones yet: add one to draw it here.' : `${zones.length} zones on the map; faded ones are inactive.`}
            </p>
          )}
        </section>
      </div>
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete this zone?"
        message={deleting ? `${deleting.name} (${deleting.code}) will be removed. Quotes will no longer match points inside it.` : ''}
        confirmLabel="Delete"
        destructive
        onConfirm={async () => {
          if (!deleting) return;
          await deleteZone(tenantId, deleting.id);
          toast.success('Zone deleted');
          list.refetch();
          setAttempt((n) => n + 1);
        }}
      />
    </div>
  );
}
