import type { ComponentType, SVGProps } from 'react';
import { ActivityIcon, CalendarClockIcon, ChartBarIcon, ClipboardCheckIcon, DashboardIcon, ExceptionIcon, LocationGridIcon, PaletteIcon, ParcelIcon, PriceTagIcon, ReturnBoxIcon, ServiceIcon, SettingsIcon, StaffIcon, SteeringWheelIcon, SupplierIcon, TruckIcon, UsersIcon, WarehouseIcon, ZoneIcon } from '../../ui/icons';

export type NavGroupId = 'overview' | 'operations' | 'warehousing' | 'commerce' | 'settings';

export interface NavItem {
  label: string;
  /** Absolute path. */
  href: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Active only on exactly this path (a panel's index), not on its sub-pages. */
  exact?: boolean;
}

export interface NavGroup {
  id: NavGroupId;
  /** Shown above the group; the overview group has none. */
  label: string | null;
  items: NavItem[];
}

/** An admin area, relative to /{slug}/admin; later issues add an entry here with their screen, never before. */
export interface AdminNavEntry {
  group: NavGroupId;
  label: string;
  path: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}

export const ADMIN_NAV: readonly AdminNavEntry[] = [
  { group: 'overview', label: 'Dashboard', path: '', icon: DashboardIcon },
  { group: 'overview', label: 'Users', path: 'users', icon: UsersIcon },
  { group: 'operations', label: 'Vehicles', path: 'vehicles', icon: TruckIcon },
  { group: 'operations', label: 'Drivers', path: 'drivers', icon: SteeringWheelIcon },
  { group: 'operations', label: 'Zones', path: 'zones', icon: ZoneIcon },
  { group: 'operations', label: 'Delivery services', path: 'delivery-services', icon: ServiceIcon },
  { group: 'operations', label: 'Zone pricing', path: 'zone-pricing', icon: PriceTagIcon },
  { group: 'operations', label: 'Customer preferences', path: 'customer-preference', icon: CalendarClockIcon },
  { group: 'operations', label: 'Return requests', path: 'return-requests', icon: ReturnBoxIcon },
  { group: 'operations', label: 'Exceptions', path: 'exceptions', icon: ExceptionIcon },
  { group: 'operations', label: 'Deliveries', path: 'deliveries', icon: ParcelIcon },
  { group: 'operations', label: 'Assignments', path: 'assignments', icon: ClipboardCheckIcon },
  { group: 'operations', label: 'Driver performance', path: 'driver-performance', icon: ChartBarIcon },
  { group: 'warehousing', label: 'Warehouses', path: 'warehouses', icon: WarehouseIcon },
  { group: 'warehousing', label: 'Locations', path: 'locations', icon: LocationGridIcon },
  { group: 'warehousing', label: 'Staff', path: 'staff', icon: StaffIcon },
  { group: 'warehousing', label: 'Suppliers', path: 'suppliers', icon: SupplierIcon },
  { group: 'settings', label: 'System settings', path: 'system-settings', icon: SettingsIcon },
  { group: 'settings', label: 'Brand settings', path: 'brand-settings', icon: PaletteIcon },
  { group: 'settings', label: 'Activity', path: 'activity', icon: ActivityIcon },
];

const GROUPS: readonly { id: NavGroupId; label: string | null }[] = [
  { id: 'overview', label: null },
  { id: 'operations', label: 'Operations' },
  { id: 'warehousing', label: 'Warehousing' },
  { id: 'commerce', label: 'Commerce' },
  { id: 'settings', label: 'Settings' },
];

/** The entries in the fixed group order, under a base path; a group without entries is left out. */
export function groupNav(entries: readonly AdminNavEntry[], basePath: string): NavGroup[] {
  return GROUPS.map(({ id, label }) => ({
    id,
    label,
    items: entries
      .filter((entry) => entry.group === id)
      .map((entry) => ({ label: entry.label, href: entry.path ? `${basePath}/${entry.path}` : basePath, icon: entry.icon, exact: !entry.path })),
  })).filter((group) => group.items.length > 0);
}

/** Whether a nav item is the current page (or, unless exact, one of its sub-pages). */
export function isNavItemActive(item: Pick<NavItem, 'href' | 'exact'>, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === item.href) return true;
  return !item.exact && path.startsWith(`${item.href}/`);
}
