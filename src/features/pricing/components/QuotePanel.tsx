import { useCallback, useMemo, useState } from 'react';
import { useT } from '../../../lib/i18n/catalogue';
import { useFormat } from '../../../lib/i18n/format';
import { mapsToken } from '../../../lib/geocoding';
import type { ServerErrorResult } from '../../../lib/server-errors';
import { useTenantSettings } from '../../../lib/tenant-settings';
import { useRecordLoad } from '../../../lib/use-record-load';
import { Form, LookupField, NumberField, SubmitButton, useZodForm } from '../../../ui/form';
import { FitBounds, fromGeoJsonPolygon, MapView, type MapGeoJsonLayer, type MapMarker } from '../../../ui/map';
import { serviceLookup } from '../../../data/delivery-services';
import { listActiveZoneOutlines, requestQuote, type ZoneOutline } from '../api';
import { pricingMessages } from '../messages';
import { translatePricingMessage } from '../words';
import { QuoteFormSchema, type Quote, type QuoteFormInput, type QuoteFormOutput } from '../schema';

type PickTarget = 'pickup' | 'dropoff';

const emptyQuoteForm = (): QuoteFormInput => ({
  pickup_lat: null as unknown as number,
  pickup_lng: null as unknown as number,
  dropoff_lat: null as unknown as number,
  dropoff_lng: null as unknown as number,
  service_id: null as unknown as string,
  weight_kg: 1,
});

/**
 * 'Try a quote': what a dispatcher asks before creating a delivery. Points are picked on the
 * map (or typed), the database's quote prices the route, and a refusal (no zone, no price)
 * shows its words here, beside the inputs.
 */
export function QuotePanel({ tenantId }: { tenantId: string }) {
  const t = useT(pricingMessages);
  const format = useFormat();
  const dateTime = useMemo(() => new Intl.DateTimeFormat(format.language, { weekday: 'short', hour: '2-digit', minute: '2-digit', hour12: false }), [format.language]);
  const translate = useCallback((message: string) => translatePricingMessage(t, message), [t]);
  const form = useZodForm(QuoteFormSchema, { defaultValues: emptyQuoteForm() }, translate);
  const [target, setTarget] = useState<PickTarget>('pickup');
  const [quote, setQuote] = useState<Quote | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const settings = useTenantSettings();
  const tenantSettings = settings.status === 'ready' ? settings.settings : null;
  // The tenant's active zones drawn under the points; none when they fail to load.
  const { state: zonesLoad } = useRecordLoad<ZoneOutline[]>(tenantId, (signal) => listActiveZoneOutlines(tenantId, signal));
  const zones = useMemo(() => (zonesLoad.status === 'ready' ? zonesLoad.record : []), [zonesLoad]);

  const [pickupLat, pickupLng, dropoffLat, dropoffLng] = form.watch(['pickup_lat', 'pickup_lng', 'dropoff_lat', 'dropoff_lng']);
  const markers = useMemo<MapMarker[]>(() => {
    const points: MapMarker[] = [];
    if (Number.isFinite(pickupLat) && Number.isFinite(pickupLng)) points.push({ id: 'pickup', lat: pickupLat, lng: pickupLng, label: t('quote.pickup'), color: '#16a34a' });
    if (Number.isFinite(dropoffLat) && Number.isFinite(dropoffLng)) points.push({ id: 'dropoff', lat: dropoffLat, lng: dropoffLng, label: t('quote.dropoff'), color: '#dc2626' });
    return points;
  }, [pickupLat, pickupLng, dropoffLat, dropoffLng, t]);
  const layers = useMemo<MapGeoJsonLayer[]>(() => {
    const data: GeoJSON.FeatureCollection = {
      type: 'FeatureCollection',
      features: zones.map((z) => ({ type: 'Feature', properties: { color: z.color }, geometry: z.polygon })),
    };
    return [
      { id: 'quote-zones-fill', type: 'fill', data, paint: { 'fill-color': ['get', 'color'], 'fill-opacity': 0.15 } },
      { id: 'quote-zones-line', type: 'line', data, paint: { 'line-color': ['get', 'color'], 'line-width': 1.5 } },
    ];
  }, [zones]);
  const outlines = useMemo(() => zones.map((z) => fromGeoJsonPolygon(z.polygon).vertices), [zones]);

  const pick = (lng: number, lat: number) => {
    const options = { shouldDirty: true, shouldValidate: true };
    if (target === 'pickup') {
      form.setValue('pickup_lat', lat, options);
      form.setValue('pickup_lng', lng, options);
      setTarget('dropoff');
    } else {
      form.setValue('dropoff_lat', lat, options);
      form.setValue('dropoff_lng', lng, options);
    }
  };

  async function onSubmit(values: QuoteFormOutput) {
    setRefusal(null);
    setQuote(null);
    setQuote(await requestQuote(values));
  }

  function onServerError(_error: unknown, result: ServerErrorResult) {
    setRefusal((result.unmatched && translatePricingMessage(t, result.unmatched)) ?? (result.applied.length > 0 ? null : t('quote.failed')));
  }

  return (
    <section aria-labelledby="quote-title" className="space-y-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <h2 id="quote-title" className="text-base font-semibold">
        {t('quote.title')}
      </h2>
      <div className="grid gap-4 lg:grid-cols-2">
        <Form form={form} onSubmit={onSubmit} onServerError={onServerError} className="space-y-4" aria-label={t('quote.form')}>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">{t('quote.pick')}</legend>
            <div className="flex gap-4 text-sm">
              {(['pickup', 'dropoff'] as const).map((option) => (
                <label key={option} className="flex items-center gap-2">
                  <input type="radio" name="pick-target" className="accent-brand" checked={target === option} onChange={() => setTarget(option)} />
                  {option === 'pickup' ? t('quote.pickup') : t('quote.dropoff')}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-3 sm:grid-cols-2">
            <NumberField<QuoteFormInput, 'pickup_lat'> name="pickup_lat" label={t('quote.pickupLat')} required step="any" min={-90} max={90} />
            <NumberField<QuoteFormInput, 'pickup_lng'> name="pickup_lng" label={t('quote.pickupLng')} required step="any" min={-180} max={180} />
            <NumberField<QuoteFormInput, 'dropoff_lat'> name="dropoff_lat" label={t('quote.dropoffLat')} required step="any" min={-90} max={90} />
            <NumberField<QuoteFormInput, 'dropoff_lng'> name="dropoff_lng" label={t('quote.dropoffLng')} required step="any" min={-180} max={180} />
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <LookupField<QuoteFormInput, 'service_id'> name="service_id" label={t('quote.service')} required lookup={serviceLookup(tenantId)} />
            <NumberField<QuoteFormInput, 'weight_kg'> name="weight_kg" label={t('quote.weight')} required min={0} step="any" unit="kg" />
          </div>
          <SubmitButton>{t('quote.get')}</SubmitButton>
          {refusal && (
            <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
              {refusal}
            </div>
          )}
          {quote && (
            <dl aria-label={t('quote.result')} className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md bg-slate-50 p-3 text-sm dark:bg-slate-900">
              <dt className="text-slate-600 dark:text-slate-400">{t('quote.price')}</dt>
              <dd className="text-lg font-semibold">{format.money(quote.price, quote.currency)}</dd>
              <dt className="text-slate-600 dark:text-slate-400">{t('quote.breakdown')}</dt>
              <dd>{t('quote.breakdownValue', { base: format.money(quote.base_price, quote.currency), perUnit: format.money(quote.per_unit_price, quote.currency), weight: quote.weight_kg })}</dd>
              <dt className="text-slate-600 dark:text-slate-400">{t('quote.route')}</dt>
              <dd>
                {quote.pickup_zone.name} → {quote.dropoff_zone.name}
              </dd>
              <dt className="text-slate-600 dark:text-slate-400">{t('quote.service')}</dt>
              <dd>
                {quote.service.name} ({quote.service.code})
              </dd>
              <dt className="text-slate-600 dark:text-slate-400">{t('quote.transit')}</dt>
              <dd>
                {t('quote.transitValue', { min: quote.min_transit_hours, max: quote.max_transit_hours, earliest: dateTime.format(new Date(quote.earliest_at)), latest: dateTime.format(new Date(quote.latest_at)) })}
              </dd>
            </dl>
          )}
        </Form>
        <MapView
          label={target === 'pickup' ? t('quote.mapPickup') : t('quote.mapDropoff')}
          defaultCenter={tenantSettings?.mapCentre}
          mapboxToken={mapsToken(tenantSettings?.mapsKey)}
          height={380}
          deferUntilVisible
          zoom={11} onPick={pick} picked={null} markers={markers} layers={layers}>
          <FitBounds outlines={outlines} />
        </MapView>
      </div>
    </section>
  );
}
