import { adminPaths } from '../../lib/paths';
import { lazyPage, screen } from '../../lib/screens';
import { LocationGridIcon, StaffIcon, SupplierIcon, WarehouseIcon } from '../../ui/icons';

/** Shows the record's history, which the app composes in. */
export const warehouseScreen = screen({ path: adminPaths.warehouse, page: lazyPage(() => import('./pages/WarehouseDetailPage'), 'WarehouseDetailPage') });

/** The warehouses screens, in route and nav order (src/app/README.md). */
export const screens = [
  screen({ path: adminPaths.warehouses, page: lazyPage(() => import('./pages/WarehousesListPage'), 'WarehousesListPage'), nav: { group: 'warehousing', label: 'Warehouses', icon: WarehouseIcon } }),
  screen({ path: adminPaths.warehouseCreate, page: lazyPage(() => import('./pages/WarehouseFormPage'), 'WarehouseCreatePage') }),
  warehouseScreen,
  screen({ path: adminPaths.warehouseEdit, page: lazyPage(() => import('./pages/WarehouseFormPage'), 'WarehouseEditPage') }),
  screen({ path: adminPaths.locations, page: lazyPage(() => import('./pages/LocationsListPage'), 'LocationsListPage'), nav: { group: 'warehousing', label: 'Locations', icon: LocationGridIcon } }),
  screen({ path: adminPaths.locationCreate, page: lazyPage(() => import('./pages/LocationFormPage'), 'LocationCreatePage') }),
  screen({ path: adminPaths.locationEdit, page: lazyPage(() => import('./pages/LocationFormPage'), 'LocationEditPage') }),
  screen({ path: adminPaths.staff, page: lazyPage(() => import('./pages/StaffListPage'), 'StaffListPage'), nav: { group: 'warehousing', label: 'Staff', icon: StaffIcon } }),
  screen({ path: adminPaths.staffCreate, page: lazyPage(() => import('./pages/StaffFormPage'), 'StaffCreatePage') }),
  screen({ path: adminPaths.staffEdit, page: lazyPage(() => import('./pages/StaffFormPage'), 'StaffEditPage') }),
  screen({ path: adminPaths.suppliers, page: lazyPage(() => import('./pages/SuppliersListPage'), 'SuppliersListPage'), nav: { group: 'warehousing', label: 'Suppliers', icon: SupplierIcon } }),
  screen({ path: adminPaths.supplierCreate, page: lazyPage(() => import('./pages/SupplierFormPage'), 'SupplierCreatePage') }),
  screen({ path: adminPaths.supplierEdit, page: lazyPage(() => import('./pages/SupplierFormPage'), 'SupplierEditPage') }),
];
