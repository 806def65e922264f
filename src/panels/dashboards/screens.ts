import { adminPaths, customerPaths } from '../../lib/paths';
import { lazyPage, screen } from '../../lib/screens';
import { DashboardIcon } from '../../ui/icons';

/** The customer's panel: the dashboard, with the customer's deliveries composed in by the app. */
export const customerDashboardScreen = screen({ path: customerPaths.home, page: lazyPage(() => import('./pages/CustomerDashboardPage'), 'default') });

/** The dashboards screens, in route and nav order (src/app/README.md). */
export const screens = [
  screen({ path: adminPaths.dashboard, page: lazyPage(() => import('./pages/AdminDashboardPage'), 'default'), nav: { group: 'overview', label: 'nav.dashboard', icon: DashboardIcon } }),
  customerDashboardScreen,
];
