import { adminPaths } from '../../lib/paths';
import { lazyPage, screen } from '../../lib/screens';
import { ClipboardCheckIcon } from '../../ui/icons';

/** The pick order screens, in route and nav order (src/app/README.md). */
export const screens = [
  screen({ path: adminPaths.pickOrders, page: lazyPage(() => import('./pages/PickOrdersListPage'), 'PickOrdersListPage'), nav: { group: 'warehousing', label: 'nav.pickOrders', icon: ClipboardCheckIcon } }),
  screen({ path: adminPaths.pickOrderCreate, page: lazyPage(() => import('./pages/PickOrderFormPage'), 'PickOrderCreatePage') }),
  screen({ path: adminPaths.pickOrderEdit, page: lazyPage(() => import('./pages/PickOrderFormPage'), 'PickOrderEditPage') }),
];
