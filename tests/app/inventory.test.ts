import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT, testUsers } from './clients.ts';

/**
 * The stock ledger through supabase-js as features/inventory/api.ts calls it: an admin creates an
 * item, records a receipt through record_inventory_transaction, reads the balance from
 * inventory_stock_rows and the entry from list_inventory_transactions ({total,
 * inventory_transactions}); a pick beyond the stock is refused with 23514 and the keyed
 * 'Insufficient stock ...' detail the form places on the quantity; a picker may not receive; nobody
 * writes the stock directly.
 */
const users = testUsers();
const BAYVIEW = 'a5000000-0000-4000-8000-000000000001';

let admin: SupabaseClient;
let picker: SupabaseClient;
let itemId: string;
let binId: string;

const details = (error: { details?: string } | null) =>
  JSON.parse(error?.details ?? '[]') as { key?: string; field: string; message: string; params?: Record<string, unknown> }[];

beforeAll(async () => {
  admin = await users.as('admin@acme.test');
  picker = await users.as('tyrone.jackson@acmelogistics.example');
  const sku = `APP-INV-${Date.now().toString(36).toUpperCase()}`;
  const { data: item, error } = await admin.from('inventory_items').insert({ tenant_id: TENANT.acme, name: 'Cordless Label Gun', sku }).select('id, label_status').single();
  expect(error).toBeNull();
  expect(item?.label_status).toBe('pending');
  itemId = item!.id as string;
  const { data: bin } = await admin.from('warehouse_locations').select('id').eq('warehouse_id', BAYVIEW).eq('code', 'Z1-A02-S2-B03').single();
  binId = bin!.id as string;
});

afterAll(() => users.release());

describe('the stock ledger through the API', () => {
  it('records a receipt and shows it in the stock and ledger lists', async () => {
    const { error } = await admin.rpc('record_inventory_transaction', { transaction_type: 'receive', item_id: itemId, warehouse_id: BAYVIEW, quantity: 5, to_bin_id: binId, lot_number: 'APP-LOT' });
    expect(error).toBeNull();
    const { data: stock } = await admin.from('inventory_stock_rows').select('quantity, status, bin_code').eq('item_id', itemId);
    expect(stock).toEqual([{ quantity: 5, status: 'available', bin_code: 'Z1-A02-S2-B03' }]);
    const { data: page, error: listError } = await admin.rpc('list_inventory_transactions', { item_id: itemId, page: 1, limit: 25 });
    expect(listError).toBeNull();
    expect(page).toMatchObject({ total: 1, inventory_transactions: [{ transaction_type: 'receive', quantity: 5, to_bin: { code: 'Z1-A02-S2-B03' }, item: { id: itemId } }] });
  });

  it('refuses a pick beyond the stock with the detail the form shows, and changes nothing', async () => {
    const { error } = await picker.rpc('record_inventory_transaction', { transaction_type: 'pick', item_id: itemId, warehouse_id: BAYVIEW, quantity: 6, from_bin_id: binId, lot_number: 'APP-LOT' });
    expect(error?.code).toBe('23514');
    expect(details(error)).toEqual([
      { key: 'inventory.insufficient_stock', field: 'quantity', message: 'Insufficient stock: 5 available in Z1-A02-S2-B03', params: { available: 5, bin: 'Z1-A02-S2-B03' } },
    ]);
    const { data: stock } = await admin.from('inventory_stock').select('quantity').eq('item_id', itemId);
    expect(stock).toEqual([{ quantity: 5 }]);
  });

  it('refuses a picker a receipt, and every direct write', async () => {
    const { error } = await picker.rpc('record_inventory_transaction', { transaction_type: 'receive', item_id: itemId, warehouse_id: BAYVIEW, quantity: 1, to_bin_id: binId });
    expect(error?.code).toBe('42501');
    const { error: updateError } = await admin.from('inventory_stock').update({ quantity: 500 }).eq('item_id', itemId);
    expect(updateError?.code).toBe('42501');
    const { error: insertError } = await admin.from('inventory_transactions').insert({ tenant_id: TENANT.acme, transaction_type: 'receive', item_id: itemId, warehouse_id: BAYVIEW, to_bin_id: binId, quantity: 1 });
    expect(insertError?.code).toBe('42501');
  });
});
