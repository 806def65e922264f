import { z } from 'zod';
import type { Translate } from '../../lib/i18n/catalogue';
import { PICKING_CAPS } from '../../lib/picking-caps';
import type { en } from './messages/en';

type Key = keyof typeof en;

export const BATCH_TYPES = ['batch', 'wave'] as const;
export const BATCH_GROUPINGS = ['zone', 'item'] as const;
export type BatchType = (typeof BATCH_TYPES)[number];
export type BatchGrouping = (typeof BATCH_GROUPINGS)[number];

/** The caps public.build_pick_batch accepts (it refuses others with the same words); `initial` when the tenant chose none. */
export const BATCH_CAPS = PICKING_CAPS;

const capNumber = (min: number, max: number, message: string) =>
  z.union([z.number(), z.null()], { error: message }).refine((value) => typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max, { message });

/** The build dialog's values: a warehouse, batch or wave, zone or item, the caps and the chosen orders. */
export function buildBatchSchema(t: Translate<Key>) {
  return z.object({
    warehouse_id: z.string({ error: t('error.warehouseRequired') }).min(1, { message: t('error.warehouseRequired') }),
    order_type: z.enum(BATCH_TYPES),
    group_by: z.enum(BATCH_GROUPINGS),
    max_orders: capNumber(BATCH_CAPS.orders.min, BATCH_CAPS.orders.max, t('error.maxOrders')),
    max_lines: capNumber(BATCH_CAPS.lines.min, BATCH_CAPS.lines.max, t('error.maxLines')),
    pick_order_ids: z.array(z.string()).min(1, { message: t('error.ordersRequired') }),
  });
}
export type BuildBatchInput = z.input<ReturnType<typeof buildBatchSchema>>;
export type BuildBatchOutput = z.output<ReturnType<typeof buildBatchSchema>>;

/** The dialog's first values: the tenant's default caps (settings.picking) when known, else the house's. */
export function emptyBuildBatch(warehouseId = '', caps?: { maxOrders: number; maxLines: number }): BuildBatchInput {
  return {
    warehouse_id: warehouseId,
    order_type: 'batch',
    group_by: 'zone',
    max_orders: caps?.maxOrders ?? BATCH_CAPS.orders.initial,
    max_lines: caps?.maxLines ?? BATCH_CAPS.lines.initial,
    pick_order_ids: [],
  };
}

/** The arguments of public.build_pick_batch for these values (a preview writes nothing). */
export function toBuildArgs(values: BuildBatchOutput, dryRun: boolean) {
  return {
    warehouse_id: values.warehouse_id,
    order_type: values.order_type,
    group_by: values.group_by,
    max_orders: values.max_orders as number,
    max_lines: values.max_lines as number,
    pick_order_ids: values.pick_order_ids,
    dry_run: dryRun,
  };
}
export type BuildBatchArgs = ReturnType<typeof toBuildArgs>;

/** public.build_pick_batch's answer: the batches (with id and reference once built) and the orders left out. */
export const buildBatchResultSchema = z.object({
  message: z.string().nullable(),
  batches: z.array(
    z.object({
      id: z.string().optional(),
      reference_number: z.string().optional(),
      group_label: z.string(),
      order_count: z.number(),
      line_count: z.number(),
      orders: z.array(
        z.object({
          id: z.string(),
          reference_number: z.string(),
          /** The lines the batch takes from the order (a wave: those of its group only). */
          line_count: z.number(),
          /** A wave's split: the order's lines outside the group, which go to a new pending order (0: joins whole). */
          split_line_count: z.number().default(0),
          /** Once built, the new order those lines went to. */
          split_order: z.object({ id: z.string(), reference_number: z.string() }).optional(),
        }),
      ),
    }),
  ),
  left_out: z.array(
    z.object({ id: z.string(), reference_number: z.string(), reason: z.string(), key: z.string().optional(), params: z.record(z.string(), z.unknown()).optional() }),
  ),
});
export type BuildBatchResult = z.infer<typeof buildBatchResultSchema>;

/** The preview's totals: how many batches, of how many orders and lines. */
export function previewTotals(result: BuildBatchResult): { batches: number; orders: number; lines: number } {
  return {
    batches: result.batches.length,
    orders: result.batches.reduce((sum, batch) => sum + batch.order_count, 0),
    lines: result.batches.reduce((sum, batch) => sum + batch.line_count, 0),
  };
}

/** The orders a wave splits (will split, in a preview): each with the lines that leave it and, once built, the new order they went to. */
export function splitOrders(result: BuildBatchResult): { reference: string; lines: number; split?: string }[] {
  return result.batches.flatMap((batch) =>
    batch.orders
      .filter((order) => order.split_line_count > 0)
      .map((order) => ({ reference: order.reference_number, lines: order.split_line_count, split: order.split_order?.reference_number })),
  );
}

/** A pending individual order the dialog offers (public.pick_order_rows). */
export const batchCandidateSchema = z.object({
  id: z.string(),
  reference_number: z.string(),
  external_reference: z.string().nullable(),
  line_count: z.number(),
});
export type BatchCandidate = z.infer<typeof batchCandidateSchema>;

/** The batch page's assign form: a staff member of the batch's warehouse (the picker who walks it). */
export function assignBatchSchema(t: Translate<Key>) {
  return z.object({
    assigned_to: z.string({ error: t('error.pickerRequired') }).min(1, { message: t('error.pickerRequired') }),
  });
}
export type AssignBatchInput = z.input<ReturnType<typeof assignBatchSchema>>;
export type AssignBatchOutput = z.output<ReturnType<typeof assignBatchSchema>>;

/** public.take_out_of_pick_batch's answer: whether the batch was left without orders (and so cancelled). */
export const takeOutResultSchema = z.object({
  message: z.string(),
  batch_cancelled: z.boolean(),
  batch_id: z.string(),
});
export type TakeOutResult = z.infer<typeof takeOutResultSchema>;

/**
 * Whether the batch page offers taking an order out: the batch has not started and the caller may
 * change it (its actions include editing, which the database gives only to who may manage it).
 */
export function canTakeOut(batch: { status: string; actions: readonly string[] }): boolean {
  return batch.status === 'pending' && batch.actions.includes('edit');
}

/** Whether the batch page offers assigning it: not finished, and the caller may cancel it (who manages it). */
export function canAssign(batch: { status: string; actions: readonly string[] }): boolean {
  return (batch.status === 'pending' || batch.status === 'in_progress') && batch.actions.includes('cancelled');
}
