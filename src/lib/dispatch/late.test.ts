import { describe, expect, it } from 'vitest';
import { isLate, lateness } from './late';

const NOW = Date.UTC(2026, 10, 26, 16, 0);
const MIN = 60_000;

describe('lateness', () => {
  it('minutes after the window end; 0 on time, with an open end or without an estimate', () => {
    expect(lateness(NOW + 25 * MIN, { end: NOW + 10 * MIN })).toBe(15);
    expect(lateness(NOW, { end: NOW + 10 * MIN })).toBe(0);
    expect(lateness(NOW + 10 * MIN, { end: NOW + 10 * MIN })).toBe(0);
    expect(lateness(NOW, { start: NOW - MIN })).toBe(0);
    expect(lateness(null, { end: NOW })).toBe(0);
    expect(lateness(new Date(NOW + 90 * MIN).toISOString(), { end: new Date(NOW).toISOString() })).toBe(90);
  });
});

describe('isLate', () => {
  const windows = { pickup_window: { end: NOW + 30 * MIN }, dropoff_window: { end: NOW + 90 * MIN } };

  it('a window that has passed', () => {
    expect(isLate({ status: 'pending', ...windows }, NOW + 31 * MIN)).toBe(true);
    expect(isLate({ status: 'assigned', ...windows }, NOW + 29 * MIN)).toBe(false);
    expect(isLate({ status: 'in_transit', ...windows }, NOW + 91 * MIN)).toBe(true);
  });

  it('an estimate that falls after its window', () => {
    expect(isLate({ status: 'accepted', ...windows }, NOW, { pickup: NOW + 40 * MIN })).toBe(true);
    expect(isLate({ status: 'accepted', ...windows }, NOW, { pickup: NOW + 20 * MIN, dropoff: NOW + 95 * MIN })).toBe(true);
    expect(isLate({ status: 'accepted', ...windows }, NOW, { pickup: NOW + 20 * MIN, dropoff: NOW + 80 * MIN })).toBe(false);
  });

  it('once picked up, only the drop-off window counts', () => {
    expect(isLate({ status: 'picked_up', ...windows }, NOW + 45 * MIN)).toBe(false);
    expect(isLate({ status: 'picked_up', ...windows }, NOW + 45 * MIN, { pickup: NOW + 40 * MIN, dropoff: NOW + 60 * MIN })).toBe(false);
  });

  it('finished deliveries are never late; no windows, never late', () => {
    for (const status of ['delivered', 'failed', 'cancelled', 'returned']) expect(isLate({ status, ...windows }, NOW + 999 * MIN)).toBe(false);
    expect(isLate({ status: 'pending' }, NOW + 999 * MIN, { pickup: NOW + 999 * MIN })).toBe(false);
  });

  it("the dispatcher's late threshold gives grace", () => {
    expect(isLate({ status: 'pending', ...windows }, NOW + 40 * MIN, null, 15)).toBe(false);
    expect(isLate({ status: 'pending', ...windows }, NOW + 46 * MIN, null, 15)).toBe(true);
  });
});
