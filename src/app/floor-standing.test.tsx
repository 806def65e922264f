// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred, type Deferred } from '../test/deferred';

type Rows = { active: boolean; role: string }[];
const reads = new Map<string, Deferred<Rows>>();
const who: { id: string } = { id: 'slow-user' };
vi.mock('../data/warehouse-staff', () => ({
  listOwnStaffRows: vi.fn((userId: string) => {
    const read = deferred<Rows>();
    reads.set(userId, read);
    return read.promise;
  }),
}));
vi.mock('../lib/session', () => ({ useSession: () => ({ user: { id: who.id, profile: { panel_type: 'dispatcher' } } }) }));

const { useFloorStanding } = await import('./floor-standing');

describe('useFloorStanding', () => {
  it('drops the standing of a person who is no longer signed in, and reads loading for the new one', async () => {
    const { result, rerender } = renderHook(() => useFloorStanding());
    expect(result.current).toBeNull();
    who.id = 'fast-user';
    rerender();
    await act(async () => reads.get('slow-user')!.resolve([{ active: true, role: 'dispatcher_liaison' }]));
    rerender();
    expect(result.current).toBeNull();
    await act(async () => reads.get('fast-user')!.resolve([{ active: true, role: 'picker' }]));
    expect(result.current).toEqual({ staff: true, liaison: false });
  });
});
