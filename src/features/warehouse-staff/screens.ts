import { adminPaths } from '../../lib/paths';
import { lazyPage, screen } from '../../lib/screens';
import { StaffIcon } from '../../ui/icons';

/** The warehouse staff screens, in route and nav order (src/app/README.md). */
export const screens = [
  screen({ path: adminPaths.staff, page: lazyPage(() => import('./pages/StaffListPage'), 'StaffListPage'), nav: { group: 'warehousing', label: 'nav.staff', icon: StaffIcon } }),
  screen({ path: adminPaths.staffCreate, page: lazyPage(() => import('./pages/StaffFormPage'), 'StaffCreatePage') }),
  screen({ path: adminPaths.staffEdit, page: lazyPage(() => import('./pages/StaffFormPage'), 'StaffEditPage') }),
];
