// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeRealtimeClient } from './realtime.fake';
import type { LiveSource } from './realtime';

const fake = vi.hoisted(() => ({ client: null as unknown }));
vi.mock('./supabase', () => ({
  get supabase() {
    return fake.client;
  },
}));

const { useFeedChanges } = await import('./use-feed-changes');

afterEach(cleanup);

type Item = { id: string; name: string };
const feed: LiveSource<Item> = { entity: 'live_items', fetch: () => Promise.resolve([]) };
const TENANT = '00000000-0000-4000-8000-000000000001';

describe('useFeedChanges', () => {
  it('hands on the rows changed and the ids deleted, a deletion of a row the feed never carried too', async () => {
    const client = new FakeRealtimeClient();
    fake.client = client;
    const store = createStore();
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    const onChanges = vi.fn();
    const onReconnect = vi.fn();
    const onDeleted = vi.fn();
    const { result } = renderHook(() => useFeedChanges(feed, TENANT, onChanges, onReconnect, onDeleted), { wrapper });
    await waitFor(() => expect(client.channels).toHaveLength(1));
    const channel = client.live(`tenant:${TENANT}:live_items`);
    act(() => channel.status('SUBSCRIBED'));
    await waitFor(() => expect(result.current.state).toBe('live'));
    await waitFor(() => expect(result.current.fetching).toBe(false));

    act(() => channel.change('INSERT', { id: 'a', name: 'Dock' }));
    await waitFor(() => expect(onChanges).toHaveBeenLastCalledWith([{ id: 'a', name: 'Dock' }]));
    // A deletion of a row carried, then of one never carried (changed before this screen listened).
    act(() => channel.change('DELETE', null, { id: 'a' }));
    await waitFor(() => expect(onDeleted).toHaveBeenLastCalledWith(['a']));
    act(() => channel.change('DELETE', null, { id: 'z' }));
    await waitFor(() => expect(onDeleted).toHaveBeenLastCalledWith(['z']));
    expect(onDeleted).toHaveBeenCalledTimes(2);
    expect(onChanges).toHaveBeenCalledTimes(1);
    expect(onReconnect).not.toHaveBeenCalled();
  });
});
