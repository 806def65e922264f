/**
 * A delivery's timeline events in words, once for every screen and document that shows a timeline
 * (the delivery page, the board's panel, the proof-of-delivery PDF): `event.<action>` for the actions
 * with words of their own, `event.reopened` for a move back to pending (../index.ts).
 */
export const en = {
  'event.created': 'Created',
  'event.assigned': 'Assigned',
  'event.reassigned': 'Reassigned',
  'event.unassigned': 'Unassigned',
  'event.rejected': 'Rejected by the driver',
  'event.arrived_pickup': 'Arrived at pickup',
  'event.arrived_dropoff': 'Arrived at drop-off',
  'event.handed_over': 'Packages handed over',
  'event.reopened': 'Reopened',
} as const;

export type DeliveryEventKey = keyof typeof en;
