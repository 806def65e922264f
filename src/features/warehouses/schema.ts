import { z } from 'zod';
import { numeric, tenantRecord } from '../../lib/row-schema';
import { addressSummarySchema } from '../../data/address-label';
import { WAREHOUSE_STATUSES } from '../../data/statuses';
import { SECURITY_LEVELS } from '../../data/warehousing';
import { nonNegative, oneOf, requiredId, requiredText } from '../../lib/form-schema';

/** Who may work in a warehouse (warehouses.access_mode): everyone, only the listed users, or everyone but them. */
export const ACCESS_MODES = ['all_users', 'select_users', 'exclude_users'] as const;
export type AccessMode = (typeof ACCESS_MODES)[number];

/** The warehouse form's rules, word for word; the database (private.warehouse_problems) answers with the same words. */
export const WAREHOUSE_MESSAGES = {
  name: 'Warehouse name is required!',
  code: 'Warehouse code is required!',
  address: 'Address is required!',
  status: 'Status is required!',
  accessMode: 'Access mode is required!',
  users: 'Users are required when access mode is not "All Users"',
  totalCapacity: 'Total capacity must be at least 0',
  availableCapacity: 'Available capacity must be at least 0',
  availableAboveTotal: 'Available capacity cannot exceed total capacity',
  dockDoors: 'Dock doors must be at least 0',
} as const;

/**
 * The warehouse form's fallback notices are the exception screen's words. The server
 * always answers with its own message ('Warehouse created successfully', ...), which is shown;
 * these are only what shows when it does not.
 */
export const WAREHOUSE_TOASTS = {
  savedFallback: 'Exception added successfully',
  failedFallback: 'Failed to update exception',
  fetchFailed: 'Failed to fetch warehouse',
  notFound: 'Warehouse not found',
} as const;

export const WarehouseFormSchema = z
  .object({
    name: requiredText(WAREHOUSE_MESSAGES.name, 200),
    code: requiredText(WAREHOUSE_MESSAGES.code, 64),
    address_id: requiredId(WAREHOUSE_MESSAGES.address),
    status: z.enum(WAREHOUSE_STATUSES, { error: WAREHOUSE_MESSAGES.status }),
    total_capacity: nonNegative(WAREHOUSE_MESSAGES.totalCapacity),
    available_capacity: nonNegative(WAREHOUSE_MESSAGES.availableCapacity),
    access_mode: z.enum(ACCESS_MODES, { error: WAREHOUSE_MESSAGES.accessMode }),
    user_ids: z.array(z.string()),
    features: z.object({
      climate_control: z.boolean(),
      security_level: z.enum(SECURITY_LEVELS),
      dock_doors: nonNegative(WAREHOUSE_MESSAGES.dockDoors),
      hazardous_materials: z.boolean(),
      refrigeration: z.boolean(),
      cross_docking: z.boolean(),
    }),
  })
  // Checked even while other fields are invalid (zod skips refinements of an object with issues otherwise).
  .refine((value) => !value.access_mode || value.access_mode === 'all_users' || (value.user_ids?.length ?? 0) > 0, {
    path: ['user_ids'],
    message: WAREHOUSE_MESSAGES.users,
    when: () => true,
  })
  .refine(
    (value) =>
      typeof value.available_capacity !== 'number' || typeof value.total_capacity !== 'number' || value.available_capacity <= value.total_capacity,
    { path: ['available_capacity'], message: WAREHOUSE_MESSAGES.availableAboveTotal, when: () => true },
  );

export type WarehouseFormInput = z.input<typeof WarehouseFormSchema>;
export type WarehouseFormOutput = z.output<typeof WarehouseFormSchema>;

const featuresSchema = z
  .object({
    climate_control: z.boolean().catch(false),
    security_level: z.string().catch('medium'),
    dock_doors: numeric.catch(0),
    hazardous_materials: z.boolean().catch(false),
    refrigeration: z.boolean().catch(false),
    cross_docking: z.boolean().catch(false),
  })
  .partial()
  .catch({});

export const warehouseSchema = z.object({
  ...tenantRecord,
  name: z.string(),
  code: z.string(),
  address_id: z.string(),
  status: z.string(),
  total_capacity: numeric,
  available_capacity: numeric,
  access_mode: z.string(),
  user_ids: z.array(z.string()).catch([]),
  features: featuresSchema,
  address: addressSummarySchema.optional(),
});
export type Warehouse = z.infer<typeof warehouseSchema>;

export function emptyWarehouseForm(): WarehouseFormInput {
  return {
    name: '',
    code: '',
    address_id: null as unknown as string,
    status: 'active',
    total_capacity: 0,
    available_capacity: 0,
    access_mode: 'all_users',
    user_ids: [],
    features: {
      climate_control: false,
      security_level: 'medium',
      dock_doors: 0,
      hazardous_materials: false,
      refrigeration: false,
      cross_docking: false,
    },
  };
}

export function toWarehouseFormValues(w: Warehouse): WarehouseFormInput {
  return {
    name: w.name,
    code: w.code,
    address_id: w.address_id,
    status: oneOf(WAREHOUSE_STATUSES, w.status, 'active'),
    total_capacity: w.total_capacity,
    available_capacity: w.available_capacity,
    access_mode: oneOf(ACCESS_MODES, w.access_mode, 'all_users'),
    user_ids: w.user_ids,
    features: {
      climate_control: w.features.climate_control ?? false,
      security_level: oneOf(SECURITY_LEVELS, w.features.security_level, 'medium'),
      dock_doors: w.features.dock_doors ?? 0,
      hazardous_materials: w.features.hazardous_materials ?? false,
      refrigeration: w.features.refrigeration ?? false,
      cross_docking: w.features.cross_docking ?? false,
    },
  };
}

/** What the form sends: users only when the mode uses them. */
export function toWarehouseWrite(values: WarehouseFormOutput) {
  return { ...values, user_ids: values.access_mode === 'all_users' ? [] : values.user_ids };
}
export type WarehouseWrite = ReturnType<typeof toWarehouseWrite>;
