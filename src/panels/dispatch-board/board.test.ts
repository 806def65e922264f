import { describe, expect, it } from 'vitest';
import {
  buildLanes,
  driverHealth,
  EMPTY_FILTERS,
  endMove,
  inWorkingSet,
  matchesFilters,
  nearestDriverAt,
  parseFilters,
  plannerDrivers,
  startMove,
  withMoves,
  writeFilters,
  type PendingMoves,
} from './board';
import type { BoardDriver, BoardReference } from './model';
import { boardDelivery } from './model.fake';

const NOW = new Date(2026, 10, 25, 14, 0, 0);
const at = (h: number, m = 0) => new Date(2026, 10, 25, h, m).toISOString();
const T = 'a0000000-0000-4000-8000-000000000001';
const SERVICE = 'a6100000-0000-4000-8000-000000000002';

const delivery = boardDelivery;

function driver(id: string, overrides: Partial<BoardDriver> = {}): BoardDriver {
  return {
    id,
    tenant_id: T,
    status: 'available',
    licence_class: 'standard',
    licence_expiry: '2030-01-01',
    default_vehicle_id: 'van',
    home_zone_id: null,
    last_lat: 37.78,
    last_lng: -122.41,
    last_heading: null,
    last_position_at: at(13, 58),
    updated_at: at(13, 58),
    ...overrides,
  };
}

describe('working set', () => {
  const dayStart = new Date(2026, 10, 25);
  it('holds every open delivery, whatever its age', () => {
    for (const status of ['pending', 'assigned', 'accepted', 'picked_up', 'in_transit'] as const) {
      expect(inWorkingSet(delivery('1', { status, created_at: '2026-11-01T10:00:00Z' }), dayStart)).toBe(true);
    }
  });
  it('holds deliveries finished today, not earlier, and never cancelled or returned ones', () => {
    expect(inWorkingSet(delivery('1', { status: 'delivered', delivered_at: at(9) }), dayStart)).toBe(true);
    expect(inWorkingSet(delivery('1', { status: 'failed', failed_at: at(0, 5) }), dayStart)).toBe(true);
    expect(inWorkingSet(delivery('1', { status: 'delivered', delivered_at: new Date(2026, 10, 24, 23, 59).toISOString() }), dayStart)).toBe(false);
    expect(inWorkingSet(delivery('1', { status: 'cancelled' }), dayStart)).toBe(false);
    expect(inWorkingSet(delivery('1', { status: 'returned' }), dayStart)).toBe(false);
  });
});

describe('driver health', () => {
  it('is the duty status while positions arrive', () => {
    expect(driverHealth(driver('d'), NOW)).toBe('available');
    expect(driverHealth(driver('d', { status: 'busy', last_position_at: at(13, 55, ) }), NOW)).toBe('busy');
  });
  it('is not responding for an on-duty driver silent for more than five minutes, or never positioned', () => {
    expect(driverHealth(driver('d', { last_position_at: at(13, 54) }), NOW)).toBe('not_responding');
    expect(driverHealth(driver('d', { status: 'on_break', last_position_at: null, last_lat: null, last_lng: null }), NOW)).toBe('not_responding');
  });
  it('leaves an offline driver offline', () => {
    expect(driverHealth(driver('d', { status: 'offline', last_position_at: at(2) }), NOW)).toBe('offline');
  });
});

describe('lanes', () => {
  it('sorts deliveries into the queue, drivers, in progress, done today and exceptions, with late flags', () => {
    const rows = [
      delivery('q1', { dropoff_window_end: at(18) }),
      delivery('q2', { dropoff_window_end: at(16), priority: 'urgent' }),
      delivery('late', { dropoff_window_end: at(13) }),
      delivery('a1', { status: 'assigned', driver_id: 'd1', dropoff_window_end: at(17), assigned_at: at(9) }),
      delivery('a2', { status: 'in_transit', driver_id: 'd1', dropoff_window_end: at(19), assigned_at: at(8) }),
      delivery('done', { status: 'delivered', driver_id: 'd2', delivered_at: at(11) }),
      delivery('failed', { status: 'failed', driver_id: 'd2', failed_at: at(12) }),
      delivery('old', { status: 'delivered', delivered_at: '2026-11-20T10:00:00Z' }),
    ];
    const lanes = buildLanes(rows, { now: NOW, filters: EMPTY_FILTERS });
    expect(lanes.unassigned.map((d) => d.id)).toEqual(['late', 'q2', 'q1']);
    expect(lanes.tasksByDriver.get('d1')?.map((d) => d.id)).toEqual(['a2', 'a1']);
    expect(lanes.inProgress.map((d) => d.id)).toEqual(['a2']);
    expect(lanes.doneToday.map((d) => d.id)).toEqual(['failed', 'done']);
    expect(lanes.exceptions.map((d) => d.id).sort()).toEqual(['failed', 'late']);
    expect([...lanes.late]).toEqual(['late']);
  });

  it('flags a delivery whose estimate falls after its window, and honours the late threshold', () => {
    const d = delivery('x', { dropoff_window_end: at(15) });
    expect(buildLanes([d], { now: NOW, filters: EMPTY_FILTERS }).late.size).toBe(0);
    expect(buildLanes([d], { now: NOW, filters: EMPTY_FILTERS, etas: new Map([['x', { dropoff: Date.parse(at(15, 20)) }]]) }).late.has('x')).toBe(true);
    const passed = delivery('y', { dropoff_window_end: at(13, 50) });
    expect(buildLanes([passed], { now: NOW, filters: EMPTY_FILTERS, graceMinutes: 15 }).late.size).toBe(0);
    expect(buildLanes([passed], { now: NOW, filters: EMPTY_FILTERS, graceMinutes: 5 }).late.size).toBe(1);
  });
});

describe('filters', () => {
  it('reads valid values from the URL and drops the rest', () => {
    expect(parseFilters(`?kind=pickup&service=${SERVICE}&zone=nope&window=overdue&q=castro`)).toEqual({ kind: 'pickup', service: SERVICE, zone: '', window: 'overdue', q: 'castro' });
    expect(parseFilters('?kind=rocket&window=yesterday')).toEqual(EMPTY_FILTERS);
  });
  it('writes only what filters, keeping other parameters', () => {
    expect(writeFilters({ ...EMPTY_FILTERS, kind: 'delivery', q: ' castro ' }, '?delivery=abc&zone=x')).toBe('delivery=abc&kind=delivery&q=castro');
  });
  it('matches by kind, service, zone, window and text', () => {
    const d = delivery('1', { kind: 'pickup', dropoff_zone_id: 'z', dropoff_window_end: at(13, 30), external_reference_id: 'PO-778' });
    expect(matchesFilters(d, { ...EMPTY_FILTERS, kind: 'pickup', zone: 'z', window: 'overdue', q: 'po-778' }, NOW)).toBe(true);
    expect(matchesFilters(d, { ...EMPTY_FILTERS, kind: 'delivery' }, NOW)).toBe(false);
    expect(matchesFilters(d, { ...EMPTY_FILTERS, window: 'next_hour' }, NOW)).toBe(false);
    expect(matchesFilters(d, { ...EMPTY_FILTERS, q: 'castro' }, NOW)).toBe(true);
    expect(matchesFilters(d, { ...EMPTY_FILTERS, q: 'mission' }, NOW)).toBe(false);
  });
});

describe('optimistic assign', () => {
  const row = delivery('1');
  const move = { deliveryId: '1', driverId: 'd1', status: 'assigned' as const, baseUpdatedAt: row.updated_at };

  it('shows the move at once', () => {
    const moves = startMove(new Map(), move);
    const [shown] = withMoves([row], moves);
    expect(shown).toMatchObject({ driver_id: 'd1', status: 'assigned' });
    expect(buildLanes(withMoves([row], moves), { now: NOW, filters: EMPTY_FILTERS }).tasksByDriver.get('d1')).toHaveLength(1);
  });

  it('rolls back to the row as it was on a refusal', () => {
    let moves: PendingMoves = startMove(new Map(), move);
    moves = endMove(moves, '1', row.updated_at);
    expect(withMoves([row], moves)[0]).toBe(row);
    expect(buildLanes(withMoves([row], moves), { now: NOW, filters: EMPTY_FILTERS }).unassigned.map((d) => d.id)).toEqual(['1']);
  });

  it('yields to the database once its row moved on, and a newer move is not ended by an older one', () => {
    const moves = startMove(new Map(), move);
    const fresh = { ...row, status: 'assigned' as const, driver_id: 'd2', updated_at: at(14) };
    expect(withMoves([fresh], moves)[0]).toBe(fresh);
    const newer = startMove(moves, { ...move, driverId: 'd3', baseUpdatedAt: at(14) });
    expect(endMove(newer, '1', row.updated_at)).toBe(newer);
  });
});

describe('a drop on the map', () => {
  it('goes to the nearest dot within reach, else to nobody', () => {
    const dots = [
      { id: 'far', x: 100, y: 100 },
      { id: 'near', x: 12, y: 9 },
      { id: 'nearer', x: 4, y: 3 },
    ];
    expect(nearestDriverAt({ x: 0, y: 0 }, dots)).toBe('nearer');
    expect(nearestDriverAt({ x: 60, y: 60 }, dots)).toBeNull();
    expect(nearestDriverAt({ x: 60, y: 60 }, dots, 80)).toBe('far');
  });
});

describe('planner inputs', () => {
  const reference: BoardReference = {
    vehicles: new Map([['van', { id: 'van', name: 'City Van', code: 'V1', capacity_unit: 500, active: true, vehicle_requirements: { license_requirements: ['standard'], special_features: [] } }]]),
    services: new Map(),
    zones: new Map(),
  };
  it('plans available and busy drivers with a vehicle and a position, their work as existing stops and load', () => {
    const tasks = new Map([['d1', [delivery('aboard', { status: 'in_transit', driver_id: 'd1', total_weight_kg: 40 }), delivery('next', { status: 'accepted', driver_id: 'd1' })]]]);
    const planned = plannerDrivers(
      [driver('d1', { status: 'busy' }), driver('d2', { status: 'on_break' }), driver('d3', { default_vehicle_id: null }), driver('d4', { last_lat: null, last_lng: null, last_position_at: null })],
      { tasksByDriver: tasks },
      reference,
      new Map([['d1', 'Derek']]),
    );
    expect(planned.map((d) => d.id)).toEqual(['d1']);
    expect(planned[0]).toMatchObject({ name: 'Derek', current_load_kg: 40 });
    expect(planned[0]!.existing_stops?.map((s) => `${s.delivery_id}:${s.kind}`)).toEqual(['aboard:dropoff', 'next:pickup', 'next:dropoff']);
  });
});
