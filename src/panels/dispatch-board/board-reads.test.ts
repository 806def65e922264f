// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BoardReference } from './model';
import { deferred } from '../../test/deferred';

const references: ReturnType<typeof deferred<BoardReference>>[] = [];
const nameReads: { ids: readonly string[]; answer: ReturnType<typeof deferred<Map<string, string>>> }[] = [];

vi.mock('./api', () => ({
  fetchReference: () => {
    const answer = deferred<BoardReference>();
    references.push(answer);
    return answer.promise;
  },
  fetchNames: (_tenant: string, ids: readonly string[]) => {
    const answer = deferred<Map<string, string>>();
    nameReads.push({ ids, answer });
    return answer.promise;
  },
  refusalText: (error: unknown) => (error instanceof Error ? error.message : String(error)),
}));

const { useBoardReference, useDriverNames } = await import('./board-reads');

const reference = (zone: string): BoardReference => ({ vehicles: new Map(), services: new Map(), zones: new Map([[zone, { id: zone, name: zone }]]) });

afterEach(() => {
  references.length = 0;
  nameReads.length = 0;
});

describe('useBoardReference', () => {
  it('keeps the failure and its Retry until the retry answers, then the data', async () => {
    const { result } = renderHook(() => useBoardReference('t1'));
    await act(async () => references[0]!.reject(new Error('offline')));
    expect(result.current).toMatchObject({ reference: null, error: 'offline' });
    act(() => result.current.retry());
    expect(result.current.error).toBe('offline');
    await act(async () => references[1]!.resolve(reference('z1')));
    expect(result.current.error).toBeNull();
    expect(result.current.reference?.zones.has('z1')).toBe(true);
  });

  it('keeps the newer tenant’s data when the older read answers later', async () => {
    const { result, rerender } = renderHook(({ tenant }) => useBoardReference(tenant), { initialProps: { tenant: 't1' } });
    rerender({ tenant: 't2' });
    await act(async () => references[1]!.resolve(reference('second')));
    await act(async () => references[0]!.resolve(reference('first')));
    expect([...result.current.reference!.zones.keys()]).toEqual(['second']);
  });
});

describe('useDriverNames', () => {
  it('looks up only the drivers not known yet, and a slow older lookup does not win', async () => {
    const unnamed = () => 'Unnamed';
    const { result, rerender } = renderHook(({ ids }) => useDriverNames('t1', ids, unnamed), { initialProps: { ids: ['d1'] } });
    expect(result.current.size).toBe(0);
    await act(async () => nameReads[0]!.answer.resolve(new Map([['d1', 'Derek']])));
    expect(result.current.get('d1')).toBe('Derek');

    rerender({ ids: ['d1', 'd2'] });
    expect(nameReads[1]!.ids).toEqual(['d2']);
    rerender({ ids: ['d1', 'd2', 'd3'] });
    expect(nameReads[2]!.ids).toEqual(['d2', 'd3']);
    await act(async () => nameReads[2]!.answer.resolve(new Map([['d2', 'Luis']])));
    await act(async () => nameReads[1]!.answer.resolve(new Map([['d2', 'Old name']])));
    expect(Object.fromEntries(result.current)).toEqual({ d1: 'Derek', d2: 'Luis', d3: 'Unnamed' });
  });

  it('keeps the names it has when a lookup fails, and asks again when the drivers change', async () => {
    const { result, rerender } = renderHook(({ ids }) => useDriverNames('t1', ids, () => 'Unnamed'), { initialProps: { ids: ['d1'] } });
    await act(async () => nameReads[0]!.answer.resolve(new Map([['d1', 'Derek']])));
    rerender({ ids: ['d1', 'd2'] });
    await act(async () => nameReads[1]!.answer.reject(new Error('offline')));
    expect(Object.fromEntries(result.current)).toEqual({ d1: 'Derek' });
    rerender({ ids: ['d1', 'd2', 'd3'] });
    expect(nameReads[2]!.ids).toEqual(['d2', 'd3']);
  });
});
