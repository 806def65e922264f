import { adminPaths } from '../../lib/paths';
import { lazyPage, screen } from '../../lib/screens';
import { ChartBarIcon } from '../../ui/icons';

/** The driver performance screens, in route and nav order (src/app/README.md). */
export const screens = [
  screen({ path: adminPaths.driverPerformance, page: lazyPage(() => import('./pages/DriverPerformancePage'), 'DriverPerformancePage'), nav: { group: 'operations', label: 'nav.driverPerformance', icon: ChartBarIcon } }),
];
