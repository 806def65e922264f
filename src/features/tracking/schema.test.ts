import { describe, expect, it } from 'vitest';
import { trackingPath } from '../../lib/tracking';
import { DELIVERY_STATUSES } from '../../data/statuses';
import { translator } from '../../lib/i18n/catalogue';
import { trackingMessages } from './messages';
import es from './messages/es';
import { businessName, freshPosition, parseTrackingInput, statusHeadline, trackingSchema, trackingSteps, type Tracking } from './schema';

const t = translator(trackingMessages, 'en', trackingMessages.en);

const TOKEN = '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';

describe('parseTrackingInput', () => {
  it('takes the bare token, with spaces and in any case', () => {
    expect(parseTrackingInput(TOKEN)).toBe(TOKEN);
    expect(parseTrackingInput(`  ${TOKEN.toUpperCase()}\n`)).toBe(TOKEN);
  });

  it('takes the whole link, from any host, with or without its scheme', () => {
    expect(parseTrackingInput(`https://track.acme.example/tracking?token=${TOKEN}`)).toBe(TOKEN);
    expect(parseTrackingInput(`http://127.0.0.1:5173/tracking?token=${TOKEN}&utm_source=sms`)).toBe(TOKEN);
    expect(parseTrackingInput(`waypost.example/tracking?token=${TOKEN}`)).toBe(TOKEN);
    expect(parseTrackingInput(trackingPath(TOKEN))).toBe(TOKEN);
  });

  it('takes a link that carries the token as its last path segment', () => {
    expect(parseTrackingInput(`https://acme.example/t/${TOKEN}`)).toBe(TOKEN);
  });

  it('refuses what cannot be a token: empty, too short, not hex, a link without one', () => {
    expect(parseTrackingInput('')).toBeNull();
    expect(parseTrackingInput('   ')).toBeNull();
    expect(parseTrackingInput('ACME-000123')).toBeNull();
    expect(parseTrackingInput('abc123')).toBeNull();
    expect(parseTrackingInput(`${TOKEN.slice(0, 31)}`)).toBeNull();
    expect(parseTrackingInput(`${TOKEN.slice(0, 40)}zz`)).toBeNull();
    expect(parseTrackingInput('https://acme.example/tracking?token=nope')).toBeNull();
    expect(parseTrackingInput('https://acme.example/tracking')).toBeNull();
    expect(parseTrackingInput('not a link at all')).toBeNull();
  });
});

function tracking(overrides: Partial<Tracking>): Tracking {
  return {
    code: 'ACME-000123',
    kind: 'delivery',
    status: 'pending',
    created_at: '2026-11-25T09:00:00Z',
    timeline: [{ status: 'pending', at: '2026-11-25T09:00:00Z' }],
    business: { slug: 'acme', name: { en: 'Acme Logistics' } },
    ...overrides,
  };
}

describe('trackingSteps', () => {
  it('a pending delivery: placed is current, the rest to come', () => {
    const steps = trackingSteps(tracking({}));
    expect(steps.map((s) => `${s.key}:${s.state}`)).toEqual(['placed:current', 'assigned:upcoming', 'picked_up:upcoming', 'in_transit:upcoming', 'delivered:upcoming']);
    expect(steps[0]!.at).toBe('2026-11-25T09:00:00Z');
  });

  it('in transit: the earlier steps done with their times, on the way current', () => {
    const steps = trackingSteps(
      tracking({
        status: 'in_transit',
        timeline: [
          { status: 'pending', at: '2026-11-25T09:00:00Z' },
          { status: 'assigned', at: '2026-11-25T09:05:00Z' },
          { status: 'accepted', at: '2026-11-25T09:06:00Z' },
          { status: 'picked_up', at: '2026-11-25T09:30:00Z' },
          { status: 'in_transit', at: '2026-11-25T09:31:00Z' },
        ],
      }),
    );
    expect(steps.map((s) => `${s.key}:${s.state}`)).toEqual(['placed:done', 'assigned:done', 'picked_up:done', 'in_transit:current', 'delivered:upcoming']);
    expect(steps[1]!.at).toBe('2026-11-25T09:06:00Z');
    expect(steps[4]!.at).toBeNull();
  });

  it('the driver\'s arrivals are sub-steps: at the pickup under the assigned step, at the door under on the way', () => {
    const steps = trackingSteps(
      tracking({
        status: 'in_transit',
        arrivals: [
          { stop: 'pickup', at: '2026-11-25T09:20:00Z' },
          { stop: 'dropoff', at: '2026-11-25T09:50:00Z' },
        ],
      }),
    );
    expect(steps.find((s) => s.key === 'assigned')?.arrival).toEqual({ stop: 'pickup', at: '2026-11-25T09:20:00Z' });
    expect(steps.find((s) => s.key === 'in_transit')?.arrival).toEqual({ stop: 'dropoff', at: '2026-11-25T09:50:00Z' });
    expect(steps.filter((s) => s.arrival)).toHaveLength(2);
    expect(trackingSteps(tracking({ status: 'accepted' })).some((s) => s.arrival)).toBe(false);
  });

  it('delivered: every step done', () => {
    const steps = trackingSteps(tracking({ status: 'delivered', timeline: [{ status: 'delivered', at: '2026-11-25T10:00:00Z' }] }));
    expect(steps.every((s) => s.state === 'done')).toBe(true);
    expect(steps[4]!.at).toBe('2026-11-25T10:00:00Z');
  });

  it('failed after pickup: the steps reached, then the failure', () => {
    const steps = trackingSteps(
      tracking({
        status: 'failed',
        timeline: [
          { status: 'pending', at: '2026-11-25T09:00:00Z' },
          { status: 'accepted', at: '2026-11-25T09:06:00Z' },
          { status: 'picked_up', at: '2026-11-25T09:30:00Z' },
          { status: 'failed', at: '2026-11-25T10:30:00Z' },
        ],
      }),
    );
    expect(steps.map((s) => `${s.key}:${s.state}`)).toEqual(['placed:done', 'assigned:done', 'picked_up:done', 'failed:failed']);
    expect(steps[3]!.at).toBe('2026-11-25T10:30:00Z');
  });

  it('cancelled before a driver, and returned after a failure', () => {
    expect(trackingSteps(tracking({ status: 'cancelled' })).map((s) => `${s.key}:${s.state}`)).toEqual(['placed:done', 'cancelled:failed']);
    expect(trackingSteps(tracking({ status: 'returned' })).map((s) => `${s.key}:${s.state}`)).toEqual(['placed:done', 'failed:done', 'returned:current']);
  });
});

describe('the headline, the business name and the schema', () => {
  it('names the driver while in transit', () => {
    expect(statusHeadline(tracking({ status: 'in_transit', driver: { first_name: 'Derek' } }), t)).toBe('Derek is on the way');
    expect(statusHeadline(tracking({ status: 'in_transit' }), t)).toBe('Your parcel is on the way');
    expect(statusHeadline(tracking({ status: 'failed' }), t)).toBe('The delivery could not be completed');
    expect(statusHeadline(tracking({ status: 'in_transit', driver: { first_name: 'Derek' } }), translator(trackingMessages, 'es', es))).toBe('Derek está en camino');
  });

  it('has its own headline for every status', () => {
    expect(DELIVERY_STATUSES.map((status) => statusHeadline(tracking({ status }), t))).toEqual([
      'Your order is placed',
      'A driver is being confirmed',
      'A driver will pick up your parcel',
      'Your parcel has been picked up',
      'Your parcel is on the way',
      'Delivered',
      'The delivery could not be completed',
      'This delivery was cancelled',
      'Your parcel was returned to the sender',
    ]);
  });

  it('reads the tenant name in English, else the slug', () => {
    expect(businessName({ slug: 'acme', name: { en: 'Acme Logistics' } })).toBe('Acme Logistics');
    expect(businessName({ slug: 'acme', name: 'Acme' })).toBe('Acme');
    expect(businessName({ slug: 'acme', name: { fr: 'Acmé' } })).toBe('acme');
    expect(businessName({ slug: 'acme' })).toBe('acme');
  });

  it('accepts the function’s object and refuses one without the whitelisted core', () => {
    expect(trackingSchema.safeParse({ ...tracking({}), extra: 'ignored' }).success).toBe(true);
    expect(trackingSchema.safeParse({ code: 'ACME-1' }).success).toBe(false);
    expect(trackingSchema.safeParse({ ...tracking({}), status: 'teleported' }).success).toBe(false);
  });
});

describe('freshPosition', () => {
  const position = { lat: 37.77, lng: -122.39, heading: 45, at: '2026-11-25T09:31:00Z' };
  it('shows a fix for 2 minutes after it arrived, then drops it; none without a fix', () => {
    const arrived = 1_000_000;
    expect(freshPosition(position, arrived, arrived)).toBe(position);
    expect(freshPosition(position, arrived, arrived + 119_000)).toBe(position);
    expect(freshPosition(position, arrived, arrived + 121_000)).toBeNull();
    expect(freshPosition(undefined, arrived, arrived)).toBeNull();
  });
});
