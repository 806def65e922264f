import { z } from 'zod';
import { fromLocalInput, requiredId, toLocalInput } from '../../lib/form-schema';
import { nullableText, numeric, statusHistoryEntrySchema, tenantRecord } from '../../lib/row-schema';
import { ASSIGNMENT_STATUSES, DELIVERY_STATUSES, type DeliveryStatus } from '../../data/statuses';

export { DELIVERY_STATUSES, type DeliveryStatus };

export const DELIVERY_KINDS = ['on_demand', 'pickup', 'delivery', 'pickup_delivery'] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];

export const PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type Priority = (typeof PRIORITIES)[number];

/** Statuses whose content staff may still change (the database refuses edits in any other). */
export const EDITABLE_STATUSES: readonly DeliveryStatus[] = ['pending', 'assigned'];

export const DELIVERY_TOASTS = {
  created: 'Delivery created successfully',
  updated: 'Delivery updated successfully',
  createFailed: 'Failed to create delivery',
  updateFailed: 'Failed to update delivery',
  validation: 'Validation failed',
  unknown: 'An error occurred while submitting the form',
  fetchFailed: 'Failed to fetch delivery',
  notFound: 'Delivery not found',
  copied: 'Tracking link copied',
  copyFailed: 'Could not copy the tracking link',
} as const;

export const DELIVERY_MESSAGES = {
  kind: 'Kind is required',
  customer: 'Customer is required',
  pickup: 'Pickup address is required',
  dropoff: 'Drop-off address is required',
  service: 'Service is required',
  packages: 'At least one package is required',
  packagesMax: 'At most 50 package lines',
  description: 'Description is required',
  descriptionLength: 'Description must be at most 200 characters',
  quantity: 'Quantity must be a whole number from 1 to 1000',
  weight: 'Weight must be more than 0 and at most 10000 kg',
  dimension: 'Dimensions must be more than 0 and at most 2000 cm',
  windowBoth: (which: string) => `Give both ends of the ${which} window, or neither`,
  windowOrder: (which: string) => `The ${which} window must end after it starts`,
  dropoffAfterPickup: 'The drop-off window must end after the pickup window starts',
  cod: 'Cash on delivery must be 0 or more',
  reference: 'External reference must be 1 to 100 characters',
  notes: 'Notes must be at most 2000 characters',
  price: 'Price must be 0 or more',
  overrideReason: 'A reason is required to override the price',
  reasonLength: 'The reason must be at most 500 characters',
  reason: 'A reason is required',
} as const;

const nullableNumber = z.union([z.number(), z.string()]).nullable().transform((v) => (v === null ? null : Number(v)));

/** The ends of the pickup and drop-off windows, as the list and the record both read them (null: no window). */
const windowColumns = {
  pickup_window_start: nullableText,
  pickup_window_end: nullableText,
  dropoff_window_start: nullableText,
  dropoff_window_end: nullableText,
};

/** One row of the deliveries list (the delivery_rows view). */
export const deliveryRowSchema = z.object({
  id: z.string(),
  tenant_id: z.string(),
  delivery_code: z.string(),
  external_reference_id: nullableText,
  kind: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  priority: z.string(),
  customer_id: z.string(),
  customer_name: nullableText,
  driver_id: nullableText,
  driver_name: nullableText,
  service_id: z.string(),
  service_name: nullableText,
  pickup_zone_name: nullableText,
  dropoff_zone_name: nullableText,
  pickup_full_address: nullableText,
  pickup_city: nullableText,
  dropoff_full_address: nullableText,
  dropoff_city: nullableText,
  ...windowColumns,
  price: numeric,
  currency: z.string(),
  created_at: z.string(),
});
export type DeliveryRow = z.infer<typeof deliveryRowSchema>;

/** A live broadcast of a deliveries row: the table's own columns (the list merges what it shows of them). */
export const deliveryChangeSchema = z
  .object({
    id: z.string(),
    tenant_id: z.string(),
    status: z.enum(DELIVERY_STATUSES),
    driver_id: nullableText,
    price: numeric,
    currency: z.string(),
    updated_at: z.string(),
  })
  .loose();
export type DeliveryChange = z.infer<typeof deliveryChangeSchema>;

export const packageSchema = z.object({
  description: z.string().optional().default(''),
  quantity: numeric,
  weight_kg: numeric,
  length_cm: nullableNumber.optional().default(null),
  width_cm: nullableNumber.optional().default(null),
  height_cm: nullableNumber.optional().default(null),
  fragile: z.boolean().optional().default(false),
  temperature_sensitive: z.boolean().optional().default(false),
});
export type DeliveryPackage = z.infer<typeof packageSchema>;

const snapshotSchema = z
  .object({ full_address: z.string(), title: z.string().optional(), city: z.string().optional(), address_id: z.string().optional() })
  .loose();

export const proofSchema = z
  .object({
    recipient_name: z.string().optional(),
    notes: z.string().optional(),
    signature_url: z.string().optional(),
    photo_urls: z.array(z.string()).optional(),
    captured_at: z.string().optional(),
  })
  .loose();

/** A delivery as the detail and edit screens read it (the deliveries table). */
export const deliverySchema = z.object({
  ...tenantRecord,
  delivery_code: z.string(),
  barcode: z.string(),
  tracking_token: z.string(),
  external_reference_id: nullableText,
  kind: z.enum(DELIVERY_KINDS),
  customer_id: z.string(),
  pickup_address_id: nullableText,
  pickup_address: snapshotSchema,
  pickup_lat: z.number(),
  pickup_lng: z.number(),
  dropoff_address_id: nullableText,
  dropoff_address: snapshotSchema,
  dropoff_lat: z.number(),
  dropoff_lng: z.number(),
  ...windowColumns,
  packages: z.array(packageSchema),
  package_count: z.number(),
  total_weight_kg: numeric,
  service_id: z.string(),
  pickup_zone_id: nullableText,
  dropoff_zone_id: nullableText,
  price: numeric,
  currency: z.string(),
  price_override_reason: nullableText,
  cod_amount: numeric,
  priority: z.enum(PRIORITIES),
  notes: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  status_reason: nullableText,
  driver_id: nullableText,
  vehicle_id: nullableText,
  proof: proofSchema,
  delivered_at: nullableText,
});
export type Delivery = z.infer<typeof deliverySchema>;

/** A delivery's history row: the kit's status history entry with its delivery, action and reason. */
export const deliveryEventSchema = statusHistoryEntrySchema.extend({ delivery_id: z.string(), action: z.string(), status: z.enum(DELIVERY_STATUSES), reason: nullableText });
export type DeliveryEvent = z.infer<typeof deliveryEventSchema>;

export const assignmentSchema = z.object({
  id: z.string(),
  driver_id: z.string(),
  vehicle_id: z.string(),
  status: z.enum(ASSIGNMENT_STATUSES),
  assignment_time: z.string(),
  responded_at: nullableText,
  completed_at: nullableText,
  cancelled_at: nullableText,
  rejection_reason: nullableText,
  cancel_reason: nullableText,
  notes: z.string(),
});
export type Assignment = z.infer<typeof assignmentSchema>;

// ---------------------------------------------------------------------------------------------
// The form

/** The datetime-local values of the windows, and back. */
export { fromLocalInput, toLocalInput };

const dimension = z.number({ error: DELIVERY_MESSAGES.dimension }).gt(0, DELIVERY_MESSAGES.dimension).max(2000, DELIVERY_MESSAGES.dimension).nullable();

const packageFormSchema = z.object({
  description: z.string().trim().min(1, DELIVERY_MESSAGES.description).max(200, DELIVERY_MESSAGES.descriptionLength),
  quantity: z.number({ error: DELIVERY_MESSAGES.quantity }).int(DELIVERY_MESSAGES.quantity).min(1, DELIVERY_MESSAGES.quantity).max(1000, DELIVERY_MESSAGES.quantity),
  weight_kg: z.number({ error: DELIVERY_MESSAGES.weight }).gt(0, DELIVERY_MESSAGES.weight).max(10000, DELIVERY_MESSAGES.weight),
  length_cm: dimension,
  width_cm: dimension,
  height_cm: dimension,
  fragile: z.boolean(),
  temperature_sensitive: z.boolean(),
});

function checkWindow(
  values: { start: string; end: string },
  which: 'pickup' | 'drop-off',
  path: string,
  ctx: z.RefinementCtx,
): void {
  if ((values.start === '') !== (values.end === '')) ctx.addIssue({ code: 'custom', path: [path], message: DELIVERY_MESSAGES.windowBoth(which) });
  else if (values.start && values.end && new Date(values.end) <= new Date(values.start))
    ctx.addIssue({ code: 'custom', path: [path], message: DELIVERY_MESSAGES.windowOrder(which) });
}

export const deliveryFormSchema = z
  .object({
    kind: z.enum(DELIVERY_KINDS, { error: DELIVERY_MESSAGES.kind }),
    customer_id: requiredId(DELIVERY_MESSAGES.customer),
    pickup_address_id: requiredId(DELIVERY_MESSAGES.pickup),
    dropoff_address_id: requiredId(DELIVERY_MESSAGES.dropoff),
    pickup_window_start: z.string(),
    pickup_window_end: z.string(),
    dropoff_window_start: z.string(),
    dropoff_window_end: z.string(),
    packages: z.array(packageFormSchema).min(1, DELIVERY_MESSAGES.packages).max(50, DELIVERY_MESSAGES.packagesMax),
    service_id: requiredId(DELIVERY_MESSAGES.service),
    cod_amount: z.number({ error: DELIVERY_MESSAGES.cod }).min(0, DELIVERY_MESSAGES.cod).lt(10_000_000, DELIVERY_MESSAGES.cod),
    priority: z.enum(PRIORITIES),
    external_reference_id: z.string().trim().max(100, DELIVERY_MESSAGES.reference),
    notes: z.string().max(2000, DELIVERY_MESSAGES.notes),
    override_price: z.boolean(),
    price: z.number({ error: DELIVERY_MESSAGES.price }).min(0, DELIVERY_MESSAGES.price).lt(10_000_000, DELIVERY_MESSAGES.price).nullable(),
    price_override_reason: z.string().trim().max(500, DELIVERY_MESSAGES.reasonLength),
  })
  .superRefine((values, ctx) => {
    checkWindow({ start: values.pickup_window_start, end: values.pickup_window_end }, 'pickup', 'pickup_window_end', ctx);
    checkWindow({ start: values.dropoff_window_start, end: values.dropoff_window_end }, 'drop-off', 'dropoff_window_end', ctx);
    if (values.pickup_window_start && values.dropoff_window_end && new Date(values.dropoff_window_end) <= new Date(values.pickup_window_start)
      && !(values.dropoff_window_start && new Date(values.dropoff_window_end) <= new Date(values.dropoff_window_start)))
      ctx.addIssue({ code: 'custom', path: ['dropoff_window_end'], message: DELIVERY_MESSAGES.dropoffAfterPickup });
    if (values.override_price) {
      if (values.price === null) ctx.addIssue({ code: 'custom', path: ['price'], message: DELIVERY_MESSAGES.price });
      if (!values.price_override_reason) ctx.addIssue({ code: 'custom', path: ['price_override_reason'], message: DELIVERY_MESSAGES.overrideReason });
    }
  });
export type DeliveryFormInput = z.input<typeof deliveryFormSchema>;
export type DeliveryFormValues = z.output<typeof deliveryFormSchema>;

export const newPackage = (): DeliveryFormInput['packages'][number] => ({
  description: '',
  quantity: 1,
  weight_kg: null as unknown as number,
  length_cm: null,
  width_cm: null,
  height_cm: null,
  fragile: false,
  temperature_sensitive: false,
});

export function emptyDeliveryForm(): DeliveryFormInput {
  return {
    kind: 'delivery',
    customer_id: '',
    pickup_address_id: '',
    dropoff_address_id: '',
    pickup_window_start: '',
    pickup_window_end: '',
    dropoff_window_start: '',
    dropoff_window_end: '',
    packages: [newPackage()],
    service_id: '',
    cod_amount: 0,
    priority: 'normal',
    external_reference_id: '',
    notes: '',
    override_price: false,
    price: null,
    price_override_reason: '',
  };
}

export function toDeliveryForm(d: Delivery): DeliveryFormInput {
  return {
    kind: d.kind,
    customer_id: d.customer_id,
    pickup_address_id: d.pickup_address_id ?? '',
    dropoff_address_id: d.dropoff_address_id ?? '',
    pickup_window_start: toLocalInput(d.pickup_window_start),
    pickup_window_end: toLocalInput(d.pickup_window_end),
    dropoff_window_start: toLocalInput(d.dropoff_window_start),
    dropoff_window_end: toLocalInput(d.dropoff_window_end),
    packages: d.packages.map((p) => ({
      description: p.description,
      quantity: p.quantity,
      weight_kg: p.weight_kg,
      length_cm: p.length_cm,
      width_cm: p.width_cm,
      height_cm: p.height_cm,
      fragile: p.fragile,
      temperature_sensitive: p.temperature_sensitive,
    })),
    service_id: d.service_id,
    cod_amount: d.cod_amount,
    priority: d.priority,
    external_reference_id: d.external_reference_id ?? '',
    notes: d.notes,
    override_price: d.price_override_reason !== null,
    price: d.price_override_reason !== null ? d.price : null,
    price_override_reason: d.price_override_reason ?? '',
  };
}

/** What the form writes (the granted columns; the database derives the rest). */
export interface DeliveryWrite {
  kind: DeliveryKind;
  customer_id: string;
  pickup_address_id: string;
  dropoff_address_id: string;
  pickup_window_start: string | null;
  pickup_window_end: string | null;
  dropoff_window_start: string | null;
  dropoff_window_end: string | null;
  packages: DeliveryPackage[];
  service_id: string;
  cod_amount: number;
  priority: Priority;
  external_reference_id: string | null;
  notes: string;
  price?: number;
  price_override_reason: string | null;
}

export function toDeliveryWrite(values: DeliveryFormValues): DeliveryWrite {
  const write: DeliveryWrite = {
    kind: values.kind,
    customer_id: values.customer_id,
    pickup_address_id: values.pickup_address_id,
    dropoff_address_id: values.dropoff_address_id,
    pickup_window_start: fromLocalInput(values.pickup_window_start),
    pickup_window_end: fromLocalInput(values.pickup_window_end),
    dropoff_window_start: fromLocalInput(values.dropoff_window_start),
    dropoff_window_end: fromLocalInput(values.dropoff_window_end),
    packages: values.packages.map((p) => ({ ...p, description: p.description.trim() })),
    service_id: values.service_id,
    cod_amount: values.cod_amount,
    priority: values.priority,
    external_reference_id: values.external_reference_id || null,
    notes: values.notes,
    price_override_reason: values.override_price ? values.price_override_reason : null,
  };
  if (values.override_price && values.price !== null) write.price = values.price;
  return write;
}

/** The packages' total weight, as the database derives it (quantity x weight). */
export function totalWeight(packages: readonly { quantity: number | null; weight_kg: number | null }[]): number {
  return Math.round(packages.reduce((sum, p) => sum + (Number(p.quantity) || 0) * (Number(p.weight_kg) || 0), 0) * 100) / 100;
}

/** The short place of an address snapshot for the list: its city, else the start of the address. */
export function shortPlace(city: string | null, fullAddress: string | null): string {
  if (city) return city;
  if (!fullAddress) return '—';
  const first = fullAddress.split(',')[0]?.trim() ?? fullAddress;
  return first.length > 40 ? `${first.slice(0, 39)}…` : first;
}

/** The public tracking link of a delivery (the tracking page reads the token, never the id). */
export function trackingLink(origin: string, token: string): string {
  return `${origin}/tracking?token=${encodeURIComponent(token)}`;
}
