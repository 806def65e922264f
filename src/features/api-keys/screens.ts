import { adminPaths } from '../../lib/paths';
import { lazyPage, screen } from '../../lib/screens';
import { KeyIcon } from '../../ui/icons';

/** The API keys screens, in route and nav order (src/app/README.md). */
export const screens = [
  screen({ path: adminPaths.apiKeyManagement, page: lazyPage(() => import('./pages/ApiKeyManagementPage'), 'ApiKeyManagementPage'), nav: { group: 'settings', label: 'nav.apiKeys', icon: KeyIcon } }),
  // The public API's reference, reached from the API keys page (no nav entry of its own).
  screen({ path: adminPaths.apiReference, page: lazyPage(() => import('./pages/DeveloperApiPage'), 'DeveloperApiPage') }),
];
