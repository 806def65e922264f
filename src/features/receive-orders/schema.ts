import { z } from 'zod';
import { lotAndSerial, nullableText } from '../../lib/row-schema';
import { RECEIVE_ORDER_STATUSES } from '../../data/statuses';
import { optionalText, UUID_PATTERN } from '../../lib/form-schema';

export const RECEIVE_ORDER_MESSAGES = {
  supplier: 'Supplier is required',
  warehouse: 'Warehouse is required',
  item: 'Item is required',
  quantity: 'Quantity must be a whole number above 0',
  lines: 'Add at least one line',
  serial: 'A serial number is received one at a time: quantity 1',
} as const;

const id = (message: string) => z.string({ error: message }).regex(UUID_PATTERN, { message });

export const ReceiveOrderLineSchema = z
  .object({
    item_id: id(RECEIVE_ORDER_MESSAGES.item),
    expected_quantity: z
      .number({ error: RECEIVE_ORDER_MESSAGES.quantity })
      .refine((value) => Number.isInteger(value) && value > 0 && value <= 1_000_000, { message: RECEIVE_ORDER_MESSAGES.quantity }),
    lot_number: optionalText(64),
    serial_number: optionalText(64),
    target_bin_id: z.string(),
  })
  .superRefine((line, ctx) => {
    if (line.serial_number.trim() !== '' && line.expected_quantity !== 1) {
      ctx.addIssue({ code: 'custom', path: ['serial_number'], message: RECEIVE_ORDER_MESSAGES.serial });
    }
  });

export const ReceiveOrderFormSchema = z.object({
  supplier_id: id(RECEIVE_ORDER_MESSAGES.supplier),
  warehouse_id: id(RECEIVE_ORDER_MESSAGES.warehouse),
  reference: optionalText(100),
  expected_date: z.string(),
  notes: optionalText(2000),
  lines: z.array(ReceiveOrderLineSchema).min(1, RECEIVE_ORDER_MESSAGES.lines).max(200),
});
export type ReceiveOrderFormInput = z.input<typeof ReceiveOrderFormSchema>;
export type ReceiveOrderFormOutput = z.output<typeof ReceiveOrderFormSchema>;

/** The order's own columns, as the list's row (receive_order_rows) and the record both read them. */
const receiveOrderColumns = {
  id: z.string(),
  receive_code: z.string(),
  supplier_id: z.string(),
  warehouse_id: z.string(),
  reference: nullableText,
  expected_date: nullableText,
  status: z.enum(RECEIVE_ORDER_STATUSES),
};

export const receiveOrderRowSchema = z.object({
  ...receiveOrderColumns,
  supplier_name: z.string(),
  warehouse_name: z.string(),
  line_count: z.number(),
  expected_total: z.number(),
  received_total: z.number(),
  updated_at: z.string(),
});
export type ReceiveOrderRow = z.infer<typeof receiveOrderRowSchema>;

export const receiveOrderSchema = z.object({
  ...receiveOrderColumns,
  notes: nullableText,
  receive_order_lines: z.array(
    z.object({
      id: z.string(),
      position: z.number(),
      item_id: z.string(),
      expected_quantity: z.number(),
      received_quantity: z.number(),
      ...lotAndSerial,
      target_bin_id: nullableText,
    }),
  ),
});
export type ReceiveOrder = z.infer<typeof receiveOrderSchema>;

export const emptyLine = (): ReceiveOrderFormInput['lines'][number] => ({
  item_id: '',
  expected_quantity: 1,
  lot_number: '',
  serial_number: '',
  target_bin_id: '',
});

export function toFormValues(order: ReceiveOrder | null): ReceiveOrderFormInput {
  if (!order) return { supplier_id: '', warehouse_id: '', reference: '', expected_date: '', notes: '', lines: [emptyLine()] };
  return {
    supplier_id: order.supplier_id,
    warehouse_id: order.warehouse_id,
    reference: order.reference ?? '',
    expected_date: order.expected_date ?? '',
    notes: order.notes ?? '',
    lines: [...order.receive_order_lines]
      .sort((a, b) => a.position - b.position)
      .map((line) => ({
        item_id: line.item_id,
        expected_quantity: line.expected_quantity,
        lot_number: line.lot_number ?? '',
        serial_number: line.serial_number ?? '',
        target_bin_id: line.target_bin_id ?? '',
      })),
  };
}

/** What save_receive_order takes: blanks as absent. */
export function toWrite(values: ReceiveOrderFormOutput) {
  return {
    supplier_id: values.supplier_id,
    warehouse_id: values.warehouse_id,
    reference: values.reference.trim() || null,
    expected_date: values.expected_date || null,
    notes: values.notes.trim() || null,
    lines: values.lines.map((line) => ({
      item_id: line.item_id,
      expected_quantity: line.expected_quantity,
      lot_number: line.lot_number.trim() || null,
      serial_number: line.serial_number.trim() || null,
      target_bin_id: line.target_bin_id || null,
    })),
  };
}
