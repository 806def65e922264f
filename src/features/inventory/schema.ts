import { z } from 'zod';
import { requiredId } from '../../lib/form-schema';
import { lotAndSerial, nullableNumeric, nullableText, numeric } from '../../lib/row-schema';

/** The fixed lists items are filed under (not a catalogue tree), as the database's checks name them. */
export const CATEGORIES = ['Electronics', 'Furniture', 'Office Supplies'] as const;
export const SUBCATEGORIES = ['Laptop', 'Desktop', 'Tablet'] as const;
export const LENGTH_UNITS = ['cm', 'in', 'mm', 'm'] as const;
export const LABEL_STATUSES = ['pending', 'success', 'failed'] as const;
/** A balance's own status, and what the stock list shows (reserved: all of a row's quantity is reserved). */
export const STOCK_STATUSES = ['available', 'damaged', 'expired'] as const;
export const STOCK_LIST_STATUSES = ['available', 'reserved', 'damaged', 'expired'] as const;
export const TRANSACTION_TYPES = ['receive', 'pick', 'move', 'adjust', 'return'] as const;
export const REFERENCE_TYPES = ['receive_order', 'pick_order', 'audit', 'return_request', 'manual'] as const;

export type StockListStatus = (typeof STOCK_LIST_STATUSES)[number];
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** The items list shows at most this many characters of a name; the whole name is its title. */
export const NAME_MAX = 50;

export function truncateName(name: string): string {
  return name.length > NAME_MAX ? `${name.slice(0, NAME_MAX)}…` : name;
}

/** The item form's messages, verbatim; the database (private.inventory_item_problems) answers with the same words. */
export const ITEM_MESSAGES = {
  nameRequired: 'Name is required',
  skuRequired: 'SKU is required',
  positive: 'Must be a positive number',
} as const;

/** A number field's value: empty (null or NaN from an emptied input) is "not given". */
const blank = (value: unknown) => value === null || value === undefined || (typeof value === 'number' && Number.isNaN(value));

const optionalPositive = z
  .union([z.number(), z.null(), z.undefined()])
  .refine((value) => blank(value) || (typeof value === 'number' && Number.isFinite(value) && value > 0), { message: ITEM_MESSAGES.positive })
  .transform((value) => (blank(value) ? null : (value as number)));

const optionalText = (max: number) =>
  z
    .string()
    .max(max, { message: `Must be at most ${max} characters` })
    .transform((value) => (value.trim() === '' ? null : value.trim()));

export const ItemFormSchema = z.object({
  name: z
    .string({ error: ITEM_MESSAGES.nameRequired })
    .refine((value) => value.trim().length > 0, { message: ITEM_MESSAGES.nameRequired, abort: true })
    .refine((value) => value.length <= 200, { message: 'Name must be at most 200 characters' }),
  sku: z
    .string({ error: ITEM_MESSAGES.skuRequired })
    .refine((value) => value.trim().length > 0, { message: ITEM_MESSAGES.skuRequired, abort: true })
    .refine((value) => value.length <= 64, { message: 'SKU must be at most 64 characters' }),
  barcode: optionalText(64),
  description: optionalText(2000),
  category: z.union([z.enum(CATEGORIES), z.literal('')]).transform((value) => value || null),
  subcategory: z.union([z.enum(SUBCATEGORIES), z.literal('')]).transform((value) => value || null),
  brand: optionalText(100),
  model: optionalText(100),
  unit_size: z
    .union([z.number(), z.null()], { error: ITEM_MESSAGES.positive })
    .refine((value) => typeof value === 'number' && Number.isFinite(value) && value > 0, { message: ITEM_MESSAGES.positive })
    .transform((value) => value as number),
  weight: optionalPositive,
  dimensions: z.object({
    length: optionalPositive,
    width: optionalPositive,
    height: optionalPositive,
    unit: z.enum(LENGTH_UNITS),
  }),
  attributes: z.object({
    color: optionalText(100),
    connectivity: optionalText(100),
    battery_life: optionalText(100),
  }),
  is_active: z.boolean(),
});
export type ItemFormInput = z.input<typeof ItemFormSchema>;
export type ItemFormOutput = z.output<typeof ItemFormSchema>;

const num = nullableNumeric.catch(null);

/** An item row as the API returns it. */
export const itemSchema = z.object({
  id: z.string(),
  tenant_id: z.string(),
  name: z.string(),
  sku: z.string(),
  barcode: nullableText,
  description: nullableText,
  category: nullableText,
  subcategory: nullableText,
  brand: nullableText,
  model: nullableText,
  unit_size: numeric,
  weight: num,
  dimensions: z
    .object({ length: num.optional(), width: num.optional(), height: num.optional(), unit: nullableText.optional().catch(null) })
    .catch({}),
  attributes: z
    .object({
      color: nullableText.optional().catch(null),
      connectivity: nullableText.optional().catch(null),
      battery_life: nullableText.optional().catch(null),
    })
    .catch({}),
  label_status: z.enum(LABEL_STATUSES),
  label_url: nullableText,
  label_error: nullableText,
  is_active: z.boolean(),
  updated_at: z.string(),
});
export type InventoryItem = z.infer<typeof itemSchema>;

/** What an item save sends (the label columns are the renderer's, never the form's). */
export type ItemWrite = ItemFormOutput;

export function emptyItemForm(lengthUnit: (typeof LENGTH_UNITS)[number] = 'cm'): ItemFormInput {
  return {
    name: '',
    sku: '',
    barcode: '',
    description: '',
    category: '',
    subcategory: '',
    brand: '',
    model: '',
    unit_size: 1,
    weight: null,
    dimensions: { length: null, width: null, height: null, unit: lengthUnit },
    attributes: { color: '', connectivity: '', battery_life: '' },
    is_active: true,
  };
}

const isOneOf = <T extends string>(values: readonly T[], value: string | null | undefined): value is T => value != null && (values as readonly string[]).includes(value);

/** A stored item as the form's values (edit). */
export function toItemFormValues(item: InventoryItem): ItemFormInput {
  return {
    name: item.name,
    sku: item.sku,
    barcode: item.barcode ?? '',
    description: item.description ?? '',
    category: isOneOf(CATEGORIES, item.category) ? item.category : '',
    subcategory: isOneOf(SUBCATEGORIES, item.subcategory) ? item.subcategory : '',
    brand: item.brand ?? '',
    model: item.model ?? '',
    unit_size: item.unit_size,
    weight: item.weight,
    dimensions: {
      length: item.dimensions.length ?? null,
      width: item.dimensions.width ?? null,
      height: item.dimensions.height ?? null,
      unit: isOneOf(LENGTH_UNITS, item.dimensions.unit) ? item.dimensions.unit : 'cm',
    },
    attributes: {
      color: item.attributes.color ?? '',
      connectivity: item.attributes.connectivity ?? '',
      battery_life: item.attributes.battery_life ?? '',
    },
    is_active: item.is_active,
  };
}

/** A row of the stock list (public.inventory_stock_rows). */
export const stockRowSchema = z.object({
  id: z.string(),
  item_id: z.string(),
  warehouse_id: z.string(),
  bin_id: z.string(),
  item_name: z.string(),
  item_sku: z.string(),
  warehouse_name: z.string(),
  bin_code: z.string(),
  quantity: z.number(),
  reserved: z.number(),
  ...lotAndSerial,
  status: z.enum(STOCK_LIST_STATUSES),
  updated_at: z.string(),
});
export type StockRow = z.infer<typeof stockRowSchema>;

const named = <K extends string>(key: K) => z.object({ id: z.string() }).extend({ [key]: z.string() } as Record<K, z.ZodString>);

/** A row of the ledger list (public.list_inventory_transactions). */
export const transactionRowSchema = z.object({
  id: z.string(),
  transaction_type: z.enum(TRANSACTION_TYPES),
  reference_type: z.enum(REFERENCE_TYPES),
  quantity: z.number(),
  ...lotAndSerial,
  stock_status: z.string(),
  reason: nullableText,
  created_at: z.string(),
  performed_by: z.object({ id: z.string(), full_name: nullableText }).nullable(),
  item: z.object({ id: z.string(), sku: z.string(), name: z.string() }),
  warehouse: named('name'),
  from_bin: named('code').nullable(),
  to_bin: named('code').nullable(),
});
export type TransactionRow = z.infer<typeof transactionRowSchema>;
export const transactionPageSchema = z.object({ total: z.number(), inventory_transactions: z.array(transactionRowSchema) });

/** The ledger form's messages. */
export const TRANSACTION_MESSAGES = {
  item: 'Item is required',
  warehouse: 'Warehouse is required',
  bin: 'Bin is required',
  quantity: 'Quantity must be a whole number above 0',
  reason: 'A reason is required for adjustments',
  sameBin: 'Choose another bin than the source',
} as const;

/**
 * A ledger entry as the forms take it: which bins a type needs (a receive and a return put stock
 * in, a move takes it from one bin to another, an adjustment adds or removes), a reason for
 * adjustments. The database checks all of it again and decides what is available.
 */
export const TransactionFormSchema = z
  .object({
    transaction_type: z.enum(TRANSACTION_TYPES),
    direction: z.enum(['add', 'remove']),
    item_id: requiredId(TRANSACTION_MESSAGES.item),
    warehouse_id: requiredId(TRANSACTION_MESSAGES.warehouse),
    from_bin_id: z.string().nullable(),
    to_bin_id: z.string().nullable(),
    quantity: z
      .union([z.number(), z.null()], { error: TRANSACTION_MESSAGES.quantity })
      .refine((value) => typeof value === 'number' && Number.isInteger(value) && value > 0, { message: TRANSACTION_MESSAGES.quantity })
      .transform((value) => value as number),
    lot_number: optionalText(64),
    serial_number: optionalText(64),
    stock_status: z.enum(STOCK_STATUSES),
    reason: optionalText(500),
  })
  .superRefine((values, ctx) => {
    const { from, to } = binsOf(values.transaction_type, values.direction);
    if (from && !values.from_bin_id) ctx.addIssue({ code: 'custom', path: ['from_bin_id'], message: TRANSACTION_MESSAGES.bin });
    if (to && !values.to_bin_id) ctx.addIssue({ code: 'custom', path: ['to_bin_id'], message: TRANSACTION_MESSAGES.bin });
    if (from && to && values.from_bin_id && values.from_bin_id === values.to_bin_id) {
      ctx.addIssue({ code: 'custom', path: ['to_bin_id'], message: TRANSACTION_MESSAGES.sameBin });
    }
    if (values.transaction_type === 'adjust' && !values.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: TRANSACTION_MESSAGES.reason });
  });
export type TransactionFormInput = z.input<typeof TransactionFormSchema>;
export type TransactionFormOutput = z.output<typeof TransactionFormSchema>;

/** Which bins a transaction takes: from (stock leaves it) and to (stock goes into it). */
export function binsOf(type: TransactionType, direction: 'add' | 'remove'): { from: boolean; to: boolean } {
  switch (type) {
    case 'receive':
    case 'return':
      return { from: false, to: true };
    case 'pick':
      return { from: true, to: false };
    case 'move':
      return { from: true, to: true };
    case 'adjust':
      return direction === 'add' ? { from: false, to: true } : { from: true, to: false };
  }
}

export function emptyTransactionForm(type: TransactionType = 'receive'): TransactionFormInput {
  return {
    transaction_type: type,
    direction: 'add',
    item_id: '',
    warehouse_id: '',
    from_bin_id: null,
    to_bin_id: null,
    quantity: null,
    lot_number: '',
    serial_number: '',
    stock_status: 'available',
    reason: '',
  };
}
