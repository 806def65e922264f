import { adminPaths, dispatcherPaths } from '../../lib/paths';
import { lazyPage, screen } from '../../lib/screens';
import { UsersIcon } from '../../ui/icons';

/** A person's page: the app composes in their addresses and their profile's history. */
export const userDetailScreen = screen({ path: adminPaths.userDetail, page: lazyPage(() => import('./pages/UserDetailPage'), 'UserDetailPage') });

/** The users screens, in route and nav order (src/app/README.md). */
export const screens = [
  screen({ path: adminPaths.users, page: lazyPage(() => import('./pages/UsersListPage'), 'UsersListPage'), nav: { group: 'overview', label: 'nav.users', icon: UsersIcon } }),
  userDetailScreen,
  screen({ path: dispatcherPaths.profile, page: lazyPage(() => import('./pages/OwnProfilePage'), 'default'), nav: { label: 'nav.profile' }, audience: 'everyone' }),
];
