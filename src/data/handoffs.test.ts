import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PACKAGE_HANDOFF_FILTER_STATUSES, packageHandoffStatus } from './statuses';

/**
 * The handoff form's lookups against a stand-in for the app's client that records the query
 * (table, then every builder call in order) and answers with the rows a test sets.
 */
interface Recorded {
  table: string;
  calls: [string, ...unknown[]][];
}
const recorded: Recorded[] = [];
let answer: { data: unknown; error: unknown } = { data: [], error: null };

function builder(entry: Recorded): unknown {
  const proxy: unknown = new Proxy(
    {},
    {
      get(_target, name) {
        if (name === 'then') {
          return (resolve: (value: unknown) => void, reject: (reason: unknown) => void) => Promise.resolve(answer).then(resolve, reject);
        }
        return (...args: unknown[]) => {
          entry.calls.push([String(name), ...args]);
          return proxy;
        };
      },
    },
  );
  return proxy;
}

vi.mock('../lib/supabase', () => ({
  supabase: {
    from(table: string) {
      const entry: Recorded = { table, calls: [] };
      recorded.push(entry);
      return builder(entry);
    },
    rpc(name: string, args: unknown) {
      const entry: Recorded = { table: `rpc:${name}`, calls: [['args', args]] };
      recorded.push(entry);
      return builder(entry);
    },
  },
}));

import { lookupAssignedDeliveries, lookupCompletedPickOrders, lookupWarehouseStaffRows } from './handoffs';

const TENANT = '11111111-1111-4111-8111-111111111111';
const signal = new AbortController().signal;
const eqs = (query: Recorded) => query.calls.filter(([name]) => name === 'eq').map(([, ...args]) => args);

beforeEach(() => {
  recorded.length = 0;
  answer = { data: [], error: null };
});

describe('the handoff form lookups', () => {
  it('offers the deliveries the database says the caller may hand over at the warehouse', async () => {
    answer = { data: [{ id: 'd1', delivery_code: 'ACME-000101', barcode: 'B101' }], error: null };
    expect(await lookupAssignedDeliveries('w1', ' ACME ', 10, signal)).toEqual([{ value: 'd1', label: 'ACME-000101', description: 'B101' }]);
    expect(recorded[0]!).toEqual({ table: 'rpc:handoff_delivery_choices', calls: [['args', { warehouse_id: 'w1', search: 'ACME', max_rows: 10 }], ['abortSignal', signal]] });
    await lookupAssignedDeliveries(null, '', 10, signal);
    expect(recorded[1]!.calls[0]).toEqual(['args', { max_rows: 10 }]);
  });

  it("offers only the warehouse's completed pick orders", async () => {
    answer = { data: [{ id: 'p1', reference_number: 'ACME-PK00005', external_reference: null }], error: null };
    expect(await lookupCompletedPickOrders(TENANT, 'w1', '', 10, signal)).toEqual([{ value: 'p1', label: 'ACME-PK00005', description: undefined }]);
    expect(recorded[0]!.table).toBe('pick_orders');
    expect(eqs(recorded[0]!)).toEqual([
      ['tenant_id', TENANT],
      ['warehouse_id', 'w1'],
      ['status', 'completed'],
    ]);
  });

  it("offers the warehouse's active staff rows, labelled by person and role", async () => {
    answer = { data: [{ id: 's1', role: 'packer', user: { id: 'u1', full_name: 'Sofia Rossi', email: 'sofia@x.example' } }], error: null };
    expect(await lookupWarehouseStaffRows(TENANT, 'w1', '', 10, signal)).toEqual([{ value: 's1', label: 'Sofia Rossi - Packer', description: 'sofia@x.example' }]);
    expect(recorded[0]!.table).toBe('warehouse_staff');
    expect(eqs(recorded[0]!)).toEqual([
      ['tenant_id', TENANT],
      ['warehouse_id', 'w1'],
      ['active', true],
    ]);
  });
});

describe('the handoff statuses', () => {
  it('has its four statuses, and the list filter the first three', () => {
    expect(packageHandoffStatus.options.map((o) => o.value)).toEqual(['pending', 'in_progress', 'completed', 'cancelled']);
    expect(PACKAGE_HANDOFF_FILTER_STATUSES).toEqual(['pending', 'in_progress', 'completed']);
    expect(packageHandoffStatus.label('in_progress')).toBe('In progress');
  });
});
