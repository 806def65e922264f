import type { APIRequestContext, Locator } from '@playwright/test';
import { ANON_KEY, expect, test, tokenOf, workerSession } from './fixtures.ts';
import { ACME, assignToDerek, createDelivery, forgetNotifications, rpc, transition } from './tracking-api.ts';

const LIST = '/acme/admin/package-handoff';

const admin = workerSession('admin@acme.test', '/acme/admin');
const driver = workerSession('driver@acme.test', '/acme/driver');
const dispatcher = workerSession('dispatcher@acme.test', '/acme/dispatcher');
const BAYVIEW = 'a5000000-0000-4000-8000-000000000001';
const SOFIA = 'a5100000-0000-4000-8000-000000000005';

/** Picks the first option a lookup field lists for `term` (its list is named after the field). */
async function choose(modal: Locator, label: string, term: string) {
  const field = modal.getByRole('combobox', { name: `${label}*`, exact: true });
  await field.click();
  if (term) await field.fill(term);
  await modal.getByRole('listbox', { name: `Show ${label} options` }).getByRole('option').first().click();
  await expect(field).not.toHaveValue(term);
}

test('package handoffs: the create modal with its messages and dependent fields, a signed handoff created and completed, seen live on a second page, Edit refused once completed', async ({ page }) => {
  test.setTimeout(90_000);
  const notes = `handoff${Date.now()}`;

  // A second page watches the list searched for this handoff's notes: empty, live.
  await admin.open(page);
  const watcher = await page.context().newPage();
  await watcher.goto(`${LIST}?q=${encodeURIComponent(notes)}`);
  await expect(watcher.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  const watched = watcher.getByRole('table', { name: 'Package handoffs' }).getByRole('cell', { name: 'Completed', exact: true });

  // From the Warehousing nav: the seeded handoffs, live on the warehouses' topics.
  const nav = page.getByRole('navigation').filter({ hasText: 'Warehousing' });
  await nav.getByRole('link', { name: 'Package Handoff' }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Package handoffs' });
  await expect(table.getByRole('row').filter({ hasText: 'Sofia Rossi' }).first()).toBeVisible();

  // Add opens the modal at package-handoff/create: staff and pick orders wait for a warehouse; every message when nothing is filled.
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}/create$`));
  const modal = page.getByRole('dialog', { name: 'Add package handoff' });
  await expect(modal.getByRole('combobox', { name: 'Warehouse staff' })).toBeDisabled();
  await expect(modal.getByRole('combobox', { name: 'Picking order' })).toBeDisabled();
  await modal.getByRole('button', { name: 'Submit' }).click();
  for (const message of ['Warehouse is required', 'Delivery is required', 'Picking order is required', 'Warehouse staff is required', 'Signature URL is required']) {
    await expect(modal.getByText(message, { exact: true })).toBeVisible();
  }
  await choose(modal, 'Warehouse', 'Bayview');
  await expect(modal.getByRole('combobox', { name: 'Warehouse staff' })).toBeEnabled();
  await expect(modal.getByRole('combobox', { name: 'Picking order' })).toBeEnabled();

  // Enter while the delivery lookup is still searching keeps the typed term and the focus there.
  const delivery = modal.getByRole('combobox', { name: 'Delivery*', exact: true });
  await delivery.click();
  await delivery.pressSequentially('ACME-00');
  await delivery.press('Enter');
  await expect(delivery).toHaveValue('ACME-00');
  await expect(delivery).toBeFocused();
  await modal.getByRole('listbox', { name: 'Show Delivery options' }).getByRole('option').last().click();
  await expect(delivery).not.toHaveValue('ACME-00');
  await choose(modal, 'Picking order', '');
  await choose(modal, 'Warehouse staff', '');

  // The signature is drawn on the pad.
  const pad = modal.getByRole('img', { name: 'Signature*' });
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + box.height / 2);
  await page.mouse.down();
  for (const [dx, dy] of [
    [80, -25],
    [150, 20],
    [220, -15],
  ] as const) {
    await page.mouse.move(box.x + 30 + dx, box.y + box.height / 2 + dy, { steps: 4 });
  }
  await page.mouse.up();
  await modal.getByRole('textbox', { name: 'Notes' }).fill(notes);
  await modal.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Package handoff submitted successfully').first()).toBeVisible();
  await expect(modal).toHaveCount(0);

  // Completed through Edit (whose status starts at pending): the second page sees it without a reload.
  await page.getByRole('searchbox').fill(notes);
  const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Pending', exact: true }) });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit package handoff' });
  const status = edit.getByRole('combobox', { name: 'Status*', exact: true });
  await expect(status).toHaveValue('pending');
  await status.selectOption('completed');
  await edit.getByRole('button', { name: 'Submit' }).click();
  await expect(edit).toHaveCount(0);
  await expect(watched).toHaveCount(1);

  // A completed handoff cannot be edited.
  const done = table.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Completed', exact: true }) });
  await done.getByRole('button', { name: /^Actions for / }).click();
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeDisabled();
});

test('a completed handoff reaches its driver\'s task card and the bell of the dispatcher who assigned it, live', async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  // A delivery of the test's own, assigned to Derek by the dispatcher, handed over at Bayview by its packer (through the API, as the modal saves: a handoff takes an assigned delivery).
  const token = await tokenOf(request, 'admin@acme.test');
  const assigner = await tokenOf(request, 'dispatcher@acme.test');
  const delivery = await createDelivery(request, assigner);
  const desk = await browser.newContext();
  try {
    const assignment = await assignToDerek(request, assigner, delivery.id);
    const [pick] = await restGet<{ id: string }>(request, token, `pick_orders?select=id&warehouse_id=eq.${BAYVIEW}&status=eq.completed&order=reference_number&limit=1`);
    const [staff] = await restGet<{ id: string }>(request, token, `warehouse_staff?select=id&warehouse_id=eq.${BAYVIEW}&user_id=eq.${SOFIA}&limit=1`);
    const saved = await rpc<{ package_handoff: { id: string } }>(request, token, 'save_package_handoff', {
      package_handoff_id: null,
      handoff: {
        warehouse_id: BAYVIEW,
        delivery_id: delivery.id,
        picking_order_id: pick!.id,
        warehouse_staff_id: staff!.id,
        signature_url: `${ACME}/${BAYVIEW}/seed-signature.png`,
      },
    });

    // Derek accepts it (a task card is accepted work); before the handoff completes the card says nothing of it.
    await driver.open(page);
    await rpc(request, driver.accessToken(), 'respond_to_assignment', { assignment_id: assignment, accept: true });
    await page.reload();
    const card = page.getByTestId('task-card').filter({ hasText: delivery.delivery_code });
    await expect(card).toBeVisible();
    await expect(card.getByTestId('task-packages-ready')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Live' }).first()).toBeVisible();

    // The dispatcher, on a page of their own with the bell's list open.
    const watcher = await desk.newPage();
    await dispatcher.enter(watcher);
    await watcher.goto('/acme/dispatcher/info');
    await watcher.getByRole('button', { name: /^Notifications/ }).click();
    const bell = watcher.getByRole('dialog', { name: 'Notifications' });
    const notice = bell.getByRole('link').filter({ hasText: `Packages of ${delivery.delivery_code} handed over` });
    await expect(bell).toBeVisible();
    await expect(notice).toHaveCount(0);

    // Completed: both see it without a reload.
    await rpc(request, token, 'save_package_handoff', { package_handoff_id: saved.package_handoff.id, handoff: { status: 'completed' } });
    await expect(card.getByTestId('task-packages-ready')).toHaveText('Packages ready at Bayview Distribution Center');
    await expect(notice).toBeVisible();
  } finally {
    await desk.close();
    await transition(request, token, delivery.id, 'cancelled', { reason: 'Handoff test done' }).catch(() => undefined);
    await forgetNotifications(request);
  }
});

/** A REST read as that user. */
async function restGet<T>(request: APIRequestContext, token: string, path: string): Promise<T[]> {
  const res = await request.get(`/rest/v1/${path}`, { headers: { apikey: ANON_KEY, authorization: `Bearer ${token}` } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T[];
}
