// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { matchRoute, useRouter } from 'wouter';
import { PANEL_TYPES } from '../lib/paths';
import { DISPATCHER_NAV } from './layouts/DispatcherNav';
import { ADMIN_NAV, groupNav, type AdminNavEntry } from './layouts/nav';
import type { NavGroupId, NavIcon } from '../lib/screens';
import * as icons from '../ui/icons';
import { PANEL_LAYOUTS, PANEL_ROUTES, type PanelRoute } from './panels';
import navSnapshot from './panel-navs.snapshot.json';
import routeSnapshot from './panel-routes.snapshot.json';
import { SCREENS } from './screens';

/*
 * The snapshots were taken from the hand-written route table and navs before the screens became
 * declarations: the composed table must answer every URL with the same page, props and layout,
 * and the navs must list the same entries in the same order.
 */

/** The props a route gives its page, as the snapshot spells them: names, with string values. */
function propNames(route: PanelRoute): string[] {
  return Object.entries(route.props)
    .map(([name, value]) => (typeof value === 'string' ? `${name}=${value}` : name))
    .sort();
}

/** A URL the pattern matches, every param filled in. */
const sampleUrl = (pattern: string) => pattern.replace(/:\w+/g, 'x1');

/** The route wouter's Switch renders for a URL: the first whose pattern matches, read with the app router's own parser. */
function firstMatch(routes: readonly PanelRoute[], url: string): PanelRoute | undefined {
  const { parser } = renderHook(() => useRouter()).result.current;
  return routes.find((route) => matchRoute(parser, route.pattern, url, false)[0]);
}

describe('screen declarations', () => {
  it('give every screen its own path in its panel', () => {
    const keys = SCREENS.map((screen) => `${screen.path.panel} ${screen.path.pattern}`);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });

  it('point every nav entry at a declared screen of its panel', () => {
    const declared = (panel: string) => new Set(SCREENS.filter((screen) => screen.path.panel === panel).map((screen) => screen.path.pattern));
    for (const entry of ADMIN_NAV) expect(declared('admin')).toContain(`/${entry.path}`);
    for (const entry of DISPATCHER_NAV) expect(declared('dispatcher')).toContain(entry.path || '/');
  });
});

describe('the composed route table', () => {
  it('has the routes it had, each with the same props and layout', () => {
    const now = PANEL_TYPES.flatMap((panel) =>
      PANEL_ROUTES[panel].map((route) => ({ panel, path: route.pattern, props: propNames(route), layout: PANEL_LAYOUTS[panel].name })),
    );
    const before = routeSnapshot.map(({ panel, path, props, layout }) => ({ panel, path, props, layout }));
    const order = (a: { panel: string; path: string }, b: { panel: string; path: string }) => `${a.panel} ${a.path}`.localeCompare(`${b.panel} ${b.path}`);
    expect([...now].sort(order)).toEqual([...before].sort(order));
  });

  it('answers every path of every panel with the page it showed', async () => {
    for (const { panel, path, page } of routeSnapshot) {
      const route = firstMatch(PANEL_ROUTES[panel as keyof typeof PANEL_ROUTES], sampleUrl(path));
      expect(route?.pattern, `${panel} ${path}`).toBe(path);
      const [module, exportName] = page.split('#') as [string, string];
      const expected = ((await import(/* @vite-ignore */ `../${module}.tsx`)) as Record<string, unknown>)[exportName];
      expect(expected, page).toBeTypeOf('function');
      expect(await route?.page.load(), `${panel} ${path}`).toBe(expected);
    }
  }, 120_000);

  it('shows the same pages through one lazy component wherever the same page serves several screens', () => {
    const dispatcherLists = PANEL_ROUTES.dispatcher.filter((route) => route.page === PANEL_ROUTES.admin.find((r) => r.pattern === '/deliveries')?.page);
    expect(dispatcherLists).toHaveLength(4);
    expect(new Set(dispatcherLists.map((route) => route.Page)).size).toBe(1);
  });
});

describe('the navs', () => {
  it('show the admin sidebar it showed: the same groups, entries, links and icons, in the same order', () => {
    const shown = (entries: readonly AdminNavEntry[]) => groupNav(entries, '/acme/admin');
    const before = navSnapshot.flatMap(({ panel, group, label, path, icon }) =>
      panel === 'admin' ? [{ group: group as NavGroupId, label, path, icon: (icons as Record<string, unknown>)[icon ?? ''] as NavIcon }] : [],
    );
    expect(before.every((entry) => typeof entry.icon === 'function')).toBe(true);
    expect(shown(ADMIN_NAV)).toEqual(shown(before));
  });

  it("show the dispatcher's bar it showed, in the same order", () => {
    expect(DISPATCHER_NAV.map(({ label, path }) => ({ label, path }))).toEqual(navSnapshot.filter((entry) => entry.panel === 'dispatcher').map(({ label, path }) => ({ label, path })));
  });
});
