import { asServiceRole, expect, test, unique } from './fixtures.ts';

const EXTRA = 30;

test.describe('the public business picker', () => {
  test.describe.configure({ mode: 'default' });
  // One batch of businesses for this file, named so no other test's search can see them.
  const tag = unique('pickertest');
  let ids: string[] = [];

  test.beforeAll(async ({ request }) => {
    const rows = Array.from({ length: EXTRA }, (_, i) => ({
      slug: `${tag}-${String(i + 1).padStart(2, '0')}`,
      name: { en: `${tag} Business ${String(i + 1).padStart(2, '0')}` },
      status: 'active',
      contact_info: { email: `hello${i}@${tag}.test` },
    }));
    const created = (await asServiceRole(request, 'POST', '/rest/v1/tenants', rows)) as { id: string }[];
    ids = created.map((row) => row.id);
  });

  test.afterAll(async ({ request }) => {
    if (ids.length) await asServiceRole(request, 'DELETE', `/rest/v1/tenants?id=in.(${ids.join(',')})`);
  });

  test('searches after a pause in typing and pages through the results 25 at a time', async ({ page }) => {
    const searches: { term: string; at: number }[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/functions/v1/public/tenants')) searches.push({ term: url.searchParams.get('search') ?? '', at: Date.now() });
    });
    await page.goto('/businesses');
    await expect(page.getByTestId('business-card').first()).toBeVisible();

    await page.getByLabel('Search businesses').pressSequentially(tag, { delay: 10 });
    const typed = Date.now();
    await expect(page).toHaveURL(new RegExp(`q=${tag}`));
    const cards = page.getByTestId('business-card');
    await expect(cards).toHaveCount(25);
    // Not a request per keystroke: the search waits for 500 ms without typing.
    const terms = searches.filter(({ term }) => term !== '');
    expect(terms.length).toBeLessThanOrEqual(3);
    expect(terms.at(-1)?.term).toBe(tag);
    expect((terms.at(-1)?.at ?? 0) - typed).toBeGreaterThanOrEqual(450);

    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination).toContainText('Page 1 of 2');
    await pagination.getByRole('button', { name: 'Next' }).click();
    await expect(cards).toHaveCount(EXTRA - 25);
    await expect(pagination).toContainText('Page 2 of 2');
    await expect(page).toHaveURL(/page=2/);
    await expect(pagination.getByRole('button', { name: 'Next' })).toBeDisabled();

    await page.getByLabel('Search businesses').fill(`${tag} Business 07`);
    await expect(cards).toHaveCount(1);
    await expect(cards).toContainText(`${tag} Business 07`);
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);

    await page.getByLabel('Search businesses').fill(`${tag}-nothing-matches`);
    await expect(page.getByText('No businesses found')).toBeVisible();
  });

  test('a card loads the brand first, then opens the sign-up page of that business', async ({ page }) => {
    const slug = `${tag}-03`;
    await page.goto(`/businesses?q=${slug}`);
    const brandRequest = page.waitForRequest((request) => request.url().includes('/rest/v1/tenants') && request.url().includes(`slug=eq.${slug}`));
    await page.getByTestId('business-card').click();
    await brandRequest;
    await expect(page).toHaveURL(new RegExp(`/${slug}/sign-up$`));
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  });

  test('a card still opens sign-up when the brand does not load', async ({ page }) => {
    const slug = `${tag}-04`;
    await page.route(/\/rest\/v1\/tenants\?.*brand_settings/, (route) => route.abort());
    await page.goto(`/businesses?q=${slug}`);
    await page.getByTestId('business-card').click();
    await expect(page).toHaveURL(new RegExp(`/${slug}/sign-up$`));
  });

  test('the seeded businesses are listed, without pagination when they fit one page', async ({ page }) => {
    await page.goto('/businesses?q=globex');
    await expect(page.getByTestId('business-card')).toHaveCount(1);
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
  });

  test('a failed load shows the error and a way to try again', async ({ page }) => {
    let fail = true;
    await page.route('**/functions/v1/public/tenants?*', (route) =>
      fail ? route.fulfill({ status: 500, json: { error: { message: 'Database unavailable' } } }) : route.fallback(),
    );
    await page.goto('/businesses?q=acme');
    await expect(page.getByRole('alert')).toContainText('Could not load the businesses.');
    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByTestId('business-card')).toHaveCount(1);
  });

  test('the Sign In button goes to sign-in', async ({ page }) => {
    await page.goto('/businesses');
    await page.getByRole('main').getByRole('link', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
  });
});
