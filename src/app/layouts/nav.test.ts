import { describe, expect, it } from 'vitest';
import { translator } from '../../lib/i18n/catalogue';
import { navMessages } from '../../lib/nav/messages';
import { DashboardIcon } from '../../ui/icons';
import { ADMIN_NAV, groupNav, isNavItemActive, type AdminNavEntry } from './nav';

describe('admin navigation', () => {
  it('lists the areas whose screens exist, each under its group, the dashboard first', () => {
    const groups = groupNav(ADMIN_NAV, '/acme/admin');
    const items = Object.fromEntries(groups.map((group) => [group.id, group.items.map((item) => [item.label, item.href])]));
    expect(groups[0]?.id).toBe('overview');
    expect(items.overview?.[0]).toEqual(['Dashboard', '/acme/admin']);
    expect(items.operations).toContainEqual(['Vehicles', '/acme/admin/vehicles']);
    expect(items.settings).toEqual(
      expect.arrayContaining([
        ['System settings', '/acme/admin/system-settings'],
        ['Brand settings', '/acme/admin/brand-settings'],
        ['Activity', '/acme/admin/activity'],
      ]),
    );
  });

  it('orders groups Operations, Warehousing, Commerce, Settings and leaves empty ones out', () => {
    const entries: AdminNavEntry[] = [
      { group: 'settings', label: 'Brand settings', path: 'brand-settings', icon: DashboardIcon },
      { group: 'operations', label: 'Vehicles', path: 'vehicles', icon: DashboardIcon },
      { group: 'operations', label: 'Zones', path: 'zones', icon: DashboardIcon },
    ];
    const groups = groupNav(entries, '/acme/admin');
    expect(groups.map((group) => [group.label, group.items.map((item) => item.href)])).toEqual([
      ['Operations', ['/acme/admin/vehicles', '/acme/admin/zones']],
      ['Settings', ['/acme/admin/brand-settings']],
    ]);
  });

  it("names the areas and groups in the user's language through the navs' catalogue, by each screen's key", async () => {
    const spanish = translator(navMessages, 'es', (await navMessages.load.es()).default);
    const groups = groupNav(ADMIN_NAV, '/acme/admin', spanish);
    const items = Object.fromEntries(groups.map((group) => [group.id, [group.label, group.items.map((item) => item.label)]]));
    expect(items.overview).toEqual([null, expect.arrayContaining(['Panel', 'Usuarios'])]);
    expect(items.operations).toEqual(['Operaciones', expect.arrayContaining(['Vehículos', 'Entregas'])]);
    expect(items.settings).toEqual(['Ajustes', expect.arrayContaining(['Ajustes del sistema', 'Claves de API'])]);
    // Every entry has a key, so no English is left in the Spanish sidebar.
    expect(ADMIN_NAV.filter((entry) => !entry.labelKey || spanish(entry.labelKey) === entry.label)).toEqual([]);
  });

  it('marks the index active only on itself, other items also on their sub-pages', () => {
    expect(isNavItemActive({ href: '/acme/admin', exact: true }, '/acme/admin/')).toBe(true);
    expect(isNavItemActive({ href: '/acme/admin', exact: true }, '/acme/admin/vehicles')).toBe(false);
    expect(isNavItemActive({ href: '/acme/admin/vehicles' }, '/acme/admin/vehicles/3/edit')).toBe(true);
    expect(isNavItemActive({ href: '/acme/admin/vehicles' }, '/acme/admin/vehicles-old')).toBe(false);
  });
});
