import { z } from 'zod';
import { defineChoices } from '../lib/choices';

/**
 * The warehousing domain's words and row shapes that several features share (warehouses, their
 * locations, their staff): no reads here, so a schema and its tests import them without a client.
 */

/** How secure a warehouse, or one of its locations, is (features.security_level, metadata.security_level). */
export const SECURITY_LEVELS = ['low', 'medium', 'high', 'maximum'] as const;
export type SecurityLevel = (typeof SECURITY_LEVELS)[number];
export const securityLevels = defineChoices(SECURITY_LEVELS, { low: 'Low', medium: 'Medium', high: 'High', maximum: 'Maximum' });

/** The levels of a warehouse's tree, top down: zone > aisle > shelf > bin. */
export const LOCATION_TYPES = ['zone', 'aisle', 'shelf', 'bin'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];
export const locationTypes = defineChoices(LOCATION_TYPES, { zone: 'Zone', aisle: 'Aisle', shelf: 'Shelf', bin: 'Bin' });

/** One node of a warehouse's tree: what the tree and the labels need. */
export const locationNodeSchema = z.object({
  id: z.string(),
  parent_id: z.string().nullable(),
  location_type: z.string(),
  name: z.string(),
  code: z.string(),
  status: z.string(),
});
export type LocationNode = z.infer<typeof locationNodeSchema>;

/** What a person does in a warehouse (warehouse_staff.role). */
export const STAFF_ROLES = ['manager', 'supervisor', 'receiver', 'picker', 'packer', 'dispatcher_liaison'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const staffRoles = defineChoices(STAFF_ROLES, {
  manager: 'Manager',
  supervisor: 'Supervisor',
  receiver: 'Receiver',
  picker: 'Picker',
  packer: 'Packer',
  dispatcher_liaison: 'Dispatcher liaison',
});

export const STAFF_COLUMNS = 'id, tenant_id, warehouse_id, user_id, role, active, created_at, updated_at, user:profiles(id, full_name, email)';

const personSchema = z.object({ id: z.string(), full_name: z.string(), email: z.string().nullable().catch(null) }).nullable();

/** A warehouse's roster row, with the person (and, where asked, the warehouse). */
export const staffSchema = z.object({
  id: z.string(),
  tenant_id: z.string(),
  warehouse_id: z.string(),
  user_id: z.string(),
  role: z.string(),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  user: personSchema.optional(),
  warehouse: z.object({ id: z.string(), name: z.string(), code: z.string() }).nullable().optional(),
});
export type WarehouseStaff = z.infer<typeof staffSchema>;

/** Staff in pickers read 'name - role'. */
export function staffLabel(staff: Pick<WarehouseStaff, 'role' | 'user'>): string {
  return `${staff.user?.full_name ?? 'Unnamed User'} - ${staffRoles.label(staff.role)}`;
}
