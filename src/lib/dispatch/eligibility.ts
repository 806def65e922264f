import { toMs } from './time';
import type { DeliveryInput, DriverInput } from './types';

/**
 * The database's assignment rules (private.assignment_fit_problems, migration 20261125000720), so the
 * solver never proposes what the database would refuse: an active vehicle, an unexpired licence, the
 * driver's licence class among the vehicle's licence requirements, every feature the service
 * requires, and the packages' weight within the vehicle's capacity. (The driver being an active
 * person with the driver panel is the caller's part: it passes only such drivers.)
 */
export type FitRule = 'no_vehicle' | 'vehicle_inactive' | 'licence_expired' | 'licence_class' | 'features' | 'weight';

export interface FitProblem {
  rule: FitRule;
  /** The English words (the database's). */
  message: string;
  /** What a screen needs to say it in its own language: the driver's name (null: none), the licence classes, the missing features, the weights. */
  values: { driver?: string | null; needs?: string[]; holds?: string; missing?: string[]; weight_kg?: number; capacity_kg?: number };
}

const DAY_MS = 86_400_000;

function isDateOnly(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
}

/** The licence is valid through its expiry day (the database refuses when licence_expiry < current_date). */
export function licenceExpired(driver: DriverInput, now: number): boolean {
  if (driver.licence_expiry == null) return false;
  const expiry = toMs(driver.licence_expiry);
  return isDateOnly(driver.licence_expiry) ? expiry + DAY_MS <= now : expiry < now;
}

function kg(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** Every rule the pair breaks, in the database's order; empty when the database would accept it. */
export function fitProblems(driver: DriverInput, delivery: DeliveryInput, now: number): FitProblem[] {
  const problems: FitProblem[] = [];
  const label = driver.name ?? 'The driver';
  const named = { driver: driver.name ?? null };
  if (licenceExpired(driver, now)) problems.push({ rule: 'licence_expired', message: `${label}'s licence has expired`, values: named });
  const v = driver.vehicle;
  if (!v) {
    problems.push({ rule: 'no_vehicle', message: `${label} has no vehicle`, values: named });
    return problems;
  }
  if (v.active === false) {
    problems.push({ rule: 'vehicle_inactive', message: 'The vehicle is not active', values: {} });
    return problems;
  }
  if (!v.licence_classes.includes(driver.licence_class)) {
    problems.push({
      rule: 'licence_class',
      message: `The vehicle needs a ${v.licence_classes.join(' or ') || '(none)'} licence; ${label} holds a ${driver.licence_class} licence`,
      values: { ...named, needs: [...v.licence_classes], holds: driver.licence_class },
    });
  }
  const missing = (delivery.required_features ?? []).filter((f) => !v.features.includes(f)).sort();
  if (missing.length > 0) {
    problems.push({ rule: 'features', message: `The vehicle lacks ${missing.map((f) => f.replace(/_/g, ' ')).join(', ')}`, values: { missing } });
  }
  if (delivery.weight_kg > v.capacity_kg) {
    problems.push({
      rule: 'weight',
      message: `The packages weigh ${kg(delivery.weight_kg)} kg; the vehicle carries at most ${kg(v.capacity_kg)} kg`,
      values: { weight_kg: Math.round(delivery.weight_kg * 100) / 100, capacity_kg: Math.round(v.capacity_kg * 100) / 100 },
    });
  }
  return problems;
}

export function isEligible(driver: DriverInput, delivery: DeliveryInput, now: number): boolean {
  return fitProblems(driver, delivery, now).length === 0;
}
