import { adminPaths } from '../../lib/paths';
import { lazyPage, screen } from '../../lib/screens';
import { ZoneIcon } from '../../ui/icons';

/** The zones screens, in route and nav order (src/app/README.md). */
export const screens = [
  screen({ path: adminPaths.zones, page: lazyPage(() => import('./pages/ZonesListPage'), 'ZonesListPage'), nav: { group: 'operations', label: 'nav.zones', icon: ZoneIcon } }),
  screen({ path: adminPaths.zoneCreate, page: lazyPage(() => import('./pages/ZoneFormPage'), 'ZoneCreatePage') }),
  screen({ path: adminPaths.zoneEdit, page: lazyPage(() => import('./pages/ZoneFormPage'), 'ZoneEditPage') }),
];
