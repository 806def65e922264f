import { describe, expect, it } from 'vitest';
import { DELIVERY_EVENT_KEYS, deliveryEventTitle, deliveryEventWords, type DeliveryEventKey } from '.';

describe('deliveryEventTitle', () => {
  it('names actions, the arrivals included, and status moves by their status', () => {
    expect(deliveryEventTitle('arrived_pickup', 'accepted')).toBe('Arrived at pickup');
    expect(deliveryEventTitle('arrived_dropoff', 'in_transit')).toBe('Arrived at drop-off');
    expect(deliveryEventTitle('rejected', 'pending')).toBe('Rejected by the driver');
    expect(deliveryEventTitle('status', 'picked_up')).toBe('Picked up');
    expect(deliveryEventTitle('status', 'pending')).toBe('Reopened');
  });
});

describe('deliveryEventWords', () => {
  const words: Record<string, string> = { 'event.arrived_pickup': 'Llegó a la recogida', 'event.rejected': 'Rechazada', 'event.reopened': 'Reabierta' };
  const t = Object.assign((key: DeliveryEventKey) => words[key] ?? `?${key}`, { rich: () => null });
  const statusWord = (status: string) => `<${status}>`;

  it("says an action by its own key, a status move by the area's status words, a move back to pending as reopened", () => {
    expect(deliveryEventWords(t, 'arrived_pickup', 'accepted', statusWord)).toBe('Llegó a la recogida');
    expect(deliveryEventWords(t, 'rejected', 'pending', statusWord)).toBe('Rechazada');
    expect(deliveryEventWords(t, 'status', 'picked_up', statusWord)).toBe('<picked_up>');
    expect(deliveryEventWords(t, 'status', 'pending', statusWord)).toBe('Reabierta');
    expect(deliveryEventWords(t, 'toString', 'in_transit', statusWord)).toBe('<in_transit>');
  });

  it('names every key it reads, for the catalogue check', () => {
    expect(DELIVERY_EVENT_KEYS).toEqual([
      'event.created',
      'event.assigned',
      'event.reassigned',
      'event.unassigned',
      'event.rejected',
      'event.arrived_pickup',
      'event.arrived_dropoff',
      'event.handed_over',
      'event.reopened',
    ]);
  });
});
