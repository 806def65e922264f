import { describe, expect, it } from 'vitest';
import { translator } from '../../lib/i18n/catalogue';
import { assignBatchSchema, buildBatchResultSchema, buildBatchSchema, canAssign, canTakeOut, emptyBuildBatch, previewTotals, splitOrders, takeOutResultSchema, toBuildArgs } from './batch';
import { pickOrderMessages } from './messages';
import es from './messages/es';
import fr from './messages/fr';

const t = translator(pickOrderMessages, 'en', pickOrderMessages.en);
const schema = buildBatchSchema(t);

function messages(values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

const valid = { ...emptyBuildBatch('a5000000-0000-4000-8000-000000000001'), pick_order_ids: ['o1', 'o2'] };

describe('the build batch dialog', () => {
  it('starts as a batch by zone with caps the database accepts, and no order chosen', () => {
    expect(emptyBuildBatch()).toEqual({ warehouse_id: '', order_type: 'batch', group_by: 'zone', max_orders: 10, max_lines: 40, pick_order_ids: [] });
    expect(emptyBuildBatch('w1', { maxOrders: 6, maxLines: 25 })).toMatchObject({ warehouse_id: 'w1', max_orders: 6, max_lines: 25 });
  });

  it('refuses what the database refuses, in its words', () => {
    expect(messages({ ...emptyBuildBatch(), max_orders: 1, max_lines: 0 })).toEqual({
      warehouse_id: 'Warehouse is required',
      max_orders: 'Max orders must be a whole number from 2 to 50',
      max_lines: 'Max lines must be a whole number from 1 to 200',
      pick_order_ids: 'Choose at least one pick order',
    });
    expect(messages({ ...valid, max_orders: 51, max_lines: 201 })).toEqual({
      max_orders: 'Max orders must be a whole number from 2 to 50',
      max_lines: 'Max lines must be a whole number from 1 to 200',
    });
    expect(messages({ ...valid, max_orders: 2.5, max_lines: null })).toEqual({
      max_orders: 'Max orders must be a whole number from 2 to 50',
      max_lines: 'Max lines must be a whole number from 1 to 200',
    });
    expect(messages({ ...valid, order_type: 'individual' })).toHaveProperty('order_type');
    expect(messages({ ...valid, group_by: 'aisle' })).toHaveProperty('group_by');
    expect(messages(valid)).toEqual({});
  });

  it('asks public.build_pick_batch for a preview or a build with the same values', () => {
    const values = schema.parse({ ...valid, order_type: 'wave', group_by: 'item', max_orders: 2, max_lines: 12 });
    expect(toBuildArgs(values, true)).toEqual({
      warehouse_id: 'a5000000-0000-4000-8000-000000000001',
      order_type: 'wave',
      group_by: 'item',
      max_orders: 2,
      max_lines: 12,
      pick_order_ids: ['o1', 'o2'],
      dry_run: true,
    });
    expect(toBuildArgs(values, false).dry_run).toBe(false);
  });

  it('previews how many batches, orders and lines the plan makes', () => {
    const plan = buildBatchResultSchema.parse({
      message: null,
      batches: [
        { group_label: 'Ambient Storage (Z1)', order_count: 2, line_count: 5, orders: [{ id: 'o1', reference_number: 'ACME-PK00041', line_count: 2 }, { id: 'o2', reference_number: 'ACME-PK00042', line_count: 3 }] },
        { group_label: 'Cold Chain (Z2)', order_count: 1, line_count: 1, orders: [{ id: 'o3', reference_number: 'ACME-PK00043', line_count: 1 }] },
      ],
      left_out: [{ id: 'o4', reference_number: 'ACME-PK00044', reason: '41 lines: more than the cap of 40' }],
    });
    expect(previewTotals(plan)).toEqual({ batches: 2, orders: 3, lines: 6 });
    expect(t('batch.previewSummary', previewTotals(plan))).toBe('2 batches of 3 orders, 6 lines');
    expect(t('batch.previewBatch', { group: 'Cold Chain (Z2)', orders: 1, lines: 1 })).toBe('Cold Chain (Z2): 1 order, 1 line');
    expect(previewTotals({ message: null, batches: [], left_out: [] })).toEqual({ batches: 0, orders: 0, lines: 0 });
  });

  it('names the orders a wave splits, before the build and after it, in English, Spanish and French', () => {
    const order = (id: string, lines: number, split = 0, to?: string) => ({
      id,
      reference_number: `ACME-PK0004${id}`,
      line_count: lines,
      split_line_count: split,
      ...(to ? { split_order: { id: `${id}-2`, reference_number: to } } : {}),
    });
    const preview = buildBatchResultSchema.parse({
      message: null,
      batches: [{ group_label: 'Ambient Storage (Z1)', order_count: 2, line_count: 3, orders: [order('1', 2, 1), order('2', 1)] }],
      left_out: [],
    });
    expect(splitOrders(preview)).toEqual([{ reference: 'ACME-PK00041', lines: 1, split: undefined }]);
    expect(t('batch.split', { reference: 'ACME-PK00041', lines: 1 })).toBe('ACME-PK00041 will be split: 1 line goes to a new pending order');
    const built = buildBatchResultSchema.parse({
      message: 'Wave ACME-PK00050 built',
      batches: [{ id: 'w1', reference_number: 'ACME-PK00050', group_label: 'Ambient Storage (Z1)', order_count: 2, line_count: 3, orders: [order('1', 2, 2, 'ACME-PK00041-2'), order('2', 1)] }],
      left_out: [],
    });
    expect(splitOrders(built)).toEqual([{ reference: 'ACME-PK00041', lines: 2, split: 'ACME-PK00041-2' }]);
    const values = { reference: 'ACME-PK00041', lines: 2, split: 'ACME-PK00041-2' };
    expect(t('batch.splitDone', values)).toBe('ACME-PK00041 split: 2 lines moved to ACME-PK00041-2');
    expect(translator(pickOrderMessages, 'es', es)('batch.splitDone', values)).toBe('ACME-PK00041 dividida: 2 líneas movidas a ACME-PK00041-2');
    expect(translator(pickOrderMessages, 'fr', fr)('batch.split', { reference: 'ACME-PK00041', lines: 1 })).toBe('ACME-PK00041 sera scindé : 1 ligne passe dans un nouvel ordre en attente');
    // A batch (or an answer from before waves split) names no split.
    expect(splitOrders(buildBatchResultSchema.parse({ message: null, batches: [{ group_label: 'Z1', order_count: 1, line_count: 1, orders: [{ id: 'o', reference_number: 'R', line_count: 1 }] }], left_out: [] }))).toEqual([]);
  });

  it('says the build in English, Spanish and French', () => {
    expect(t('batch.built', { type: 'wave', reference: 'ACME-PK00050' })).toBe('Wave ACME-PK00050 built');
    expect(translator(pickOrderMessages, 'es', es)('batch.built', { type: 'batch', reference: 'ACME-PK00050' })).toBe('Lote ACME-PK00050 creado');
    expect(translator(pickOrderMessages, 'fr', fr)('batch.built', { type: 'wave', reference: 'ACME-PK00050' })).toBe('Vague ACME-PK00050 créée');
  });
});

describe('a built batch\'s page', () => {
  it('offers taking an order out only while the batch is pending, to who may edit it', () => {
    // public.get_pick_order's actions: a manager of a pending batch gets edit, in_progress and cancelled; a picker in_progress only.
    expect(canTakeOut({ status: 'pending', actions: ['edit', 'in_progress', 'cancelled'] })).toBe(true);
    expect(canTakeOut({ status: 'pending', actions: ['in_progress'] })).toBe(false);
    expect(canTakeOut({ status: 'in_progress', actions: ['pick', 'completed', 'cancelled'] })).toBe(false);
    expect(canTakeOut({ status: 'cancelled', actions: [] })).toBe(false);
  });

  it('offers assigning it until it is finished, to who may cancel it (its managers)', () => {
    expect(canAssign({ status: 'pending', actions: ['edit', 'in_progress', 'cancelled'] })).toBe(true);
    expect(canAssign({ status: 'in_progress', actions: ['pick', 'completed', 'cancelled'] })).toBe(true);
    expect(canAssign({ status: 'in_progress', actions: ['pick', 'completed'] })).toBe(false);
    expect(canAssign({ status: 'pending', actions: ['in_progress'] })).toBe(false);
    expect(canAssign({ status: 'completed', actions: ['cancelled'] })).toBe(false);
  });

  it('assigns someone, never no one', () => {
    const assign = assignBatchSchema(t);
    expect(assign.safeParse({ assigned_to: '' }).error?.issues.map((issue) => issue.message)).toEqual(['Choose a picker']);
    expect(assign.safeParse({ assigned_to: null }).error?.issues.map((issue) => issue.message)).toEqual(['Choose a picker']);
    expect(assign.parse({ assigned_to: 'a5100000-0000-4000-8000-000000000004' })).toEqual({ assigned_to: 'a5100000-0000-4000-8000-000000000004' });
  });

  it('reads public.take_out_of_pick_batch\'s answer and says it in English, Spanish and French', () => {
    const result = takeOutResultSchema.parse({ message: 'ACME-PK00041 taken out of batch ACME-PK00050', batch_cancelled: false, batch_id: 'b1' });
    expect(result.batch_cancelled).toBe(false);
    expect(() => takeOutResultSchema.parse({ message: 'x' })).toThrow();
    const values = { reference: 'ACME-PK00041', type: 'batch', batch: 'ACME-PK00050' };
    expect(t('detail.takenOut', values)).toBe('ACME-PK00041 taken out of batch ACME-PK00050');
    expect(t('detail.takenOutCancelled', { ...values, type: 'wave' })).toBe('ACME-PK00041 taken out; wave ACME-PK00050 had no order left and is cancelled');
    expect(translator(pickOrderMessages, 'es', es)('detail.takenOut', values)).toBe('ACME-PK00041 quitada del lote ACME-PK00050');
    expect(translator(pickOrderMessages, 'fr', fr)('detail.takeOutLast', { type: 'batch' })).toBe('C’est le dernier ordre : le lot est annulé.');
  });
});
