import { z } from 'zod';
import { requiredId, today } from '../../lib/form-schema';
import { codedNameSchema, lotAndSerial, nullableText } from '../../lib/row-schema';
import { defineStatuses } from '../../lib/status-vocabulary';
import { INVENTORY_AUDIT_STATUSES } from '../../data/statuses';
import { auditMessages } from './messages';

export const AUDIT_TYPES = ['spot_check', 'full_count', 'cycle_count'] as const;
export type AuditType = (typeof AUDIT_TYPES)[number];

export const auditTypes = defineStatuses(AUDIT_TYPES, {
  words: { catalogue: auditMessages, keys: { spot_check: 'type.spot_check', full_count: 'type.full_count', cycle_count: 'type.cycle_count' } },
  tones: { spot_check: 'neutral', full_count: 'neutral', cycle_count: 'neutral' },
});

/** The form's messages; the database (public.create_inventory_audit) answers with the same words. */
export const AUDIT_MESSAGES = {
  warehouseRequired: 'Warehouse is required',
  typeRequired: 'Audit type is required',
  scheduledPast: 'Scheduled date cannot be before today',
  cycleScope: 'Choose at least one location to count',
  spotScope: 'Choose at least one location or item to check',
  fullScope: 'A full count covers the whole warehouse: choose no locations or items',
  notesLength: 'Notes must be at most 2000 characters',
} as const;

/** The date fields' today: their least date, and what the form's date rule compares with. */
export { today };

/** The create form: warehouse, type, scheduled date, notes and the scope (a bin and/or an item). */
export function auditFormSchema(now: () => string = () => today()) {
  return z
    .object({
      warehouse_id: requiredId(AUDIT_MESSAGES.warehouseRequired),
      audit_type: z.union([z.enum(AUDIT_TYPES), z.literal('')], { error: AUDIT_MESSAGES.typeRequired }).refine((value) => value !== '', { message: AUDIT_MESSAGES.typeRequired }),
      scheduled_date: z.string().refine((value) => value === '' || value >= now(), { message: AUDIT_MESSAGES.scheduledPast }),
      notes: z.string().max(2000, { message: AUDIT_MESSAGES.notesLength }),
      location_id: z.string().nullable(),
      item_id: z.string().nullable(),
    })
    .superRefine((values, context) => {
      if (values.audit_type === 'cycle_count' && !values.location_id) {
        context.addIssue({ code: 'custom', path: ['location_id'], message: AUDIT_MESSAGES.cycleScope });
      }
      if (values.audit_type === 'spot_check' && !values.location_id && !values.item_id) {
        context.addIssue({ code: 'custom', path: ['location_id'], message: AUDIT_MESSAGES.spotScope });
      }
      if (values.audit_type === 'full_count' && (values.location_id || values.item_id)) {
        context.addIssue({ code: 'custom', path: ['location_id'], message: AUDIT_MESSAGES.fullScope });
      }
    });
}
export type AuditFormInput = z.input<ReturnType<typeof auditFormSchema>>;
export type AuditFormOutput = z.output<ReturnType<typeof auditFormSchema>>;

export function emptyAuditForm(): AuditFormInput {
  return { warehouse_id: '', audit_type: '', scheduled_date: '', notes: '', location_id: null, item_id: null };
}

/** The values public.create_inventory_audit takes. */
export interface AuditWrite {
  warehouse_id: string;
  audit_type: string;
  scheduled_date: string | null;
  notes: string | null;
  scope: { location_ids: string[]; item_ids: string[] };
}

export function toAuditWrite(values: AuditFormOutput): AuditWrite {
  return {
    warehouse_id: values.warehouse_id,
    audit_type: values.audit_type,
    scheduled_date: values.scheduled_date || null,
    notes: values.notes.trim() || null,
    scope: { location_ids: values.location_id ? [values.location_id] : [], item_ids: values.item_id ? [values.item_id] : [] },
  };
}

/** The audit's own columns, as the list's row and the count sheet both read them. */
const auditColumns = {
  id: z.string(),
  warehouse_id: z.string(),
  audit_type: z.enum(AUDIT_TYPES),
  status: z.enum(INVENTORY_AUDIT_STATUSES),
  scheduled_date: nullableText,
  notes: nullableText,
  created_at: z.string(),
  created_by_name: nullableText,
  completed_by_name: nullableText,
};

export const auditRowSchema = z.object({
  ...auditColumns,
  warehouse_name: z.string(),
  warehouse_code: z.string(),
  line_count: z.number(),
  counted_count: z.number(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

/** A line as the counter sees it: never the expected quantity. */
export const countLineSchema = z.object({
  id: z.string(),
  position: z.number(),
  item_id: z.string(),
  item_name: z.string(),
  sku: z.string(),
  barcode: nullableText,
  bin_id: z.string(),
  bin_code: z.string(),
  ...lotAndSerial,
  counted_quantity: z.number().nullable(),
  recount_round: z.number(),
});
export type CountLine = z.infer<typeof countLineSchema>;

export const AUDIT_ACTIONS = ['in_progress', 'count', 'review', 'recount', 'completed', 'cancelled'] as const;

export const countSheetSchema = z.object({
  audit: z.object(auditColumns),
  warehouse: codedNameSchema,
  lines: countLineSchema.array(),
  actions: z.array(z.string()),
});
export type CountSheet = z.infer<typeof countSheetSchema> & { id: string };

/** A line as the reviewer sees it: expected, counted, variance, whether its stock moved while open. */
export const reviewLineSchema = z.object({
  id: z.string(),
  position: z.number(),
  item_name: z.string(),
  sku: z.string(),
  bin_code: z.string(),
  ...lotAndSerial,
  expected_quantity: z.number(),
  counted_quantity: z.number().nullable(),
  variance: z.number().nullable(),
  reason: nullableText,
  recount_round: z.number(),
  moved_while_open: z.boolean(),
});
export type ReviewLine = z.infer<typeof reviewLineSchema>;

/** The line a scanned bin code and item code (barcode or SKU) name, among those not yet counted first. */
export function findLine(lines: readonly CountLine[], binCode: string, itemCode: string): CountLine | undefined {
  const bin = binCode.trim().toLowerCase();
  const code = itemCode.trim().toLowerCase();
  const matches = lines.filter(
    (line) => line.bin_code.toLowerCase() === bin && (line.sku.toLowerCase() === code || (line.barcode ?? '').toLowerCase() === code),
  );
  return matches.find((line) => line.counted_quantity === null) ?? matches[0];
}
