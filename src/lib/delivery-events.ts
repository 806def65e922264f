/**
 * A delivery's timeline event in words (delivery_events.action, then the status it moved to): one
 * wording for every screen and document that shows the timeline, the driver's arrivals included
 * (arrived_pickup / arrived_dropoff, 20261125001080).
 */
const EVENT_TITLES: Record<string, string> = {
  created: 'Created',
  assigned: 'Assigned',
  reassigned: 'Reassigned',
  unassigned: 'Unassigned',
  rejected: 'Rejected by the driver',
  arrived_pickup: 'Arrived at pickup',
  arrived_dropoff: 'Arrived at drop-off',
  handed_over: 'Packages handed over',
};

export function statusWords(status: string): string {
  const text = status.replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What a delivery event was, in words (the status machine's moves by their status). */
export function deliveryEventTitle(action: string, status: string): string {
  return EVENT_TITLES[action] ?? (status === 'pending' ? 'Reopened' : statusWords(status));
}
