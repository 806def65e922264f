// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrackingWatch } from '../../../lib/tracking-live';
import { trackingSchema, type Tracking } from '../schema';

class TrackingLookupError extends Error {
  constructor(
    readonly reason: 'not-found' | 'rate-limited' | 'failed',
    message: string,
  ) {
    super(message);
  }
}
const trackDelivery = vi.fn();
const trackingProofPhotos = vi.fn(async () => [{ key: '0', label: 'Photo 1', url: 'https://signed.test/photo-1.jpg', fileName: 'photo-1.jpg' }]);
vi.mock('../api', () => ({
  TrackingLookupError,
  trackDelivery: (...args: unknown[]) => trackDelivery(...args),
  trackingProofPhotos: (...args: unknown[]) => trackingProofPhotos(...(args as [])),
  parseTrackingUpdate: (payload: unknown) => {
    const parsed = trackingSchema.safeParse(payload);
    return parsed.success ? parsed.data : null;
  },
}));
let watch: TrackingWatch | null = null;
const stopWatching = vi.fn();
vi.mock('../../../lib/tracking-live', () => ({
  watchTracking: (_token: string, callbacks: TrackingWatch) => {
    watch = callbacks;
    return stopWatching;
  },
}));

const { TrackingPage } = await import('./TrackingPage');

const TOKEN = 'ab'.repeat(32);

function tracking(patch: Partial<Tracking> = {}): Tracking {
  return {
    code: 'ACME-000321',
    kind: 'delivery',
    status: 'pending',
    created_at: '2026-11-25T09:00:00Z',
    timeline: [{ status: 'pending', at: '2026-11-25T09:00:00Z' }],
    destination: { city: 'San Francisco', country: 'United States' },
    business: { slug: 'acme', name: { en: 'Acme Logistics' }, colors: { primary: '#0f766e' } },
    ...patch,
  };
}

function show(path: string, brand = vi.fn(() => ({ variables: { '--brand-primary': '#0f766e' }, logo: null }))) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <TrackingPage brand={brand} />
    </Router>,
  );
  return { location, brand };
}

beforeEach(() => {
  trackDelivery.mockReset();
  stopWatching.mockReset();
  watch = null;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('TrackingPage', () => {
  it('without a token asks for the link, refuses what is not one, and goes to the token it finds', async () => {
    const { location } = show('/tracking');
    expect(screen.getByRole('heading', { name: 'Track your delivery' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Track' }));
    expect(screen.getByLabelText('Tracking link or code')).toHaveAccessibleDescription('Enter your tracking link or code');
    await userEvent.type(screen.getByLabelText('Tracking link or code'), 'ACME-000321');
    await userEvent.click(screen.getByRole('button', { name: 'Track' }));
    expect(screen.getByLabelText('Tracking link or code')).toHaveAttribute('aria-invalid', 'true');
    expect(trackDelivery).not.toHaveBeenCalled();

    trackDelivery.mockReturnValue(new Promise(() => {}));
    await userEvent.clear(screen.getByLabelText('Tracking link or code'));
    await userEvent.type(screen.getByLabelText('Tracking link or code'), `https://x.example/tracking?token=${TOKEN.toUpperCase()}`);
    await userEvent.click(screen.getByRole('button', { name: 'Track' }));
    expect(location.history.at(-1)).toBe(`/tracking?token=${TOKEN}`);
    expect(await screen.findByRole('status', { name: 'Loading your delivery' })).toHaveAttribute('aria-busy', 'true');
    expect(trackDelivery).toHaveBeenCalledWith(TOKEN);
  });

  it('shows the delivery in its brand and follows the live topic', async () => {
    trackDelivery.mockResolvedValue(tracking());
    const { brand } = show(`/tracking?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Your order is placed' })).toBeInTheDocument();
    expect(brand).toHaveBeenCalledWith(expect.objectContaining({ slug: 'acme' }));
    expect(screen.getByTestId('tracking-business')).toHaveTextContent('Acme Logistics');
    expect(screen.getByTestId('tracking-destination')).toHaveTextContent('San Francisco, United States');
    expect(screen.getByRole('list', { name: 'Delivery progress' }).querySelector('[aria-current="step"]')).toHaveTextContent('Order placed');
    // The topic is joined in an effect after the delivery shows, which may run a tick after the heading appears.
    await waitFor(() => expect(watch).not.toBeNull());

    // Joined: read again quietly; then a broadcast replaces what is shown.
    act(() => watch!.onState!('live'));
    expect(trackDelivery).toHaveBeenCalledTimes(2);
    act(() =>
      watch!.onUpdate(
        tracking({
          status: 'in_transit',
          estimate: '2026-11-25T10:00:00Z',
          driver: { first_name: 'Derek', position: { lat: 37.77, lng: -122.41, heading: 90, at: '2026-11-25T09:50:00Z' } },
        }),
      ),
    );
    expect(screen.getByRole('heading', { name: 'Derek is on the way' })).toBeInTheDocument();
    expect(screen.getByTestId('tracking-driver')).toHaveTextContent('Derek');
    expect(screen.getByTestId('tracking-estimate')).toBeInTheDocument();
    expect(screen.getByTestId('tracking-position')).toHaveTextContent('Location updated');
    // Something that is not a tracking object changes nothing.
    act(() => watch!.onUpdate({ status: 'delivered' }));
    expect(screen.getByRole('heading', { name: 'Derek is on the way' })).toBeInTheDocument();
  });

  it('hides the driver’s position when no newer fix came for 2 minutes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    trackDelivery.mockResolvedValue(
      tracking({ status: 'in_transit', driver: { first_name: 'Derek', position: { lat: 37.77, lng: -122.41, at: new Date().toISOString() } } }),
    );
    show(`/tracking?token=${TOKEN}`);
    expect(await screen.findByTestId('tracking-position')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(130_000);
    });
    expect(screen.queryByTestId('tracking-position')).not.toBeInTheDocument();
    expect(screen.getByTestId('tracking-position-unavailable')).toHaveTextContent('more than 2 minutes old');
    expect(screen.getByTestId('tracking-driver')).toHaveTextContent('Derek');
  });

  it('says not found, rate-limited (with Try again) or failed (with Retry)', async () => {
    trackDelivery.mockRejectedValueOnce(new TrackingLookupError('not-found', 'No delivery matches this tracking link'));
    show(`/tracking?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'No delivery matches this tracking link' })).toBeInTheDocument();
    expect(watch).toBeNull();
    cleanup();

    trackDelivery.mockRejectedValueOnce(new TrackingLookupError('rate-limited', 'Too many'));
    show(`/tracking?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Too many tracking lookups' })).toBeInTheDocument();
    trackDelivery.mockResolvedValueOnce(tracking({ status: 'delivered', delivered_at: '2026-11-25T10:00:00Z', proof: { signature: true, photos: 1 } }));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('tracking-proof')).toHaveTextContent('Signed for on delivery');
    expect(screen.getByTestId('tracking-proof')).toHaveTextContent('1 photo taken at the door');
    // The photo's thumbnail, signed by the edge function for the token's holder.
    const photos = await screen.findByRole('list', { name: 'Photos taken at the door' });
    expect(trackingProofPhotos).toHaveBeenCalledWith(TOKEN, expect.objectContaining({ failed: 'Could not load the photos' }));
    expect(photos.querySelector('img')).toHaveAttribute('src', 'https://signed.test/photo-1.jpg');
    cleanup();

    trackDelivery.mockRejectedValueOnce(new Error('network down'));
    show(`/tracking?token=${TOKEN}`);
    expect(await screen.findByText('Could not load the delivery')).toBeInTheDocument();
    trackDelivery.mockResolvedValueOnce(tracking({ status: 'failed', failure_reason: 'Nobody home' }));
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('tracking-failure-reason')).toHaveTextContent('Nobody home');
  });

  it('a malformed token never reaches the server', () => {
    show('/tracking?token=nope');
    expect(screen.getByRole('heading', { name: 'No delivery matches this tracking link' })).toBeInTheDocument();
    expect(trackDelivery).not.toHaveBeenCalled();
  });
});
