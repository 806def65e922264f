import type { DeliveryInput, DriverInput, ExistingStop, VehicleInput } from './types';

/**
 * From database rows (as supabase-js returns them) to the solver's inputs, so the board does not
 * re-derive the rules: vehicles.capacity_unit and vehicle_requirements, drivers' licence and last
 * position, deliveries' points, windows, total weight and their service's required features.
 * Structural row types: only the columns read here.
 */
export interface VehicleRow {
  id: string;
  capacity_unit: number | string;
  active?: boolean | null;
  vehicle_requirements?: { license_requirements?: unknown; special_features?: unknown } | null;
}

export interface DriverRow {
  id: string;
  licence_class: string;
  licence_expiry?: string | null;
  last_lat?: number | null;
  last_lng?: number | null;
}

export interface DeliveryRow {
  id: string;
  pickup_lat: number;
  pickup_lng: number;
  dropoff_lat: number;
  dropoff_lng: number;
  pickup_window_start?: string | null;
  pickup_window_end?: string | null;
  dropoff_window_start?: string | null;
  dropoff_window_end?: string | null;
  total_weight_kg: number | string;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

export function vehicleFromRow(row: VehicleRow): VehicleInput {
  return {
    id: row.id,
    capacity_kg: Number(row.capacity_unit),
    features: strings(row.vehicle_requirements?.special_features),
    licence_classes: strings(row.vehicle_requirements?.license_requirements),
    active: row.active ?? true,
  };
}

const window = (start: string | null | undefined, end: string | null | undefined) => (start == null && end == null ? null : { start: start ?? null, end: end ?? null });

export function deliveryFromRow(row: DeliveryRow, requiredFeatures: readonly string[], extra: Partial<DeliveryInput> = {}): DeliveryInput {
  return {
    id: row.id,
    pickup: { lat: row.pickup_lat, lng: row.pickup_lng },
    dropoff: { lat: row.dropoff_lat, lng: row.dropoff_lng },
    pickup_window: window(row.pickup_window_start, row.pickup_window_end),
    dropoff_window: window(row.dropoff_window_start, row.dropoff_window_end),
    weight_kg: Number(row.total_weight_kg),
    required_features: requiredFeatures,
    ...extra,
  };
}

/**
 * A driver ready to plan for: positioned at the last fix, else at `fallback` (the home zone's centre);
 * null when neither is known (the board lists such a driver as unplaceable rather than guessing).
 * Existing work: the accepted deliveries still to do, as stops in the order the driver will do them.
 */
export function driverFromRows(
  row: DriverRow,
  vehicle: VehicleRow | null,
  options: { name?: string; fallback?: { lat: number; lng: number } | null; currentLoadKg?: number; existingStops?: ExistingStop[]; availableFrom?: string | null } = {},
): DriverInput | null {
  const at = row.last_lat != null && row.last_lng != null ? { lat: row.last_lat, lng: row.last_lng } : options.fallback ?? null;
  if (!at) return null;
  return {
    id: row.id,
    name: options.name,
    ...at,
    licence_class: row.licence_class,
    licence_expiry: row.licence_expiry ?? null,
    vehicle: vehicle ? vehicleFromRow(vehicle) : null,
    current_load_kg: options.currentLoadKg ?? 0,
    existing_stops: options.existingStops ?? [],
    available_from: options.availableFrom ?? null,
  };
}
