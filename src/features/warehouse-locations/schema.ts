import { z } from 'zod';
import { codedNameSchema, nullableText, tenantRecord } from '../../lib/row-schema';
import { LOCATION_TYPES, type LocationType } from '../../data/warehousing';
import { LOCATION_STATUSES } from '../../data/statuses';
import { SECURITY_LEVELS } from '../../data/warehousing';
import { isUuid, oneOf, optionalText, requiredText } from '../../lib/form-schema';
import type { Json } from '../../types/database-overrides';

/** A bin's place on its shelf, how its goods must be handled, who may reach it. */
export const BIN_POSITIONS = ['front', 'back', 'left', 'right', 'center'] as const;
export const SPECIAL_HANDLING = ['fragile', 'dust-free', 'temperature-controlled', 'hazardous', 'flammable'] as const;
export const ACCESS_RESTRICTIONS = ['key-card', 'supervisor', 'security', 'authorized-personnel'] as const;

/** The type one level up in zone > aisle > shelf > bin; null for a zone. */
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

/** The warehouse location form's rules and the location messages, word for word as the product states them. */
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
  // The hierarchy: every type but a zone needs its parent.
  .refine((value) => !value.location_type || value.location_type === 'zone' || !(LOCATION_TYPES as readonly string[]).includes(value.location_type) || Boolean(value.parent_id), {
    path: ['parent_id'],
    error: (issue) => MISSING_PARENT[(issue.input as { location_type?: keyof typeof MISSING_PARENT } | undefined)?.location_type ?? 'aisle'],
    when: () => true,
  });

export type LocationFormInput = z.input<typeof LocationFormSchema>;
export type LocationFormOutput = z.output<typeof LocationFormSchema>;

export const locationSchema = z.object({
  ...tenantRecord,
  warehouse_id: z.string(),
  location_type: z.string(),
  name: z.string(),
  parent_id: nullableText,
  code: z.string(),
  position: z.record(z.string(), z.unknown()).catch({}),
  capacity: z.record(z.string(), z.unknown()).catch({}),
  status: z.string(),
  metadata: z.record(z.string(), z.unknown()).catch({}),
  warehouse: codedNameSchema.nullable().optional(),
  parent: z.object({ id: z.string(), name: z.string(), code: z.string(), location_type: z.string() }).nullable().optional(),
});
export type WarehouseLocation = z.infer<typeof locationSchema>;

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

/** Drops empty values: the position holds only its type's fields, the rest only what was given. */
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
