import { boardDeliveryPath, sectionPaths, type DispatcherSection } from '../../lib/dispatcher-sections';
import { adminPaths } from '../../lib/paths';
import type { DeliveryKey } from './messages';
import type { DeliveryKind } from './schema';

/**
 * Where the deliveries screens live and link to. The admin's screens are under /deliveries; the
 * dispatcher's order sections (one per kind) reuse the same pages under their own base path, with
 * the kind fixed (screens.ts declares them). The patterns are lib/paths' and lib/dispatcher-sections'.
 */
export interface DeliveryPaths {
  /** The list, and where "back" goes. */
  list: string;
  /** What the breadcrumbs and headings call the list (its key in the deliveries' catalogue). */
  listLabel: DeliveryKey;
  create: string;
  detail: (id: string) => string;
  edit: (id: string) => string;
  /** Where Assign opens for a pending delivery. */
  assign: (id: string) => string;
}

/** What the dispatcher's order sections are called (one per kind), the admin's list being 'Deliveries'. */
const SECTION_KEYS = {
  on_demand: 'section.on_demand',
  pickup: 'section.pickup',
  delivery: 'section.delivery',
  pickup_delivery: 'section.pickup_delivery',
} as const satisfies Record<DispatcherSection['kind'], DeliveryKey>;

export const ADMIN_DELIVERY_PATHS: DeliveryPaths = {
  list: adminPaths.deliveries(),
  listLabel: 'list.title',
  create: adminPaths.deliveryCreate(),
  detail: (id) => adminPaths.delivery(id),
  edit: (id) => adminPaths.deliveryEdit(id),
  assign: (id) => `${adminPaths.assignmentCreate()}?delivery_id=${id}`,
};

/** A dispatcher section of one kind (new / {id} / {id}/edit); Assign opens the board with the delivery selected. */
export function sectionDeliveryPaths(section: DispatcherSection): DeliveryPaths {
  const paths = sectionPaths(section);
  return {
    list: paths.list(),
    listLabel: SECTION_KEYS[section.kind],
    create: paths.create(),
    detail: (id) => paths.detail(id),
    edit: (id) => paths.edit(id),
    assign: boardDeliveryPath,
  };
}

/** What the pages take to show one kind of delivery only (the dispatcher's order sections). */
export interface DeliveryScope {
  /** A fixed kind: the list filters on it and hides the kind filter, the form fixes it, a delivery of another kind is not found. */
  kind?: DeliveryKind;
  paths?: DeliveryPaths;
}

/** Whether a delivery belongs to the scope (any kind when none is fixed). */
export const inScope = (scope: DeliveryScope, kind: string) => !scope.kind || scope.kind === kind;
