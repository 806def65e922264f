import { adminPaths } from '../../lib/paths';
import { lazyPage, screen } from '../../lib/screens';
import { ClipboardCheckIcon } from '../../ui/icons';

/** The inventory audit screens, in route and nav order (src/app/README.md). */
export const screens = [
  screen({ path: adminPaths.inventoryAudits, page: lazyPage(() => import('./pages/InventoryAuditsListPage'), 'InventoryAuditsListPage'), nav: { group: 'warehousing', label: 'nav.inventoryAudits', icon: ClipboardCheckIcon } }),
  screen({ path: adminPaths.inventoryAuditCreate, page: lazyPage(() => import('./pages/InventoryAuditCreatePage'), 'InventoryAuditCreatePage') }),
  screen({ path: adminPaths.inventoryAudit, page: lazyPage(() => import('./pages/InventoryAuditCountPage'), 'InventoryAuditCountPage') }),
];
