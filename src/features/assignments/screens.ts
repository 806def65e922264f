import { adminPaths } from '../../lib/paths';
import { lazyPage, screen } from '../../lib/screens';
import { ClipboardCheckIcon } from '../../ui/icons';

/** Shows the record's history, which the app composes in. */
export const assignmentEditScreen = screen({ path: adminPaths.assignmentEdit, page: lazyPage(() => import('./pages/AssignmentFormPage'), 'AssignmentEditPage') });

/** The assignments screens, in route and nav order (src/app/README.md). */
export const screens = [
  screen({ path: adminPaths.assignments, page: lazyPage(() => import('./pages/AssignmentsListPage'), 'AssignmentsListPage'), nav: { group: 'operations', label: 'nav.assignments', icon: ClipboardCheckIcon } }),
  screen({ path: adminPaths.assignmentCreate, page: lazyPage(() => import('./pages/AssignmentFormPage'), 'AssignmentCreatePage') }),
  assignmentEditScreen,
];
