import { InvalidProblemError, type FitProblem, type UnassignedWhy } from '../../lib/dispatch';
import type { LocaleFormat } from '../../lib/i18n/format';
import type { Translate } from '../../lib/i18n/catalogue';
import type { BoardKey } from './messages';

const LICENCE_KEYS: Record<string, BoardKey> = { standard: 'licence.standard', commercial: 'licence.commercial', special: 'licence.special' };
const FEATURE_KEYS: Record<string, BoardKey> = {
  lift_gate: 'feature.lift_gate',
  refrigeration: 'feature.refrigeration',
  temperature_control: 'feature.temperature_control',
  security_system: 'feature.security_system',
  gps_tracking: 'feature.gps_tracking',
};

const known = (t: Translate<BoardKey>, keys: Record<string, BoardKey>, value: string, fallback: string) => (keys[value] ? t(keys[value]) : fallback);

/** Kilograms as the planner says them: at most two decimals, no grouping (as its English did). */
const kg = (format: LocaleFormat, value: number) => format.number(value, { maximumFractionDigits: 2, useGrouping: false });

/** Why a driver cannot take a delivery (the database's assignment rules), in the page's language. */
export function fitProblemWords(t: Translate<BoardKey>, format: LocaleFormat, problem: FitProblem): string {
  const driver = problem.values.driver ?? '';
  const named = problem.values.driver ? 'yes' : 'no';
  switch (problem.rule) {
    case 'licence_expired':
      return t('fit.licence_expired', { driver, named });
    case 'no_vehicle':
      return t('fit.no_vehicle', { driver, named });
    case 'vehicle_inactive':
      return t('fit.vehicle_inactive');
    case 'licence_class': {
      const needs = (problem.values.needs ?? []).map((value) => known(t, LICENCE_KEYS, value, value)).join(t('fit.or')) || t('fit.noClass');
      const holds = problem.values.holds ?? '';
      return t('fit.licence_class', { needs, driver, named, holds: known(t, LICENCE_KEYS, holds, holds) });
    }
    case 'features':
      return t('fit.features', { features: (problem.values.missing ?? []).map((value) => known(t, FEATURE_KEYS, value, value.replace(/_/g, ' '))).join(', ') });
    case 'weight':
      return t('fit.weight', { weight: kg(format, problem.values.weight_kg ?? 0), capacity: kg(format, problem.values.capacity_kg ?? 0) });
    default:
      return problem.message;
  }
}

/** Why auto-assign left a delivery out, in the page's language. */
export function unassignedWords(t: Translate<BoardKey>, format: LocaleFormat, why: UnassignedWhy): string {
  switch (why.key) {
    case 'locked_unavailable':
      return t('plan.locked_unavailable');
    case 'locked_problems':
      return why.problems.map((problem) => fitProblemWords(t, format, problem)).join(t('fit.separator'));
    case 'locked_cannot_fit':
      return t('plan.locked_cannot_fit', { driver: why.driver ?? t('plan.itsDriver') });
    case 'too_heavy':
      return t('plan.too_heavy', { weight: kg(format, why.weight_kg), largest: kg(format, why.largest_kg) });
    case 'no_driver':
      return t('plan.no_driver');
    case 'no_vehicle_fits':
      return t('plan.no_vehicle_fits');
    case 'window_impossible':
      return t('plan.window_impossible');
    case 'time_budget':
      return t('plan.time_budget');
    case 'too_full':
      return t('plan.too_full');
    case 'drivers_full':
      return t('plan.drivers_full', { max: format.number(why.max) });
    case 'busy':
      return t('plan.busy');
  }
}

/**
 * Why the planner could not run, in the page's language: the delivery (by its code) or the driver (by
 * name) whose data it cannot read (a missing location, a time that is not one), else `fallback`.
 * InvalidProblemError's own message is the developers' English and names ids.
 */
export function plannerFaultText(
  error: unknown,
  t: Translate<BoardKey>,
  codeOf: (deliveryId: string) => string | null,
  driverName: (driverId: string) => string | null,
  fallback: string,
): string {
  if (!(error instanceof InvalidProblemError)) return fallback;
  const delivery = error.faults.find((fault) => fault.subject === 'delivery' && fault.id);
  if (delivery?.id) return t('planner.deliveryFault', { code: codeOf(delivery.id) ?? t('planner.aDelivery') });
  const driver = error.faults.find((fault) => fault.subject === 'driver' && fault.id);
  if (driver?.id) return t('planner.driverFault', { name: driverName(driver.id) ?? t('auto.aDriver') });
  return t('planner.optionsFault');
}
