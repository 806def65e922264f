import { screens as activity } from '../features/activity/screens';
import { screens as apiKeys } from '../features/api-keys/screens';
import { screens as assignments } from '../features/assignments/screens';
import { screens as brand } from '../features/brand/screens';
import { screens as customerPreferences } from '../features/customer-preferences/screens';
import { screens as dashboards } from '../panels/dashboards/screens';
import { screens as deliveries } from '../features/deliveries/screens';
import { screens as deliveryServices } from '../features/delivery-services/screens';
import { screens as dispatchBoard } from '../panels/dispatch-board/screens';
import { screens as dispatcher } from '../panels/dispatcher/screens';
import { screens as driverApp } from '../panels/driver-app/screens';
import { screens as driverPerformance } from '../features/driver-performance/screens';
import { screens as drivers } from '../features/drivers/screens';
import { screens as exceptions } from '../features/exceptions/screens';
import { screens as inventory } from '../features/inventory/screens';
import { screens as receiveOrders } from '../features/receive-orders/screens';
import { screens as pickOrders } from '../features/pick-orders/screens';
import { screens as packageHandoffs } from '../features/package-handoffs/screens';
import { screens as inventoryAudits } from '../features/inventory-audits/screens';
import { screens as pricing } from '../features/pricing/screens';
import { screens as remit } from '../features/remit/screens';
import { screens as returnRequests } from '../features/return-requests/screens';
import { screens as settings } from '../features/settings/screens';
import { screens as suppliers } from '../features/suppliers/screens';
import { screens as users } from '../features/users/screens';
import { screens as vehicles } from '../features/vehicles/screens';
import { screens as warehouseLocations } from '../features/warehouse-locations/screens';
import { screens as warehouseFloor } from '../panels/warehouse-floor/screens';
import { screens as warehouseStaff } from '../features/warehouse-staff/screens';
import { screens as warehouses } from '../features/warehouses/screens';
import { screens as zones } from '../features/zones/screens';
import type { PanelType } from '../lib/paths';
import type { ScreenDeclaration } from '../lib/screens';

/**
 * Every panel screen the app has, as its features declare them: a feature with screens adds one
 * line here. This order is the order of the navs (the admin sidebar within each group, the
 * dispatcher's bar) and of the routes within a panel; a feature lists its own screens so that a
 * literal path ('/deliveries/create') comes before a pattern that would also match it ('/deliveries/:id').
 */
export const SCREENS: readonly ScreenDeclaration[] = [
  ...dashboards,
  ...dispatchBoard,
  ...vehicles,
  ...drivers,
  ...zones,
  ...deliveryServices,
  ...pricing,
  ...customerPreferences,
  ...returnRequests,
  ...exceptions,
  ...deliveries,
  ...assignments,
  ...driverPerformance,
  ...warehouses,
  ...warehouseLocations,
  ...warehouseStaff,
  ...suppliers,
  ...inventory,
  ...receiveOrders,
  ...pickOrders,
  ...packageHandoffs,
  ...inventoryAudits,
  ...remit,
  ...dispatcher,
  ...warehouseFloor,
  ...users,
  ...settings,
  ...brand,
  ...apiKeys,
  ...activity,
  ...driverApp,
];

/** A panel's screens, in order. */
export function screensOf(panel: PanelType): ScreenDeclaration[] {
  return SCREENS.filter((screen) => screen.path.panel === panel);
}

/** A nav entry's path relative to its panel's base: '' for the panel's own page. */
export function navPath(screen: ScreenDeclaration): string {
  return screen.path.pattern === '/' ? '' : screen.path.pattern;
}
