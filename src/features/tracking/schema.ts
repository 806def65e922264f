import { z } from 'zod';
import { TRACKING_TOKEN_PATTERN } from '../../lib/tracking';
import { DELIVERY_STATUSES, type DeliveryStatus } from '../../data/statuses';
import type { Translate } from '../../lib/i18n/catalogue';
import type { TrackingKey } from './messages';

/**
 * What the public tracking page knows of a delivery: exactly the whitelisted object of
 * `public.track_delivery(token)` and of the `tracking:<token>` topic. Optional keys are absent
 * (the function strips nulls) when they do not apply: the driver only while in transit, the
 * position only while the fix is fresh, the proof after delivery, the reason after a failure.
 */

const timestamp = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'a time');
const localized = z.union([z.string(), z.record(z.string(), z.unknown())]);

export const trackingPositionSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  heading: z.number().nullish(),
  at: timestamp,
});
export type TrackingPosition = z.infer<typeof trackingPositionSchema>;

export const trackingSchema = z.object({
  code: z.string(),
  kind: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  created_at: timestamp,
  updated_at: timestamp.optional(),
  timeline: z.array(z.object({ status: z.string(), at: timestamp })).catch([]),
  window: z.object({ start: timestamp.nullish(), end: timestamp.nullish() }).optional(),
  estimate: timestamp.optional(),
  destination: z.object({ city: z.string().nullish(), country: z.string().nullish() }).optional(),
  driver: z.object({ first_name: z.string(), position: trackingPositionSchema.optional() }).optional(),
  /** The current driver's arrivals at the pickup and the drop-off (sub-steps of the stepper). */
  arrivals: z.array(z.object({ stop: z.enum(['pickup', 'dropoff']), at: timestamp })).catch([]).optional(),
  delivered_at: timestamp.optional(),
  proof: z.object({ signature: z.boolean(), photos: z.number().int().min(0) }).optional(),
  failure_reason: z.string().optional(),
  /** The recipient's language (their delivery preference), when they have one. */
  language: z.string().optional(),
  business: z.object({
    name: localized.nullish(),
    slug: z.string(),
    logo_url: z.unknown().optional(),
    colors: z.unknown().optional(),
  }),
});
export type Tracking = z.infer<typeof trackingSchema>;
export type TrackingBusiness = Tracking['business'];

/**
 * A tracking token from what a recipient pastes: the whole link (any host, `?token=` in its query
 * or the token as the last path segment), or the bare token; spaces and case forgiven. Null when
 * nothing in it can be a token.
 */
export function parseTrackingInput(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  const bare = text.toLowerCase();
  if (TRACKING_TOKEN_PATTERN.test(bare)) return bare;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text.replace(/^\/+/, '')}`);
  } catch {
    return null;
  }
  const fromQuery = url.searchParams.get('token')?.trim().toLowerCase();
  if (fromQuery && TRACKING_TOKEN_PATTERN.test(fromQuery)) return fromQuery;
  const last = url.pathname.split('/').filter(Boolean).pop()?.toLowerCase();
  return last && TRACKING_TOKEN_PATTERN.test(last) ? last : null;
}

/** The business's name in English (tenants.name is {en: ...}), else its slug. */
export function businessName(business: TrackingBusiness): string {
  const { name } = business;
  if (typeof name === 'string' && name.trim()) return name;
  if (name && typeof name === 'object' && typeof name.en === 'string' && name.en.trim()) return name.en;
  return business.slug;
}

// ---------------------------------------------------------------------------------------------
// The stepper: the way a delivery normally goes, and where this one is on it.

export type StepState = 'done' | 'current' | 'upcoming' | 'failed';

export interface TrackingStep {
  key: 'placed' | 'assigned' | 'picked_up' | 'in_transit' | 'delivered' | 'failed' | 'cancelled' | 'returned';
  state: StepState;
  /** When the delivery reached this step (its latest time in the timeline). */
  at: string | null;
  /** A sub-step reached within this step: the driver's arrival at the pickup or the door. */
  arrival?: { stop: 'pickup' | 'dropoff'; at: string };
}

const STEP_STATUSES: Record<'placed' | 'assigned' | 'picked_up' | 'in_transit' | 'delivered', readonly DeliveryStatus[]> = {
  placed: ['pending'],
  assigned: ['assigned', 'accepted'],
  picked_up: ['picked_up'],
  in_transit: ['in_transit'],
  delivered: ['delivered'],
};
const NORMAL_ORDER = ['placed', 'assigned', 'picked_up', 'in_transit', 'delivered'] as const;
type NormalStep = (typeof NORMAL_ORDER)[number];

function stepOf(status: DeliveryStatus): NormalStep | null {
  for (const step of NORMAL_ORDER) if (STEP_STATUSES[step].includes(status)) return step;
  return null;
}

/** The latest time the timeline reached any of the statuses. */
function reachedAt(timeline: Tracking['timeline'], statuses: readonly string[]): string | null {
  let latest: string | null = null;
  for (const entry of timeline) if (statuses.includes(entry.status) && (!latest || entry.at > latest)) latest = entry.at;
  return latest;
}

/**
 * The steps to show: the normal way, done up to the current status; a failed, cancelled or
 * returned delivery ends at that outcome after the last step it reached.
 */
export function trackingSteps(tracking: Pick<Tracking, 'status' | 'timeline' | 'created_at' | 'arrivals'>): TrackingStep[] {
  const pickup = tracking.arrivals?.find((a) => a.stop === 'pickup');
  const dropoff = tracking.arrivals?.find((a) => a.stop === 'dropoff');
  return stepsOf(tracking).map((step) => {
    // Arrived at the pickup while a driver is assigned; at the door while on the way.
    if (step.key === 'assigned' && pickup) return { ...step, arrival: { stop: 'pickup', at: pickup.at } };
    if (step.key === 'in_transit' && dropoff) return { ...step, arrival: { stop: 'dropoff', at: dropoff.at } };
    return step;
  });
}

function stepsOf(tracking: Pick<Tracking, 'status' | 'timeline' | 'created_at'>): TrackingStep[] {
  const { status, timeline } = tracking;
  const at = (step: NormalStep) => (step === 'placed' ? (reachedAt(timeline, ['pending']) ?? tracking.created_at) : reachedAt(timeline, STEP_STATUSES[step]));
  const current = stepOf(status);
  if (current) {
    const index = NORMAL_ORDER.indexOf(current);
    return NORMAL_ORDER.map((key, i) => ({
      key,
      state: i < index || (i === index && key === 'delivered') ? 'done' : i === index ? 'current' : 'upcoming',
      at: i <= index ? at(key) : null,
    }));
  }
  // failed, cancelled, returned: the steps it reached, then the outcome.
  const outcome = status as 'failed' | 'cancelled' | 'returned';
  const reached = NORMAL_ORDER.filter((key) => key === 'placed' || reachedAt(timeline, STEP_STATUSES[key]) !== null);
  const steps: TrackingStep[] = reached.map((key) => ({ key, state: 'done', at: at(key) }));
  if (outcome === 'returned') {
    steps.push({ key: 'failed', state: 'done', at: reachedAt(timeline, ['failed']) });
  }
  steps.push({ key: outcome, state: outcome === 'returned' ? 'current' : 'failed', at: reachedAt(timeline, [outcome]) });
  return steps;
}

/** The headline of each status (in transit names the driver when the page knows them). */
const HEADLINES = {
  pending: 'headline.pending',
  assigned: 'headline.assigned',
  accepted: 'headline.accepted',
  picked_up: 'headline.picked_up',
  in_transit: 'headline.in_transit',
  delivered: 'headline.delivered',
  failed: 'headline.failed',
  cancelled: 'headline.cancelled',
  returned: 'headline.returned',
} as const satisfies Record<DeliveryStatus, TrackingKey>;

/** One sentence for the status, the page's headline. */
export function statusHeadline(tracking: Pick<Tracking, 'status' | 'driver'>, t: Translate<TrackingKey>): string {
  if (tracking.status === 'in_transit' && tracking.driver) return t('headline.in_transit_driver', { name: tracking.driver.first_name });
  return t(HEADLINES[tracking.status]);
}

/**
 * The fix the page may show. The server sends a position only while it is at most 2 minutes old;
 * a phone gone silent sends nothing more, so the page also drops it 2 minutes after it arrived
 * (timed by the viewer's own clock from the moment of arrival, so a wrong device clock cannot hide
 * or keep it).
 */
export function freshPosition(position: TrackingPosition | undefined, receivedAt: number, now: number): TrackingPosition | null {
  if (!position) return null;
  return now - receivedAt <= 2 * 60_000 ? position : null;
}
