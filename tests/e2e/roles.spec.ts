import { expect, expectForbidden, PANELS, signInTo, test } from './fixtures.ts';

for (const role of PANELS) {
  test(`the acme ${role} reaches only the ${role} area, and no globex area`, async ({ page }) => {
    await signInTo(page, `${role}@acme.test`, `/acme/${role}`);
    for (const area of PANELS) {
      await page.goto(`/acme/${area}`);
      if (area === role) {
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('heading', { name: 'Permission denied' })).toHaveCount(0);
      } else {
        await expectForbidden(page);
      }
      await expect(page).toHaveURL(new RegExp(`/acme/${area}$`));
    }
    await page.goto(`/globex/${role}`);
    await expectForbidden(page);
  });
}

test('a globex admin lands in globex, and acme is forbidden to them', async ({ page }) => {
  await signInTo(page, 'admin@globex.test', '/globex/admin');
  for (const path of ['/acme/admin', '/acme', '/acme/dashboard']) {
    await page.goto(path);
    await expectForbidden(page);
  }
  await page.goto('/globex');
  await expect(page).toHaveURL(/\/globex\/admin$/);
});

test("the permission-denied page offers the way back to the user's own panel", async ({ page }) => {
  await signInTo(page, 'customer@acme.test', '/acme/customer');
  await page.goto('/acme/admin');
  await expectForbidden(page);
  await page.getByRole('link', { name: 'Go to home' }).click();
  await expect(page).toHaveURL(/\/acme\/customer$/);
});
