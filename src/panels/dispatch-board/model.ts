import { z } from 'zod';
import { ASSIGNMENT_STATUSES, DELIVERY_STATUSES, DRIVER_STATUSES, type DeliveryStatus, type DriverStatus } from '../../data/statuses';

/**
 * The board's rows: the columns of deliveries, drivers and assignments it shows and plans with. The
 * live broadcasts carry whole table rows, so these schemas are loose (extra columns pass through).
 */
const num = z.union([z.number(), z.string()]).transform((v) => Number(v));
const nullableNum = z
  .union([z.number(), z.string()])
  .nullable()
  .optional()
  .transform((v) => (v == null ? null : Number(v)));
const nullableText = z.string().nullable().optional().transform((v) => v ?? null);

export const boardDeliverySchema = z
  .object({
    id: z.string(),
    tenant_id: z.string(),
    delivery_code: z.string(),
    kind: z.string(),
    status: z.enum(DELIVERY_STATUSES),
    priority: z.string(),
    service_id: z.string(),
    pickup_zone_id: nullableText,
    dropoff_zone_id: nullableText,
    customer_id: z.string(),
    pickup_address: z.object({ full_address: z.string().optional() }).loose().nullable(),
    dropoff_address: z.object({ full_address: z.string().optional() }).loose().nullable(),
    pickup_lat: num,
    pickup_lng: num,
    dropoff_lat: num,
    dropoff_lng: num,
    pickup_window_start: nullableText,
    pickup_window_end: nullableText,
    dropoff_window_start: nullableText,
    dropoff_window_end: nullableText,
    total_weight_kg: num,
    package_count: nullableNum,
    driver_id: nullableText,
    vehicle_id: nullableText,
    status_reason: nullableText,
    notes: z.string().nullable().optional(),
    cod_amount: nullableNum,
    price: nullableNum,
    currency: z.string().optional(),
    external_reference_id: nullableText,
    assigned_at: nullableText,
    delivered_at: nullableText,
    failed_at: nullableText,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .loose();
export type BoardDelivery = z.infer<typeof boardDeliverySchema>;

export const boardDriverSchema = z
  .object({
    id: z.string(),
    tenant_id: z.string(),
    status: z.enum(DRIVER_STATUSES),
    licence_class: z.string(),
    licence_expiry: nullableText,
    default_vehicle_id: nullableText,
    home_zone_id: nullableText,
    last_lat: nullableNum,
    last_lng: nullableNum,
    last_heading: nullableNum,
    last_position_at: nullableText,
    updated_at: z.string(),
  })
  .loose();
export type BoardDriver = z.infer<typeof boardDriverSchema>;

export const boardAssignmentSchema = z
  .object({
    id: z.string(),
    tenant_id: z.string(),
    delivery_id: z.string(),
    driver_id: z.string(),
    vehicle_id: z.string(),
    status: z.enum(ASSIGNMENT_STATUSES),
    assignment_time: z.string(),
  })
  .loose();
export type BoardAssignment = z.infer<typeof boardAssignmentSchema>;

export interface BoardVehicle {
  id: string;
  name: string;
  code: string;
  capacity_unit: number;
  active: boolean;
  vehicle_requirements: { license_requirements?: unknown; special_features?: unknown } | null;
}

export interface BoardService {
  id: string;
  name: string;
  required_vehicle_features: string[];
}

export interface BoardZone {
  id: string;
  name: string;
}

/** What the board reads once (not live): the fleet, services and zones it names and plans with. */
export interface BoardReference {
  vehicles: ReadonlyMap<string, BoardVehicle>;
  services: ReadonlyMap<string, BoardService>;
  zones: ReadonlyMap<string, BoardZone>;
}

export const OPEN_STATUSES: readonly DeliveryStatus[] = ['pending', 'assigned', 'accepted', 'picked_up', 'in_transit'];
export const DONE_STATUSES: readonly DeliveryStatus[] = ['delivered', 'failed'];
export const ON_DUTY_STATUSES: readonly DriverStatus[] = ['available', 'busy', 'on_break'];
export const OPEN_ASSIGNMENT_STATUSES = ['pending', 'accepted'] as const;
