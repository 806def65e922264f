import { z } from 'zod';
import { DELIVERY_STATUSES, type DeliveryStatus } from '../../ui/delivery-status';

/** A customer's delivery as the dashboard shows it (the columns api.ts reads; RLS gives a customer their own). */
export const customerDeliverySchema = z.object({
  id: z.string(),
  delivery_code: z.string(),
  tracking_token: z.string(),
  kind: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  status_reason: z.string().nullable(),
  dropoff_address: z.record(z.string(), z.unknown()).nullable(),
  dropoff_window_start: z.string().nullable(),
  dropoff_window_end: z.string().nullable(),
  package_count: z.number(),
  driver_id: z.string().nullable(),
  delivered_at: z.string().nullable(),
  failed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  returned_at: z.string().nullable(),
  proof: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CustomerDelivery = z.infer<typeof customerDeliverySchema>;

/** On its way: pending up to in transit. The rest is history. */
export const ACTIVE_STATUSES: readonly DeliveryStatus[] = ['pending', 'assigned', 'accepted', 'picked_up', 'in_transit'];
export const PAST_STATUSES: readonly DeliveryStatus[] = ['delivered', 'failed', 'cancelled', 'returned'];
export const isActive = (status: DeliveryStatus) => ACTIVE_STATUSES.includes(status);

export const PAGE_SIZE = 10;

export const SHOW_VALUES = ['all', 'active', 'past'] as const;
export type Show = (typeof SHOW_VALUES)[number];
export const SHOW_LABELS: Record<Show, string> = { all: 'All', active: 'Active', past: 'Past' };

export interface DashboardView {
  show: Show;
  /** 1-based pages of each section. */
  activePage: number;
  pastPage: number;
}

function pageParam(value: string | null): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

/** The view in the URL (?show=active|past, ?active_page=, ?page=); anything else is the default. */
export function parseView(search: string): DashboardView {
  const params = new URLSearchParams(search);
  const show = params.get('show');
  return {
    show: (SHOW_VALUES as readonly string[]).includes(show ?? '') ? (show as Show) : 'all',
    activePage: pageParam(params.get('active_page')),
    pastPage: pageParam(params.get('page')),
  };
}

/** The query string of a view: defaults left out, other parameters kept. */
export function writeView(view: DashboardView, search = ''): string {
  const params = new URLSearchParams(search);
  params.delete('show');
  params.delete('active_page');
  params.delete('page');
  if (view.show !== 'all') params.set('show', view.show);
  if (view.activePage > 1) params.set('active_page', String(view.activePage));
  if (view.pastPage > 1) params.set('page', String(view.pastPage));
  return params.toString();
}

/** The drop-off as the customer wrote it: the snapshot's full address, else its first line and city. */
export function dropoffText(address: CustomerDelivery['dropoff_address']): string {
  if (!address) return '—';
  const full = address.full_address;
  if (typeof full === 'string' && full.trim()) return full;
  const parts = [address.address_line1, address.city].filter((part): part is string => typeof part === 'string' && part.trim() !== '');
  return parts.length > 0 ? parts.join(', ') : '—';
}

export interface ProofSummary {
  recipient: string | null;
  signed: boolean;
  photos: number;
}

/** What the driver captured at the door, in the words the card shows. */
export function proofSummary(proof: CustomerDelivery['proof']): ProofSummary {
  const recipient = typeof proof?.recipient_name === 'string' && proof.recipient_name.trim() ? proof.recipient_name.trim() : null;
  const signed = typeof proof?.signature_url === 'string' && proof.signature_url !== '';
  const photos = Array.isArray(proof?.photo_urls) ? proof.photo_urls.length : 0;
  return { recipient, signed, photos };
}

/** When a past delivery ended, by its outcome. */
export function endedAt(delivery: CustomerDelivery): string | null {
  switch (delivery.status) {
    case 'delivered':
      return delivery.delivered_at;
    case 'failed':
      return delivery.failed_at;
    case 'cancelled':
      return delivery.cancelled_at;
    case 'returned':
      return delivery.returned_at;
    default:
      return null;
  }
}
