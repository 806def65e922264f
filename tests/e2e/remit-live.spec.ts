import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, tokenOf, workerSession } from './fixtures.ts';
import { assignToDerek, createDelivery, forgetNotifications, recordFix, rpc, transition } from './tracking-api.ts';

/**
 * The remit screen is live: a cash delivery the demo driver Derek delivers through the
 * API lands in his cash on the open screen without a reload (remit.spec.ts works on Daniel Okafor).
 */

const dispatcher = workerSession('dispatcher@acme.test', '/acme/dispatcher');
// Both tests move Derek's cash: run one after the other, also when Playwright runs several workers.
test.describe.configure({ timeout: 120_000, mode: 'serial' });
test.beforeEach(({ page }) => dispatcher.enter(page));
test.afterEach(({ request }) => forgetNotifications(request));

const derekRow = (page: Page) => page.getByRole('table', { name: "Drivers' cash" }).getByRole('row').filter({ hasText: 'Derek Driver' });
const cells = (page: Page) => derekRow(page).getByRole('cell');
/** A money text as cents: '$1,234.50' -> 123450. */
const centsOf = (text: string) => Math.round(Number(text.replace(/[^0-9.-]/g, '')) * 100);
/** Derek's outstanding cash: the cell's amount, before its count of deliveries. */
const outstandingCents = async (page: Page) => centsOf(await cells(page).nth(2).evaluate((cell) => cell.firstChild?.textContent ?? ''));

/** A new delivery with cash on delivery, assigned to Derek, accepted and delivered through the API. */
async function deliverCashThroughDerek(request: APIRequestContext, cod: number) {
  const dispatcherToken = await tokenOf(request, 'dispatcher@acme.test');
  const driver = await tokenOf(request, 'driver@acme.test');
  const d = await createDelivery(request, dispatcherToken, { cod_amount: cod });
  const assignment = await assignToDerek(request, dispatcherToken, d.id);
  await rpc(request, driver, 'respond_to_assignment', { assignment_id: assignment, accept: true });
  await transition(request, driver, d.id, 'picked_up');
  await recordFix(request, driver, 0);
  await transition(request, driver, d.id, 'in_transit');
  await transition(request, driver, d.id, 'delivered', { proof: { recipient_name: 'Carla Customer' } });
  return d;
}

/** Chooses Derek in the form and waits for his cash deliveries. */
async function chooseDerek(page: Page) {
  const form = page.getByRole('form', { name: 'Record a remittance' });
  const select = form.getByLabel('Driver');
  const value = await select.locator('option', { hasText: 'Derek Driver' }).getAttribute('value');
  await select.selectOption(value!);
  return form;
}

test('a cash delivery delivered by the API appears in the driver\'s cash without a reload', async ({ page, request }) => {
  await page.goto('/acme/dispatcher/remit');
  await expect(derekRow(page)).toBeVisible();
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  const before = await outstandingCents(page);

  const d = await deliverCashThroughDerek(request, 42.5);

  await expect.poll(() => outstandingCents(page)).toBe(before + 4250);
  // The form offers the new delivery for Derek's next remittance.
  const form = await chooseDerek(page);
  await expect(form.getByRole('checkbox', { name: new RegExp(d.delivery_code) })).toBeVisible();
});

test('a remittance being written keeps what was ticked and typed while the driver\'s cash moves live', async ({ page, request }) => {
  const first = await deliverCashThroughDerek(request, 17.25);
  await page.goto('/acme/dispatcher/remit');
  const form = await chooseDerek(page);
  const firstBox = form.getByRole('checkbox', { name: new RegExp(first.delivery_code) });
  await firstBox.check();
  await expect(form.getByLabel('Amount')).toHaveValue('17.25');
  await form.getByLabel('Amount').fill('15');

  const second = await deliverCashThroughDerek(request, 8);
  // The list is read again live and offers the new delivery; the choice and the typed amount stay.
  await expect(form.getByRole('checkbox', { name: new RegExp(second.delivery_code) })).toBeVisible();
  await expect(firstBox).toBeChecked();
  await expect(form.getByLabel('Amount')).toHaveValue('15');
  await expect(form.getByText(/The amount differs from the deliveries' cash/)).toBeVisible();
});
