import type { Page } from '@playwright/test';
import routeTable from '../../src/app/panel-routes.snapshot.json' with { type: 'json' };
import { asServiceRole, expect, type Panel } from './fixtures.ts';
import { ACME } from './tracking-api.ts';

/**
 * The screen tour that sweeps (accessibility.spec.ts, pseudo-locale.spec.ts) share: every screen of
 * the route table, as each panel's user of acme, on one page moved from screen to screen as a link
 * would. panel-routes.snapshot.json is the composed table as src/app/screens.test.ts proves it, so a
 * new screen is toured as soon as it is declared. A `:id` in a path is filled with a seeded record
 * of acme (RECORDS); a new pattern without one fails the tour until it is added there.
 */

export const PANEL_USERS: Record<Panel, { email: string; url: string }> = {
  admin: { email: 'admin@acme.test', url: '/acme/admin' },
  dispatcher: { email: 'dispatcher@acme.test', url: '/acme/dispatcher' },
  driver: { email: 'driver@acme.test', url: '/acme/driver' },
  customer: { email: 'customer@acme.test', url: '/acme/customer' },
};

/** The panel's screens, as route patterns relative to its url ('/', '/vehicles/:id/edit'), in the table's order. */
export function panelRoutes(panel: Panel): string[] {
  return routeTable.filter((route) => route.panel === panel).map((route) => route.path);
}

/** Where a pattern's record comes from: a table of acme's, narrowed by a PostgREST filter where the screen shows only some. */
export const RECORDS: Record<string, { table: string; filter?: string }> = {
  '/vehicles/:id/edit': { table: 'vehicles' },
  '/drivers/:id/edit': { table: 'drivers' },
  '/zones/:id/edit': { table: 'zones' },
  '/delivery-services/:id/edit': { table: 'delivery_services' },
  '/zone-pricing/edit/:id': { table: 'zone_pricing' },
  '/customer-preference/:id/edit': { table: 'customer_preferences' },
  '/return-requests/:id/edit': { table: 'return_requests' },
  '/exceptions/:id/edit': { table: 'exceptions' },
  '/deliveries/:id/edit': { table: 'deliveries', filter: 'status=eq.pending' },
  '/deliveries/:id': { table: 'deliveries', filter: 'status=eq.delivered' },
  '/assignments/:id/edit': { table: 'assignments' },
  '/warehouses/:id': { table: 'warehouses' },
  '/warehouses/:id/edit': { table: 'warehouses' },
  '/locations/:id/edit': { table: 'warehouse_locations' },
  '/staff/:id/edit': { table: 'warehouse_staff' },
  '/suppliers/:id/edit': { table: 'suppliers' },
  '/inventory-items/:id/edit': { table: 'inventory_items' },
  '/receive-orders/:id/edit': { table: 'receive_orders', filter: 'status=eq.draft' },
  '/picking-orders/:id/edit': { table: 'pick_orders', filter: 'status=eq.in_progress' },
  '/floor/pick/:id': { table: 'pick_orders', filter: 'status=eq.in_progress&warehouse_id=eq.a5000000-0000-4000-8000-000000000001' },
  '/floor/receive/:id': { table: 'receive_orders', filter: 'status=eq.ordered&warehouse_id=eq.a5000000-0000-4000-8000-000000000001' },
  '/inventory-audits/:id': { table: 'inventory_audits', filter: 'status=eq.in_progress' },
  '/users/:id/detail': { table: 'profiles', filter: 'email=eq.customer@acme.test' },
  '/ondemand_orders/:id/edit': { table: 'deliveries', filter: 'kind=eq.on_demand' },
  '/ondemand_orders/:id': { table: 'deliveries', filter: 'kind=eq.on_demand' },
  '/pickup_orders/:id/edit': { table: 'deliveries', filter: 'kind=eq.pickup' },
  '/pickup_orders/:id': { table: 'deliveries', filter: 'kind=eq.pickup' },
  '/delivery_orders/:id/edit': { table: 'deliveries', filter: 'kind=eq.delivery' },
  '/delivery_orders/:id': { table: 'deliveries', filter: 'kind=eq.delivery' },
  '/pickup_delivery/:id/edit': { table: 'deliveries', filter: 'kind=eq.pickup_delivery' },
  '/pickup_delivery/:id': { table: 'deliveries', filter: 'kind=eq.pickup_delivery' },
};

/** The page has settled: a heading is up, nothing is loading and no colour is mid-transition. */
export async function settled(page: Page): Promise<void> {
  // A lazy page's first visit loads its code: allow for a slow machine. A route that opens a modal
  // (`package-handoff/create`) makes the page behind it inert: the dialog's title is the heading then.
  const heading = page.getByRole('heading', { level: 1 }).or(page.getByRole('dialog').getByRole('heading', { level: 2 }));
  await expect(heading.first()).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          // The suite's code compiles without the DOM's types: the page's globals are named here.
          const { document } = globalThis as unknown as {
            document: { querySelectorAll(selector: string): { length: number }; getAnimations(): { constructor: { name: string }; playState: string }[] };
          };
          const busy = document.querySelectorAll('[aria-busy="true"], .animate-pulse').length;
          const moving = document.getAnimations().filter((animation) => animation.constructor.name === 'CSSTransition' && animation.playState === 'running').length;
          return busy + moving;
        }),
      { message: 'the page settles (nothing busy, no transition running)', intervals: [50, 100, 200, 250] },
    )
    .toBe(0);
}

/** Moves inside the single-page app as a link would, so the panel's shell and session stay loaded. */
export async function visit(page: Page, url: string): Promise<void> {
  await page.evaluate((to) => {
    const window = globalThis as unknown as { history: { pushState(state: null, unused: string, url: string): void }; dispatchEvent(event: unknown): void; PopStateEvent: new (type: string) => unknown };
    window.history.pushState(null, '', to);
    window.dispatchEvent(new window.PopStateEvent('popstate'));
  }, url);
  await expect(page).toHaveURL(new RegExp(`${url.replace(/[?]/g, '\\?')}$`));
}

export async function recordId(request: Parameters<typeof asServiceRole>[0], pattern: string): Promise<string> {
  const source = RECORDS[pattern];
  if (!source) throw new Error(`no seeded record for ${pattern}: add its table to RECORDS in screen-tour.ts`);
  const rows = (await asServiceRole(
    request,
    'GET',
    `/rest/v1/${source.table}?select=id&tenant_id=eq.${ACME}${source.filter ? `&${source.filter}` : ''}&order=id&limit=1`,
  )) as { id: string }[];
  if (!rows[0]) throw new Error(`the seed has no ${source.table} row of acme${source.filter ? ` with ${source.filter}` : ''} for ${pattern}`);
  return rows[0].id;
}

/** The url of a pattern of the panel at `url`, its `:id` filled with a seeded record of acme. */
export async function screenUrl(request: Parameters<typeof asServiceRole>[0], url: string, pattern: string): Promise<string> {
  const path = pattern.includes(':id') ? pattern.replace(':id', await recordId(request, pattern)) : pattern;
  return `${url}${path === '/' ? '' : path}`;
}
