import { dispatcherPaths } from '../../lib/paths';
import { lazyPage, screen } from '../../lib/screens';

/** The support queue: customer conversations open in chat's sheet, which the app composes in. */
export const supportScreen = screen({ path: dispatcherPaths.support, page: lazyPage(() => import('./pages/SupportPage'), 'default'), nav: { label: 'nav.support' } });

/** The dispatcher feature's screens, in route and nav order (src/app/README.md). */
export const screens = [
  supportScreen,
  screen({ path: dispatcherPaths.settings, page: lazyPage(() => import('./pages/DispatcherSettingsPage'), 'default'), nav: { label: 'nav.settings' } }),
  screen({ path: dispatcherPaths.info, page: lazyPage(() => import('./pages/InfoPage'), 'default'), nav: { label: 'nav.info' } }),
];
