import { adminPaths } from '../../lib/paths';
import { lazyPage, screen } from '../../lib/screens';
import { SettingsIcon } from '../../ui/icons';

/** The settings screens, in route and nav order (src/app/README.md). */
export const screens = [
  screen({ path: adminPaths.systemSettings, page: lazyPage(() => import('./pages/SystemSettingsPage'), 'SystemSettingsPage'), nav: { group: 'settings', label: 'nav.systemSettings', icon: SettingsIcon } }),
];
