import { toMs } from './time';
import type { Problem, TimeInput } from './types';

/** What a problem's fault is about: a driver or a delivery (by id), or the options. */
export interface ProblemFault {
  subject: 'driver' | 'delivery' | 'options';
  /** The driver's or the delivery's id; absent for the options. */
  id?: string;
  /** The fault in English, for logs and developers (a screen says it by `subject` and `id`, in its own words). */
  message: string;
}

/**
 * Thrown for a problem the solver cannot read (the board builds problems from database rows; this
 * guards its bugs). `faults` say whom each is about, so a screen can name the delivery or the driver
 * in its own language; the message is the developers' English.
 */
export class InvalidProblemError extends Error {
  readonly problems: string[];
  constructor(readonly faults: ProblemFault[]) {
    super(`Invalid dispatch problem: ${faults.map((f) => f.message).join('; ')}`);
    this.name = 'InvalidProblemError';
    this.problems = faults.map((f) => f.message);
  }
}

const isLat = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= -90 && v <= 90;
const isLng = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= -180 && v <= 180;
const isTime = (v: unknown) =>
  v == null || (v instanceof Date && !Number.isNaN(v.getTime())) || (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && !Number.isNaN(Date.parse(v)));

/** Every fault of the input at once, each with whom it is about, or nothing. */
export function problemFaults(problem: Problem): ProblemFault[] {
  const faults: ProblemFault[] = [];
  // Whom the checks below are about while they run.
  let about: Omit<ProblemFault, 'message'> = { subject: 'options' };
  const errors = { push: (message: string) => faults.push({ ...about, message }) };
  const point = (label: string, p: { lat: number; lng: number } | undefined) => {
    if (!p || !isLat(p.lat) || !isLng(p.lng)) errors.push(`${label}: a latitude and longitude are required`);
  };
  const window = (label: string, w: { start?: TimeInput | null; end?: TimeInput | null } | null | undefined) => {
    if (w && (!isTime(w.start) || !isTime(w.end))) errors.push(`${label}: not a time`);
    else if (w?.start != null && w.end != null && toMs(w.end) < toMs(w.start)) errors.push(`${label}: ends before it starts`);
  };
  const driverIds = new Set<string>();
  for (const d of problem.drivers) {
    about = { subject: 'driver', id: d.id };
    if (driverIds.has(d.id)) errors.push(`driver ${d.id}: listed twice`);
    driverIds.add(d.id);
    point(`driver ${d.id}`, d);
    if (!isTime(d.available_from)) errors.push(`driver ${d.id}: available_from is not a time`);
    if (d.vehicle && !(d.vehicle.capacity_kg >= 0)) errors.push(`driver ${d.id}: the vehicle's capacity must be 0 or more`);
    if (d.current_load_kg != null && !(d.current_load_kg >= 0)) errors.push(`driver ${d.id}: current_load_kg must be 0 or more`);
    (d.existing_stops ?? []).forEach((s, i) => {
      point(`driver ${d.id} stop ${i + 1}`, s);
      window(`driver ${d.id} stop ${i + 1} window`, s.window);
    });
  }
  const deliveryIds = new Set<string>();
  for (const d of problem.deliveries) {
    about = { subject: 'delivery', id: d.id };
    if (deliveryIds.has(d.id)) errors.push(`delivery ${d.id}: listed twice`);
    deliveryIds.add(d.id);
    point(`delivery ${d.id} pickup`, d.pickup);
    point(`delivery ${d.id} dropoff`, d.dropoff);
    window(`delivery ${d.id} pickup_window`, d.pickup_window);
    window(`delivery ${d.id} dropoff_window`, d.dropoff_window);
    if (!(d.weight_kg >= 0)) errors.push(`delivery ${d.id}: weight_kg must be 0 or more`);
    if (d.service_minutes != null && !(d.service_minutes >= 0)) errors.push(`delivery ${d.id}: service_minutes must be 0 or more`);
  }
  about = { subject: 'options' };
  const o = problem.options;
  if (o?.speed_kmh != null && !(o.speed_kmh > 0)) errors.push('speed_kmh must be more than 0');
  if (o?.max_deliveries_per_driver != null && !(o.max_deliveries_per_driver >= 1)) errors.push('max_deliveries_per_driver must be 1 or more');
  if (o && !isTime(o.now)) errors.push('now is not a time');
  return faults;
}

/** Every problem of the input at once, in English, or nothing. */
export function problemErrors(problem: Problem): string[] {
  return problemFaults(problem).map((fault) => fault.message);
}

export function assertValidProblem(problem: Problem): void {
  const faults = problemFaults(problem);
  if (faults.length > 0) throw new InvalidProblemError(faults);
}
