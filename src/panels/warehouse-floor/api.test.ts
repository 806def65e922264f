import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * A stand-in for the app's client that records each query the bin lookup builds (the table, then
 * every builder call in order) and answers them in turn: the query is what reaches PostgREST, so it
 * is what these tests check.
 */
interface Recorded {
  table: string;
  calls: [string, ...unknown[]][];
}

const recorded: Recorded[] = [];
let answers: { data: unknown; error: unknown }[] = [];

function builder(entry: Recorded, answer: { data: unknown; error: unknown }): unknown {
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

vi.mock('../../lib/supabase', () => ({
  supabase: {
    from(table: string) {
      const entry: Recorded = { table, calls: [] };
      recorded.push(entry);
      return builder(entry, answers.shift() ?? { data: [], error: null });
    },
  },
}));

import { findLocationsByCode, listFloorCounts } from './api';

const TENANT = '11111111-1111-4111-8111-111111111111';
const bin = (warehouse_id: string, name: string) => ({
  id: `bin-${warehouse_id}`,
  code: 'Z1-A01-S1-B01',
  warehouse_id,
  location_type: 'bin',
  status: 'active',
  warehouse: { name },
});
const filters = (query: Recorded) => query.calls.filter(([name]) => name === 'eq' || name === 'neq');

beforeEach(() => {
  recorded.length = 0;
  answers = [];
});

describe("the receiver's bin lookup", () => {
  it("looks the code up in the order's warehouse only, and stops there when it is found", async () => {
    answers = [{ data: [bin('w1', 'Bayview')], error: null }];
    expect(await findLocationsByCode(TENANT, 'w1', ' z1-a01-s1-b01 ')).toEqual([bin('w1', 'Bayview')]);
    expect(recorded).toHaveLength(1);
    expect(recorded[0].table).toBe('warehouse_locations');
    expect(filters(recorded[0])).toEqual([
      ['eq', 'tenant_id', TENANT],
      ['eq', 'warehouse_id', 'w1'],
      ['eq', 'code', 'Z1-A01-S1-B01'],
    ]);
  });

  it('looks in the other warehouses only when the order\'s has no such code, to say where it belongs', async () => {
    answers = [
      { data: [], error: null },
      { data: [bin('w2', 'Oakland')], error: null },
    ];
    expect(await findLocationsByCode(TENANT, 'w1', 'Z1-A01-S1-B01')).toEqual([bin('w2', 'Oakland')]);
    expect(recorded).toHaveLength(2);
    expect(filters(recorded[1])).toEqual([
      ['eq', 'tenant_id', TENANT],
      ['neq', 'warehouse_id', 'w1'],
      ['eq', 'code', 'Z1-A01-S1-B01'],
    ]);
  });
});

describe("listFloorCounts: today's counts", () => {
  it('asks for the audits being counted and those scheduled for today, earlier or no day', async () => {
    answers = [{ data: [], error: null }];
    await listFloorCounts(TENANT, '2026-12-02');
    expect(recorded.at(-1)).toEqual({
      table: 'inventory_audit_rows',
      calls: [
        ['select', 'id, audit_type, status, scheduled_date, warehouse_code, line_count, counted_count'],
        ['eq', 'tenant_id', TENANT],
        ['or', 'status.eq.in_progress,and(status.eq.scheduled,or(scheduled_date.is.null,scheduled_date.lte.2026-12-02))'],
        ['order', 'scheduled_date', { ascending: true, nullsFirst: false }],
        ['order', 'created_at'],
        ['limit', 50],
      ],
    });
  });
});
