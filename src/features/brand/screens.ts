import { adminPaths } from '../../lib/paths';
import { lazyPage, screen } from '../../lib/screens';
import { PaletteIcon } from '../../ui/icons';

/** The brand screens, in route and nav order (src/app/README.md). */
export const screens = [
  screen({ path: adminPaths.brandSettings, page: lazyPage(() => import('./pages/BrandSettingsPage'), 'BrandSettingsPage'), nav: { group: 'settings', label: 'nav.brandSettings', icon: PaletteIcon } }),
];
