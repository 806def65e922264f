/** The app's fixed paths and path builders, shared by the route table, guards and pages. */

export const PANEL_TYPES = ['admin', 'dispatcher', 'driver', 'customer'] as const;
export type PanelType = (typeof PANEL_TYPES)[number];

export const ROOT_PATH = '/';
export const SIGN_IN_PATH = '/sign-in';
export const VERIFY_PATH = '/verify';
export const RESET_PASSWORD_PATH = '/reset-password';
export const UPDATE_PASSWORD_PATH = '/update-password';
export const BUSINESSES_PATH = '/businesses';
export const TRACKING_PATH = '/tracking';
export const BLANK_PATH = '/blank';
/** The spec's 'Go to home' target; it resolves to the signed-in user's panel. */
export const DASHBOARD_PATH = '/dashboard';

export function isPanelType(value: unknown): value is PanelType {
  return typeof value === 'string' && (PANEL_TYPES as readonly string[]).includes(value);
}

export function panelPath(slug: string, panel: PanelType): string {
  return `/${encodeURIComponent(slug)}/${panel}`;
}

export function signUpPath(slug: string): string {
  return `/${encodeURIComponent(slug)}/sign-up`;
}

/** The names of a pattern's `:params`, in order: '/users/:id/detail' gives ['id']. */
type ParamNames<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? [Name, ...ParamNames<`/${Rest}`>]
  : Pattern extends `${string}:${infer Name}`
    ? [Name]
    : [];

type Strings<Names> = { [I in keyof Names]: string };

/** One string per `:param` of the pattern, in order. */
export type PathParams<Pattern extends string> = string extends Pattern ? string[] : Strings<ParamNames<Pattern>>;

/** Where a screen is: its panel (whose guard and layout it gets) and the pattern the router matches. */
export interface ScreenLocation {
  readonly panel: PanelType;
  readonly pattern: string;
}

/**
 * A screen's address inside its panel (relative to /{slug}/{panel}, as wouter's nested routes and
 * the pages' links see it): the pattern the router matches, and a link builder that takes the
 * pattern's params in order, so `adminPaths.vehicleEdit(id)` cannot be called without the id.
 */
export interface ScreenPath<Pattern extends string = string> extends ScreenLocation {
  (...params: PathParams<Pattern>): string;
  readonly pattern: Pattern;
}

export function screenPath<Pattern extends string>(panel: PanelType, pattern: Pattern): ScreenPath<Pattern> {
  const build = (...params: string[]) => {
    let next = 0;
    return pattern.replace(/:\w+/g, () => encodeURIComponent(params[next++] ?? ''));
  };
  return Object.assign(build, { panel, pattern }) as ScreenPath<Pattern>;
}

/**
 * The admin panel's screens (relative to /{slug}/admin). A path is spelled here once: the feature
 * that owns the screen declares it with this path (features/<domain>/screens.ts), and any page,
 * of that feature or another, links to it through the builder.
 */
export const adminPaths = {
  dashboard: screenPath('admin', '/'),
  users: screenPath('admin', '/users'),
  userDetail: screenPath('admin', '/users/:id/detail'),
  vehicles: screenPath('admin', '/vehicles'),
  vehicleCreate: screenPath('admin', '/vehicles/create'),
  vehicleEdit: screenPath('admin', '/vehicles/:id/edit'),
  drivers: screenPath('admin', '/drivers'),
  driverCreate: screenPath('admin', '/drivers/create'),
  driverEdit: screenPath('admin', '/drivers/:id/edit'),
  zones: screenPath('admin', '/zones'),
  zoneCreate: screenPath('admin', '/zones/create'),
  zoneEdit: screenPath('admin', '/zones/:id/edit'),
  deliveryServices: screenPath('admin', '/delivery-services'),
  deliveryServiceCreate: screenPath('admin', '/delivery-services/create'),
  deliveryServiceEdit: screenPath('admin', '/delivery-services/:id/edit'),
  zonePricing: screenPath('admin', '/zone-pricing'),
  zonePricingCreate: screenPath('admin', '/zone-pricing/create'),
  zonePricingEdit: screenPath('admin', '/zone-pricing/edit/:id'),
  customerPreferences: screenPath('admin', '/customer-preference'),
  customerPreferenceCreate: screenPath('admin', '/customer-preference/create'),
  customerPreferenceEdit: screenPath('admin', '/customer-preference/:id/edit'),
  returnRequests: screenPath('admin', '/return-requests'),
  returnRequestCreate: screenPath('admin', '/return-requests/create'),
  returnRequestEdit: screenPath('admin', '/return-requests/:id/edit'),
  exceptions: screenPath('admin', '/exceptions'),
  exceptionCreate: screenPath('admin', '/exceptions/create'),
  exceptionEdit: screenPath('admin', '/exceptions/:id/edit'),
  deliveries: screenPath('admin', '/deliveries'),
  deliveryCreate: screenPath('admin', '/deliveries/create'),
  deliveryEdit: screenPath('admin', '/deliveries/:id/edit'),
  delivery: screenPath('admin', '/deliveries/:id'),
  assignments: screenPath('admin', '/assignments'),
  assignmentCreate: screenPath('admin', '/assignments/create'),
  assignmentEdit: screenPath('admin', '/assignments/:id/edit'),
  driverPerformance: screenPath('admin', '/driver-performance'),
  warehouses: screenPath('admin', '/warehouses'),
  warehouseCreate: screenPath('admin', '/warehouses/create'),
  warehouse: screenPath('admin', '/warehouses/:id'),
  warehouseEdit: screenPath('admin', '/warehouses/:id/edit'),
  locations: screenPath('admin', '/locations'),
  locationCreate: screenPath('admin', '/locations/create'),
  locationEdit: screenPath('admin', '/locations/:id/edit'),
  staff: screenPath('admin', '/staff'),
  staffCreate: screenPath('admin', '/staff/create'),
  staffEdit: screenPath('admin', '/staff/:id/edit'),
  suppliers: screenPath('admin', '/suppliers'),
  supplierCreate: screenPath('admin', '/suppliers/create'),
  supplierEdit: screenPath('admin', '/suppliers/:id/edit'),
  inventoryItems: screenPath('admin', '/inventory-items'),
  inventoryItemCreate: screenPath('admin', '/inventory-items/create'),
  inventoryItemEdit: screenPath('admin', '/inventory-items/:id/edit'),
  inventoryStock: screenPath('admin', '/inventory-stock'),
  inventoryStockCreate: screenPath('admin', '/inventory-stock/create'),
  inventoryTransactions: screenPath('admin', '/inventory-transaction'),
  inventoryTransactionCreate: screenPath('admin', '/inventory-transaction/create'),
  receiveOrders: screenPath('admin', '/receive-orders'),
  receiveOrderCreate: screenPath('admin', '/receive-orders/create'),
  receiveOrderEdit: screenPath('admin', '/receive-orders/:id/edit'),
  pickOrders: screenPath('admin', '/picking-orders'),
  pickOrderCreate: screenPath('admin', '/picking-orders/create'),
  pickOrderEdit: screenPath('admin', '/picking-orders/:id/edit'),
  packageHandoffs: screenPath('admin', '/package-handoff'),
  packageHandoffCreate: screenPath('admin', '/package-handoff/create'),
  inventoryAudits: screenPath('admin', '/inventory-audits'),
  inventoryAuditCreate: screenPath('admin', '/inventory-audits/create'),
  inventoryAudit: screenPath('admin', '/inventory-audits/:id'),
  systemSettings: screenPath('admin', '/system-settings'),
  brandSettings: screenPath('admin', '/brand-settings'),
  activity: screenPath('admin', '/activity'),
  apiKeyManagement: screenPath('admin', '/api-key-management'),
  apiReference: screenPath('admin', '/api-key-management/api-reference'),
} as const;

/** The dispatcher panel's own screens (relative to /{slug}/dispatcher); its order sections are lib/dispatcher-sections'. */
export const dispatcherPaths = {
  board: screenPath('dispatcher', '/'),
  remit: screenPath('dispatcher', '/remit'),
  support: screenPath('dispatcher', '/support'),
  settings: screenPath('dispatcher', '/settings'),
  info: screenPath('dispatcher', '/info'),
  profile: screenPath('dispatcher', '/profile'),
  /** The warehouse section: where warehouse staff work (not among the spec's routes). */
  floor: screenPath('dispatcher', '/floor'),
  /** The picker's screen of one pick order (not among the spec's routes). */
  floorPick: screenPath('dispatcher', '/floor/pick/:id'),
  /** The receiver's screen of one receive order (not among the spec's routes). */
  floorReceive: screenPath('dispatcher', '/floor/receive/:id'),
  /** An inventory audit's count screen for the warehouse's people (the admin's is adminPaths.inventoryAudit; not among the spec's routes). */
  floorCount: screenPath('dispatcher', '/inventory-audits/:id'),
} as const;

/** The driver's and the customer's panels are one screen each, at the panel's own path. */
export const driverPaths = { home: screenPath('driver', '/') } as const;
export const customerPaths = { home: screenPath('customer', '/') } as const;
