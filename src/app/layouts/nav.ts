import { navMessages, type NavLabel } from '../../lib/nav/messages';
import type { NavGroupId, NavIcon } from '../../lib/screens';
import { navPath, screensOf } from '../screens';

/** A nav label in English, the source language. */
export function english(key: NavLabel): string {
  return navMessages.en[key];
}

export interface NavItem {
  label: string;
  /** Absolute path. */
  href: string;
  icon: NavIcon;
  /** Active only on exactly this path (a panel's index), not on its sub-pages. */
  exact?: boolean;
}

export interface NavGroup {
  id: NavGroupId;
  /** Shown above the group; the overview group has none. */
  label: string | null;
  items: NavItem[];
}

/** An admin area, relative to /{slug}/admin. */
export interface AdminNavEntry {
  group: NavGroupId;
  /** In English; the sidebar shows `labelKey`'s message in the user's language where there is one. */
  label: string;
  labelKey?: NavLabel;
  path: string;
  icon: NavIcon;
}

/** The admin screens that declare a nav entry (src/app/screens.ts), in its order. */
export const ADMIN_NAV: readonly AdminNavEntry[] = screensOf('admin').flatMap((screen) => {
  const { nav } = screen;
  if (!nav) return [];
  // The sidebar has no place for an entry without them: fail at start-up (and in the unit tests), not with a blank item.
  if (!nav.group || !nav.icon) throw new Error(`The admin nav entry '${nav.label}' needs a group and an icon.`);
  return [{ group: nav.group, label: english(nav.label), labelKey: nav.label, path: navPath(screen).replace(/^\//, ''), icon: nav.icon }];
});

const GROUPS: readonly { id: NavGroupId; label: NavLabel | null }[] = [
  { id: 'overview', label: null },
  { id: 'operations', label: 'group.operations' },
  { id: 'warehousing', label: 'group.warehousing' },
  { id: 'commerce', label: 'group.commerce' },
  { id: 'settings', label: 'group.settings' },
];

/**
 * The entries in the fixed group order, under a base path; a group without entries is left out.
 * Labels and group names in English, or through `translate` (the navs' catalogue in the user's language).
 */
export function groupNav(entries: readonly AdminNavEntry[], basePath: string, translate: (key: NavLabel) => string = english): NavGroup[] {
  return GROUPS.map(({ id, label }) => ({
    id,
    label: label && translate(label),
    items: entries
      .filter((entry) => entry.group === id)
      .map((entry) => ({ label: entry.labelKey ? translate(entry.labelKey) : entry.label, href: entry.path ? `${basePath}/${entry.path}` : basePath, icon: entry.icon, exact: !entry.path })),
  })).filter((group) => group.items.length > 0);
}

/** Whether a nav item is the current page (or, unless exact, one of its sub-pages). */
export function isNavItemActive(item: Pick<NavItem, 'href' | 'exact'>, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === item.href) return true;
  return !item.exact && path.startsWith(`${item.href}/`);
}
