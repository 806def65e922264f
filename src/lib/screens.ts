import type { ComponentType, SVGProps } from 'react';
import type { NavLabel } from './nav/messages';
import type { ScreenLocation } from './paths';

/**
 * What a feature says about each of its screens (features/<domain>/screens.ts); src/app composes
 * the declarations into the route table and the navs (src/app/README.md). This module sits below
 * the features so that they can declare screens without importing the app.
 */

/** The admin sidebar's groups, shown in this order (src/app/layouts/nav.ts). */
export type NavGroupId = 'overview' | 'operations' | 'warehousing' | 'commerce' | 'settings';

export type NavIcon = ComponentType<SVGProps<SVGSVGElement>>;

/**
 * A screen's entry in its panel's nav. The admin sidebar shows it under `group` with `icon` (both
 * required there); the dispatcher's bar shows the label only. Entries appear in the order of the
 * app's list of declarations.
 */
export interface ScreenNav {
  /** The label's key in the navs' catalogue (lib/nav/messages), shown in the user's language. */
  label: NavLabel;
  group?: NavGroupId;
  icon?: NavIcon;
}

/**
 * A page's code, loaded when its screen is first shown (its own chunk, through the dynamic import).
 * The app wraps it in its retrying lazy component; one LazyPage serves every screen that shows the
 * page (the admin's deliveries and the dispatcher's four sections), so moving between them does not
 * wait for the page again.
 */
export interface LazyPage<P extends object> {
  load: () => Promise<ComponentType<P>>;
}

/** `lazyPage(() => import('./pages/VehicleFormPage'), 'VehicleEditPage')`: the named export of a page module. */
export function lazyPage<M extends Record<K, ComponentType<never>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyPage<M[K] extends ComponentType<infer P> ? P & object : never> {
  return { load: async () => (await load())[name] as ComponentType<M[K] extends ComponentType<infer P> ? P & object : never> };
}

export interface ScreenDeclaration<P extends object = object> {
  /** Where it is: a ScreenPath of lib/paths or lib/dispatcher-sections, whose builder the pages link with. */
  path: ScreenLocation;
  page: LazyPage<P>;
  /** Props the feature fixes for this screen (a dispatcher section's kind); what other features add, the app composes. */
  props?: Partial<P>;
  nav?: ScreenNav;
  /**
   * Who of the dispatcher panel sees it (nav and route): 'board' (the default) the board's people,
   * not warehouse-only people (src/app/guards.ts: isWarehouseOnly); 'floor' people with an active
   * warehouse staff row; 'everyone' the whole panel. Other panels ignore it.
   */
  audience?: ScreenAudience;
}

export type ScreenAudience = 'board' | 'floor' | 'everyone';

/** Declares one screen; the page's props are checked against `props`. */
export function screen<P extends object>(declaration: ScreenDeclaration<P>): ScreenDeclaration<P> {
  return declaration;
}
