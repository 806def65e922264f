import { adminPaths } from '../../lib/paths';
import { lazyPage, screen } from '../../lib/screens';
import { WarehouseIcon } from '../../ui/icons';

/** Shows the record's history, which the app composes in. */
export const warehouseScreen = screen({ path: adminPaths.warehouse, page: lazyPage(() => import('./pages/WarehouseDetailPage'), 'WarehouseDetailPage') });

/** The warehouses screens, in route and nav order (src/app/README.md). */
export const screens = [
  screen({ path: adminPaths.warehouses, page: lazyPage(() => import('./pages/WarehousesListPage'), 'WarehousesListPage'), nav: { group: 'warehousing', label: 'nav.warehouses', icon: WarehouseIcon } }),
  screen({ path: adminPaths.warehouseCreate, page: lazyPage(() => import('./pages/WarehouseFormPage'), 'WarehouseCreatePage') }),
  warehouseScreen,
  screen({ path: adminPaths.warehouseEdit, page: lazyPage(() => import('./pages/WarehouseFormPage'), 'WarehouseEditPage') }),
];
