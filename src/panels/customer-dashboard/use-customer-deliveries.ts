import { useEffect, useState } from 'react';
import { z } from 'zod';
import type { ConnectionState, LiveSource } from '../../lib/realtime';
import { useFeedChanges } from '../../lib/use-feed-changes';
import { useRecordLoad } from '../../lib/use-record-load';
import { watchTracking } from '../../lib/tracking-live';
import { DELIVERY_STATUSES, type DeliveryStatus } from '../../data/statuses';
import { driverFirstNames, listCustomerDeliveries, openReturns, type OpenReturn } from './api';
import { isActive, type CustomerDelivery } from './schema';

export type SectionState =
  | { status: 'loading'; rows: null; total: 0 }
  | { status: 'ready'; rows: CustomerDelivery[]; total: number; driverNames: Map<string, string>; openReturns: Map<string, OpenReturn> }
  | { status: 'failed'; rows: null; total: 0 };

const LOADING: SectionState = { status: 'loading', rows: null, total: 0 };

/**
 * One section (active or past) of the customer's deliveries, read again when `reloadKey` changes.
 * While a new read is in flight the previous page stays on screen (no flash); after a failure,
 * Retry shows the skeleton again. An answer for a page or a section read before is dropped.
 */
export function useDeliverySection(tenantId: string, customerId: string, scope: 'active' | 'past', page: number, reloadKey: number, enabled: boolean) {
  const key = `${tenantId}|${customerId}|${scope}|${page}|${reloadKey}`;
  const load = useRecordLoad(enabled ? key : null, async (signal) => {
    const result = await listCustomerDeliveries(tenantId, customerId, scope, page, signal);
    const driverIds = result.rows.filter((row) => isActive(row.status) && row.driver_id).map((row) => row.driver_id as string);
    // The page's delivered deliveries' open returns in one read, not one per card.
    const deliveredIds = result.rows.filter((row) => row.status === 'delivered').map((row) => row.id);
    const [driverNames, returns] = await Promise.all([
      driverFirstNames(driverIds, signal).catch(() => new Map<string, string>()),
      openReturns(deliveredIds, signal).catch(() => new Map<string, OpenReturn>()),
    ]);
    return { ...result, driverNames, openReturns: returns };
  });
  // The previous read's page stays while the next loads; its failure does not.
  const state: SectionState =
    load.state.status === 'ready'
      ? { status: 'ready', ...load.state.record }
      : load.state.status === 'failed' && load.answeredKey === key
        ? { status: 'failed', rows: null, total: 0 }
        : LOADING;
  return { state, retry: load.retry };
}

/** What the dashboard takes from a tracking broadcast: the status, the window and the driver's first name. */
const trackingPatchSchema = z.object({
  status: z.enum(DELIVERY_STATUSES),
  window: z.object({ start: z.string().nullish(), end: z.string().nullish() }).optional(),
  driver: z.object({ first_name: z.string() }).optional(),
});

export interface LivePatch {
  status: DeliveryStatus;
  driverFirstName: string | null;
}

/**
 * Live status of the active deliveries on screen through their `tracking:<token>` topics: every
 * move of the status machine (assigned and accepted too, which notify nobody) arrives there, as
 * the same sanitized object the tracking page shows. `onSectionChange` runs when one becomes past
 * (delivered, failed, cancelled) or a topic is joined again after a drop, so the lists are read again.
 */
export function useLiveActiveDeliveries(rows: readonly CustomerDelivery[] | null, onSectionChange: () => void) {
  const [patches, setPatches] = useState<ReadonlyMap<string, LivePatch>>(new Map());
  const [states, setStates] = useState<ReadonlyMap<string, ConnectionState>>(new Map());
  const watched = (rows ?? []).filter((row) => isActive(row.status)).map((row) => `${row.id}:${row.tracking_token}`);
  const key = watched.join(',');

  useEffect(() => {
    if (!key) return;
    const stops = key.split(',').map((entry) => {
      const [id = '', token = ''] = entry.split(':');
      let wasOffline = false;
      return watchTracking(token, {
        onUpdate: (payload) => {
          const parsed = trackingPatchSchema.safeParse(payload);
          if (!parsed.success) return;
          const next = parsed.data.status;
          setPatches((previous) => new Map(previous).set(id, { status: next, driverFirstName: parsed.data.driver?.first_name ?? null }));
          if (!isActive(next)) onSectionChange();
        },
        onState: (state) => {
          setStates((previous) => new Map(previous).set(id, state));
          // Back after a drop: what changed meanwhile was not broadcast to us, so read the lists again.
          if (state === 'offline') wasOffline = true;
          else if (state === 'live' && wasOffline) {
            wasOffline = false;
            onSectionChange();
          }
        },
      });
    });
    return () => {
      for (const stop of stops) stop();
    };
  }, [key, onSectionChange]);

  // One indicator for all the topics on screen: live when every one is joined.
  const shown = new Set(watched.map((entry) => entry.split(':')[0]));
  const all = [...states].filter(([id]) => shown.has(id)).map(([, state]) => state);
  const live: ConnectionState = all.length === 0 ? 'live' : all.every((s) => s === 'live') ? 'live' : all.some((s) => s === 'connecting') ? 'connecting' : 'offline';
  return { patches, live, watching: all.length };
}

/** What the dashboard reads of a notice on the customer's notifications topic. */
const noticeSchema = z.object({ id: z.string(), read_at: z.string().nullish() });
type Notice = z.infer<typeof noticeSchema>;

// One feed object per customer: the live registry keeps one read per source and topic.
const noticeFeeds = new Map<string, LiveSource<Notice>>();

function noticeFeed(customerId: string): LiveSource<Notice> {
  let feed = noticeFeeds.get(customerId);
  if (!feed) {
    feed = { entity: `notifications:${customerId}`, fetch: () => Promise.resolve([]), parse: (record) => noticeSchema.parse(record) };
    noticeFeeds.set(customerId, feed);
  }
  return feed;
}

/**
 * A new notice to the customer (a delivery booked for them, picked up, delivered, failed: the
 * database writes one for each, 20261125001010 and 20261125001396) means their lists changed:
 * `onNotice` runs, so a delivery booked while the dashboard is open appears without a reload. A
 * notice marked read is no news; after a reconnect the lists are read again, as notices may have
 * been missed.
 */
export function useNoticesReload(tenantId: string, customerId: string, onNotice: () => void): void {
  useFeedChanges(
    noticeFeed(customerId),
    tenantId,
    (notices) => {
      if (notices.some((notice) => !notice.read_at)) onNotice();
    },
    onNotice,
  );
}

