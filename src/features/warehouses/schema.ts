import { z } from 'zod';
import { LOCATION_STATUSES, WAREHOUSE_STATUSES } from '../../data/statuses';
import type { Json } from '../../types/database-overrides';

export { LOCATION_STATUSES, WAREHOUSE_STATUSES, type LocationStatus, type WarehouseStatus } from '../../data/statuses';

/** Spec 3, 4 and 5: the options, as the database's check constraints name them. */
export const ACCESS_MODES = ['all_users', 'select_users', 'exclude_users'] as const;
export const SECURITY_LEVELS = ['low', 'medium', 'high', 'maximum'] as const;
export const LOCATION_TYPES = ['zone', 'aisle', 'shelf', 'bin'] as const;
export const BIN_POSITIONS = ['front', 'back', 'left', 'right', 'center'] as const;
export const SPECIAL_HANDLING = ['fragile', 'dust-free', 'temperature-controlled', 'hazardous', 'flammable'] as const;
export const ACCESS_RESTRICTIONS = ['key-card', 'supervisor', 'security', 'authorized-personnel'] as const;
export const STAFF_ROLES = ['manager', 'supervisor', 'receiver', 'picker', 'packer', 'dispatcher_liaison'] as const;
export const PAYMENT_TERMS = ['prepaid', 'cod', 'net_15', 'net_30', 'net_60', 'net_90'] as const;

export type AccessMode = (typeof ACCESS_MODES)[number];
export type SecurityLevel = (typeof SECURITY_LEVELS)[number];
export type LocationType = (typeof LOCATION_TYPES)[number];
export type StaffRole = (typeof STAFF_ROLES)[number];
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];

const LABELS: Record<string, string> = {
  all_users: 'All Users',
  select_users: 'Selected Users',
  exclude_users: 'Exclude Users',
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  maximum: 'Maximum',
  zone: 'Zone',
  aisle: 'Aisle',
  shelf: 'Shelf',
  bin: 'Bin',
  front: 'Front',
  back: 'Back',
  left: 'Left',
  right: 'Right',
  center: 'Center',
  fragile: 'Fragile',
  'dust-free': 'Dust-free',
  'temperature-controlled': 'Temperature-controlled',
  hazardous: 'Hazardous',
  flammable: 'Flammable',
  'key-card': 'Key card',
  supervisor: 'Supervisor',
  security: 'Security',
  'authorized-personnel': 'Authorized personnel',
  manager: 'Manager',
  receiver: 'Receiver',
  picker: 'Picker',
  packer: 'Packer',
  dispatcher_liaison: 'Dispatcher liaison',
  prepaid: 'Prepaid',
  cod: 'Cash on delivery',
  net_15: 'Net 15',
  net_30: 'Net 30',
  net_60: 'Net 60',
  net_90: 'Net 90',
};
export const optionLabel = (value: string): string => LABELS[value] ?? value;
const toOptions = (values: readonly string[]) => values.map((value) => ({ value, label: optionLabel(value) }));
export const ACCESS_MODE_OPTIONS = toOptions(ACCESS_MODES);
export const SECURITY_LEVEL_OPTIONS = toOptions(SECURITY_LEVELS);
export const LOCATION_TYPE_OPTIONS = toOptions(LOCATION_TYPES);
export const BIN_POSITION_OPTIONS = toOptions(BIN_POSITIONS);
export const SPECIAL_HANDLING_OPTIONS = toOptions(SPECIAL_HANDLING);
export const ACCESS_RESTRICTION_OPTIONS = toOptions(ACCESS_RESTRICTIONS);
export const STAFF_ROLE_OPTIONS = toOptions(STAFF_ROLES);
export const PAYMENT_TERMS_OPTIONS = toOptions(PAYMENT_TERMS);

/** The type one level up in zone > aisle > shelf > bin (spec 4); null for a zone. */
export function parentTypeOf(type: LocationType | ''): LocationType | null {
  switch (type) {
    case 'aisle':
      return 'zone';
    case 'shelf':
      return 'aisle';
    case 'bin':
      return 'shelf';
    default:
      return null;
  }
}

/** Any uuid shape (the database's own ids), not only RFC versions. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

// ---------------------------------------------------------------- warehouses

/** Spec 5 'Warehouse', verbatim; the database (private.warehouse_problems) answers with the same words. */
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
 * Spec 8: the warehouse form's fallback notices are the exception screen's words. The server
 * always answers with its own message ('Warehouse created successfully', ...), which is shown;
 * these are only what shows when it does not.
 */
export const WAREHOUSE_TOASTS = {
  savedFallback: 'Exception added successfully',
  failedFallback: 'Failed to update exception',
  fetchFailed: 'Failed to fetch warehouse',
  notFound: 'Warehouse not found',
} as const;

const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    // No abort: an explicitly aborted field would also stop the form-wide rules (`when`) from running.
    .refine((value) => value.trim().length > 0, { message })
    .refine((value) => value.length <= max, { message: `Must be at most ${max} characters` });

const nonNegative = (message: string) =>
  z.number({ error: message }).refine((value) => Number.isFinite(value) && value >= 0, { message });

export const WarehouseFormSchema = z
  .object({
    name: requiredText(WAREHOUSE_MESSAGES.name, 200),
    code: requiredText(WAREHOUSE_MESSAGES.code, 64),
    address_id: z.string({ error: WAREHOUSE_MESSAGES.address }).min(1, WAREHOUSE_MESSAGES.address),
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
    dock_doors: z.coerce.number().catch(0),
    hazardous_materials: z.boolean().catch(false),
    refrigeration: z.boolean().catch(false),
    cross_docking: z.boolean().catch(false),
  })
  .partial()
  .catch({});

const addressSummarySchema = z
  .object({
    id: z.string(),
    title: z.object({ en: z.string().optional() }).partial().nullable().catch(null),
    full_address: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
  })
  .nullable();

export const warehouseSchema = z.object({
  id: z.string(),
  tenant_id: z.string(),
  name: z.string(),
  code: z.string(),
  address_id: z.string(),
  status: z.string(),
  total_capacity: z.coerce.number(),
  available_capacity: z.coerce.number(),
  access_mode: z.string(),
  user_ids: z.array(z.string()).catch([]),
  features: featuresSchema,
  created_at: z.string(),
  updated_at: z.string(),
  address: addressSummarySchema.optional(),
});
export type Warehouse = z.infer<typeof warehouseSchema>;
export type AddressSummary = NonNullable<z.infer<typeof addressSummarySchema>>;

/** An address as the lookup labels it: its title, else its full address (spec 7). */
export function addressLabel(address: Pick<AddressSummary, 'title' | 'full_address'>): string {
  return address.title?.en?.trim() || address.full_address || 'Untitled address';
}

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

const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T =>
  (values as readonly unknown[]).includes(value) ? (value as T) : fallback;

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

// ---------------------------------------------------------------- locations

/** Spec 5 'Warehouse location' and spec 8 'Location', verbatim. */
export const LOCATION_MESSAGES = {
  warehouseRequired: 'Warehouse is required!',
  warehouseFormat: 'Invalid warehouse ID format',
  type: 'Invalid location type',
  name: 'Name is required!',
  parentFormat: 'Invalid parent ID format',
  status: 'Invalid status',
} as const;
export const LOCATION_TOASTS = {
  fetchFailed: 'Failed to fetch warehouse location',
  updated: 'Warehouse location updated successfully',
  updateFailed: 'Failed to update warehouse location',
  created: 'Warehouse location created successfully',
  createFailed: 'Failed to create warehouse location',
} as const;

/** The database's message for a location without the parent its type needs. */
export const MISSING_PARENT: Record<Exclude<LocationType, 'zone'>, string> = {
  aisle: 'An aisle needs a parent zone',
  shelf: 'A shelf needs a parent aisle',
  bin: 'A bin needs a parent shelf',
};

const optionalNumber = (message: string) =>
  z
    .number()
    .nullable()
    .refine((value) => value === null || (Number.isFinite(value) && value >= 0), { message });
const optionalText = (max: number) => z.string().max(max, `Must be at most ${max} characters`);

export const LocationFormSchema = z
  .object({
    warehouse_id: z
      .string({ error: LOCATION_MESSAGES.warehouseRequired })
      .min(1, LOCATION_MESSAGES.warehouseRequired)
      .refine((value) => value === '' || isUuid(value), LOCATION_MESSAGES.warehouseFormat),
    location_type: z.enum(LOCATION_TYPES, { error: LOCATION_MESSAGES.type }),
    name: requiredText(LOCATION_MESSAGES.name, 200),
    parent_id: z
      .string()
      .nullable()
      .refine((value) => value === null || value === '' || isUuid(value), LOCATION_MESSAGES.parentFormat),
    status: z.enum(LOCATION_STATUSES, { error: LOCATION_MESSAGES.status }),
    position: z.object({
      floor: z.number().nullable(),
      area: optionalText(100),
      number: optionalNumber('Aisle number must be at least 0'),
      section: optionalText(100),
      height: optionalNumber('Height must be at least 0'),
      sequence: optionalNumber('Sequence must be at least 0'),
      position: z.union([z.enum(BIN_POSITIONS), z.literal('')]),
    }),
    capacity: z.object({
      max_weight: optionalNumber('Max weight must be at least 0'),
      max_volume: optionalNumber('Max volume must be at least 0'),
      item_limit: optionalNumber('Item limit must be at least 0'),
      dimensions: z.object({
        length: optionalNumber('Length must be at least 0'),
        width: optionalNumber('Width must be at least 0'),
        height: optionalNumber('Height must be at least 0'),
      }),
    }),
    metadata: z.object({
      temperature_range: z.object({ min: z.number().nullable(), max: z.number().nullable() }),
      special_handling: z.array(z.enum(SPECIAL_HANDLING)),
      security_level: z.enum(SECURITY_LEVELS),
      access_restrictions: z.array(z.enum(ACCESS_RESTRICTIONS)),
      notes: optionalText(2000),
    }),
  })
  // Checked even while other fields are invalid (zod skips refinements of an object with issues otherwise).
  .refine(
    (value) => {
      const range = value.metadata?.temperature_range;
      return typeof range?.min !== 'number' || typeof range.max !== 'number' || range.min <= range.max;
    },
    { path: ['metadata', 'temperature_range', 'max'], message: 'Maximum temperature must not be below the minimum', when: () => true },
  )
  // The hierarchy (spec 4): every type but a zone needs its parent.
  .refine((value) => !value.location_type || value.location_type === 'zone' || !(LOCATION_TYPES as readonly string[]).includes(value.location_type) || Boolean(value.parent_id), {
    path: ['parent_id'],
    error: (issue) => MISSING_PARENT[(issue.input as { location_type?: keyof typeof MISSING_PARENT } | undefined)?.location_type ?? 'aisle'],
    when: () => true,
  });

export type LocationFormInput = z.input<typeof LocationFormSchema>;
export type LocationFormOutput = z.output<typeof LocationFormSchema>;

export const locationSchema = z.object({
  id: z.string(),
  tenant_id: z.string(),
  warehouse_id: z.string(),
  location_type: z.string(),
  name: z.string(),
  parent_id: z.string().nullable(),
  code: z.string(),
  position: z.record(z.string(), z.unknown()).catch({}),
  capacity: z.record(z.string(), z.unknown()).catch({}),
  status: z.string(),
  metadata: z.record(z.string(), z.unknown()).catch({}),
  created_at: z.string(),
  updated_at: z.string(),
  warehouse: z.object({ id: z.string(), name: z.string(), code: z.string() }).nullable().optional(),
  parent: z.object({ id: z.string(), name: z.string(), code: z.string(), location_type: z.string() }).nullable().optional(),
});
export type WarehouseLocation = z.infer<typeof locationSchema>;

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

export const EMPTY_POSITION: LocationFormInput['position'] = {
  floor: null,
  area: '',
  number: null,
  section: '',
  height: null,
  sequence: null,
  position: '',
};

export function emptyLocationForm(prefill: { warehouse_id?: string; parent_id?: string; location_type?: LocationType } = {}): LocationFormInput {
  return {
    warehouse_id: prefill.warehouse_id ?? (null as unknown as string),
    location_type: prefill.location_type ?? 'zone',
    name: '',
    parent_id: prefill.parent_id ?? null,
    status: 'active',
    position: { ...EMPTY_POSITION },
    capacity: { max_weight: null, max_volume: null, item_limit: null, dimensions: { length: null, width: null, height: null } },
    metadata: { temperature_range: { min: 15, max: 25 }, special_handling: [], security_level: 'medium', access_restrictions: [], notes: '' },
  };
}

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const strings = <T extends string>(allowed: readonly T[], value: unknown): T[] =>
  Array.isArray(value) ? value.filter((v): v is T => (allowed as readonly unknown[]).includes(v)) : [];

export function toLocationFormValues(l: WarehouseLocation): LocationFormInput {
  const pos = l.position;
  const cap = l.capacity;
  const dims = record(cap.dimensions);
  const meta = l.metadata;
  const range = record(meta.temperature_range);
  return {
    warehouse_id: l.warehouse_id,
    location_type: oneOf(LOCATION_TYPES, l.location_type, 'zone'),
    name: l.name,
    parent_id: l.parent_id,
    status: oneOf(LOCATION_STATUSES, l.status, 'active'),
    position: {
      floor: num(pos.floor),
      area: text(pos.area),
      number: num(pos.number),
      section: text(pos.section),
      height: num(pos.height),
      sequence: num(pos.sequence),
      position: oneOf([...BIN_POSITIONS, ''] as const, pos.position, ''),
    },
    capacity: {
      max_weight: num(cap.max_weight),
      max_volume: num(cap.max_volume),
      item_limit: num(cap.item_limit),
      dimensions: { length: num(dims.length), width: num(dims.width), height: num(dims.height) },
    },
    metadata: {
      temperature_range: { min: num(range.min), max: num(range.max) },
      special_handling: strings(SPECIAL_HANDLING, meta.special_handling),
      security_level: oneOf(SECURITY_LEVELS, meta.security_level, 'medium'),
      access_restrictions: strings(ACCESS_RESTRICTIONS, meta.access_restrictions),
      notes: text(meta.notes),
    },
  };
}

/** Drops empty values: the position holds only its type's fields (spec 5), the rest only what was given. */
/** The jsonb object without its empty values. */
function compact(values: { [key: string]: Json | undefined }): { [key: string]: Json | undefined } {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null && v !== ''));
}

const POSITION_FIELDS: Record<LocationType, readonly (keyof LocationFormOutput['position'])[]> = {
  zone: ['floor', 'area'],
  aisle: ['number', 'section'],
  shelf: ['height', 'sequence'],
  bin: ['position', 'sequence'],
};

export function toLocationWrite(values: LocationFormOutput) {
  const position = compact(Object.fromEntries(POSITION_FIELDS[values.location_type].map((key) => [key, values.position[key]])));
  const dimensions = compact(values.capacity.dimensions);
  const capacity = compact({ ...values.capacity, dimensions: Object.keys(dimensions).length ? dimensions : null });
  return {
    warehouse_id: values.warehouse_id,
    location_type: values.location_type,
    name: values.name.trim(),
    parent_id: values.location_type === 'zone' ? null : values.parent_id || null,
    status: values.status,
    position,
    capacity,
    metadata: { ...values.metadata, notes: values.metadata.notes.trim() },
  };
}
export type LocationWrite = ReturnType<typeof toLocationWrite>;

// ---------------------------------------------------------------- staff

export const STAFF_MESSAGES = {
  warehouse: 'Warehouse is required',
  user: 'User is required',
  role: 'Role is required',
} as const;
export const STAFF_TOASTS = {
  created: 'Staff member added successfully',
  updated: 'Staff member updated successfully',
  createFailed: 'Failed to add staff member',
  updateFailed: 'Failed to update staff member',
  fetchFailed: 'Failed to fetch staff member',
  notFound: 'Staff member not found',
} as const;

export const StaffFormSchema = z.object({
  warehouse_id: z.string({ error: STAFF_MESSAGES.warehouse }).min(1, STAFF_MESSAGES.warehouse),
  user_id: z.string({ error: STAFF_MESSAGES.user }).min(1, STAFF_MESSAGES.user),
  role: z.enum(STAFF_ROLES, { error: STAFF_MESSAGES.role }),
  active: z.boolean(),
});
export type StaffFormInput = z.input<typeof StaffFormSchema>;
export type StaffFormOutput = z.output<typeof StaffFormSchema>;

const personSchema = z.object({ id: z.string(), full_name: z.string(), email: z.string().nullable().catch(null) }).nullable();

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

/** Spec 6: staff in pickers read 'name - role'. */
export function staffLabel(staff: Pick<WarehouseStaff, 'role' | 'user'>): string {
  return `${staff.user?.full_name ?? 'Unnamed User'} - ${optionLabel(staff.role)}`;
}

// ---------------------------------------------------------------- suppliers

export const SUPPLIER_MESSAGES = {
  name: 'Name is required',
  code: 'Code is required',
  email: 'Valid email is required',
  phone: 'Please enter a valid phone number with at least 10 digits',
  leadTime: 'Lead time must be between 0 and 365 days',
  paymentTerms: 'Payment terms are required',
} as const;
export const SUPPLIER_TOASTS = {
  created: 'Supplier created successfully',
  updated: 'Supplier updated successfully',
  createFailed: 'Failed to create supplier',
  updateFailed: 'Failed to update supplier',
  fetchFailed: 'Failed to fetch supplier',
  notFound: 'Supplier not found',
} as const;

export const SupplierFormSchema = z.object({
  name: requiredText(SUPPLIER_MESSAGES.name, 200),
  code: requiredText(SUPPLIER_MESSAGES.code, 64),
  contact_name: optionalText(200),
  contact_email: z.string().refine((v) => v === '' || /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v), SUPPLIER_MESSAGES.email),
  contact_phone: z.string().refine((v) => v === '' || v.replace(/\D/g, '').length >= 10, SUPPLIER_MESSAGES.phone),
  address_id: z.string().nullable(),
  lead_time_days: z
    .number({ error: SUPPLIER_MESSAGES.leadTime })
    .refine((v) => Number.isInteger(v) && v >= 0 && v <= 365, SUPPLIER_MESSAGES.leadTime),
  payment_terms: z.enum(PAYMENT_TERMS, { error: SUPPLIER_MESSAGES.paymentTerms }),
  notes: optionalText(2000),
  active: z.boolean(),
});
export type SupplierFormInput = z.input<typeof SupplierFormSchema>;
export type SupplierFormOutput = z.output<typeof SupplierFormSchema>;

export const supplierSchema = z.object({
  id: z.string(),
  tenant_id: z.string(),
  name: z.string(),
  code: z.string(),
  contact_name: z.string().nullable(),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  address_id: z.string().nullable(),
  lead_time_days: z.number(),
  payment_terms: z.string(),
  notes: z.string().nullable(),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  address: addressSummarySchema.optional(),
});
export type Supplier = z.infer<typeof supplierSchema>;

export function emptySupplierForm(): SupplierFormInput {
  return {
    name: '',
    code: '',
    contact_name: '',
    contact_email: '',
    contact_phone: '',
    address_id: null,
    lead_time_days: 7,
    payment_terms: 'net_30',
    notes: '',
    active: true,
  };
}

export function toSupplierFormValues(s: Supplier): SupplierFormInput {
  return {
    name: s.name,
    code: s.code,
    contact_name: s.contact_name ?? '',
    contact_email: s.contact_email ?? '',
    contact_phone: s.contact_phone ?? '',
    address_id: s.address_id,
    lead_time_days: s.lead_time_days,
    payment_terms: oneOf(PAYMENT_TERMS, s.payment_terms, 'net_30'),
    notes: s.notes ?? '',
    active: s.active,
  };
}

export function toSupplierWrite(values: SupplierFormOutput) {
  const blank = (v: string) => (v.trim() === '' ? null : v.trim());
  return {
    name: values.name.trim(),
    code: values.code.trim(),
    contact_name: blank(values.contact_name),
    contact_email: blank(values.contact_email),
    contact_phone: blank(values.contact_phone),
    address_id: values.address_id || null,
    lead_time_days: values.lead_time_days,
    payment_terms: values.payment_terms,
    notes: blank(values.notes),
    active: values.active,
  };
}
export type SupplierWrite = ReturnType<typeof toSupplierWrite>;
