import { describe, expect, it } from 'vitest';
import type { DriverWork } from './api';
import { isUnreachable, WorkReadError, workFromSnapshot } from './work-snapshot';

const WORK: DriverWork = {
  driver: { id: 'd1', status: 'available', last_position_at: null },
  active: [],
  history: [],
  cashToday: [{ amount: 42.5, currency: 'USD' }],
};

describe('isUnreachable', () => {
  it('is a read that got no answer, or any failure while the browser is offline', () => {
    expect(isUnreachable(new WorkReadError('TypeError: Failed to fetch', 0), true)).toBe(true);
    expect(isUnreachable(new Error('whatever'), false)).toBe(true);
  });

  it('is not a refusal or a server error while online', () => {
    expect(isUnreachable(new WorkReadError('permission denied', 403), true)).toBe(false);
    expect(isUnreachable(new WorkReadError('boom', 500), true)).toBe(false);
    expect(isUnreachable(new Error('TypeError: Failed to fetch'), true)).toBe(false);
  });
});

describe('workFromSnapshot', () => {
  const dayStart = new Date(2026, 10, 28);

  it('gives the kept work back, with today’s cash when it was read today', () => {
    expect(workFromSnapshot({ savedAt: dayStart.getTime() + 60_000, value: WORK }, dayStart)).toEqual(WORK);
  });

  it('drops the cash of an earlier day: it is not today’s', () => {
    const kept = workFromSnapshot({ savedAt: dayStart.getTime() - 60_000, value: WORK }, dayStart);
    expect(kept.cashToday).toEqual([]);
    expect(kept.driver).toEqual(WORK.driver);
  });

  it('reads a damaged snapshot as empty lists rather than crashing the page', () => {
    const kept = workFromSnapshot({ savedAt: dayStart.getTime(), value: { driver: null } as unknown as DriverWork }, dayStart);
    expect(kept).toEqual({ driver: null, active: [], history: [], cashToday: [] });
  });
});
