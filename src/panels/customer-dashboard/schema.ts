import { z } from 'zod';
import { nullableText } from '../../lib/row-schema';
import { RETURN_REASONS } from '../../lib/return-reasons';
import { DELIVERY_STATUSES, type DeliveryStatus } from '../../data/statuses';

/** A customer's delivery as the dashboard shows it (the columns api.ts reads; RLS gives a customer their own). */
export const customerDeliverySchema = z.object({
  id: z.string(),
  delivery_code: z.string(),
  tracking_token: z.string(),
  kind: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  status_reason: nullableText,
  dropoff_address: z.record(z.string(), z.unknown()).nullable(),
  dropoff_window_start: nullableText,
  dropoff_window_end: nullableText,
  package_count: z.number(),
  packages: z.array(z.record(z.string(), z.unknown())).nullable().optional(),
  driver_id: nullableText,
  delivered_at: nullableText,
  failed_at: nullableText,
  cancelled_at: nullableText,
  returned_at: nullableText,
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

/** Changes exactly when the proof's files change: the gallery signs them again then. */
export function proofKey(proof: CustomerDelivery['proof']): string {
  const files = [proof?.signature_url, ...(Array.isArray(proof?.photo_urls) ? proof.photo_urls : [])];
  return files.filter((file): file is string => typeof file === 'string').join('|');
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

/** The database's words for a return request's rules (return_requests, 20261125001350). */
export const RETURN_MESSAGES = {
  reason: 'Reason is required',
  reasonText: 'Describe the reason for the return',
  reasonTextLength: 'The reason must be at most 1000 characters',
  items: 'Choose at least one item to return',
  quantity: 'Quantity must be a whole number of at least 1',
  requested: 'Return requested',
  failed: 'Could not request the return',
} as const;

/** A package line of a delivery, as the return form offers it. */
export interface ReturnablePackage {
  index: number;
  description: string;
  quantity: number;
}

export function returnablePackages(packages: CustomerDelivery['packages']): ReturnablePackage[] {
  return (packages ?? []).map((p, index) => ({
    index,
    description: typeof p.description === 'string' && p.description.trim() ? p.description : `Package ${index + 1}`,
    quantity: typeof p.quantity === 'number' && p.quantity >= 1 ? p.quantity : 1,
  }));
}

/** The customer's return request: a reason (with words for 'other'), and how many of each package come back. */
export function customerReturnSchema(packages: readonly ReturnablePackage[]) {
  return z
    .object({
      reason: z.union([z.enum(RETURN_REASONS), z.literal('')]),
      reason_text: z.string().max(1000, RETURN_MESSAGES.reasonTextLength),
      quantities: z.array(z.coerce.number<string | number>()),
    })
    .superRefine((values, ctx) => {
      if (!values.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: RETURN_MESSAGES.reason });
      if (values.reason === 'other' && !values.reason_text.trim()) ctx.addIssue({ code: 'custom', path: ['reason_text'], message: RETURN_MESSAGES.reasonText });
      values.quantities.forEach((q, i) => {
        const max = packages[i]?.quantity ?? 1;
        if (!Number.isInteger(q) || q < 0 || q > max) ctx.addIssue({ code: 'custom', path: ['quantities', i], message: `From 0 to ${max}`, params: { max } });
      });
      if (!values.quantities.some((q) => q > 0)) ctx.addIssue({ code: 'custom', path: ['quantities', 0], message: RETURN_MESSAGES.items });
    });
}

/** The rows return_requests takes from the form. */
export function toReturnItems(packages: readonly ReturnablePackage[], quantities: readonly number[]) {
  return packages
    .map((p, i) => ({ package_index: p.index, description: p.description, quantity: quantities[i] ?? 0 }))
    .filter((item) => item.quantity > 0);
}
