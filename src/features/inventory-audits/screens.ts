import { adminPaths, dispatcherPaths } from '../../lib/paths';
import { lazyPage, screen } from '../../lib/screens';
import { ClipboardCheckIcon } from '../../ui/icons';

/** The inventory audit screens, in route and nav order (src/app/README.md). */
export const screens = [
  screen({ path: adminPaths.inventoryAudits, page: lazyPage(() => import('./pages/InventoryAuditsListPage'), 'InventoryAuditsListPage'), nav: { group: 'warehousing', label: 'nav.inventoryAudits', icon: ClipboardCheckIcon } }),
  screen({ path: adminPaths.inventoryAuditCreate, page: lazyPage(() => import('./pages/InventoryAuditCreatePage'), 'InventoryAuditCreatePage') }),
  screen({ path: adminPaths.inventoryAudit, page: lazyPage(() => import('./pages/InventoryAuditCountPage'), 'InventoryAuditCountPage') }),
  // The same count screen in the dispatcher panel, for warehouse people (the floor's counts link here); it leads back to the floor.
  screen({
    path: dispatcherPaths.floorCount,
    page: lazyPage(() => import('./pages/InventoryAuditCountPage'), 'InventoryAuditCountPage'),
    props: { listPath: dispatcherPaths.floor(), listLabel: 'nav.floor' },
    audience: 'floor',
  }),
];
