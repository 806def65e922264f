// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Snapshot, SnapshotStore } from '../../lib/device-snapshots';
import type { DriverWork } from './api';
import { WorkReadError } from './work-snapshot';

const fetchDriverWork = vi.fn<(driverId: string, dayStart: Date) => Promise<DriverWork>>();
vi.mock('./api', () => ({
  fetchDriverWork: (driverId: string, dayStart: Date) => fetchDriverWork(driverId, dayStart),
  // The live topic is not under test: it never joins.
  followDriverWork: () => () => {},
}));
vi.mock('./alert', () => ({ playNewAssignmentAlert: () => {} }));

/** The phone's IndexedDB, per user, in memory. */
const kept = new Map<string, Snapshot<DriverWork>>();
vi.mock('./device-store', () => ({
  idbWorkSnapshot: (userId: string): SnapshotStore<DriverWork> => ({
    load: async () => kept.get(userId) ?? null,
    save: async (value, savedAt = Date.now()) => void kept.set(userId, { savedAt, value }),
  }),
}));

const { useDriverWork } = await import('./use-driver-work');

function work(code: string): DriverWork {
  return {
    driver: { id: 'd1', status: 'available', last_position_at: null },
    active: [{ id: `t-${code}`, delivery_code: code } as DriverWork['active'][number]],
    history: [],
    cashToday: [],
  };
}

const offline = () => new WorkReadError('TypeError: Failed to fetch', 0);

describe('useDriverWork offline', () => {
  beforeEach(() => {
    kept.clear();
    fetchDriverWork.mockReset();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('keeps each read on the phone, for its user', async () => {
    fetchDriverWork.mockResolvedValue(work('ACME-1'));
    const { result } = renderHook(() => useDriverWork('acme', 'd1'));
    await act(() => result.current.reload());
    expect(result.current.work?.active[0]?.delivery_code).toBe('ACME-1');
    expect(result.current.offlineAsOf).toBeNull();
    await waitFor(() => expect(kept.get('d1')?.value.active[0]?.delivery_code).toBe('ACME-1'));
    expect(kept.has('d2')).toBe(false);
    // The day the hook reads from is local midnight.
    const dayStart = fetchDriverWork.mock.calls[0]![1];
    expect([dayStart.getHours(), dayStart.getMinutes(), dayStart.getSeconds(), dayStart.getMilliseconds()]).toEqual([0, 0, 0, 0]);
  });

  it('opening offline shows the kept work with its time, then the server’s once the connection returns', async () => {
    const savedAt = Date.now() - 5 * 60_000;
    kept.set('d1', { savedAt, value: work('ACME-KEPT') });
    fetchDriverWork.mockRejectedValue(offline());
    const { result } = renderHook(() => useDriverWork('acme', 'd1'));
    await act(() => result.current.reload());
    expect(result.current.work?.active[0]?.delivery_code).toBe('ACME-KEPT');
    expect(result.current.offlineAsOf).toBe(savedAt);
    expect(result.current.unreachable).toBe(true);

    fetchDriverWork.mockResolvedValue(work('ACME-LIVE'));
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(result.current.work?.active[0]?.delivery_code).toBe('ACME-LIVE'));
    expect(result.current.offlineAsOf).toBeNull();
    expect(result.current.error).toBeNull();
  });

  it('offline with nothing kept: no work, and says it is unreachable (the page shows the offline state)', async () => {
    fetchDriverWork.mockRejectedValue(offline());
    const { result } = renderHook(() => useDriverWork('acme', 'd1'));
    await act(() => result.current.reload());
    expect(result.current.work).toBeNull();
    expect(result.current.unreachable).toBe(true);
    expect(result.current.offlineAsOf).toBeNull();
    expect(result.current.error?.message).toMatch(/Failed to fetch/);
  });

  it('another user’s kept work is never shown', async () => {
    kept.set('d2', { savedAt: Date.now(), value: work('GLOBEX-1') });
    fetchDriverWork.mockRejectedValue(offline());
    const { result } = renderHook(() => useDriverWork('acme', 'd1'));
    await act(() => result.current.reload());
    expect(result.current.work).toBeNull();
  });

  it('a refusal from the server is an error, not a reason to show the kept work', async () => {
    kept.set('d1', { savedAt: Date.now(), value: work('ACME-KEPT') });
    fetchDriverWork.mockRejectedValue(new WorkReadError('permission denied for table deliveries', 403));
    const { result } = renderHook(() => useDriverWork('acme', 'd1'));
    await act(() => result.current.reload());
    expect(result.current.work).toBeNull();
    expect(result.current.unreachable).toBe(false);
    expect(result.current.error?.message).toBe('permission denied for table deliveries');
  });

  it('work already read in this page stays when a later read gets no answer, marked with its own time', async () => {
    kept.set('d1', { savedAt: Date.now() - 3_600_000, value: work('ACME-OLD') });
    fetchDriverWork.mockResolvedValueOnce(work('ACME-NEW')).mockRejectedValue(offline());
    const { result } = renderHook(() => useDriverWork('acme', 'd1'));
    const before = Date.now();
    await act(() => result.current.reload());
    await act(() => result.current.reload());
    expect(result.current.work?.active[0]?.delivery_code).toBe('ACME-NEW');
    expect(result.current.offlineAsOf).toBeGreaterThanOrEqual(before);
  });
});

describe('useDriverWork, first read', () => {
  beforeEach(() => {
    kept.clear();
    fetchDriverWork.mockReset();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('opened offline, reads at once (the live topic never joins) and shows the kept work', async () => {
    kept.set('d1', { savedAt: Date.now(), value: work('ACME-KEPT') });
    fetchDriverWork.mockRejectedValue(offline());
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { result } = renderHook(() => useDriverWork('acme', 'd1'));
    await waitFor(() => expect(result.current.work?.active[0]?.delivery_code).toBe('ACME-KEPT'));
    expect(fetchDriverWork).toHaveBeenCalledTimes(1);
  });

  it('while reads get no answer, reads again by itself (no online event needed) and replaces the kept work', async () => {
    kept.set('d1', { savedAt: Date.now(), value: work('ACME-KEPT') });
    fetchDriverWork.mockRejectedValueOnce(offline()).mockResolvedValue(work('ACME-LIVE'));
    const { result } = renderHook(() => useDriverWork('acme', 'd1'));
    await act(() => result.current.reload());
    expect(result.current.work?.active[0]?.delivery_code).toBe('ACME-KEPT');
    await waitFor(() => expect(result.current.work?.active[0]?.delivery_code).toBe('ACME-LIVE'), { timeout: 4_000 });
    expect(result.current.offlineAsOf).toBeNull();
  });
});
