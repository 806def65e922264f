import { dispatcherPaths } from '../../lib/paths';
import { lazyPage, screen } from '../../lib/screens';

/** The dispatcher's home: the board, with the dispatcher's dashboard tools and the chat composed in by the app. */
export const boardScreen = screen({ path: dispatcherPaths.board, page: lazyPage(() => import('./pages/DispatchBoardPage'), 'default'), nav: { label: 'nav.board' } });

export const screens = [boardScreen];
