import type { Locator, Page } from '@playwright/test';
import { expect, test, workerSession, type Panel } from './fixtures.ts';
import { PANEL_USERS, panelRoutes, screenUrl, settled, visit } from './screen-tour.ts';

/**
 * Reflow: at 320 CSS px wide (what 1280 px shows at 400 % zoom) no screen scrolls sideways; only what
 * needs two dimensions (a table's columns, a map) scrolls inside its own box. Each role opens a few
 * screens of its panel in one page, at least a list and a form where the panel has them, and on each
 * the page is no wider than the window while its heading and its main action stay in view. Then
 * every screen of the route table, as each panel's user (the screen tour of screen-tour.ts): none
 * scrolls sideways at 320 px, and its heading stays within the window. 320 px also covers 200 %
 * zoom (1280 px at 200 % is 640 CSS px wide, a wider window than this one).
 */

const WIDTH = 320;

interface Screen {
  path: string;
  /** The screen's main action: what a user came to do there. */
  action: (page: Page) => Locator;
}

const PANELS: Record<Panel, { email: string; url: string; screens: Screen[] }> = {
  admin: {
    email: 'admin@acme.test',
    url: '/acme/admin',
    screens: [
      { path: '/vehicles', action: (page) => page.getByRole('button', { name: 'Add vehicle' }) },
      { path: '/vehicles/create', action: (page) => page.getByRole('button', { name: 'Create vehicle' }) },
      { path: '/locations', action: (page) => page.getByRole('button', { name: 'Add location' }) },
      { path: '/warehouses/a5000000-0000-4000-8000-000000000001', action: (page) => page.getByRole('button', { name: 'Edit', exact: true }) },
    ],
  },
  dispatcher: {
    email: 'dispatcher@acme.test',
    url: '/acme/dispatcher',
    screens: [
      { path: '', action: (page) => page.getByRole('button', { name: /^Assign…/ }) },
      { path: '/delivery_orders', action: (page) => page.getByRole('button', { name: 'Add delivery' }) },
      { path: '/delivery_orders/new', action: (page) => page.getByRole('button', { name: 'Create delivery' }) },
    ],
  },
  driver: {
    email: 'driver@acme.test',
    url: '/acme/driver',
    screens: [{ path: '', action: (page) => page.getByRole('button', { name: /^(Go on duty|Go off duty|Take a break|End break)$/ }).first() }],
  },
  customer: {
    email: 'customer@acme.test',
    url: '/acme/customer',
    screens: [{ path: '', action: (page) => page.getByRole('link', { name: /^Track live / }).first() }],
  },
};

/** How wide the page is, and what sticks out past the window's right edge when it is too wide (to say what to fix). */
function pageWidth(page: Page): Promise<{ width: number; overflowing: string[] }> {
  return page.evaluate((limit) => {
    interface Box {
      tagName: string;
      className: unknown;
      parentElement: Box | null;
      getBoundingClientRect(): { right: number };
    }
    const { document } = globalThis as unknown as { document: { documentElement: { scrollWidth: number }; querySelectorAll(selector: string): Iterable<Box> } };
    const width = document.documentElement.scrollWidth;
    const overflowing: string[] = [];
    if (width > limit) {
      for (const element of document.querySelectorAll('body *')) {
        const right = element.getBoundingClientRect().right;
        if (right <= limit + 0.5 || (element.parentElement?.getBoundingClientRect().right ?? 0) > limit + 0.5) continue;
        overflowing.push(`${element.tagName.toLowerCase()}.${String(element.className).slice(0, 80)} (right edge ${Math.round(right)})`);
      }
    }
    return { width, overflowing: overflowing.slice(0, 5) };
  }, WIDTH);
}

/** Whether an element lies within the window's width (so no sideways scroll is needed to reach it). */
async function withinWidth(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= WIDTH + 0.5;
}

for (const panel of Object.keys(PANELS) as Panel[]) {
  const { email, url, screens } = PANELS[panel];
  const session = workerSession(email, url);

  test(`the ${panel}'s screens reflow to ${WIDTH} px without sideways scrolling`, async ({ page }) => {
    await page.setViewportSize({ width: WIDTH, height: 640 });
    await session.open(page);
    for (const { path, action } of screens) {
      const route = `${url}${path}`;
      await test.step(route, async () => {
        if (new URL(page.url()).pathname !== route) await visit(page, route);
        await settled(page);
        const heading = page.getByRole('heading', { level: 1 }).first();
        const main = action(page);
        await expect(main, `the main action of ${route}`).toBeVisible();
        const { width, overflowing } = await pageWidth(page);
        expect(width, `${route} is ${width} px wide at ${WIDTH} px; past the edge: ${overflowing.join(', ')}`).toBeLessThanOrEqual(WIDTH);
        expect(await withinWidth(heading), `the heading of ${route} within ${WIDTH} px`).toBe(true);
        expect(await withinWidth(main), `the main action of ${route} within ${WIDTH} px`).toBe(true);
      });
    }
  });
}

test(`the public pages reflow to ${WIDTH} px: sign-in, password reset, sign-up, business search, tracking`, async ({ browser }) => {
  // No session: what a visitor sees before signing in.
  const context = await browser.newContext({ viewport: { width: WIDTH, height: 640 } });
  try {
    const page = await context.newPage();
    const submit = (page: Page) => page.locator('form button[type="submit"]').first();
    const screens: Screen[] = [
      { path: '/sign-in', action: submit },
      { path: '/reset-password', action: submit },
      { path: '/acme/sign-up', action: submit },
      { path: '/businesses', action: (page) => page.getByRole('searchbox', { name: 'Search businesses' }) },
      { path: '/tracking', action: submit },
    ];
    for (const { path: route, action } of screens) {
      await test.step(route, async () => {
        await page.goto(route);
        await settled(page);
        const heading = page.getByRole('heading', { level: 1 }).first();
        const main = action(page);
        await expect(main, `the main action of ${route}`).toBeVisible();
        const { width, overflowing } = await pageWidth(page);
        expect(width, `${route} is ${width} px wide at ${WIDTH} px; past the edge: ${overflowing.join(', ')}`).toBeLessThanOrEqual(WIDTH);
        expect(await withinWidth(heading), `the heading of ${route} within ${WIDTH} px`).toBe(true);
        expect(await withinWidth(main), `the form's button on ${route} within ${WIDTH} px`).toBe(true);
      });
    }
  } finally {
    await context.close();
  }
});

test(`an open drawer and an open dialog reflow to ${WIDTH} px`, async ({ page }) => {
  const admin = workerSession(PANELS.admin.email, PANELS.admin.url);
  await page.setViewportSize({ width: WIDTH, height: 640 });
  await admin.enter(page);
  await page.goto(`${PANELS.admin.url}/vehicles`);
  await settled(page);

  // The list's filters open in a drawer: it fits, and its Apply stays reachable.
  await page.getByRole('button', { name: 'Filters' }).click();
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  const apply = drawer.getByRole('button', { name: 'Apply' });
  await expect(apply).toBeVisible();
  let { width, overflowing } = await pageWidth(page);
  expect(width, `with the filters open the page is ${width} px wide; past the edge: ${overflowing.join(', ')}`).toBeLessThanOrEqual(WIDTH);
  expect(await withinWidth(apply), 'Apply within the window').toBe(true);
  await page.keyboard.press('Escape');
  await expect(apply).toHaveCount(0);

  // A row's destructive action asks first, in a dialog that fits with both its buttons.
  await page.goto(`${PANELS.admin.url}/zones`);
  await settled(page);
  await page.getByRole('button', { name: /^Actions for / }).first().click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog')).first();
  const cancel = dialog.getByRole('button', { name: 'Cancel' });
  await expect(cancel).toBeVisible();
  ({ width, overflowing } = await pageWidth(page));
  expect(width, `with the dialog open the page is ${width} px wide; past the edge: ${overflowing.join(', ')}`).toBeLessThanOrEqual(WIDTH);
  for (const button of await dialog.getByRole('button').all()) {
    if (await button.isVisible()) expect(await withinWidth(button), `${await button.textContent()} within the window`).toBe(true);
  }
  await cancel.click();
});

for (const panel of Object.keys(PANEL_USERS) as Panel[]) {
  const { email, url } = PANEL_USERS[panel];
  const session = workerSession(email, url);
  const routes = panelRoutes(panel);

  test(`every ${panel} screen reflows to ${WIDTH} px (the route table)`, async ({ page, request }) => {
    test.setTimeout(30_000 + routes.length * 3_000);
    await page.setViewportSize({ width: WIDTH, height: 640 });
    await session.enter(page);
    const wide: string[] = [];
    for (const pattern of routes) {
      const route = await screenUrl(request, url, pattern);
      await test.step(route, async () => {
        if (pattern === routes[0]) await page.goto(route);
        else await visit(page, route);
        await settled(page);
        const { width, overflowing } = await pageWidth(page);
        if (width > WIDTH) wide.push(`${route}: ${width} px; past the edge: ${overflowing.join(', ')}`);
        const heading = page.getByRole('heading', { level: 1 }).or(page.getByRole('dialog').getByRole('heading', { level: 2 })).first();
        if (!(await withinWidth(heading))) wide.push(`${route}: its heading reaches past ${WIDTH} px`);
      });
    }
    expect(wide.join('\n'), `screens that scroll sideways at ${WIDTH} px`).toBe('');
  });
}
