import { driverPaths } from '../../lib/paths';
import { lazyPage, screen } from '../../lib/screens';

/** The driver's panel is the driver app; the app composes in the greeting and notifications and each task's chat. */
export const driverAppScreen = screen({ path: driverPaths.home, page: lazyPage(() => import('./pages/DriverAppPage'), 'default') });

export const screens = [driverAppScreen];
