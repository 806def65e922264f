import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, TENANT, testUsers, USER } from './clients.ts';

/**
 * Cash remittance through supabase-js as features/remit/api.ts calls it: dispatchers and admins
 * record through record_remittance and read the summary and history; the database refuses a
 * mismatch without a reason, a delivery remitted twice, another driver's or tenant's delivery, with
 * `details` holding the [{field, message}] the form applies; a driver reads their own; nobody writes
 * the tables directly. On the demo driver Derek's delivered cash deliveries of the seed.
 */
const users = testUsers();

let dispatcher: SupabaseClient;
let admin: SupabaseClient;
let driver: SupabaseClient;
let customer: SupabaseClient;
let globexDispatcher: SupabaseClient;

interface Unremitted {
  id: string;
  delivery_code: string;
  cod_amount: number;
}
interface Summary {
  driver_id: string;
  collected: number;
  remitted: number;
  outstanding: number;
  shortfall: number;
  outstanding_count: number;
}

const details = (error: { details?: string } | null) =>
  JSON.parse(error?.details ?? '[]') as { key: string; field: string; message: string; params?: Record<string, unknown> }[];
const cents = (n: number) => Math.round(n * 100);

async function summaryOf(client: SupabaseClient, driverId: string): Promise<Summary> {
  const { data, error } = await client.rpc('driver_cash_summary');
  expect(error).toBeNull();
  const row = (data as Summary[]).find((r) => r.driver_id === driverId);
  expect(row).toBeDefined();
  return row!;
}

let deliveries: Unremitted[] = [];

beforeAll(async () => {
  [dispatcher, admin, driver, customer, globexDispatcher] = await Promise.all(
    ['dispatcher@acme.test', 'admin@acme.test', 'driver@acme.test', 'customer@acme.test', 'dispatcher@globex.test'].map(users.as),
  );
  const { data, error } = await dispatcher.rpc('unremitted_deliveries', { driver_id: USER.acmeDriver });
  expect(error).toBeNull();
  deliveries = data as Unremitted[];
});

afterAll(async () => {
  await users.release();
});

describe('remittances', () => {
  it('the seed gives the demo driver delivered cash to remit', () => {
    expect(deliveries.length).toBeGreaterThanOrEqual(2);
    for (const d of deliveries) expect(Number(d.cod_amount)).toBeGreaterThan(0);
  });

  it('nobody but admins and dispatchers records, and nobody writes the tables', async () => {
    const args = { driver_id: USER.acmeDriver, delivery_ids: [deliveries[0]!.id], amount: deliveries[0]!.cod_amount, method: 'cash' };
    for (const client of [anonClient(), driver, customer]) {
      const { error } = await client.rpc('record_remittance', args);
      expect(error?.code).toBe('42501');
    }
    const { error } = await dispatcher
      .from('remittances')
      .insert({ tenant_id: TENANT.acme, driver_id: USER.acmeDriver, reference_number: 'X', amount: 1, currency: 'USD', method: 'cash' });
    expect(error?.code).toBe('42501');
    expect((await driver.rpc('driver_cash_summary')).error?.code).toBe('42501');
  });

  it('another tenant cannot reach acme\'s driver or deliveries', async () => {
    const { error } = await globexDispatcher.rpc('record_remittance', {
      driver_id: USER.acmeDriver,
      delivery_ids: [deliveries[0]!.id],
      amount: deliveries[0]!.cod_amount,
      method: 'cash',
    });
    expect(error?.code).toBe('23514');
    expect(details(error)).toContainEqual({ key: 'remit.driver_not_found', field: 'driver_id', message: 'Driver not found' });
    expect(details(error)).toContainEqual({ key: 'remit.deliveries_not_found', field: 'delivery_ids', message: 'A delivery was not found', params: { count: 1 } });
    const { data } = await globexDispatcher.rpc('unremitted_deliveries', { driver_id: USER.acmeDriver });
    expect(data).toEqual([]);
  });

  it('records the exact cash, refuses it twice and a mismatch without a reason, takes one with a reason', async () => {
    const [first, second] = deliveries as [Unremitted, Unremitted];
    const before = await summaryOf(dispatcher, USER.acmeDriver);

    const recorded = await dispatcher.rpc('record_remittance', {
      driver_id: USER.acmeDriver,
      delivery_ids: [first.id],
      amount: first.cod_amount,
      method: 'cash',
      note: 'End of shift',
    });
    expect(recorded.error).toBeNull();
    const row = recorded.data as { id: string; reference_number: string; amount: number; recorded_by: string; method: string };
    expect(row).toMatchObject({ method: 'cash', recorded_by: USER.acmeDispatcher });
    expect(row.reference_number).toMatch(/^ACME-R\d{5}$/);

    const again = await dispatcher.rpc('record_remittance', { driver_id: USER.acmeDriver, delivery_ids: [first.id], amount: first.cod_amount, method: 'cash' });
    expect(again.error?.code).toBe('23514');
    expect(details(again.error)).toContainEqual({
      key: 'remit.already_remitted',
      field: 'delivery_ids',
      message: `${first.delivery_code} is already remitted`,
      params: { code: first.delivery_code },
    });

    const short = Number((Number(second.cod_amount) - 5).toFixed(2));
    const mismatch = await dispatcher.rpc('record_remittance', { driver_id: USER.acmeDriver, delivery_ids: [second.id], amount: short, method: 'card' });
    expect(mismatch.error?.code).toBe('23514');
    expect(details(mismatch.error).map((d) => d.field).sort()).toEqual(['amount', 'discrepancy_reason']);

    const withReason = await admin.rpc('record_remittance', {
      driver_id: USER.acmeDriver,
      delivery_ids: [second.id],
      amount: short,
      method: 'card',
      discrepancy_reason: 'Paid 5.00 for a toll',
    });
    expect(withReason.error).toBeNull();

    const after = await summaryOf(dispatcher, USER.acmeDriver);
    expect(cents(after.collected)).toBe(cents(before.collected));
    expect(cents(after.remitted) - cents(before.remitted)).toBe(cents(first.cod_amount) + cents(short));
    expect(cents(before.outstanding) - cents(after.outstanding)).toBe(cents(first.cod_amount) + cents(second.cod_amount));
    expect(cents(after.shortfall) - cents(before.shortfall)).toBe(500);
    const { data: left } = await dispatcher.rpc('unremitted_deliveries', { driver_id: USER.acmeDriver });
    expect((left as Unremitted[]).map((d) => d.id)).not.toContain(first.id);

    // The history: both, filtered as the screen filters; the driver reads their own; globex none.
    const history = await dispatcher
      .from('remittance_rows')
      .select('reference_number, driver_id, method, amount, expected_amount, discrepancy_reason, delivery_codes, recorded_by_name')
      .eq('tenant_id', TENANT.acme)
      .eq('driver_id', USER.acmeDriver)
      .eq('method', 'card');
    expect(history.error).toBeNull();
    expect(history.data).toEqual([
      expect.objectContaining({ discrepancy_reason: 'Paid 5.00 for a toll', delivery_codes: [second.delivery_code], recorded_by_name: 'Ada Admin' }),
    ]);
    const own = await driver.from('remittance_rows').select('id, driver_id');
    expect(own.error).toBeNull();
    expect((own.data ?? []).length).toBeGreaterThanOrEqual(2);
    expect((own.data ?? []).every((r) => r.driver_id === USER.acmeDriver)).toBe(true);
    const foreign = await globexDispatcher.from('remittance_rows').select('id').eq('tenant_id', TENANT.acme);
    expect(foreign.data).toEqual([]);
    const customerView = await customer.from('remittances').select('id');
    expect(customerView.data).toEqual([]);
  });
});
