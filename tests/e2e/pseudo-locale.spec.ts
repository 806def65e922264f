import type { Page, Response, WebSocket } from '@playwright/test';
import { asServiceRole, expect, test, unique, workerSession } from './fixtures.ts';
import { collectStrings, dataValues, foreign, pseudoName, untranslatedNames } from './pseudo-text.ts';
import { PANEL_USERS, panelRoutes, screenUrl, settled, visit } from './screen-tour.ts';
import { ACME } from './tracking-api.ts';

/**
 * Every screen of the route table, as each role of acme, in the pseudo-locale (src/lib/i18n/pseudo.ts:
 * every catalogue message accented and bracketed, "Save" reads "⟦Šåṽé·⟧"): a word a user can see or
 * hear that still reads in plain ASCII letters did not come from a catalogue, and fails the role's
 * test with the list of screen, text and where it sits.
 *
 * What is read, on each screen once it has settled (a heading up, nothing busy): every text node of
 * the document that is rendered (skipping `aria-hidden`, `hidden`, script and style, and what CSS
 * hides; visually hidden text for screen readers is read), the options of visible selects, the
 * document's title, and the accessible words of visible elements: aria-label, aria-description,
 * aria-roledescription, aria-valuetext, title, placeholder and alt.
 *
 * What is data, and so may be plain letters (pseudo-text.ts):
 * - every string value the page received from the server while the role toured: the JSON answers
 *   (2xx only, so a refusal's English text is not data) of REST, RPC, Auth, Storage and the edge
 *   functions, and the realtime frames. A text passes when what is left after taking those values
 *   out (whole values, not inside a word), the shapes and the formats has no ASCII letter. A value
 *   shown in part is data too: its parts between commas (a list shows an address's first part) and its
 *   start cut short with an ellipsis (a long item name in a narrow column).
 * - shapes: emails, URLs, ids, stored files' names, colours; formats from the browser's Intl data in
 *   English: numbers, money and currency codes, dates and times (month and weekday names, AM/PM),
 *   relative times ("5 minutes ago", "yesterday"), unit symbols (after a number or alone beside a
 *   field); names Intl gives (currencies, time zones), each language named in itself (the language
 *   menus) and the product's name, never translated.
 *
 * Limits, known and accepted: an English word that is also a whole value the server sent somewhere
 * on the tour (a status value such as "pending", a seeded name such as "Main") passes where it is
 * shown as a label, and so does a lone unit symbol ("in", "h"); text drawn in a canvas (the map) or
 * an image and input values (user-typed or data) are not read. The tour looks at each screen as it
 * opens; what shows only after an interaction is read by the tests after it, on the kit's kinds of
 * it: the header's account drawer and language menu, a form dialog and its errors, a row's menu, a
 * confirm dialog and a toast (not every dialog and toast of every screen, nor a drag's
 * announcements). Screens with nothing seeded show their empty states.
 *
 * The tour moves one page per role from screen to screen as a link would (no reload), so each area's
 * catalogue loads once; the pseudo-locale is switched on after the sign-in (the shared sign-in
 * helpers find the English labels), by the localStorage flag the app reads once at start. Measured
 * on 2 busy cores: the admin's 64 screens take 1-2 minutes, the dispatcher's 25 about one, the
 * driver, the customer and warehouse staff about 10 s each.
 */

/**
 * Whole screens not toured, each with why (what they show is not the console's words to translate).
 */
const SKIPPED_SCREENS: readonly { panel: string; pattern: RegExp; reason: string }[] = [
  { panel: 'admin', pattern: /^\/api-key-management\/api-reference$/, reason: 'the API reference (features/api-keys) shows the OpenAPI document itself: operation names, paths, schema type words ("array of object") and curl samples are the API\'s, for developers, never translated (its chrome is checked by the api-keys page test)' },
];

/**
 * Texts not counted, each with where and why: parts being converted to catalogues on other
 * branches right now, and what is never translated. `route` and `where` narrow an entry (where: the
 * landmark, the nearest data-testid and the element, as the report prints it).
 */
const EXCLUDED: readonly { route?: RegExp; where?: RegExp; text: RegExp; reason: string }[] = [
  { route: /\/brand-settings$/, where: /option$/, text: /^(?:Inter|Roboto|Open Sans|Lato|Poppins|Montserrat|Nunito|Source Sans 3|Merriweather|Georgia)$/, reason: 'a font is offered by its family name, the same in every language' },
  { where: /\[brand-preview\] span$/, text: /^AAA?$/, reason: "WCAG's conformance levels (AA, AAA) are named so in every language" },
  { where: /\bkbd$/, text: /^(?:[A-Z0-9]|Shift|Enter|Esc|Space|Tab|Ctrl|Alt|Cmd)$/, reason: 'a key is named as printed on the keyboard' },
  {
    where: /\[audit-diff\] span$/,
    text: /^[[{][^]*[\]}]$/,
    reason: "an audit entry's structured value (preferences, features, settings) shows as the JSON it was stored as: its keys are the stored data's, not the screen's words (the field names and yes/no values are the catalogue's)",
  },
];

const PSEUDO_FLAG = { key: 'waypost:pseudo-locale', value: 'on' };

interface Tour {
  name: string;
  email: string;
  /** Where the user lands on signing in. */
  landing: string;
  /** The panel's url, that the routes are relative to. */
  base: string;
  routes: string[];
}

const TOURS: Tour[] = [
  ...(['admin', 'dispatcher', 'driver', 'customer'] as const).map((panel) => ({
    name: panel,
    email: PANEL_USERS[panel].email,
    landing: PANEL_USERS[panel].url,
    base: PANEL_USERS[panel].url,
    routes: panelRoutes(panel),
  })),
  // A picker of acme's (the warehouse_staff role only) works in the dispatcher panel's warehouse section.
  { name: 'warehouse staff', email: 'tyrone.jackson@acmelogistics.example', landing: '/acme/dispatcher/floor', base: '/acme/dispatcher', routes: ['/floor', '/profile'] },
];

interface Seen {
  text: string;
  where: string;
}

/** What a screen shows and says, read in the page (the suite compiles without the DOM's types: the page's globals are named here). */
function readScreen(): Seen[] {
  interface El {
    tagName: string;
    id: string;
    parentElement: El | null;
    closest(selector: string): El | null;
    checkVisibility(options: object): boolean;
    getAttribute(name: string): string | null;
    querySelectorAll(selector: string): ArrayLike<El>;
    textContent: string | null;
  }
  interface TextNode {
    nodeValue: string | null;
    parentElement: El | null;
  }
  const { document } = globalThis as unknown as {
    document: {
      title: string;
      body: El;
      createTreeWalker(root: El, what: number): { nextNode(): TextNode | null };
      querySelectorAll(selector: string): ArrayLike<El>;
    };
  };
  const SHOW_TEXT = 4;
  const HIDDEN = '[aria-hidden="true"], [hidden], script, style, noscript, template';
  const LANDMARKS = 'main, nav, header, aside, footer, dialog, [role="dialog"], [role="alertdialog"], [role="menu"], [role="region"], [role="navigation"], [role="banner"]';
  const shown = (element: El): boolean => {
    if (element.closest(HIDDEN)) return false;
    // An option is drawn by its select (a listbox a screen reader reads out): it counts if the select is shown.
    const select = element.closest('select');
    return (select ?? element).checkVisibility({ checkVisibilityCSS: true });
  };
  // Where a text sits: its landmark, the nearest part with a test id, and its element ("main [audit-diff] th").
  const describe = (element: El): string => {
    const landmark = element.closest(LANDMARKS);
    const part = element.closest('[data-testid]');
    const parts = [landmark && landmark !== element ? landmark.tagName.toLowerCase() : null, part ? `[${part.getAttribute('data-testid')}]` : null, element.tagName.toLowerCase()];
    return parts.filter(Boolean).join(' ');
  };
  const seen: Seen[] = [];
  if (document.title.trim()) seen.push({ text: document.title.trim(), where: 'title' });
  const walker = document.createTreeWalker(document.body, SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = (node.nodeValue ?? '').replace(/\s+/g, ' ').trim();
    const element = node.parentElement;
    if (!text || !element || !shown(element)) continue;
    seen.push({ text, where: describe(element) });
  }
  const ATTRIBUTES = ['aria-label', 'aria-description', 'aria-roledescription', 'aria-valuetext', 'title', 'placeholder', 'alt'];
  const withWords = document.querySelectorAll(ATTRIBUTES.map((attribute) => `[${attribute}]`).join(', '));
  for (let i = 0; i < withWords.length; i++) {
    const element = withWords[i]!;
    if (!shown(element)) continue;
    for (const attribute of ATTRIBUTES) {
      const text = (element.getAttribute(attribute) ?? '').replace(/\s+/g, ' ').trim();
      if (text) seen.push({ text, where: `${describe(element)}@${attribute}` });
    }
  }
  return seen;
}

/** Listens to what the page receives from the server: every string value of its successful JSON answers and realtime frames. */
function listenForData(page: Page): { values: Set<string>; drained(): Promise<void> } {
  const values = new Set<string>();
  const reading = new Set<Promise<void>>();
  const onResponse = (response: Response) => {
    if (!response.ok() || !(response.headers()['content-type'] ?? '').includes('json')) return;
    const read = response
      .json()
      .then((body: unknown) => collectStrings(body, values))
      .catch(() => undefined)
      .finally(() => reading.delete(read));
    reading.add(read);
  };
  const onSocket = (socket: WebSocket) => {
    socket.on('framereceived', ({ payload }) => {
      if (typeof payload !== 'string') return;
      try {
        collectStrings(JSON.parse(payload), values);
      } catch {
        // A frame that is not JSON carries no value a screen shows.
      }
    });
  };
  page.on('response', onResponse);
  page.on('websocket', onSocket);
  return {
    values,
    async drained() {
      while (reading.size > 0) await Promise.all([...reading]);
    },
  };
}

interface Finding {
  route: string;
  text: string;
  where: string;
}

function report(findings: Finding[]): string {
  const byRoute = new Map<string, Finding[]>();
  for (const finding of findings) byRoute.set(finding.route, [...(byRoute.get(finding.route) ?? []), finding]);
  return [...byRoute]
    .map(([route, list]) => `${route}\n${list.map(({ text, where }) => `    ${JSON.stringify(text)}  (${where})`).join('\n')}`)
    .join('\n');
}

test('the check tells catalogue words from English and from data', () => {
  const values = dataValues(['Maya Chen', 'ACME-001055', ...untranslatedNames()]);
  expect(foreign('⟦Šåṽé·⟧', values)).toBe(false);
  expect(foreign('⟦Đéļïṽéŕý ACME-001055··⟧', values)).toBe(false);
  expect(foreign('Maya Chen · Dec 3, 2026, 11:51 · 12.5 kg · $1,234.56', values)).toBe(false);
  expect(foreign('Save', values)).toBe(true);
  expect(foreign('⟦Šåṽé·⟧ changes', values)).toBe(true);
  expect(foreign('Remove Maya Chen', values)).toBe(true);
  expect(foreign('Chenille', values)).toBe(true);
  // Data and formats in either order: an address is not "1 Mar", a vehicle not "7 t", a relative time not a value's leftovers.
  const more = dataValues(['1 Market St, San Francisco', 'Box Truck 7t', 'within 14 hours']);
  expect(foreign('1 Market St, San Francisco', more)).toBe(false);
  expect(foreign('⟦Åçţïöñš ƒöŕ Box Truck 7t···⟧', more)).toBe(false);
  expect(foreign('14 hours ago', more)).toBe(false);
  expect(foreign('14 boxes left', more)).toBe(true);
  // Data shown in part: an address by its first part, a long name cut short; not a short English word, not an unknown start.
  const shown = dataValues(['600 Mission St, San Francisco, CA 94105', 'Thunderbolt 4 Docking Station with Dual 4K Display Support']);
  expect(foreign('600 Mission St', shown)).toBe(false);
  expect(foreign('Thunderbolt 4 Docking Station with Dual 4K Display…', shown)).toBe(false);
  expect(foreign('CA', shown)).toBe(true);
  expect(foreign('Thunderbolt 5 Hub…', shown)).toBe(true);
  expect(foreign('Thun…', shown)).toBe(true);
});

/** One signed-in session per role of the file, for the tour and for what it opens by clicking. */
const SESSIONS = new Map(TOURS.map((tour) => [tour.name, workerSession(tour.email, tour.landing)] as const));

/** Starts the page signed in as the tour's user, in the pseudo-locale from its next load on; listens for data from the start. */
async function enterPseudo(page: Page, tour: string) {
  const data = listenForData(page);
  await SESSIONS.get(tour)!.enter(page);
  await page.addInitScript(({ key, value }) => (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(key, value), PSEUDO_FLAG);
  return data;
}

/** What is not from a catalogue, less data, exclusions, and what was already reported (the shell around every screen, once). */
function foreignFindings(seen: Finding[], values: readonly string[]): Finding[] {
  const reported = new Set<string>();
  return seen.filter(({ route, text, where }) => {
    if (!foreign(text, values)) return false;
    if (EXCLUDED.some((e) => (!e.route || e.route.test(route)) && (!e.where || e.where.test(where)) && e.text.test(text))) return false;
    const key = `${where}\u0000${text}`;
    if (reported.has(key)) return false;
    reported.add(key);
    return true;
  });
}

for (const tour of TOURS) {
  const skipped = SKIPPED_SCREENS.filter((skip) => skip.panel === tour.name);
  const routes = tour.routes.filter((pattern) => !skipped.some((skip) => skip.pattern.test(pattern)));

  test(`every ${tour.name} screen speaks only from its catalogues (pseudo-locale)`, async ({ page, request }) => {
    // The sign-in and the switch to the pseudo-locale, then per screen its load and one read.
    test.setTimeout(45_000 + routes.length * 3_000);
    const data = await enterPseudo(page, tour.name);
    const seen: Finding[] = [];
    for (const pattern of routes) {
      const route = await screenUrl(request, tour.base, pattern);
      await test.step(route, async () => {
        if (pattern === routes[0]) await page.goto(route);
        else await visit(page, route);
        await settled(page);
        // The page's first screen proves the switch took: its heading is a catalogue's, accented.
        if (pattern === routes[0]) await expect(page.getByRole('heading', { level: 1 }).first()).toContainText('⟦');
        for (const { text, where } of await page.evaluate(readScreen)) seen.push({ route, text, where });
      });
    }
    await data.drained();
    const values = dataValues([...data.values, ...untranslatedNames()]);
    // The shell around every screen is reported once, on the first screen that shows it.
    const findings = foreignFindings(seen, values);
    expect(report(findings), 'words not from a catalogue (screen, then each text and where it sits)').toBe('');
  });
}

/** Reads the page as it is now into `seen`, under `moment` (what was opened, where the report prints the screen). */
async function readInto(page: Page, seen: Finding[], moment: string) {
  for (const { text, where } of await page.evaluate(readScreen)) seen.push({ route: moment, text, where });
}

test('what the admin opens by clicking speaks only from its catalogues: the account drawer, a form dialog and its errors, a row menu, a confirm dialog, a toast (pseudo-locale)', async ({ page, request }) => {
  test.setTimeout(90_000);
  // A zone of the test's own, to delete: its confirm dialog asks, its toast says it is gone.
  const code = unique('PSEUDO');
  await asServiceRole(request, 'POST', '/rest/v1/zones', {
    tenant_id: ACME,
    name: 'Pseudo-locale pop-up',
    code,
    polygon: { type: 'Polygon', coordinates: [[[-122.42, 37.77], [-122.41, 37.77], [-122.41, 37.78], [-122.42, 37.77]]] },
  });
  const data = await enterPseudo(page, 'admin');
  const seen: Finding[] = [];
  const list = `${PANEL_USERS.admin.url}/zones?q=${code}`;
  await page.goto(list);
  await settled(page);
  await expect(page.getByRole('heading', { level: 1 }).first()).toContainText('⟦');
  const row = page.getByRole('row', { name: new RegExp(code) });
  await expect(row).toBeVisible();

  await test.step('the header’s account drawer', async () => {
    await page.getByRole('banner').getByRole('button', { name: pseudoName('Account') }).click();
    await expect(page.getByRole('dialog', { name: pseudoName('Account') })).toBeVisible();
    await readInto(page, seen, `${list}: account drawer`);
  });

  await test.step('a form dialog (the drawer’s Profile), then its errors', async () => {
    await page.getByRole('dialog', { name: pseudoName('Account') }).getByRole('button', { name: pseudoName('Profile') }).click();
    const form = page.getByRole('form', { name: pseudoName('Profile') });
    const firstName = form.getByRole('textbox', { name: pseudoName('First name', 'start') });
    await expect(firstName).toBeVisible();
    await readInto(page, seen, `${list}: profile dialog`);
    // Refused in the form, so nothing is saved.
    await firstName.fill('');
    await form.getByRole('button', { name: pseudoName('Save profile') }).click();
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    await readInto(page, seen, `${list}: profile dialog, its errors`);
    await page.keyboard.press('Escape');
    await expect(form).toHaveCount(0);
  });

  await test.step('a row’s menu, the confirm dialog, the toast', async () => {
    await row.getByRole('button', { name: pseudoName('Actions for', 'start') }).click();
    const remove = page.getByRole('menuitem', { name: pseudoName('Delete') });
    await expect(remove).toBeVisible();
    await readInto(page, seen, `${list}: row menu`);
    await remove.click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(code);
    await readInto(page, seen, `${list}: confirm dialog`);
    await confirm.getByRole('button', { name: pseudoName('Delete') }).click();
    const toast = page.getByTestId('toast');
    await expect(toast).toBeVisible();
    // Held while it is read (a toast leaves after a few seconds unless pointed at).
    await toast.hover();
    await readInto(page, seen, `${list}: toast`);
    await expect(row).toHaveCount(0);
  });

  await data.drained();
  const findings = foreignFindings(seen, dataValues([...data.values, ...untranslatedNames()]));
  expect(report(findings), 'words not from a catalogue (what was open, then each text and where it sits)').toBe('');
});

test('the driver’s language menu speaks only from its catalogues (pseudo-locale)', async ({ page }) => {
  test.setTimeout(60_000);
  const data = await enterPseudo(page, 'driver');
  const seen: Finding[] = [];
  await page.goto(PANEL_USERS.driver.url);
  await settled(page);
  await page.getByRole('button', { name: pseudoName('Language: ', 'start') }).click();
  await expect(page.getByRole('menuitemradio').first()).toBeVisible();
  await readInto(page, seen, `${PANEL_USERS.driver.url}: language menu`);
  await data.drained();
  const findings = foreignFindings(seen, dataValues([...data.values, ...untranslatedNames()]));
  expect(report(findings), 'words not from a catalogue (what was open, then each text and where it sits)').toBe('');
});
