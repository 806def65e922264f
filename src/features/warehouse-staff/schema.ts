import { z } from 'zod';
import { requiredId } from '../../lib/form-schema';
import { STAFF_ROLES } from '../../data/warehousing';

export const STAFF_MESSAGES = {
  warehouse: 'Warehouse is required',
  user: 'User is required',
  role: 'Role is required',
} as const;

export const StaffFormSchema = z.object({
  warehouse_id: requiredId(STAFF_MESSAGES.warehouse),
  user_id: requiredId(STAFF_MESSAGES.user),
  role: z.enum(STAFF_ROLES, { error: STAFF_MESSAGES.role }),
  active: z.boolean(),
});
export type StaffFormInput = z.input<typeof StaffFormSchema>;
export type StaffFormOutput = z.output<typeof StaffFormSchema>;
