import { adminPaths } from '../../lib/paths';
import { lazyPage, screen } from '../../lib/screens';
import { PriceTagIcon } from '../../ui/icons';

/** The pricing screens, in route and nav order (src/app/README.md). */
export const screens = [
  screen({ path: adminPaths.zonePricing, page: lazyPage(() => import('./pages/ZonePricingListPage'), 'ZonePricingListPage'), nav: { group: 'operations', label: 'nav.zonePricing', icon: PriceTagIcon } }),
  screen({ path: adminPaths.zonePricingCreate, page: lazyPage(() => import('./pages/ZonePricingFormPage'), 'ZonePricingCreatePage') }),
  screen({ path: adminPaths.zonePricingEdit, page: lazyPage(() => import('./pages/ZonePricingFormPage'), 'ZonePricingEditPage') }),
];
