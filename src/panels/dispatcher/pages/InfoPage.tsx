import { useMemo, type ReactNode } from 'react';
import { mapsToken } from '../../../lib/geocoding';
import { useT } from '../../../lib/i18n/catalogue';
import { useSession } from '../../../lib/session';
import { tenantIdOf } from '../../../lib/tenant';
import { useRecordLoad } from '../../../lib/use-record-load';
import { useTenantSettings } from '../../../lib/tenant-settings';
import { Chip } from '../../../ui/Chip';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { FitBounds, fromGeoJsonPolygon, MapView, type MapGeoJsonLayer, type MapMarker } from '../../../ui/map';
import { PageHeader } from '../../../ui/PageHeader';
import { Skeleton } from '../../../ui/Skeleton';
import { getTenantInfo, type InfoZone, type TenantInfo } from '../api';
import { dispatcherMessages, type DispatcherKey } from '../messages';
import { transitText } from '../schema';
import { ScrollBox } from '../../../ui/ScrollBox';

type Load = { status: 'loading' } | { status: 'failed'; error: Error } | { status: 'ready'; info: TenantInfo };

const SERVICE_KIND_KEYS: Record<string, DispatcherKey> = {
  on_demand: 'serviceKind.on_demand',
  same_day: 'serviceKind.same_day',
  next_day: 'serviceKind.next_day',
  scheduled: 'serviceKind.scheduled',
};
const FEATURE_KEYS: Record<string, DispatcherKey> = {
  lift_gate: 'feature.lift_gate',
  refrigeration: 'feature.refrigeration',
  temperature_control: 'feature.temperature_control',
  security_system: 'feature.security_system',
  gps_tracking: 'feature.gps_tracking',
};
/** A value this build has no words for shows as itself, made readable. */
const humanize = (value: string) => {
  const words = value.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function Section({ id: name, title, children, className }: { id: string; title: string; children: ReactNode; className?: string }) {
  const id = `info-${name}`;
  return (
    <section aria-labelledby={id} className={`rounded-xl border border-slate-200 p-4 dark:border-slate-700 ${className ?? ''}`}>
      <h2 id={id} className="mb-3 text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The info screen: the business's operating information for dispatchers, read only: contacts, services, zones on a map. */
export function InfoPage() {
  const t = useT(dispatcherMessages);
  const { user } = useSession();
  const tenantId = tenantIdOf(user) ?? '';
  // Loading until this tenant's answer (or a retry's) arrives; an answer for another is dropped.
  const { state, retry } = useRecordLoad<TenantInfo>(tenantId || null, (signal) => getTenantInfo(tenantId, signal), { loadingOnNewKey: true });
  const load: Load =
    state.status === 'ready'
      ? { status: 'ready', info: state.record }
      : state.status === 'failed'
        ? { status: 'failed', error: state.error instanceof Error ? state.error : new Error(String(state.error)) }
        : { status: 'loading' };

  return (
    <div className="space-y-4">
      <PageHeader title={t('info.title')} breadcrumbs={[{ label: t('crumb.dashboard'), href: '/' }, { label: t('info.title') }]} />
      {load.status === 'loading' && (
        <div role="status" aria-label={t('info.loading')} className="grid gap-4 lg:grid-cols-2">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-72 w-full lg:col-span-2" />
        </div>
      )}
      {load.status === 'failed' && <ErrorState title={t('info.loadFailed')} detail={load.error.message} onRetry={retry} />}
      {load.status === 'ready' && <InfoView info={load.info} />}
    </div>
  );
}

function InfoView({ info }: { info: TenantInfo }) {
  const t = useT(dispatcherMessages);
  const { contact, admins, services } = info;
  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <Section id="contacts" title={t('info.contacts')}>
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-xs font-medium text-slate-500 uppercase dark:text-slate-400">{t('info.business')}</dt>
              <dd className="mt-0.5 font-medium">{info.name}</dd>
              {contact.address && <dd className="text-slate-600 dark:text-slate-300">{contact.address}</dd>}
            </div>
            <div>
              <dt className="text-xs font-medium text-slate-500 uppercase dark:text-slate-400">{t('info.reach')}</dt>
              {contact.phone && (
                <dd className="mt-0.5">
                  <a className="text-brand underline" href={`tel:${contact.phone.replace(/[^+\d]/g, '')}`}>
                    {contact.phone}
                  </a>
                </dd>
              )}
              {contact.email && (
                <dd>
                  <a className="text-brand underline" href={`mailto:${contact.email}`}>
                    {contact.email}
                  </a>
                </dd>
              )}
              {!contact.phone && !contact.email && <dd className="mt-0.5 text-slate-600 dark:text-slate-400">{t('info.noContact')}</dd>}
            </div>
          </dl>
        </Section>
        <Section id="admins" title={t('info.admins')}>
          {admins.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('info.noAdmins')}</p>
          ) : (
            <ul aria-label={t('info.admins')} className="space-y-2 text-sm">
              {admins.map((a) => (
                <li key={a.id} className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-medium">{a.full_name}</span>
                  <span className="flex flex-wrap gap-3">
                    <a className="text-brand underline" href={`mailto:${a.email}`}>
                      {a.email}
                    </a>
                    {a.phone && <span className="text-slate-600 dark:text-slate-300">{a.phone}</span>}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>

      <Section id="services" title={t('info.services')}>
        {services.length === 0 ? (
          <EmptyState title={t('info.noServices')} description={t('info.noServicesHelp')} />
        ) : (
          <ScrollBox label={t('info.services')}>
            <table className="w-full text-left text-sm">
              <thead className="text-xs text-slate-500 uppercase dark:text-slate-400">
                <tr>
                  <th scope="col" className="py-1 pr-3 font-medium">{t('info.service')}</th>
                  <th scope="col" className="py-1 pr-3 font-medium">{t('info.code')}</th>
                  <th scope="col" className="py-1 pr-3 font-medium">{t('info.kind')}</th>
                  <th scope="col" className="py-1 pr-3 font-medium">{t('info.eta')}</th>
                  <th scope="col" className="py-1 font-medium">{t('info.needs')}</th>
                </tr>
              </thead>
              <tbody>
                {services.map((s) => (
                  <tr key={s.id} className="border-t border-slate-100 align-top dark:border-slate-800">
                    <td className="py-2 pr-3">
                      <span className="font-medium">{s.name}</span> {!s.active && <Chip>{t('info.inactive')}</Chip>}
                      {s.description && <div className="text-xs text-slate-500 dark:text-slate-400">{s.description}</div>}
                    </td>
                    <td className="py-2 pr-3 font-mono">{s.code}</td>
                    <td className="py-2 pr-3">{SERVICE_KIND_KEYS[s.kind] ? t(SERVICE_KIND_KEYS[s.kind]) : humanize(s.kind)}</td>
                    <td className="py-2 pr-3 whitespace-nowrap">{transitText(s.min_transit_hours, s.max_transit_hours, t)}</td>
                    <td className="py-2">{s.required_vehicle_features.length > 0 ? s.required_vehicle_features.map((f) => (FEATURE_KEYS[f] ? t(FEATURE_KEYS[f]) : humanize(f))).join(', ') : t('info.anyVehicle')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        )}
      </Section>

      <ZonesSection zones={info.zones} />
    </div>
  );
}

function ZonesSection({ zones }: { zones: InfoZone[] }) {
  const t = useT(dispatcherMessages);
  const settings = useTenantSettings();
  const tenantSettings = settings.status === 'ready' ? settings.settings : null;
  const outlines = useMemo(() => zones.map((z) => fromGeoJsonPolygon(z.polygon).vertices), [zones]);
  const layers = useMemo<MapGeoJsonLayer[]>(() => {
    const data: GeoJSON.FeatureCollection = {
      type: 'FeatureCollection',
      features: zones.map((z) => ({ type: 'Feature', properties: { color: z.color, active: z.active }, geometry: z.polygon as GeoJSON.Polygon })),
    };
    return [
      { id: 'info-zones-fill', type: 'fill', data, paint: { 'fill-color': ['get', 'color'], 'fill-opacity': ['case', ['get', 'active'], 0.25, 0.08] } },
      { id: 'info-zones-line', type: 'line', data, paint: { 'line-color': ['get', 'color'], 'line-width': 2 } },
    ];
  }, [zones]);
  // Each zone's name at the mean of its outline's points.
  const markers = useMemo<MapMarker[]>(
    () =>
      zones.flatMap((z, index) => {
        const vertices = outlines[index] ?? [];
        if (vertices.length === 0) return [];
        const lng = vertices.reduce((sum, v) => sum + v[0], 0) / vertices.length;
        const lat = vertices.reduce((sum, v) => sum + v[1], 0) / vertices.length;
        return [{ id: z.id, lng, lat, label: z.active ? z.name : t('info.zoneInactive', { name: z.name }), color: z.color }];
      }),
    [zones, outlines, t],
  );

  return (
    <Section id="zones" title={t('info.zones')}>
      {zones.length === 0 ? (
        <EmptyState title={t('info.noZones')} description={t('info.noZonesHelp')} />
      ) : (
        <div className="grid gap-4 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <MapView
            label={t('info.map')}
            defaultCenter={tenantSettings?.mapCentre}
            mapboxToken={mapsToken(tenantSettings?.mapsKey)}
            zoom={11}
            height={420}
            layers={layers}
            markers={markers}
          >
            <FitBounds outlines={outlines} />
          </MapView>
          <ul aria-label={t('info.zones')} className="space-y-2 text-sm">
            {zones.map((z) => (
              <li key={z.id} className="flex items-start gap-2">
                <span aria-hidden="true" className="mt-1 inline-block size-3 shrink-0 rounded-sm" style={{ backgroundColor: z.color }} />
                <span>
                  <span className="font-medium">{z.name}</span> <span className="font-mono text-xs text-slate-500">{z.code}</span> {!z.active && <Chip>{t('info.inactive')}</Chip>}
                  {z.description && <span className="block text-xs text-slate-500 dark:text-slate-400">{z.description}</span>}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Section>
  );
}

export default InfoPage;
