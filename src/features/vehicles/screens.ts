import { adminPaths } from '../../lib/paths';
import { lazyPage, screen } from '../../lib/screens';
import { TruckIcon } from '../../ui/icons';

/** Shows the record's history, which the app composes in. */
export const vehicleEditScreen = screen({ path: adminPaths.vehicleEdit, page: lazyPage(() => import('./pages/VehicleFormPage'), 'VehicleEditPage') });

/** The vehicles screens, in route and nav order (src/app/README.md). */
export const screens = [
  screen({ path: adminPaths.vehicles, page: lazyPage(() => import('./pages/VehiclesListPage'), 'VehiclesListPage'), nav: { group: 'operations', label: 'nav.vehicles', icon: TruckIcon } }),
  screen({ path: adminPaths.vehicleCreate, page: lazyPage(() => import('./pages/VehicleFormPage'), 'VehicleCreatePage') }),
  vehicleEditScreen,
];
