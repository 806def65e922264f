import { adminPaths } from '../../lib/paths';
import { lazyPage, screen } from '../../lib/screens';
import { CalendarClockIcon } from '../../ui/icons';

/** Shows the record's history, which the app composes in. */
export const customerPreferenceEditScreen = screen({ path: adminPaths.customerPreferenceEdit, page: lazyPage(() => import('./pages/CustomerPreferenceFormPage'), 'CustomerPreferenceEditPage') });

/** The customer preferences screens, in route and nav order (src/app/README.md). */
export const screens = [
  screen({ path: adminPaths.customerPreferences, page: lazyPage(() => import('./pages/CustomerPreferencesListPage'), 'CustomerPreferencesListPage'), nav: { group: 'operations', label: 'nav.customerPreferences', icon: CalendarClockIcon } }),
  screen({ path: adminPaths.customerPreferenceCreate, page: lazyPage(() => import('./pages/CustomerPreferenceFormPage'), 'CustomerPreferenceCreatePage') }),
  customerPreferenceEditScreen,
];
