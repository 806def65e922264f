import type { DeliveryKind } from './schema';

/**
 * Where the deliveries screens live and link to. The admin's screens are under /deliveries; the
 * dispatcher's order sections (one per kind) reuse the same pages under their own base path, with
 * the kind fixed (src/app/routes.tsx composes them).
 */
export interface DeliveryPaths {
  /** The list, and where "back" goes. */
  list: string;
  /** What the breadcrumbs and headings call the list. */
  listLabel: string;
  create: string;
  detail: (id: string) => string;
  edit: (id: string) => string;
  /** Where Assign opens for a pending delivery. */
  assign: (id: string) => string;
}

export const ADMIN_DELIVERY_PATHS: DeliveryPaths = {
  list: '/deliveries',
  listLabel: 'Deliveries',
  create: '/deliveries/create',
  detail: (id) => `/deliveries/${id}`,
  edit: (id) => `/deliveries/${id}/edit`,
  assign: (id) => `/assignments/create?delivery_id=${id}`,
};

/** A section of one kind under `base` (new / {id} / {id}/edit), with its own Assign target. */
export function sectionDeliveryPaths(base: string, listLabel: string, assign: (id: string) => string): DeliveryPaths {
  return {
    list: base,
    listLabel,
    create: `${base}/new`,
    detail: (id) => `${base}/${id}`,
    edit: (id) => `${base}/${id}/edit`,
    assign,
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
