import { dispatcherPaths, screenPath } from './paths';

/**
 * The dispatcher's order sections (`nav`: the key of the bar's label in lib/nav/messages): one per delivery kind under /{slug}/dispatcher/,
 * each with index, new, {deliveryId} and {deliveryId}/edit. The route table, the dispatcher's top bar
 * and any screen linking to a delivery in the dispatcher area (the support queue) read them here.
 */
export const DISPATCHER_SECTIONS = [
  { kind: 'on_demand', path: '/ondemand_orders', nav: 'nav.onDemand', title: 'On-demand orders' },
  { kind: 'pickup', path: '/pickup_orders', nav: 'nav.pickup', title: 'Pickup orders' },
  { kind: 'delivery', path: '/delivery_orders', nav: 'nav.delivery', title: 'Delivery orders' },
  { kind: 'pickup_delivery', path: '/pickup_delivery', nav: 'nav.pickupDelivery', title: 'Pickup and delivery orders' },
] as const;

export type DispatcherSection = (typeof DISPATCHER_SECTIONS)[number];

/** A section's screens: its list, new, {deliveryId} and {deliveryId}/edit. */
export function sectionPaths(section: DispatcherSection) {
  return {
    list: screenPath('dispatcher', section.path),
    create: screenPath('dispatcher', `${section.path}/new`),
    edit: screenPath('dispatcher', `${section.path}/:id/edit`),
    detail: screenPath('dispatcher', `${section.path}/:id`),
  };
}

/** A delivery's page in the dispatcher area (relative to /{slug}/dispatcher): its kind's section, else the board with it selected. */
export function dispatcherDeliveryPath(kind: string, deliveryId: string): string {
  const section = DISPATCHER_SECTIONS.find((s) => s.kind === kind);
  return section ? sectionPaths(section).detail(deliveryId) : boardDeliveryPath(deliveryId);
}

/** Where a dispatcher assigns a delivery: the board, with it selected. */
export const boardDeliveryPath = (deliveryId: string) => `${dispatcherPaths.board()}?delivery=${deliveryId}`;
