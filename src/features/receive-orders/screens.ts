import { adminPaths } from '../../lib/paths';
import { lazyPage, screen } from '../../lib/screens';
import { SupplierIcon } from '../../ui/icons';

/** The receive order screens, in route and nav order (src/app/README.md). */
export const screens = [
  screen({ path: adminPaths.receiveOrders, page: lazyPage(() => import('./pages/ReceiveOrdersListPage'), 'ReceiveOrdersListPage'), nav: { group: 'warehousing', label: 'nav.receiveOrders', icon: SupplierIcon } }),
  screen({ path: adminPaths.receiveOrderCreate, page: lazyPage(() => import('./pages/ReceiveOrderFormPage'), 'ReceiveOrderCreatePage') }),
  screen({ path: adminPaths.receiveOrderEdit, page: lazyPage(() => import('./pages/ReceiveOrderFormPage'), 'ReceiveOrderEditPage') }),
];
