import { describe, expect, it } from 'vitest';
import { deliveryEventTitle } from './delivery-events';

describe('deliveryEventTitle', () => {
  it('names actions, the arrivals included, and status moves by their status', () => {
    expect(deliveryEventTitle('arrived_pickup', 'accepted')).toBe('Arrived at pickup');
    expect(deliveryEventTitle('arrived_dropoff', 'in_transit')).toBe('Arrived at drop-off');
    expect(deliveryEventTitle('rejected', 'pending')).toBe('Rejected by the driver');
    expect(deliveryEventTitle('status', 'picked_up')).toBe('Picked up');
    expect(deliveryEventTitle('status', 'pending')).toBe('Reopened');
  });
});
