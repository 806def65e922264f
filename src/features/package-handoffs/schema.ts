import { z } from 'zod';
import { nullableText } from '../../lib/row-schema';
import { PACKAGE_HANDOFF_STATUSES } from '../../data/statuses/package-handoff';

/** The form's messages as the product words them (the English of the catalogue's `validation.*`, which the screens show). */
export const HANDOFF_MESSAGES = {
  warehouseRequired: 'Warehouse is required',
  deliveryRequired: 'Delivery is required',
  pickingOrderRequired: 'Picking order is required',
  staffRequired: 'Warehouse staff is required',
  signatureRequired: 'Signature URL is required',
  statusRequired: 'Status is required',
  notesLength: 'Notes must be at most 2000 characters',
} as const;

/** The server's answer to a save (the spec's words), shown through the catalogue's `toast.submitted` in the page's language. */
export const HANDOFF_TOASTS = {
  submitted: 'Package handoff submitted successfully',
} as const;

/** A row of public.package_handoff_rows: the record, its read shape and the flat columns the list shows. */
export const packageHandoffRowSchema = z.object({
  id: z.string(),
  warehouse_id: z.string(),
  delivery_id: z.string(),
  picking_order_id: z.string(),
  warehouse_staff_id: z.string(),
  signature_url: z.string(),
  notes: nullableText,
  status: z.enum(PACKAGE_HANDOFF_STATUSES),
  initiated_at: z.string(),
  completed_at: nullableText,
  updated_at: z.string(),
  warehouse_code: z.string(),
  warehouse_name: z.string(),
  staff_name: nullableText,
  staff_role: z.string(),
  delivery_code: nullableText,
  reference_number: nullableText,
});
export type PackageHandoffRow = z.infer<typeof packageHandoffRowSchema>;
export const ROW_COLUMNS =
  'id, warehouse_id, delivery_id, picking_order_id, warehouse_staff_id, signature_url, notes, status, initiated_at, completed_at, updated_at, warehouse_code, warehouse_name, staff_name, staff_role, delivery_code, reference_number';

const required = (message: string) => z.string({ error: message }).nullable().refine((value): value is string => typeof value === 'string' && value !== '', { message });

/** Create: the warehouse first (staff and pick orders are that warehouse's), then the rest; the signature is drawn. */
export const createHandoffSchema = z.object({
  warehouse_id: required(HANDOFF_MESSAGES.warehouseRequired),
  delivery_id: required(HANDOFF_MESSAGES.deliveryRequired),
  picking_order_id: required(HANDOFF_MESSAGES.pickingOrderRequired),
  warehouse_staff_id: required(HANDOFF_MESSAGES.staffRequired),
  signature_url: z.custom<Blob | null>((value) => value instanceof Blob, { message: HANDOFF_MESSAGES.signatureRequired }),
  notes: z.string().max(2000, { message: HANDOFF_MESSAGES.notesLength }),
});
export type CreateHandoffInput = z.input<typeof createHandoffSchema>;
export type CreateHandoffOutput = z.output<typeof createHandoffSchema>;

export const emptyCreateHandoff = (): CreateHandoffInput => ({
  warehouse_id: '',
  delivery_id: '',
  picking_order_id: '',
  warehouse_staff_id: '',
  signature_url: null,
  notes: '',
});

/** Edit: the status and the signature (the stored one stays unless a new one is drawn), notes. */
export function editHandoffSchema(hasStoredSignature: boolean) {
  return z.object({
    status: z.union([z.enum(PACKAGE_HANDOFF_STATUSES), z.literal('')]).refine((value) => value !== '', { message: HANDOFF_MESSAGES.statusRequired }),
    signature_url: z.custom<Blob | null>((value) => value instanceof Blob || hasStoredSignature, { message: HANDOFF_MESSAGES.signatureRequired }),
    notes: z.string().max(2000, { message: HANDOFF_MESSAGES.notesLength }),
  });
}
export type EditHandoffInput = z.input<ReturnType<typeof editHandoffSchema>>;
export type EditHandoffOutput = z.output<ReturnType<typeof editHandoffSchema>>;

/** The edit form's status starts at pending (the product's edit default), whatever the handoff's; the notes are the handoff's. */
export function toEditHandoff(row: Pick<PackageHandoffRow, 'notes'>): EditHandoffInput {
  return { status: 'pending', signature_url: null, notes: row.notes ?? '' };
}

/** Where a drawn signature is stored: the warehouse's folder of the private signatures bucket. */
export function signaturePath(tenantId: string, warehouseId: string, file: string): string {
  return `${tenantId}/${warehouseId}/${file}.png`;
}
