import { adminPaths } from '../../lib/paths';
import { lazyPage, screen } from '../../lib/screens';
import { SupplierIcon } from '../../ui/icons';

/** The suppliers screens, in route and nav order (src/app/README.md). */
export const screens = [
  screen({ path: adminPaths.suppliers, page: lazyPage(() => import('./pages/SuppliersListPage'), 'SuppliersListPage'), nav: { group: 'warehousing', label: 'nav.suppliers', icon: SupplierIcon } }),
  screen({ path: adminPaths.supplierCreate, page: lazyPage(() => import('./pages/SupplierFormPage'), 'SupplierCreatePage') }),
  screen({ path: adminPaths.supplierEdit, page: lazyPage(() => import('./pages/SupplierFormPage'), 'SupplierEditPage') }),
];
