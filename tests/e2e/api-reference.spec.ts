import { expect, test, workerSession } from './fixtures.ts';

const admin = workerSession('admin@acme.test', '/acme/admin');

test.beforeEach(({ page }) => admin.enter(page));

test('API reference: reached from API keys, shows the endpoints for this base URL and copies a curl example', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/acme/admin/api-key-management');
  await page.getByRole('link', { name: 'API reference' }).click();
  await expect(page.getByRole('heading', { name: 'API reference', level: 1 })).toBeVisible();

  const create = page.getByRole('region', { name: 'POST /v1/deliveries', exact: true });
  await expect(create.getByRole('cell', { name: 'Idempotency-Key' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Schema Delivery', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'idempotency_conflict' })).toBeVisible();

  const example = await create.getByLabel('curl example of POST /v1/deliveries', { exact: true }).innerText();
  expect(example).toContain(`curl -X POST '${new URL(baseURL!).origin}/functions/v1/api/v1/deliveries'`);
  await create.getByRole('button', { name: 'Copy the curl example of POST /v1/deliveries' }).click();
  await expect(create.getByRole('status')).toHaveText('Copied');
  expect(await page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText())).toBe(example);
});
