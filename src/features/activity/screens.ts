import { adminPaths } from '../../lib/paths';
import { lazyPage, screen } from '../../lib/screens';
import { ActivityIcon } from '../../ui/icons';

/** The activity screens, in route and nav order (src/app/README.md). */
export const screens = [
  screen({ path: adminPaths.activity, page: lazyPage(() => import('./pages/ActivityPage'), 'ActivityPage'), nav: { group: 'settings', label: 'nav.activity', icon: ActivityIcon } }),
];
