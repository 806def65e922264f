import { expect, signInTo, test } from './fixtures.ts';

/**
 * The dispatcher's info and profile pages: the business's contacts, admins, services and
 * zones, read only; and the person's own profile as a page (the account drawer's editor), as Oliver
 * Hughes, a seeded globex dispatcher whose phone the test puts back.
 */

test.describe.configure({ timeout: 120_000 });

test('info: contacts, admins, services with their ETA, and zones on the map', { tag: '@map' }, async ({ page }) => {
  await signInTo(page, 'dispatcher@acme.test', '/acme/dispatcher');
  await page.getByRole('navigation', { name: 'Dispatcher' }).getByRole('link', { name: 'Info', exact: true }).click();
  await expect(page).toHaveURL(/\/acme\/dispatcher\/info$/);
  await expect(page.getByRole('heading', { name: 'Info' })).toBeVisible();

  const contacts = page.getByRole('region', { name: 'Contacts' });
  await expect(contacts.getByRole('link', { name: '+1 415 555 0100' })).toHaveAttribute('href', 'tel:+14155550100');
  await expect(contacts.getByRole('link', { name: 'hello@acme.test' })).toHaveAttribute('href', 'mailto:hello@acme.test');
  await expect(contacts).toContainText('Acme Logistics');
  await expect(contacts).toContainText('1 Market St, Floor 12, San Francisco, CA 94105');
  await expect(page.getByRole('list', { name: 'Admins' })).toContainText('Ada Admin');
  await expect(page.getByRole('list', { name: 'Admins' }).getByRole('link', { name: 'admin@acme.test' })).toBeVisible();

  const services = page.getByRole('region', { name: 'Services' });
  const sameDay = services.getByRole('row').filter({ has: page.getByRole('cell', { name: 'SAMEDAY', exact: true }) });
  await expect(sameDay).toContainText('Same Day');
  await expect(sameDay).toContainText(/\d+(\.\d+)?–\d+(\.\d+)? h|\d+(\.\d+)? h|min|days/);
  const zones = page.getByRole('list', { name: 'Zones' });
  await expect(zones).toContainText('SoMa & Mission Bay');
  await expect(zones).toContainText('SF-SOMA');
  await expect(page.getByRole('region', { name: "Map of the business's zones" }).or(page.getByLabel("Map of the business's zones")).first()).toBeVisible();
  // Read only: nothing to edit here.
  await expect(page.getByRole('button', { name: /edit|save|delete/i })).toHaveCount(0);
});

test('profile: the own profile as a page, saved and kept over a reload', async ({ page }) => {
  await signInTo(page, 'oliver.hughes@globexfreight.example', '/globex/dispatcher');
  await page.getByRole('navigation', { name: 'Dispatcher' }).getByRole('link', { name: 'Profile', exact: true }).click();
  await expect(page).toHaveURL(/\/globex\/dispatcher\/profile$/);
  await expect(page.getByText('Signed in as oliver.hughes@globexfreight.example')).toBeVisible();
  const details = page.getByRole('form', { name: 'Profile' });
  await expect(details.getByLabel('First name')).toHaveValue('Oliver');
  const phone = await details.getByLabel('Phone').inputValue();
  try {
    await details.getByLabel('Phone').fill('+44 20 7946 0777');
    await details.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Profile updated')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('form', { name: 'Profile' }).getByLabel('Phone')).toHaveValue('+44 20 7946 0777');
    await expect(page.getByRole('form', { name: 'Change password' })).toBeVisible();
  } finally {
    const form = page.getByRole('form', { name: 'Profile' });
    await form.getByLabel('Phone').fill(phone);
    await form.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Profile updated').first()).toBeVisible();
  }
});
