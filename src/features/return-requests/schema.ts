import { z } from 'zod';
import { requiredId } from '../../lib/form-schema';
import { nullableText, statusHistoryEntrySchema, tenantRecord } from '../../lib/row-schema';
import { RETURN_STATUSES } from '../../data/statuses';
import type { FileValue } from '../../ui/form';
import { RETURN_REASONS, type ReturnReason } from '../../lib/return-reasons';

export { RETURN_STATUSES, type ReturnStatus } from '../../data/statuses';

export { RETURN_REASONS, RETURN_REASON_LABELS, RETURN_REASON_OPTIONS, reasonLabel, type ReturnReason } from '../../lib/return-reasons';

/** The moves a screen offers, as the database's return_request_actions names them. */
export const RETURN_ACTIONS = ['approved', 'rejected', 'pickup_scheduled', 'picked_up', 'received', 'closed'] as const;
export type ReturnAction = (typeof RETURN_ACTIONS)[number];

/** The form's and the database's words (private.return_request_problems says the same). */
export const RETURN_MESSAGES = {
  delivery: 'Delivery is required',
  reason: 'Reason is required',
  reasonText: 'Describe the reason for the return',
  reasonTextLength: 'The reason must be at most 1000 characters',
  items: 'Choose at least one item to return',
  quantity: 'Quantity must be a whole number of at least 1',
  quantityAbove: (max: number) => `Quantity cannot be more than the ${max} delivered`,
  refund: 'Refund amount must be 0 or more',
  refundAbove: (limit: string) => `Refund amount cannot be more than the delivery's price and cash on delivery (${limit})`,
  notes: 'Notes must be at most 2000 characters',
  rejectNote: 'Give the reason for rejecting the return',
  refunded: 'Say whether the refund was paid',
} as const;


const packageSchema = z
  .object({
    description: z.string().optional().nullable(),
    quantity: z.number().optional().nullable(),
    weight_kg: z.number().optional().nullable(),
  })
  .loose();
export type DeliveryPackage = z.infer<typeof packageSchema>;

const itemSchema = z.object({ package_index: z.number().int(), description: z.string(), quantity: z.number().int() });
export type ReturnItem = z.infer<typeof itemSchema>;

const money = z.union([z.number(), z.string()]).transform((v) => Number(v));

export const returnRowSchema = z.object({
  ...tenantRecord,
  return_code: z.string(),
  delivery_id: z.string(),
  delivery_code: nullableText,
  delivery_status: nullableText,
  delivery_price: money.nullable(),
  delivery_cod_amount: money.nullable(),
  delivery_packages: z.array(packageSchema).nullable(),
  delivered_at: nullableText,
  dropoff_full_address: nullableText,
  order_id: nullableText,
  customer_id: z.string(),
  customer_name: nullableText,
  customer_email: nullableText,
  reason: z.enum(RETURN_REASONS),
  reason_text: nullableText,
  items: z.array(itemSchema),
  photos: z.array(z.string()),
  refund_amount: money,
  currency: z.string(),
  notes: z.string(),
  status: z.enum(RETURN_STATUSES),
  refunded: z.boolean().nullable(),
  pickup_delivery_id: nullableText,
  pickup_delivery_code: nullableText,
  pickup_delivery_status: nullableText,
  warehouse_id: nullableText,
  warehouse_name: nullableText,
  received_at: nullableText,
  closed_at: nullableText,
});
export type ReturnRow = z.infer<typeof returnRowSchema>;

/** A broadcast row of the table (live): the columns the list's rows share with it. */
export const returnTableRowSchema = returnRowSchema
  .pick({ id: true, tenant_id: true, return_code: true, reason: true, reason_text: true, items: true, photos: true, refund_amount: true, currency: true, notes: true, status: true, refunded: true, pickup_delivery_id: true, warehouse_id: true, received_at: true, closed_at: true, created_at: true, updated_at: true })
  .loose();
export type ReturnTableRow = z.infer<typeof returnTableRowSchema>;

/** A move of a return request's status (return_request_events), as its history shows it. */
export const returnEventSchema = statusHistoryEntrySchema;
export type ReturnEvent = z.infer<typeof returnEventSchema>;

/** The delivery a return is for, as the form needs it. */
export interface ReturnableDelivery {
  id: string;
  delivery_code: string;
  customer_id: string;
  customer_name: string | null;
  status: string;
  price: number;
  cod_amount: number;
  currency: string;
  packages: DeliveryPackage[];
  delivered_at: string | null;
  dropoff_full_address: string | null;
}

export const refundLimit = (d: { price: number; cod_amount: number }): number => Math.round((d.price + d.cod_amount) * 100) / 100;
export const formatMoney = (amount: number, currency: string): string => `${amount.toFixed(2)} ${currency}`;
/** A package without a description is named by its place; the request saves that English name (data), a screen says it in its language. */
const placeName = (index: number): string => `Package ${index + 1}`;
export const packageLabel = (p: DeliveryPackage | undefined, index: number): string => (p?.description?.trim() ? p.description : placeName(index));
/** Whether a line's description is the name `packageLabel` gave a package without one. */
export const isPlaceName = (description: string, index: number): boolean => description === placeName(index);
export const packageQuantity = (p: DeliveryPackage | undefined): number => (typeof p?.quantity === 'number' ? p.quantity : 1);

/** One line of the form per package of the delivery: returned or not, how many. */
const formItemSchema = z.object({
  package_index: z.number().int(),
  description: z.string(),
  selected: z.boolean(),
  quantity: z.number({ error: RETURN_MESSAGES.quantity }).nullable(),
  max_quantity: z.number(),
});

export const ReturnFormSchema = z
  .object({
    delivery_id: z.string().min(1, RETURN_MESSAGES.delivery),
    reason: z.union([z.enum(RETURN_REASONS), z.literal('')]),
    reason_text: z.string().max(1000, RETURN_MESSAGES.reasonTextLength),
    items: z.array(formItemSchema),
    photos: z.array(z.custom<FileValue>()),
    refund_amount: z.number({ error: RETURN_MESSAGES.refund }).nullable(),
    refund_limit: z.number().nullable(),
    currency: z.string(),
    notes: z.string().max(2000, RETURN_MESSAGES.notes),
  })
  .superRefine((v, ctx) => {
    if (v.reason === '') ctx.addIssue({ code: 'custom', path: ['reason'], message: RETURN_MESSAGES.reason });
    if (v.reason === 'other' && v.reason_text.trim() === '') ctx.addIssue({ code: 'custom', path: ['reason_text'], message: RETURN_MESSAGES.reasonText });
    if (v.delivery_id && !v.items.some((item) => item.selected)) ctx.addIssue({ code: 'custom', path: ['items'], message: RETURN_MESSAGES.items });
    v.items.forEach((item, index) => {
      if (!item.selected) return;
      if (item.quantity === null || !Number.isInteger(item.quantity) || item.quantity < 1) {
        ctx.addIssue({ code: 'custom', path: ['items', index, 'quantity'], message: RETURN_MESSAGES.quantity });
      } else if (item.quantity > item.max_quantity) {
        ctx.addIssue({ code: 'custom', path: ['items', index, 'quantity'], message: RETURN_MESSAGES.quantityAbove(item.max_quantity), params: { max: item.max_quantity } });
      }
    });
    if (v.refund_amount === null || Number.isNaN(v.refund_amount) || v.refund_amount < 0) {
      ctx.addIssue({ code: 'custom', path: ['refund_amount'], message: RETURN_MESSAGES.refund });
    } else if (v.refund_limit !== null && v.refund_amount > v.refund_limit) {
      // The limit and currency ride along as params, so a screen words the amount in its own locale.
      ctx.addIssue({ code: 'custom', path: ['refund_amount'], message: RETURN_MESSAGES.refundAbove(formatMoney(v.refund_limit, v.currency)), params: { limit: v.refund_limit, currency: v.currency } });
    }
  });
export type ReturnFormInput = z.input<typeof ReturnFormSchema>;
export type ReturnFormOutput = z.output<typeof ReturnFormSchema>;

/** The form's lines for a delivery's packages, with what a stored request already returns. */
export function itemsFor(packages: readonly DeliveryPackage[], chosen: readonly ReturnItem[] = []): ReturnFormInput['items'] {
  return packages.map((p, index) => {
    const item = chosen.find((c) => c.package_index === index);
    return {
      package_index: index,
      description: item?.description ?? packageLabel(p, index),
      selected: item !== undefined,
      quantity: item?.quantity ?? packageQuantity(p),
      max_quantity: packageQuantity(p),
    };
  });
}

export function emptyReturnForm(): ReturnFormInput {
  return { delivery_id: '', reason: '', reason_text: '', items: [], photos: [], refund_amount: 0, refund_limit: null, currency: 'USD', notes: '' };
}

export function toReturnFormValues(row: ReturnRow, photoUrl: (ref: string) => string): ReturnFormInput {
  const packages = row.delivery_packages ?? [];
  return {
    delivery_id: row.delivery_id,
    reason: row.reason,
    reason_text: row.reason_text ?? '',
    items: itemsFor(packages, row.items),
    photos: row.photos.map(photoUrl),
    refund_amount: row.refund_amount,
    refund_limit: row.delivery_price !== null && row.delivery_cod_amount !== null ? refundLimit({ price: row.delivery_price, cod_amount: row.delivery_cod_amount }) : null,
    currency: row.currency,
    notes: row.notes,
  };
}

/** What the API writes: the chosen lines only, photos as stored references. */
export interface ReturnWrite {
  reason: ReturnReason;
  reason_text: string | null;
  items: ReturnItem[];
  photos: string[];
  refund_amount: number;
  notes: string;
}

export function toReturnWrite(values: ReturnFormOutput, photos: string[]): ReturnWrite {
  return {
    reason: values.reason as ReturnReason,
    reason_text: values.reason === 'other' ? values.reason_text.trim() : values.reason_text.trim() || null,
    items: values.items.filter((i) => i.selected).map((i) => ({ package_index: i.package_index, description: i.description, quantity: i.quantity ?? 1 })),
    photos,
    refund_amount: values.refund_amount ?? 0,
    notes: values.notes,
  };
}

/** Putting a received return back into stock: the item, the bin of the return's warehouse, how many, in what condition. */
export const PUT_BACK_CONDITIONS = ['available', 'damaged'] as const;
export type PutBackCondition = (typeof PUT_BACK_CONDITIONS)[number];
export const PUT_BACK_CONDITION_OPTIONS = [
  { value: 'available', label: 'Available' },
  { value: 'damaged', label: 'Damaged' },
] as const;
export const PUT_BACK_MESSAGES = {
  item: 'Item is required',
  bin: 'Bin is required',
  quantity: 'Quantity must be a whole number above 0',
  condition: 'Condition must be available or damaged',
} as const;
export const putBackSchema = z.object({
  item_id: requiredId(PUT_BACK_MESSAGES.item),
  bin_id: requiredId(PUT_BACK_MESSAGES.bin),
  quantity: z.number({ error: PUT_BACK_MESSAGES.quantity }).int(PUT_BACK_MESSAGES.quantity).min(1, PUT_BACK_MESSAGES.quantity),
  condition: z.enum(PUT_BACK_CONDITIONS, { error: PUT_BACK_MESSAGES.condition }),
});
export type PutBackInput = z.input<typeof putBackSchema>;
export type PutBackValues = z.output<typeof putBackSchema>;
