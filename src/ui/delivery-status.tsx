import { StatusChip, type ChipTone } from './Chip';

/** The delivery status machine's states (supabase/migrations/20261125000730_delivery_transitions.sql). */
export const DELIVERY_STATUSES = ['pending', 'assigned', 'accepted', 'picked_up', 'in_transit', 'delivered', 'failed', 'cancelled', 'returned'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * One colour per delivery status, for every screen that shows one (lists, detail, dispatch, the
 * driver's and the customer's views): waiting grey, on its way blue, done green, failed red,
 * back with the sender amber, cancelled grey.
 */
export const DELIVERY_STATUS_TONES: Record<DeliveryStatus, ChipTone> = {
  pending: 'neutral',
  assigned: 'info',
  accepted: 'info',
  picked_up: 'info',
  in_transit: 'info',
  delivered: 'success',
  failed: 'error',
  cancelled: 'neutral',
  returned: 'warning',
};

export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  pending: 'Pending',
  assigned: 'Assigned',
  accepted: 'Accepted',
  picked_up: 'Picked up',
  in_transit: 'In transit',
  delivered: 'Delivered',
  failed: 'Failed',
  cancelled: 'Cancelled',
  returned: 'Returned',
};

export const DELIVERY_STATUS_OPTIONS = DELIVERY_STATUSES.map((value) => ({ value, label: DELIVERY_STATUS_LABELS[value] }));

export function DeliveryStatusChip({ status }: { status: DeliveryStatus }) {
  return <StatusChip status={status} tones={DELIVERY_STATUS_TONES} labels={DELIVERY_STATUS_LABELS} />;
}
