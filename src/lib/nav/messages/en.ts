/**
 * The panels' navigation in English, the source of the Spanish and French catalogues (ICU syntax):
 * each screen's nav label, which its feature names by key (lib/screens: ScreenNav.label), and the
 * admin sidebar's group names.
 */
export const en = {
  'nav.dashboard': 'Dashboard',
  'nav.users': 'Users',
  'nav.vehicles': 'Vehicles',
  'nav.drivers': 'Drivers',
  'nav.zones': 'Zones',
  'nav.deliveryServices': 'Delivery services',
  'nav.zonePricing': 'Zone pricing',
  'nav.customerPreferences': 'Customer preferences',
  'nav.returnRequests': 'Return requests',
  'nav.exceptions': 'Exceptions',
  'nav.deliveries': 'Deliveries',
  'nav.assignments': 'Assignments',
  'nav.driverPerformance': 'Driver performance',
  'nav.warehouses': 'Warehouses',
  'nav.locations': 'Locations',
  'nav.staff': 'Staff',
  'nav.suppliers': 'Suppliers',
  'nav.inventoryItems': 'Inventory Items',
  'nav.inventoryStock': 'Inventory Stock',
  'nav.inventoryTransactions': 'Inventory Transactions',
  'nav.receiveOrders': 'Receive Orders',
  'nav.pickOrders': 'Picking Orders',
  'nav.packageHandoffs': 'Package Handoff',
  'nav.inventoryAudits': 'Inventory Audits',
  'nav.systemSettings': 'System settings',
  'nav.brandSettings': 'Brand settings',
  'nav.apiKeys': 'API keys',
  'nav.activity': 'Activity',
  'nav.board': 'Board',
  'nav.onDemand': 'On-demand',
  'nav.pickup': 'Pickup',
  'nav.delivery': 'Delivery',
  'nav.pickupDelivery': 'Pickup & delivery',
  'nav.remit': 'Remit',
  'nav.support': 'Support',
  'nav.settings': 'Settings',
  'nav.info': 'Info',
  'nav.floor': 'Warehouse',
  'nav.profile': 'Profile',
  'group.operations': 'Operations',
  'group.warehousing': 'Warehousing',
  'group.commerce': 'Commerce',
  'group.settings': 'Settings',
} as const;

/** A screen's nav label, by its key. */
export type NavLabel = keyof typeof en;
