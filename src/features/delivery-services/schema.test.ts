import { describe, expect, it } from 'vitest';
import { DeliveryServiceFormSchema, emptyServiceForm, toServiceFormValues, type DeliveryService } from './schema';

const messages = (input: unknown) => {
  const result = DeliveryServiceFormSchema.safeParse(input);
  if (result.success) return {};
  // The form shows the first problem of each field.
  const first: Record<string, string> = {};
  for (const issue of result.error.issues) first[issue.path.join('.')] ??= issue.message;
  return first;
};

const stored: DeliveryService = {
  id: 's1',
  tenant_id: 't1',
  name: 'Same Day',
  code: 'SAMEDAY',
  description: 'By 21:00',
  kind: 'same_day',
  min_transit_hours: 3,
  max_transit_hours: 8,
  required_vehicle_features: ['gps_tracking', 'jet_pack'],
  active: true,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
};

describe('the delivery service form', () => {
  it('says what an empty form misses', () => {
    expect(messages(emptyServiceForm())).toEqual({
      name: 'Name is required',
      code: 'Code is required',
      kind: 'Kind is required',
      min_transit_hours: 'Min transit hours is required',
      max_transit_hours: 'Max transit hours is required',
    });
  });

  it('keeps min transit hours at or below max', () => {
    expect(messages({ ...toServiceFormValues(stored), min_transit_hours: 10 })).toEqual({
      max_transit_hours: 'Max transit hours must not be less than min transit hours',
    });
  });

  it('keeps only the vehicle features it knows from a stored service', () => {
    expect(toServiceFormValues(stored).required_vehicle_features).toEqual(['gps_tracking']);
    expect(messages(toServiceFormValues(stored))).toEqual({});
  });
});

describe('min above max', () => {
  it('is said while the rest of the form is still empty', () => {
    expect(messages({ ...emptyServiceForm(), min_transit_hours: 5, max_transit_hours: 2 }).max_transit_hours).toBe(
      'Max transit hours must not be less than min transit hours',
    );
  });
});
