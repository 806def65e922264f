import { describe, expect, it } from 'vitest';
import { IMAGE_MESSAGES, VehicleFormSchema, type VehicleFormInput } from './schema';

const valid = (): VehicleFormInput => ({
  name: 'City Van',
  code: 'VAN-01',
  description: 'A van',
  capacity_unit: 10,
  vehicle_requirements: { license_requirements: ['standard'], special_features: [], fuel_type: 'diesel' },
  image_url: null,
  active: true,
});

function messages(input: unknown): Record<string, string> {
  const result = VehicleFormSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('VehicleFormSchema', () => {
  it('accepts a valid vehicle', () => {
    expect(VehicleFormSchema.safeParse(valid()).success).toBe(true);
  });

  it('requires name, code and description with the spec messages', () => {
    expect(messages({ ...valid(), name: '', code: '  ', description: '' })).toEqual({
      name: 'Name is required!',
      code: 'Code is required!',
      description: 'Description is required!',
    });
  });

  it('allows only printable ASCII in name, code and description', () => {
    expect(messages({ ...valid(), name: 'Van é', code: 'V\u00a01', description: 'tab\there' })).toEqual({
      name: 'Name can only contain letters, numbers, and special characters',
      code: 'Code can only contain letters, numbers, and special characters',
      description: 'Description can only contain letters, numbers, and special characters',
    });
    expect(VehicleFormSchema.safeParse({ ...valid(), name: 'Van #1 (big) ~!@$%^&*' }).success).toBe(true);
  });

  it.each([null, 0, 0.5, -3, Number.NaN, Number.POSITIVE_INFINITY])('refuses capacity %s', (capacity) => {
    expect(messages({ ...valid(), capacity_unit: capacity })).toEqual({ capacity_unit: 'Capacity unit must be a number and greater than 0!' });
  });

  it('requires a licence and a fuel type', () => {
    expect(messages({ ...valid(), vehicle_requirements: { license_requirements: [], special_features: [], fuel_type: '' } })).toEqual({
      'vehicle_requirements.license_requirements': 'At least one license requirement is required!',
      'vehicle_requirements.fuel_type': 'Fuel type is required!',
    });
  });

  it('accepts only the spec options', () => {
    const result = messages({ ...valid(), vehicle_requirements: { license_requirements: ['pilot'], special_features: ['jetpack'], fuel_type: 'coal' } });
    expect(Object.keys(result).sort()).toEqual([
      'vehicle_requirements.fuel_type',
      'vehicle_requirements.license_requirements.0',
      'vehicle_requirements.special_features.0',
    ]);
    expect(result['vehicle_requirements.fuel_type']).toBe('Fuel type is required!');
  });

  it('checks a picked image: type and size', () => {
    expect(messages({ ...valid(), image_url: new File(['x'], 'doc.pdf') })).toEqual({ image_url: IMAGE_MESSAGES.type });
    const big = new File([new Uint8Array(3 * 1024 * 1024 + 1)], 'big.png');
    expect(messages({ ...valid(), image_url: big })).toEqual({ image_url: IMAGE_MESSAGES.size });
    expect(VehicleFormSchema.safeParse({ ...valid(), image_url: new File(['x'], 'ok.JPG') }).success).toBe(true);
    expect(VehicleFormSchema.safeParse({ ...valid(), image_url: 'http://x/storage/v1/object/public/tenants/t/a.png' }).success).toBe(true);
  });
});
