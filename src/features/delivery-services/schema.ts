import { z } from 'zod';
import { notBelow, numberFrom } from '../../lib/form-schema';
import { numeric, tenantRecord } from '../../lib/row-schema';

export const SERVICE_KINDS = ['on_demand', 'same_day', 'next_day', 'scheduled'] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];

/** The vehicles' special features: what a service may require of the vehicle (the database checks the same list). */
export const VEHICLE_FEATURES = ['lift_gate', 'refrigeration', 'temperature_control', 'security_system', 'gps_tracking'] as const;
export type VehicleFeature = (typeof VEHICLE_FEATURES)[number];

export const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/;

/** The database's words (private.delivery_service_problems). */
export const SERVICE_MESSAGES = {
  nameRequired: 'Name is required',
  nameLength: 'Name must be at most 120 characters',
  codeRequired: 'Code is required',
  codeFormat: 'Code must be up to 32 letters, digits, - or _, starting with a letter or digit',
  description: 'Description must be at most 1000 characters',
  kind: 'Kind is required',
  minRequired: 'Min transit hours is required',
  minRange: 'Min transit hours must be from 0 to 720',
  maxRequired: 'Max transit hours is required',
  maxRange: 'Max transit hours must be from 0 to 720',
  maxBelowMin: 'Max transit hours must not be less than min transit hours',
} as const;

/** Transit hours: from 0 to 30 days. */
const hours = (required: string, range: string) => numberFrom(0, 720, required, range);

export const DeliveryServiceFormSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, SERVICE_MESSAGES.nameRequired)
      .max(120, SERVICE_MESSAGES.nameLength),
    code: z.string().trim().min(1, SERVICE_MESSAGES.codeRequired).regex(CODE_PATTERN, SERVICE_MESSAGES.codeFormat),
    description: z.string().max(1000, SERVICE_MESSAGES.description),
    kind: z.enum(SERVICE_KINDS, { error: SERVICE_MESSAGES.kind }),
    min_transit_hours: hours(SERVICE_MESSAGES.minRequired, SERVICE_MESSAGES.minRange),
    max_transit_hours: hours(SERVICE_MESSAGES.maxRequired, SERVICE_MESSAGES.maxRange),
    required_vehicle_features: z.array(z.enum(VEHICLE_FEATURES)),
    active: z.boolean(),
  })
  .refine(...notBelow('min_transit_hours', 'max_transit_hours', SERVICE_MESSAGES.maxBelowMin));

export type DeliveryServiceFormInput = z.input<typeof DeliveryServiceFormSchema>;
export type DeliveryServiceFormOutput = z.output<typeof DeliveryServiceFormSchema>;

export const deliveryServiceSchema = z.object({
  ...tenantRecord,
  name: z.string(),
  code: z.string(),
  description: z.string(),
  kind: z.string(),
  min_transit_hours: numeric,
  max_transit_hours: numeric,
  required_vehicle_features: z.array(z.string()),
  active: z.boolean(),
});
export type DeliveryService = z.infer<typeof deliveryServiceSchema>;

export function emptyServiceForm(): DeliveryServiceFormInput {
  return {
    name: '',
    code: '',
    description: '',
    kind: '' as ServiceKind,
    min_transit_hours: null as unknown as number,
    max_transit_hours: null as unknown as number,
    required_vehicle_features: [],
    active: true,
  };
}

export function toServiceFormValues(service: DeliveryService): DeliveryServiceFormInput {
  return {
    name: service.name,
    code: service.code,
    description: service.description,
    kind: service.kind as ServiceKind,
    min_transit_hours: service.min_transit_hours,
    max_transit_hours: service.max_transit_hours,
    required_vehicle_features: service.required_vehicle_features.filter((f): f is VehicleFeature => (VEHICLE_FEATURES as readonly string[]).includes(f)),
    active: service.active,
  };
}
