import { describe, expect, it } from 'vitest';
import type { QueuedAction } from './offline-queue';
import { heldCompletion, overlayPending } from './pending-overlay';
import type { DriverTask } from './schema';

function task(id: string, status: string, extra: Partial<DriverTask> = {}): DriverTask {
  return {
    id,
    delivery_code: `ACME-${id}`,
    barcode: `ACME-${id}`,
    kind: 'delivery',
    status,
    status_reason: null,
    priority: 'normal',
    pickup_address: { full_address: 'Depot' },
    dropoff_address: { full_address: 'Home' },
    pickup_lat: 0,
    pickup_lng: 0,
    dropoff_lat: 0,
    dropoff_lng: 0,
    pickup_window_start: null,
    pickup_window_end: null,
    dropoff_window_start: null,
    dropoff_window_end: null,
    packages: [],
    package_count: 1,
    total_weight_kg: 1,
    cod_amount: 0,
    currency: 'USD',
    notes: '',
    delivered_at: null,
    failed_at: null,
    updated_at: '2026-11-25T08:00:00Z',
    offer: status === 'assigned' ? { id: `a-${id}`, notes: null, assignment_time: '2026-11-25T08:00:00Z' } : null,
    ...extra,
  };
}

const at = '2026-11-25T09:00:00.000Z';

describe('queued actions shown on top of the server rows', () => {
  it('splits offers from tasks and orders tasks by their window', () => {
    const view = overlayPending(
      [task('1', 'in_transit', { dropoff_window_end: '2026-11-25T18:00:00Z' }), task('2', 'assigned'), task('3', 'accepted', { pickup_window_end: '2026-11-25T10:00:00Z' })],
      [],
      [],
      0,
    );
    expect(view.offers.map((t) => t.id)).toEqual(['2']);
    expect(view.active.map((t) => t.id)).toEqual(['3', '1']);
  });

  it('shows an accepted offer as a task, a rejected one gone, each marked pending until sent', () => {
    const actions: QueuedAction[] = [
      { kind: 'respond', id: 'k1', group: 'k1', deliveryId: '1', assignmentId: 'a-1', accept: true, reason: null, occurredAt: at },
      { kind: 'respond', id: 'k2', group: 'k2', deliveryId: '2', assignmentId: 'a-2', accept: false, reason: 'Van full', occurredAt: at },
    ];
    const view = overlayPending([task('1', 'assigned'), task('2', 'assigned')], [], actions, 0);
    expect(view.offers).toEqual([]);
    expect(view.active.map((t) => [t.id, t.status])).toEqual([['1', 'accepted']]);
    expect(view.pending.get('1')).toBe('waiting');
  });

  it('shows an arrival recorded offline at once, at the phone\'s time, pending until sent', () => {
    const actions: QueuedAction[] = [
      { kind: 'arrival', id: 'k1', group: 'k1', deliveryId: '1', stop: 'pickup', lat: 37.77, lng: -122.41, occurredAt: at },
      { kind: 'arrival', id: 'k2', group: 'k2', deliveryId: '2', stop: 'dropoff', lat: null, lng: null, occurredAt: at },
    ];
    const view = overlayPending([task('1', 'accepted'), task('2', 'in_transit')], [], actions, 0);
    expect(view.active.map((t) => [t.id, t.status, t.arrived_pickup_at ?? null, t.arrived_dropoff_at ?? null])).toEqual([
      ['1', 'accepted', at, null],
      ['2', 'in_transit', null, at],
    ]);
    expect(view.pending.get('1')).toBe('waiting');
  });

  it('moves a completed delivery to the history, held while its Undo runs', () => {
    const actions: QueuedAction[] = [
      { kind: 'transition', id: 'k1', group: 'g', deliveryId: '1', status: 'delivered', reason: null, note: null, lat: null, lng: null, proof: null, occurredAt: at, notBefore: 10_000 },
    ];
    const view = overlayPending([task('1', 'in_transit')], [task('0', 'delivered')], actions, 5_000);
    expect(view.active).toEqual([]);
    expect(view.history.map((t) => [t.id, t.status])).toEqual([
      ['1', 'delivered'],
      ['0', 'delivered'],
    ]);
    expect(view.pending.get('1')).toBe('held');
    expect(heldCompletion(actions, 5_000)).toEqual({ group: 'g', deliveryId: '1', status: 'delivered', sendAt: 10_000 });
    expect(heldCompletion(actions, 10_000)).toBeNull();
  });

  it('keeps an action the server applied on top of rows read before it, not marked pending, and a queued one after it', () => {
    const pickedUp: QueuedAction = { kind: 'transition', id: 'k1', group: 'k1', deliveryId: '1', status: 'picked_up', reason: null, note: null, lat: null, lng: null, proof: null, occurredAt: at };
    const inTransit: QueuedAction = { ...pickedUp, id: 'k2', group: 'k2', status: 'in_transit' };
    // The pickup is applied, the rows shown still say accepted: the card shows picked up, not a step back.
    const applied = overlayPending([task('1', 'accepted')], [], [], 0, [pickedUp]);
    expect(applied.active.map((t) => t.status)).toEqual(['picked_up']);
    expect(applied.pending.has('1')).toBe(false);
    // The next step queued behind it goes on top, pending.
    const next = overlayPending([task('1', 'accepted')], [], [inTransit], 0, [pickedUp]);
    expect(next.active.map((t) => t.status)).toEqual(['in_transit']);
    expect(next.pending.get('1')).toBe('waiting');
    // An action both applied and still listed (the same tick) counts once, as applied.
    const both = overlayPending([task('1', 'accepted')], [], [pickedUp], 0, [pickedUp]);
    expect(both.active.map((t) => t.status)).toEqual(['picked_up']);
    expect(both.pending.has('1')).toBe(false);
  });
});
