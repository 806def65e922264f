import { z } from 'zod';
import { requiredId, today } from '../../lib/form-schema';
import { codedNameSchema, nullableText } from '../../lib/row-schema';
import { defineStatuses } from '../../lib/status-vocabulary';
import { PICK_ORDER_STATUSES } from '../../data/statuses';
import { pickOrderMessages } from './messages';

export const ORDER_TYPES = ['individual', 'batch', 'wave'] as const;
export const PICK_ITEM_STATUSES = ['pending', 'picked', 'partially_picked'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

export const pickItemStatus = defineStatuses(PICK_ITEM_STATUSES, {
  words: { catalogue: pickOrderMessages, keys: { pending: 'itemStatus.pending', picked: 'itemStatus.picked', partially_picked: 'itemStatus.partially_picked' } },
  tones: { pending: 'neutral', picked: 'success', partially_picked: 'warning' },
});

export const orderTypes = defineStatuses(ORDER_TYPES, {
  words: { catalogue: pickOrderMessages, keys: { individual: 'type.individual', batch: 'type.batch', wave: 'type.wave' } },
  tones: { individual: 'neutral', batch: 'neutral', wave: 'neutral' },
});

/**
 * The form's messages, verbatim (the spec's English; the page shows each in its language through the
 * catalogue's `validation.*` keys); the database (public.save_pick_order) answers with the same words.
 */
export const PICK_ORDER_MESSAGES = {
  warehouseRequired: 'Warehouse is required',
  referenceRequired: 'Reference number is required',
  referenceLength: 'Reference number must be at most 64 characters',
  externalReferenceLength: 'External reference must be at most 100 characters',
  priority: 'Priority must be a whole number from 1 to 100',
  itemRequired: 'Item is required',
  binRequired: 'Bin is required',
  dueDatePast: 'Due date cannot be before today',
  notesLength: 'Notes must be at most 2000 characters',
  pickerNotesLength: 'Picker notes must be at most 2000 characters',
  itemsRequired: 'Add at least one item',
  quantity: 'Quantity must be a whole number above 0',
  pickedWhole: 'Picked quantity must be a whole number, 0 or more',
  pickedQuantity: 'Picked quantity cannot be more than the quantity',
} as const;

/** The status moves the database offers (public.pick_order_actions); their words are the catalogue's `action.*`. */
export const PICK_ORDER_MOVES = ['in_progress', 'completed', 'cancelled'] as const;
export type PickOrderMove = (typeof PICK_ORDER_MOVES)[number];

/** The date fields' today: their least date, and what the form's date rule compares with. */
export { today };

const wholeNumber = (min: number, message: string) =>
  z.union([z.number(), z.null()], { error: message }).refine((value) => typeof value === 'number' && Number.isInteger(value) && value >= min, { message });

const lineSchema = z.object({
  item_id: requiredId(PICK_ORDER_MESSAGES.itemRequired),
  bin_id: requiredId(PICK_ORDER_MESSAGES.binRequired),
  quantity: wholeNumber(1, PICK_ORDER_MESSAGES.quantity),
  picked_quantity: wholeNumber(0, PICK_ORDER_MESSAGES.pickedWhole),
});

/** The form: create and edit. Due date is checked against `now` (today's date, not before). */
export function pickOrderFormSchema(now: () => string = () => today()) {
  return z.object({
    warehouse_id: requiredId(PICK_ORDER_MESSAGES.warehouseRequired),
    reference_number: z
      .string({ error: PICK_ORDER_MESSAGES.referenceRequired })
      .refine((value) => value.trim().length > 0, { message: PICK_ORDER_MESSAGES.referenceRequired, abort: true })
      .refine((value) => value.trim().length <= 64, { message: PICK_ORDER_MESSAGES.referenceLength })
      .transform((value) => value.trim()),
    external_reference: z
      .string()
      .max(100, { message: PICK_ORDER_MESSAGES.externalReferenceLength })
      .transform((value) => value.trim() || null),
    order_type: z.enum(ORDER_TYPES),
    priority: wholeNumber(1, PICK_ORDER_MESSAGES.priority).refine((value) => (value ?? 0) <= 100, {
      message: PICK_ORDER_MESSAGES.priority,
    }),
    assigned_to: z
      .string()
      .nullable()
      .transform((value) => value || null),
    due_date: z
      .string()
      .refine((value) => value === '' || value >= now(), { message: PICK_ORDER_MESSAGES.dueDatePast })
      .transform((value) => value || null),
    notes: z
      .string()
      .max(2000, { message: PICK_ORDER_MESSAGES.notesLength })
      .transform((value) => value.trim() || null),
    picker_notes: z
      .string()
      .max(2000, { message: PICK_ORDER_MESSAGES.pickerNotesLength })
      .transform((value) => value.trim() || null),
    item_details: z
      .array(lineSchema)
      .min(1, { message: PICK_ORDER_MESSAGES.itemsRequired })
      .superRefine((lines, context) => {
        lines.forEach((line, index) => {
          if (typeof line.quantity === 'number' && typeof line.picked_quantity === 'number' && line.picked_quantity > line.quantity) {
            context.addIssue({ code: 'custom', path: [index, 'picked_quantity'], message: PICK_ORDER_MESSAGES.pickedQuantity });
          }
        });
      }),
  });
}
export type PickOrderFormInput = z.input<ReturnType<typeof pickOrderFormSchema>>;
export type PickOrderFormOutput = z.output<ReturnType<typeof pickOrderFormSchema>>;

export const newLine = () => ({ item_id: '', bin_id: '', quantity: 1, picked_quantity: 0 });

export function emptyPickOrderForm(referenceNumber = ''): PickOrderFormInput {
  return {
    warehouse_id: '',
    reference_number: referenceNumber,
    external_reference: '',
    order_type: 'individual',
    priority: 1,
    assigned_to: null,
    due_date: '',
    notes: '',
    picker_notes: '',
    item_details: [newLine()],
  };
}

/** What public.save_pick_order takes (the spec's shape). */
export function toPickOrderWrite(values: PickOrderFormOutput) {
  return {
    warehouse_id: values.warehouse_id,
    reference_number: values.reference_number,
    external_reference: values.external_reference,
    order_type: values.order_type,
    priority: values.priority as number,
    assigned_to: values.assigned_to,
    due_date: values.due_date,
    notes: values.notes,
    picking_progress: { picker_notes: values.picker_notes },
    item_details: values.item_details.map((line) => ({
      item_id: line.item_id,
      bin_id: line.bin_id,
      quantity: line.quantity as number,
      picked_quantity: line.picked_quantity as number,
    })),
  };
}
export type PickOrderWrite = ReturnType<typeof toPickOrderWrite>;

/** The order's own columns, as the record (get_pick_order) and the list's row (pick_order_rows) both read them. */
const orderColumns = {
  id: z.string(),
  warehouse_id: z.string(),
  reference_number: z.string(),
  external_reference: nullableText,
  order_type: z.enum(ORDER_TYPES),
  priority: z.number(),
  status: z.enum(PICK_ORDER_STATUSES),
  assigned_to: nullableText,
  due_date: nullableText,
};

const lineRowSchema = z.object({
  id: z.string(),
  item_id: z.string(),
  bin_id: z.string(),
  quantity: z.number(),
  picked_quantity: z.number(),
  reserved_quantity: z.number(),
  status: z.string(),
});

/** public.get_pick_order: the order, its warehouse, the assigned user, the items with their names, the caller's actions. */
export const pickOrderReadSchema = z.object({
  order: z.object({
    ...orderColumns,
    notes: nullableText,
    updated_at: z.string(),
    item_details: z.array(lineRowSchema),
    picking_progress: z.object({
      total_items: z.number(),
      picked_items: z.number(),
      start_time: nullableText,
      end_time: nullableText,
      picker_notes: nullableText,
    }),
  }),
  warehouse: codedNameSchema.nullable(),
  assigned_to_user: z.object({ id: z.string(), full_name: nullableText, email: nullableText }).nullable(),
  items: z.array(
    z.object({
      item_id: z.string(),
      name: nullableText,
      sku: nullableText,
      bin_id: z.string(),
      bin_name: nullableText,
      quantity: z.number(),
      picked_quantity: z.number(),
      status: z.string(),
      /** On a batch's line: the member order it is picked for. */
      order_reference: nullableText.default(null),
    }),
  ),
  /** The batch (or wave) a member order is picked in. */
  batch: z.object({ id: z.string(), reference_number: z.string(), order_type: z.enum(ORDER_TYPES), status: z.enum(PICK_ORDER_STATUSES) }).nullable().default(null),
  /** A built batch's member orders. */
  members: z.array(z.object({ id: z.string(), reference_number: z.string(), status: z.enum(PICK_ORDER_STATUSES), line_count: z.number() })).default([]),
  actions: z.array(z.string()),
});
export type PickOrderRead = z.infer<typeof pickOrderReadSchema>;
/** The record the edit page holds: the read, keyed by the order's id. */
export type PickOrderRecord = PickOrderRead & { id: string };

/** A stored order as the form's values (edit). */
export function toPickOrderFormValues(read: PickOrderRead): PickOrderFormInput {
  const { order } = read;
  return {
    warehouse_id: order.warehouse_id,
    reference_number: order.reference_number,
    external_reference: order.external_reference ?? '',
    order_type: order.order_type,
    priority: order.priority,
    assigned_to: order.assigned_to,
    due_date: order.due_date ?? '',
    notes: order.notes ?? '',
    picker_notes: order.picking_progress.picker_notes ?? '',
    item_details: order.item_details.map((line) => ({
      item_id: line.item_id,
      bin_id: line.bin_id,
      quantity: line.quantity,
      picked_quantity: line.picked_quantity,
    })),
  };
}

/** A row of the list (public.pick_order_rows). */
export const pickOrderRowSchema = z.object({
  ...orderColumns,
  assigned_to_name: nullableText,
  warehouse_name: z.string(),
  warehouse_code: z.string(),
  line_count: z.number(),
  total_items: z.number(),
  picked_items: z.number(),
  created_at: z.string(),
  /** The batch (or wave) the order is picked in, if any. */
  batch_reference: nullableText.default(null),
});
export type PickOrderRow = z.infer<typeof pickOrderRowSchema>;
