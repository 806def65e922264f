import { adminPaths } from '../../lib/paths';
import { lazyPage, screen } from '../../lib/screens';
import { SteeringWheelIcon } from '../../ui/icons';

/** Shows the record's history, which the app composes in. */
export const driverEditScreen = screen({ path: adminPaths.driverEdit, page: lazyPage(() => import('./pages/DriverFormPage'), 'DriverEditPage') });

/** The drivers screens, in route and nav order (src/app/README.md). */
export const screens = [
  screen({ path: adminPaths.drivers, page: lazyPage(() => import('./pages/DriversListPage'), 'DriversListPage'), nav: { group: 'operations', label: 'nav.drivers', icon: SteeringWheelIcon } }),
  screen({ path: adminPaths.driverCreate, page: lazyPage(() => import('./pages/DriverFormPage'), 'DriverCreatePage') }),
  driverEditScreen,
];
