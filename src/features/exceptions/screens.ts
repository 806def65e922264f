import { adminPaths } from '../../lib/paths';
import { lazyPage, screen } from '../../lib/screens';
import { ExceptionIcon } from '../../ui/icons';

/** The exceptions screens, in route and nav order (src/app/README.md). */
export const screens = [
  screen({ path: adminPaths.exceptions, page: lazyPage(() => import('./pages/ExceptionsListPage'), 'ExceptionsListPage'), nav: { group: 'operations', label: 'nav.exceptions', icon: ExceptionIcon } }),
  screen({ path: adminPaths.exceptionCreate, page: lazyPage(() => import('./pages/ExceptionFormPage'), 'ExceptionCreatePage') }),
  screen({ path: adminPaths.exceptionEdit, page: lazyPage(() => import('./pages/ExceptionFormPage'), 'ExceptionEditPage') }),
];
