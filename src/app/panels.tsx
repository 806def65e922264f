import type { ComponentType, ReactNode } from 'react';
import type { PanelType } from '../lib/paths';
import type { LazyPage, ScreenAudience } from '../lib/screens';
import { COMPOSITIONS } from './compositions';
import { AdminLayout } from './layouts/AdminLayout';
import { DispatcherLayout } from './layouts/DispatcherLayout';
import { DriverLayout } from './layouts/DriverLayout';
import { lazyWithRetry } from './lazy';
import { screensOf } from './screens';

/** Each panel's layout; the customer dashboard reuses the driver layout. */
export const PANEL_LAYOUTS: Record<PanelType, ComponentType<{ children: ReactNode }>> = {
  admin: AdminLayout,
  dispatcher: DispatcherLayout,
  driver: DriverLayout,
  customer: DriverLayout,
};

/** One route of a panel: its pattern (relative to /{slug}/{panel}), its page and the props the page gets. */
export interface PanelRoute {
  pattern: string;
  page: LazyPage<object>;
  Page: ComponentType<object>;
  props: object;
  /** Who of the dispatcher panel may open it (lib/screens: ScreenDeclaration.audience). */
  audience: ScreenAudience | undefined;
}

// One retrying lazy component per page, whichever screens show it (lib/screens: LazyPage).
const lazyComponents = new Map<LazyPage<object>, ComponentType<object>>();

function lazyComponent(page: LazyPage<object>): ComponentType<object> {
  let component = lazyComponents.get(page);
  if (!component) {
    component = lazyWithRetry(async () => ({ default: await page.load() }));
    lazyComponents.set(page, component);
  }
  return component;
}

function routesOf(panel: PanelType): readonly PanelRoute[] {
  return screensOf(panel).map((screen) => ({
    pattern: screen.path.pattern,
    page: screen.page,
    Page: lazyComponent(screen.page),
    props: { ...screen.props, ...COMPOSITIONS.get(screen) },
    audience: screen.audience,
  }));
}

/** The route table of each panel, from the features' declarations and the app's compositions. */
export const PANEL_ROUTES: Record<PanelType, readonly PanelRoute[]> = {
  admin: routesOf('admin'),
  dispatcher: routesOf('dispatcher'),
  driver: routesOf('driver'),
  customer: routesOf('customer'),
};
