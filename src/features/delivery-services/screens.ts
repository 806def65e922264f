import { adminPaths } from '../../lib/paths';
import { lazyPage, screen } from '../../lib/screens';
import { ServiceIcon } from '../../ui/icons';

/** The delivery services screens, in route and nav order (src/app/README.md). */
export const screens = [
  screen({ path: adminPaths.deliveryServices, page: lazyPage(() => import('./pages/DeliveryServicesListPage'), 'DeliveryServicesListPage'), nav: { group: 'operations', label: 'nav.deliveryServices', icon: ServiceIcon } }),
  screen({ path: adminPaths.deliveryServiceCreate, page: lazyPage(() => import('./pages/DeliveryServiceFormPage'), 'DeliveryServiceCreatePage') }),
  screen({ path: adminPaths.deliveryServiceEdit, page: lazyPage(() => import('./pages/DeliveryServiceFormPage'), 'DeliveryServiceEditPage') }),
];
