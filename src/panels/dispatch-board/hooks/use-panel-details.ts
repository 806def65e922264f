import { useState } from 'react';
import { deliveryEventFeed, type DeliveryEventChange } from '../../../data/delivery-events';
import { useFeedChanges } from '../../../lib/use-feed-changes';
import { useRecordLoad } from '../../../lib/use-record-load';
import { fetchDeliveryActions, fetchTimeline } from '../api';
import type { BoardDelivery } from '../model';

/**
 * What the side panel reads of its delivery beyond the board's row: the moves it allows and its
 * timeline. Both are read again when the row changes (its updated_at moves with every change of
 * status or assignment) and when an event of this delivery is written, which the row does not always
 * show: a package handoff completed records `handed_over` on the timeline and changes no delivery
 * row. The events' feed (`tenant:<t>:delivery_events`) is joined while a panel is open; after a
 * reconnect the panel reads again, as events may have been missed meanwhile.
 */
export function usePanelDetails(tenantId: string, delivery: Pick<BoardDelivery, 'id' | 'updated_at'>) {
  const [eventsSeen, setEventsSeen] = useState(0);
  const readAgain = () => setEventsSeen((n) => n + 1);
  useFeedChanges(deliveryEventFeed, tenantId, (rows: DeliveryEventChange[]) => rows.some((row) => row.delivery_id === delivery.id) && readAgain(), readAgain);
  return useRecordLoad(`${tenantId}/${delivery.id}/${delivery.updated_at}/${eventsSeen}`, async () => {
    const [actions, timeline] = await Promise.all([fetchDeliveryActions(delivery.id), fetchTimeline(tenantId, delivery.id)]);
    return { actions, timeline };
  });
}
