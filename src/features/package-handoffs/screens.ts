import { adminPaths } from '../../lib/paths';
import { lazyPage, screen } from '../../lib/screens';
import { ParcelIcon } from '../../ui/icons';

/** The package handoff screens, in route and nav order (src/app/README.md): the create route is the list with its Add modal open. */
export const screens = [
  screen({ path: adminPaths.packageHandoffs, page: lazyPage(() => import('./pages/PackageHandoffsListPage'), 'PackageHandoffsListPage'), nav: { group: 'warehousing', label: 'nav.packageHandoffs', icon: ParcelIcon } }),
  screen({ path: adminPaths.packageHandoffCreate, page: lazyPage(() => import('./pages/PackageHandoffsListPage'), 'PackageHandoffCreatePage') }),
];
