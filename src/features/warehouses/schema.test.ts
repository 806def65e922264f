import { describe, expect, it } from 'vitest';
import { emptyWarehouseForm, WAREHOUSE_MESSAGES, WarehouseFormSchema } from './schema';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('warehouse form', () => {
  it('says what is missing in the spec words, the users rule included while other fields are empty', () => {
    const result = WarehouseFormSchema.safeParse({ ...emptyWarehouseForm(), status: '', access_mode: 'select_users', total_capacity: 5, available_capacity: 9 });
    expect(issues(result)).toEqual({
      name: WAREHOUSE_MESSAGES.name,
      code: WAREHOUSE_MESSAGES.code,
      address_id: WAREHOUSE_MESSAGES.address,
      status: WAREHOUSE_MESSAGES.status,
      user_ids: 'Users are required when access mode is not "All Users"',
      available_capacity: 'Available capacity cannot exceed total capacity',
    });
  });

  it('accepts all users without a list, and refuses negative numbers', () => {
    const valid = { ...emptyWarehouseForm(), name: 'A', code: 'B', address_id: 'x' };
    expect(WarehouseFormSchema.safeParse(valid).success).toBe(true);
    const result = WarehouseFormSchema.safeParse({ ...valid, total_capacity: -1, features: { ...valid.features, dock_doors: -3 } });
    expect(issues(result)).toMatchObject({ total_capacity: 'Total capacity must be at least 0', 'features.dock_doors': 'Dock doors must be at least 0' });
  });
});
