import { adminPaths } from '../../lib/paths';
import { lazyPage, screen } from '../../lib/screens';
import { ReturnBoxIcon } from '../../ui/icons';

/** The return requests screens, in route and nav order (src/app/README.md). */
export const screens = [
  screen({ path: adminPaths.returnRequests, page: lazyPage(() => import('./pages/ReturnRequestsListPage'), 'ReturnRequestsListPage'), nav: { group: 'operations', label: 'nav.returnRequests', icon: ReturnBoxIcon } }),
  screen({ path: adminPaths.returnRequestCreate, page: lazyPage(() => import('./pages/ReturnRequestFormPage'), 'ReturnRequestCreatePage') }),
  screen({ path: adminPaths.returnRequestEdit, page: lazyPage(() => import('./pages/ReturnRequestFormPage'), 'ReturnRequestEditPage') }),
];
