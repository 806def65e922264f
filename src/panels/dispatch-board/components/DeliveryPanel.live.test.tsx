// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeRealtimeClient } from '../../../lib/realtime.fake';
import type { TimelineEvent } from '../api';
import { boardDelivery } from '../model.fake';

// The panel kept live by the delivery events' feed: the realtime socket and the board's reads are
// fakes, the rest is the panel as it runs. A completed package handoff writes `handed_over` on the
// timeline and changes no delivery row, so only the events' feed can tell the open panel.
const fake = vi.hoisted(() => ({ client: null as unknown, timeline: [] as TimelineEvent[] }));
const TENANT = '00000000-0000-4000-8000-000000000001';
vi.mock('../../../lib/supabase', () => ({
  get supabase() {
    return fake.client;
  },
}));
const fetchTimeline = vi.hoisted(() => vi.fn(async () => [...fake.timeline]));
vi.mock('../api', () => ({
  fetchTimeline,
  fetchDeliveryActions: async () => ['unassign'],
  fetchNames: async () => new Map([['c1', 'Carla Customer']]),
  refusalText: (error: unknown) => String(error),
  transitionDelivery: async () => undefined,
}));

const { DeliveryPanel } = await import('./DeliveryPanel');

afterEach(cleanup);

const event = (id: string, action: string, status: string | null, at: string): TimelineEvent => ({
  id,
  action,
  status,
  from_status: null,
  occurred_at: at,
  actor_name: null,
  driver_id: null,
  note: null,
  reason: null,
});

describe('DeliveryPanel timeline, live', () => {
  it('shows a handoff completed for its delivery without the delivery row changing, and ignores other deliveries', async () => {
    const client = new FakeRealtimeClient();
    fake.client = client;
    fake.timeline = [event('e1', 'assigned', 'assigned', '2026-11-25T09:00:00Z'), event('e0', 'created', 'pending', '2026-11-25T08:00:00Z')];
    const delivery = boardDelivery('d1', { status: 'assigned', customer_id: 'c1' });
    render(
      <Provider store={createStore()}>
        <DeliveryPanel
          tenantId={TENANT}
          delivery={delivery}
          late={false}
          reference={null}
          driverName="Dan Driver"
          ranked={null}
          rankProblem={null}
          showSuggestions={false}
          names={new Map()}
          onClose={() => undefined}
          onAssign={() => undefined}
          onUnassign={() => undefined}
        />
      </Provider>,
    );
    const timeline = await screen.findByTestId('panel-timeline');
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(2);
    await waitFor(() => expect(client.channels.map((c) => c.topic)).toContain(`realtime:tenant:${TENANT}:delivery_events`));
    const channel = client.live(`tenant:${TENANT}:delivery_events`);
    act(() => channel.status('SUBSCRIBED'));
    const reads = fetchTimeline.mock.calls.length;

    // Another delivery's event: no read.
    act(() => channel.change('INSERT', { id: 'x1', delivery_id: 'd2', action: 'handed_over' }));
    // This delivery's handoff: the timeline is read again and shows it.
    fake.timeline = [event('e2', 'handed_over', null, '2026-11-25T10:00:00Z'), ...fake.timeline];
    act(() => channel.change('INSERT', { id: 'e2', delivery_id: 'd1', action: 'handed_over' }));
    await waitFor(() => expect(within(screen.getByTestId('panel-timeline')).getByText('Packages handed over')).toBeInTheDocument());
    expect(within(screen.getByTestId('panel-timeline')).getAllByRole('listitem')).toHaveLength(3);
    expect(fetchTimeline).toHaveBeenCalledTimes(reads + 1);
    expect(fetchTimeline).toHaveBeenLastCalledWith(TENANT, 'd1');
  });
});
