// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

/** Each tenant's read of the warehouse choices waits for the test to answer it. */
const pending = new Map<string, { resolve: (value: { data: unknown; error: unknown }) => void }>();

vi.mock('../lib/supabase', () => ({
  supabase: {
    from() {
      let tenant = '';
      const query = {
        select: () => query,
        eq: (_column: string, value: string) => {
          tenant = value;
          return query;
        },
        order: () => query,
        limit: () => new Promise((resolve) => pending.set(tenant, { resolve })),
      };
      return query;
    },
  },
}));

const { useWarehouseChoices } = await import('./warehouses');

const choice = (id: string) => ({ id, name: `Warehouse ${id}`, code: id.toUpperCase() });

describe('useWarehouseChoices', () => {
  it('is empty while loading, then the tenant’s choices; a slow answer for the previous tenant does not win', async () => {
    const { result, rerender } = renderHook(({ tenant }) => useWarehouseChoices(tenant), { initialProps: { tenant: 't1' } });
    expect(result.current).toEqual([]);
    rerender({ tenant: 't2' });
    await act(async () => pending.get('t2')!.resolve({ data: [choice('b')], error: null }));
    expect(result.current).toEqual([choice('b')]);
    await act(async () => pending.get('t1')!.resolve({ data: [choice('a')], error: null }));
    expect(result.current).toEqual([choice('b')]);
  });

  it('is empty when the read fails, and reads nothing without a tenant', async () => {
    pending.clear();
    const { result, rerender } = renderHook(({ tenant }) => useWarehouseChoices(tenant), { initialProps: { tenant: '' } });
    expect(pending.size).toBe(0);
    rerender({ tenant: 't3' });
    await act(async () => pending.get('t3')!.resolve({ data: null, error: new Error('offline') }));
    expect(result.current).toEqual([]);
  });
});
