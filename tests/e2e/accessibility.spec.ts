import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, workerSession, type Panel } from './fixtures.ts';
import { PANEL_USERS, panelRoutes, screenUrl, settled, visit } from './screen-tour.ts';

/**
 * Every screen of every panel, as that panel's user of acme, checked by axe-core against WCAG 2.1
 * A and AA, in the light theme and again in the dark one (the same page: the colour mode follows
 * the system's until the user picks one, so emulating a dark system switches it without a reload).
 * A critical or serious violation fails the role's test with the list of screen, rule and elements.
 *
 * The screens are the route table's, toured as screen-tour.ts says (a new screen is swept as soon
 * as it is declared; a new `:id` pattern needs its seeded record in RECORDS there).
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

interface Problem {
  route: string;
  theme: 'light' | 'dark';
  rule: string;
  impact: string;
  help: string;
  nodes: string[];
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

for (const panel of Object.keys(PANEL_USERS) as Panel[]) {
  const { email, url } = PANEL_USERS[panel];
  const session = workerSession(email, url);
  const routes = panelRoutes(panel);

  test(`every ${panel} screen meets WCAG 2.1 AA in light and dark`, async ({ page, request }) => {
    // The sign-in, then per screen its load and two axe passes (a few seconds on a busy page).
    test.setTimeout(60_000 + routes.length * 6_000);
    let theme: 'light' | 'dark' = 'light';
    await page.emulateMedia({ colorScheme: theme });
    await session.open(page);
    // axe reads the colours a screen comes to rest in; waiting out each colour transition after a
    // theme switch took a fifth of the sweep (half a second a screen on 2 cores), so the sweep's page
    // has none. The page is never reloaded, so the rule holds for every screen.
    await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
    const problems: Problem[] = [];
    for (const pattern of routes) {
      const route = await screenUrl(request, url, pattern);
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
