import { useEffect, useRef, useState } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { addressPoint, quoteDelivery, type AddressPoint, type DeliveryQuote } from '../api';
import { useT } from '../../../lib/i18n/catalogue';
import { useFormat } from '../../../lib/i18n/format';
import { deliveryMessages, type DeliveryKey } from '../messages';
import { fromLocalInput, totalWeight, type DeliveryFormInput, type DeliveryFormValues } from '../schema';

/** How long the form must be still before it is priced again. */
export const QUOTE_DEBOUNCE_MS = 400;

type QuoteResult =
  | { status: 'ready'; quote: DeliveryQuote }
  | { status: 'refused'; messages: string[] }
  | { status: 'unplaced' }
  | { status: 'failed' };

function refusalMessages(error: unknown): string[] | null {
  const e = error as { code?: string; details?: unknown } | null;
  if (!e || e.code !== '23514' || typeof e.details !== 'string') return null;
  try {
    const list = JSON.parse(e.details) as { message?: string }[];
    const messages = list.map((d) => d.message).filter((m): m is string => typeof m === 'string');
    return messages.length > 0 ? messages : null;
  } catch {
    return null;
  }
}

/**
 * The live quote beside the delivery form: as the addresses, service, packages or pickup window
 * change it asks the database's `quote` (debounced, the previous request aborted) and shows the
 * price, the zones matched and the transit window, or the refusal in the database's words.
 */
export function QuotePreview({ tenantId, control }: { tenantId: string; control: Control<DeliveryFormInput, unknown, DeliveryFormValues> }) {
  const t = useT(deliveryMessages);
  const format = useFormat();
  const [pickupId, dropoffId, serviceId, packages, readyAt, overriding] = useWatch({
    control,
    name: ['pickup_address_id', 'dropoff_address_id', 'service_id', 'packages', 'pickup_window_start', 'override_price'],
  });
  const weight = totalWeight(packages ?? []);
  const [answer, setAnswer] = useState<{ key: string; result: QuoteResult } | null>(null);
  const points = useRef(new Map<string, AddressPoint | null>());

  // What is still missing before a price can be asked (its key: the effect re-runs on a change of route, not of language).
  const missing: DeliveryKey | '' = !pickupId ? 'quote.choosePickup' : !dropoffId ? 'quote.chooseDropoff' : !serviceId ? 'quote.chooseService' : weight <= 0 ? 'quote.chooseWeight' : '';

  const key = JSON.stringify([pickupId, dropoffId, serviceId, weight, readyAt]);
  const state: QuoteResult | { status: 'incomplete'; missing: DeliveryKey } | { status: 'loading' } = missing
    ? { status: 'incomplete', missing }
    : answer?.key === key
      ? answer.result
      : { status: 'loading' };

  useEffect(() => {
    if (missing || !pickupId || !dropoffId || !serviceId) return;
    const controller = new AbortController();
    const setState = (result: QuoteResult) => setAnswer({ key, result });
    const timer = window.setTimeout(() => {
      const pointOf = async (id: string) => {
        if (!points.current.has(id)) points.current.set(id, await addressPoint(tenantId, id));
        return points.current.get(id) ?? null;
      };
      void (async () => {
        try {
          const [pickup, dropoff] = await Promise.all([pointOf(pickupId), pointOf(dropoffId)]);
          if (controller.signal.aborted) return;
          if (!pickup || pickup.lat === null || pickup.lng === null || !dropoff || dropoff.lat === null || dropoff.lng === null) {
            setState({ status: 'unplaced' });
            return;
          }
          const quote = await quoteDelivery(
            {
              pickup_lat: pickup.lat,
              pickup_lng: pickup.lng,
              dropoff_lat: dropoff.lat,
              dropoff_lng: dropoff.lng,
              service_id: serviceId,
              weight_kg: weight,
              ready_at: fromLocalInput(readyAt ?? ''),
            },
            controller.signal,
          );
          if (!controller.signal.aborted) setState({ status: 'ready', quote });
        } catch (error) {
          if (controller.signal.aborted) return;
          const messages = refusalMessages(error);
          setState(messages ? { status: 'refused', messages } : { status: 'failed' });
        }
      })();
    }, QUOTE_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [tenantId, pickupId, dropoffId, serviceId, weight, readyAt, missing, key]);

  return (
    <section aria-labelledby="quote-heading" aria-live="polite" className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <h2 id="quote-heading" className="text-sm font-semibold">
        {t('quote.title')}
      </h2>
      <div data-testid="quote" className="mt-2 text-sm">
        {state.status === 'incomplete' && <p className="text-slate-600 dark:text-slate-400">{t(state.missing)}</p>}
        {state.status === 'loading' && (
          <p role="status" className="text-slate-600 dark:text-slate-400">
            {t('quote.loading')}
          </p>
        )}
        {state.status === 'failed' && <p className="text-red-700 dark:text-red-300">{t('quote.failed')}</p>}
        {state.status === 'unplaced' && <p className="text-red-700 dark:text-red-300">{t('quote.noPosition')}</p>}
        {state.status === 'refused' && (
          <ul className="space-y-1 text-red-700 dark:text-red-300">
            {state.messages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        )}
        {state.status === 'ready' && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-slate-600 dark:text-slate-400">{t('quote.price')}</dt>
            <dd className="font-semibold">
              {format.money(state.quote.price, state.quote.currency)}
              {overriding && <span className="ml-2 text-xs font-normal text-slate-500">{t('quote.replaced')}</span>}
            </dd>
            <dt className="text-slate-600 dark:text-slate-400">{t('quote.zones')}</dt>
            <dd>
              {state.quote.pickup_zone.name} &gt; {state.quote.dropoff_zone.name}
            </dd>
            <dt className="text-slate-600 dark:text-slate-400">{t('quote.transit')}</dt>
            <dd>
              {t('quote.transitValue', { min: format.number(state.quote.min_transit_hours), max: format.number(state.quote.max_transit_hours), from: format.dateTime(state.quote.earliest_at), to: format.dateTime(state.quote.latest_at) })}
            </dd>
            <dt className="text-slate-600 dark:text-slate-400">{t('quote.weight')}</dt>
            <dd>{t('quote.kg', { weight: format.number(weight) })}</dd>
          </dl>
        )}
      </div>
    </section>
  );
}
