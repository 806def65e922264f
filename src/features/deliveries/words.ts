import { useMemo } from 'react';
import { useT, type Translate } from '../../lib/i18n/catalogue';
import { deliveryMessages, type DeliveryKey } from './messages';
import { DELIVERY_MESSAGES, type DELIVERY_TOASTS, type DeliveryKind, type Priority } from './schema';

/** Each kind's words (the database's check constraint names the values). */
const KIND_KEYS = {
  on_demand: 'kind.on_demand',
  pickup: 'kind.pickup',
  delivery: 'kind.delivery',
  pickup_delivery: 'kind.pickup_delivery',
} as const satisfies Record<DeliveryKind, DeliveryKey>;

const PRIORITY_KEYS = {
  low: 'priority.low',
  normal: 'priority.normal',
  high: 'priority.high',
  urgent: 'priority.urgent',
} as const satisfies Record<Priority, DeliveryKey>;

/** A stored kind in the page's language; one this build does not know as itself. */
export const kindWords = (t: Translate<DeliveryKey>, kind: string): string => (kind in KIND_KEYS ? t(KIND_KEYS[kind as DeliveryKind]) : kind);

export const priorityWords = (t: Translate<DeliveryKey>, priority: string): string => (priority in PRIORITY_KEYS ? t(PRIORITY_KEYS[priority as Priority]) : priority);

export const kindOptions = (t: Translate<DeliveryKey>) => (Object.keys(KIND_KEYS) as DeliveryKind[]).map((value) => ({ value, label: kindWords(t, value) }));

export const priorityOptions = (t: Translate<DeliveryKey>) => (Object.keys(PRIORITY_KEYS) as Priority[]).map((value) => ({ value, label: priorityWords(t, value) }));

/** How a window open on one side reads in the page's language. */
export const windowWords = (t: Translate<DeliveryKey>) => ({ by: (date: string) => t('window.by', { date }), from: (date: string) => t('window.from', { date }) });

/** The schema's messages (the spec's English) and their keys, so a form error shows in the page's language. */
const VALIDATION_KEYS: Record<string, DeliveryKey> = {
  [DELIVERY_MESSAGES.kind]: 'validation.kind',
  [DELIVERY_MESSAGES.customer]: 'validation.customer',
  [DELIVERY_MESSAGES.pickup]: 'validation.pickup',
  [DELIVERY_MESSAGES.dropoff]: 'validation.dropoff',
  [DELIVERY_MESSAGES.service]: 'validation.service',
  [DELIVERY_MESSAGES.packages]: 'validation.packages',
  [DELIVERY_MESSAGES.packagesMax]: 'validation.packagesMax',
  [DELIVERY_MESSAGES.description]: 'validation.description',
  [DELIVERY_MESSAGES.descriptionLength]: 'validation.descriptionLength',
  [DELIVERY_MESSAGES.quantity]: 'validation.quantity',
  [DELIVERY_MESSAGES.weight]: 'validation.weight',
  [DELIVERY_MESSAGES.dimension]: 'validation.dimension',
  [DELIVERY_MESSAGES.windowBoth('pickup')]: 'validation.pickupBoth',
  [DELIVERY_MESSAGES.windowBoth('drop-off')]: 'validation.dropoffBoth',
  [DELIVERY_MESSAGES.windowOrder('pickup')]: 'validation.pickupOrder',
  [DELIVERY_MESSAGES.windowOrder('drop-off')]: 'validation.dropoffOrder',
  [DELIVERY_MESSAGES.dropoffAfterPickup]: 'validation.dropoffAfterPickup',
  [DELIVERY_MESSAGES.cod]: 'validation.cod',
  [DELIVERY_MESSAGES.reference]: 'validation.reference',
  [DELIVERY_MESSAGES.notes]: 'validation.notes',
  [DELIVERY_MESSAGES.price]: 'validation.price',
  [DELIVERY_MESSAGES.overrideReason]: 'validation.overrideReason',
  [DELIVERY_MESSAGES.reasonLength]: 'validation.reasonLength',
  [DELIVERY_MESSAGES.reason]: 'validation.reason',
};

/** A schema message in the page's language; any other (the database's own words) as it came. */
export function translateDeliveryMessage(t: Translate<DeliveryKey>, message: string): string {
  const key = VALIDATION_KEYS[message];
  return key ? t(key) : message;
}

/** The spec's toasts (DELIVERY_TOASTS in English) in the page's language. */
export function useDeliveryToasts(): Record<keyof typeof DELIVERY_TOASTS, string> {
  const t = useT(deliveryMessages);
  return useMemo(
    () => ({
      created: t('toast.created'),
      updated: t('toast.updated'),
      createFailed: t('toast.createFailed'),
      updateFailed: t('toast.updateFailed'),
      validation: t('toast.validation'),
      unknown: t('toast.unknown'),
      fetchFailed: t('toast.fetchFailed'),
      notFound: t('toast.notFound'),
      copied: t('toast.copied'),
      copyFailed: t('toast.copyFailed'),
    }),
    [t],
  );
}
