import { expect, test, unique, workerSession } from './fixtures.ts';

const BORIS = 'a1000000-0000-4000-8000-000000000005';
const CARLA = 'a1000000-0000-4000-8000-000000000004';
const admin = workerSession('admin@acme.test', '/acme/admin');

test.beforeEach(({ page }) => admin.enter(page));

test('API keys: generate one shown once and copied, edit it, revoke it; business users have the tab', async ({ page, context }) => {
  // One walk through the whole screen: more steps than one test's usual time on a busy machine.
  test.slow();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/acme/admin/api-key-management');
  await expect(page.getByRole('heading', { name: 'API keys' })).toBeVisible();

  // Generate: the button waits for a name that is more than spaces.
  const name = unique('Shop sync');
  await page.getByRole('button', { name: 'Generate new key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate new API key' });
  const generate = dialog.getByRole('button', { name: 'Generate' });
  await expect(generate).toBeDisabled();
  await dialog.getByLabel('Name').fill('   ');
  await expect(generate).toBeDisabled();
  await expect(dialog.getByLabel('Active')).toHaveCount(0);
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Description').fill('Orders from the web shop');
  await generate.click();
  await expect(page.getByText('API key generated successfully')).toBeVisible();

  // Shown once, with Copy and its confirmation.
  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  const key = await shown.getByLabel('API key').inputValue();
  expect(key).toMatch(/^wpk_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: 'Copy' }).click();
  await expect(shown.getByRole('status')).toHaveText('Copied');
  expect(await page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText())).toBe(key);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();

  // Listed by its prefix, never the key.
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(`${key.slice(0, 12)}…`);
  await expect(page.getByText(key)).toHaveCount(0);

  // Edit: the active switch is there now.
  await row.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit API key' });
  await expect(edit.getByLabel('Active')).toBeVisible();
  await edit.getByLabel('Name').fill(`${name} v2`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('API key updated')).toBeVisible();
  const renamed = page.getByRole('row', { name: new RegExp(`${name} v2`) });
  await expect(renamed).toBeVisible();

  // Revoke, after confirming; then neither action is offered.
  await renamed.getByRole('button', { name: `Actions for ${name} v2` }).click();
  await page.getByRole('menuitem', { name: 'Revoke' }).click();
  await page.getByRole('alertdialog', { name: 'Revoke API key' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('API key revoked successfully')).toBeVisible();
  await expect(renamed).toContainText('Revoked');
  await renamed.getByRole('button', { name: `Actions for ${name} v2` }).click();
  await expect(page.getByRole('menuitem', { name: /Edit/ })).toBeDisabled();
  await expect(page.getByRole('menuitem', { name: /Revoke/ })).toBeDisabled();
  await page.keyboard.press('Escape');

  // A business user's own keys are a tab of their page; an individual customer has none.
  await page.goto(`/acme/admin/users/${BORIS}/detail?tab=api-keys`);
  await expect(page.getByRole('tab', { name: 'API Keys' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Generate new key' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  await page.goto(`/acme/admin/users/${CARLA}/detail`);
  await expect(page.getByRole('tab', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'API Keys' })).toHaveCount(0);
});
