import { dispatcherPaths } from '../../lib/paths';
import { lazyPage, screen } from '../../lib/screens';

/** The remit screens, in route and nav order (src/app/README.md). */
export const screens = [
  screen({ path: dispatcherPaths.remit, page: lazyPage(() => import('./pages/RemitPage'), 'default'), nav: { label: 'nav.remit' } }),
];
