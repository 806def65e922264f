import { z } from 'zod';
import { nullableText, numeric, tenantRecord } from '../../lib/row-schema';
import type { FileValue } from '../../ui/form';

/** The options, as the database's check constraints name them. */
export const LICENSE_REQUIREMENTS = ['standard', 'commercial', 'special'] as const;
export const SPECIAL_FEATURES = ['lift_gate', 'refrigeration', 'temperature_control', 'security_system', 'gps_tracking'] as const;
export const FUEL_TYPES = ['petrol', 'diesel', 'electric', 'hybrid', 'cng'] as const;

export type LicenseRequirement = (typeof LICENSE_REQUIREMENTS)[number];
export type SpecialFeature = (typeof SPECIAL_FEATURES)[number];
export type FuelType = (typeof FUEL_TYPES)[number];

/** Images only, one file, jpeg/jpg/png/gif, 3 MB max (the upload-file kind 'vehicle-image' says the same). */
export const IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif'] as const;
export const IMAGE_MAX_BYTES = 3 * 1024 * 1024;
export const IMAGE_MESSAGES = {
  type: 'Only jpeg, jpg, png and gif images are allowed',
  size: 'The image must be 3 MB or smaller',
  count: 'Only one image can be uploaded',
} as const;

/** Printable ASCII (0x20-0x7E), as the database's private.is_printable_ascii. */
export const PRINTABLE_ASCII = /^[\x20-\x7E]+$/;

/** The spec's messages, verbatim; the database trigger (private.vehicle_problems) answers with the same words. */
export const VEHICLE_MESSAGES = {
  nameRequired: 'Name is required!',
  namePrintable: 'Name can only contain letters, numbers, and special characters',
  codeRequired: 'Code is required!',
  codePrintable: 'Code can only contain letters, numbers, and special characters',
  descriptionRequired: 'Description is required!',
  descriptionPrintable: 'Description can only contain letters, numbers, and special characters',
  capacity: 'Capacity unit must be a number and greater than 0!',
  license: 'At least one license requirement is required!',
  fuel: 'Fuel type is required!',
} as const;

function printableText(required: string, printable: string, max: number) {
  return z
    .string({ error: required })
    .refine((value) => value.trim().length > 0, { message: required, abort: true })
    .refine((value) => PRINTABLE_ASCII.test(value), { message: printable, abort: true })
    .refine((value) => value.length <= max, { message: `Must be at most ${max} characters`, params: { maxLength: max } });
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

const imageSchema = z
  .custom<FileValue | null>((value) => value === null || value === undefined || typeof value === 'string' || value instanceof File, {
    message: IMAGE_MESSAGES.count,
  })
  .superRefine((value, ctx) => {
    if (!(value instanceof File)) return;
    if (!(IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(value.name))) ctx.addIssue({ code: 'custom', message: IMAGE_MESSAGES.type });
    else if (value.size > IMAGE_MAX_BYTES) ctx.addIssue({ code: 'custom', message: IMAGE_MESSAGES.size });
  });

/** The vehicle form; its field paths are the ones the database's validation details name. */
export const VehicleFormSchema = z.object({
  name: printableText(VEHICLE_MESSAGES.nameRequired, VEHICLE_MESSAGES.namePrintable, 200),
  code: printableText(VEHICLE_MESSAGES.codeRequired, VEHICLE_MESSAGES.codePrintable, 64),
  description: printableText(VEHICLE_MESSAGES.descriptionRequired, VEHICLE_MESSAGES.descriptionPrintable, 2000),
  capacity_unit: z
    .number({ error: VEHICLE_MESSAGES.capacity })
    .refine((value) => Number.isFinite(value) && value >= 1, { message: VEHICLE_MESSAGES.capacity }),
  vehicle_requirements: z.object({
    license_requirements: z.array(z.enum(LICENSE_REQUIREMENTS), { error: VEHICLE_MESSAGES.license }).min(1, VEHICLE_MESSAGES.license),
    special_features: z.array(z.enum(SPECIAL_FEATURES)),
    fuel_type: z.enum(FUEL_TYPES, { error: VEHICLE_MESSAGES.fuel }),
  }),
  image_url: imageSchema.optional().transform((value) => value ?? null),
  active: z.boolean(),
});

export type VehicleFormInput = z.input<typeof VehicleFormSchema>;
export type VehicleFormOutput = z.output<typeof VehicleFormSchema>;

/** A vehicle row as the API returns it (and as a live broadcast carries it). */
export const vehicleSchema = z.object({
  ...tenantRecord,
  name: z.string(),
  code: z.string(),
  description: z.string(),
  image_url: nullableText,
  capacity_unit: numeric,
  vehicle_requirements: z
    .object({
      license_requirements: z.array(z.string()).catch([]),
      special_features: z.array(z.string()).catch([]),
      fuel_type: nullableText.catch(null),
    })
    .partial()
    .catch({}),
  active: z.boolean(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

/** What a save sends: the form's values with the image already uploaded (its stored URL, or null). */
export interface VehicleWrite {
  name: string;
  code: string;
  description: string;
  image_url: string | null;
  capacity_unit: number;
  vehicle_requirements: { license_requirements: string[]; special_features: string[]; fuel_type: string };
  active: boolean;
}

export function emptyVehicleForm(): VehicleFormInput {
  return {
    name: '',
    code: '',
    description: '',
    capacity_unit: null as unknown as number,
    vehicle_requirements: { license_requirements: [], special_features: [], fuel_type: '' as FuelType },
    image_url: null,
    active: true,
  };
}

/** A stored vehicle as the form's values (edit). */
export function toFormValues(vehicle: Vehicle): VehicleFormInput {
  const req = vehicle.vehicle_requirements;
  return {
    name: vehicle.name,
    code: vehicle.code,
    description: vehicle.description,
    capacity_unit: vehicle.capacity_unit,
    vehicle_requirements: {
      license_requirements: (req.license_requirements ?? []).filter((v): v is LicenseRequirement => (LICENSE_REQUIREMENTS as readonly string[]).includes(v)),
      special_features: (req.special_features ?? []).filter((v): v is SpecialFeature => (SPECIAL_FEATURES as readonly string[]).includes(v)),
      fuel_type: (req.fuel_type ?? '') as FuelType,
    },
    image_url: vehicle.image_url,
    active: vehicle.active,
  };
}
