import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import routeTable from '../../src/app/panel-routes.snapshot.json' with { type: 'json' };
import { asServiceRole, expect, test, workerSession, type Panel } from './fixtures.ts';
import { ACME } from './tracking-api.ts';

/**
 * Every screen of every panel, as that panel's user of acme, checked by axe-core against WCAG 2.1
 * A and AA, in the light theme and again in the dark one (the same page: the colour mode follows
 * the system's until the user picks one, so emulating a dark system switches it without a reload).
 * A critical or serious violation fails the role's test with the list of screen, rule and elements.
 *
 * The screens are the route table's: panel-routes.snapshot.json is the composed table as
 * src/app/screens.test.ts proves it, so a new screen is swept here as soon as it is declared.
 * A `:id` in a path is filled with a seeded record of acme (RECORDS); a new pattern without one
 * fails the sweep until it is added there.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Rules whose outcome depends on the colours, run again in the other theme; what the page is made of
 * (names, roles, structure) does not change with the theme and is checked once.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * What is not checked, each with why; one place, so that the list stays short and reasoned.
 * `EXCLUDED` parts of a page are left out of every pass; an exception drops a rule's findings on
 * the elements its `target` matches (axe's selector of the element).
 */
const EXCLUDED: readonly { selector: string; reason: string }[] = [
  {
    selector: '[data-testid="brand-preview"]',
    reason: 'the brand editor previews the colours as the admin picks them, beside its own contrast warnings; the console draws readable variants of them',
  },
];

const EXCEPTIONS: readonly { rule: string; target: RegExp; reason: string }[] = [
  {
    rule: 'label-content-name-mismatch',
    target: /^li\[aria-label=/,
    reason:
      "a tree item's visible text takes in its open child items, its detail and its status chip; it is named by its own code and name, as the ARIA tree pattern names items, and tests find it so",
  },
];

const users: Record<Panel, { email: string; url: string }> = {
  admin: { email: 'admin@acme.test', url: '/acme/admin' },
  dispatcher: { email: 'dispatcher@acme.test', url: '/acme/dispatcher' },
  driver: { email: 'driver@acme.test', url: '/acme/driver' },
  customer: { email: 'customer@acme.test', url: '/acme/customer' },
};

/** Where a pattern's record comes from: a table of acme's, narrowed by a PostgREST filter where the screen shows only some. */
const RECORDS: Record<string, { table: string; filter?: string }> = {
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

interface Problem {
  route: string;
  theme: 'light' | 'dark';
  rule: string;
  impact: string;
  help: string;
  nodes: string[];
}

/** The page has settled: a heading is up, nothing is loading and no colour is mid-transition. */
async function settled(page: Page): Promise<void> {
  // A lazy page's first visit loads its code: allow for a slow machine.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
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
      { message: 'the page settles (nothing busy, no transition running)' },
    )
    .toBe(0);
}

/** Moves inside the single-page app as a link would, so the panel's shell and session stay loaded. */
async function visit(page: Page, url: string): Promise<void> {
  await page.evaluate((to) => {
    const window = globalThis as unknown as { history: { pushState(state: null, unused: string, url: string): void }; dispatchEvent(event: unknown): void; PopStateEvent: new (type: string) => unknown };
    window.history.pushState(null, '', to);
    window.dispatchEvent(new window.PopStateEvent('popstate'));
  }, url);
  await expect(page).toHaveURL(new RegExp(`${url.replace(/[?]/g, '\\?')}$`));
}

async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await expect(page.locator('html'), `the ${theme} theme`).toHaveClass(theme === 'dark' ? /(^|\s)dark(\s|$)/ : /^(?!(.*\s)?dark(\s|$))/);
}

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/**
 * axe on the page in one theme. The first pass of a page injects axe through AxeBuilder; the page
 * is never reloaded between screens, so the later passes call the injected axe again, asking for
 * violations only (injecting axe costs more than a run, and the passes list is never read).
 * `whole` takes in the panel's shell (its nav, top bar and their menus), the same around every
 * screen of the panel: it is checked on the panel's first screen, the others check their `main`.
 */
async function check(page: Page, route: string, theme: 'light' | 'dark', { whole, colourOnly }: { whole: boolean; colourOnly: boolean }): Promise<Problem[]> {
  await settled(page);
  const injected = await page.evaluate(() => 'axe' in globalThis);
  let violations: AxeResults['violations'];
  if (!injected) {
    // The app has no frames: axe runs in the page alone (legacy mode, no per-frame passes).
    const builder = new AxeBuilder({ page }).withTags(TAGS).setLegacyMode(true);
    if (!whole) builder.include('main');
    for (const { selector } of EXCLUDED) builder.exclude(selector);
    if (colourOnly) builder.withRules(COLOUR_RULES);
    ({ violations } = await builder.analyze());
  } else {
    violations = await page.evaluate(
      async ({ tags, rules, whole, excluded }) => {
        const axe = (globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResults> } }).axe;
        const runOnly = rules ? { type: 'rule', values: rules } : { type: 'tag', values: tags };
        const context = { include: whole ? [['html']] : [['main']], exclude: excluded.map((selector) => [selector]) };
        return (await axe.run(context, { runOnly, resultTypes: ['violations'] })).violations;
      },
      { tags: TAGS, rules: colourOnly ? COLOUR_RULES : null, whole, excluded: EXCLUDED.map((e) => e.selector) },
    );
  }
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => ({
      route,
      theme,
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      nodes: v.nodes
        .map((node) => ({ target: node.target.join(' '), message: node.any[0]?.message ?? node.all[0]?.message ?? node.none[0]?.message }))
        .filter(({ target }) => !EXCEPTIONS.some((e) => e.rule === v.id && e.target.test(target)))
        .map(({ target, message }) => `${target}${message ? ` (${message})` : ''}`),
    }))
    .filter((problem) => problem.nodes.length > 0);
}

function report(problems: Problem[]): string {
  return problems
    .map((p) => `${p.route} [${p.theme}] ${p.rule} (${p.impact}): ${p.help}\n${p.nodes.map((n) => `    ${n}`).join('\n')}`)
    .join('\n');
}

async function recordId(request: Parameters<typeof asServiceRole>[0], pattern: string): Promise<string> {
  const source = RECORDS[pattern];
  if (!source) throw new Error(`no seeded record for ${pattern}: add its table to RECORDS in accessibility.spec.ts`);
  const rows = (await asServiceRole(
    request,
    'GET',
    `/rest/v1/${source.table}?select=id&tenant_id=eq.${ACME}${source.filter ? `&${source.filter}` : ''}&order=id&limit=1`,
  )) as { id: string }[];
  if (!rows[0]) throw new Error(`the seed has no ${source.table} row of acme${source.filter ? ` with ${source.filter}` : ''} for ${pattern}`);
  return rows[0].id;
}

for (const panel of Object.keys(users) as Panel[]) {
  const { email, url } = users[panel];
  const session = workerSession(email, url);
  const routes = routeTable.filter((route) => route.panel === panel).map((route) => route.path);

  test(`every ${panel} screen meets WCAG 2.1 AA in light and dark`, async ({ page, request }) => {
    // The sign-in, then per screen its load and two axe passes (a few seconds on a busy page).
    test.setTimeout(60_000 + routes.length * 6_000);
    let theme: 'light' | 'dark' = 'light';
    await page.emulateMedia({ colorScheme: theme });
    await session.open(page);
    const problems: Problem[] = [];
    for (const pattern of routes) {
      let path = pattern;
      if (pattern.includes(':id')) path = pattern.replace(':id', await recordId(request, pattern));
      const route = `${url}${path === '/' ? '' : path}`;
      await test.step(route, async () => {
        if (page.url() !== new URL(route, page.url()).href) await visit(page, route);
        // Each screen in both themes, starting in the one the previous screen ended in.
        const whole = pattern === routes[0];
        problems.push(...(await check(page, route, theme, { whole, colourOnly: false })));
        theme = theme === 'light' ? 'dark' : 'light';
        await setTheme(page, theme);
        problems.push(...(await check(page, route, theme, { whole, colourOnly: true })));
      });
    }
    expect(report(problems), 'WCAG 2.1 A/AA violations, critical or serious (screen [theme] rule: elements)').toBe('');
  });
}
