import { dispatcherPaths } from '../../lib/paths';
import { lazyPage, screen } from '../../lib/screens';

/** Where warehouse staff work: a section of the dispatcher panel for people with an active staff row (src/app/README.md). */
export const screens = [
  screen({ path: dispatcherPaths.floor, page: lazyPage(() => import('./pages/FloorHomePage'), 'FloorHomePage'), nav: { label: 'nav.floor' }, audience: 'floor' }),
  screen({ path: dispatcherPaths.floorPick, page: lazyPage(() => import('./pages/FloorPickPage'), 'FloorPickPage'), audience: 'floor' }),
  screen({ path: dispatcherPaths.floorReceive, page: lazyPage(() => import('./pages/FloorReceivePage'), 'FloorReceivePage'), audience: 'floor' }),
];
