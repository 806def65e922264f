import { adminPaths } from '../../lib/paths';
import { lazyPage, screen } from '../../lib/screens';
import { LocationGridIcon } from '../../ui/icons';

/** The warehouse locations screens, in route and nav order (src/app/README.md). */
export const screens = [
  screen({ path: adminPaths.locations, page: lazyPage(() => import('./pages/LocationsListPage'), 'LocationsListPage'), nav: { group: 'warehousing', label: 'nav.locations', icon: LocationGridIcon } }),
  screen({ path: adminPaths.locationCreate, page: lazyPage(() => import('./pages/LocationFormPage'), 'LocationCreatePage') }),
  screen({ path: adminPaths.locationEdit, page: lazyPage(() => import('./pages/LocationFormPage'), 'LocationEditPage') }),
];
