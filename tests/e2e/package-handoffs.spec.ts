import { asServiceRole, expect, test, unique, workerSession } from './fixtures.ts';

const LIST = '/acme/admin/package-handoff';
const ACME = 'a0000000-0000-4000-8000-000000000001';
const BAYVIEW = 'a5000000-0000-4000-8000-000000000001';

const admin = workerSession('admin@acme.test', '/acme/admin');

test.beforeEach(({ page }) => {
  // Two pages, one upload and two saves on a shared, busy machine: a bound, not a target.
  test.setTimeout(120_000);
  return admin.open(page);
});

test('package handoffs: the create modal rules and dependent fields, a signed handoff completed through Edit and seen live on a second page', async ({ page, request }) => {
  const note = unique('E2E handoff');
  // An assigned delivery the seed did not hand over (the seed takes the first four by code) and a completed pick order of Bayview.
  const [delivery] = (await asServiceRole(request, 'GET', `/rest/v1/deliveries?select=delivery_code&tenant_id=eq.${ACME}&status=eq.assigned&order=delivery_code.desc&limit=1`)) as { delivery_code: string }[];
  const [pick] = (await asServiceRole(request, 'GET', `/rest/v1/pick_orders?select=reference_number&warehouse_id=eq.${BAYVIEW}&status=eq.completed&order=reference_number&limit=1`)) as { reference_number: string }[];
  expect(delivery?.delivery_code).toBeTruthy();
  expect(pick?.reference_number).toBeTruthy();

  // A second page watches the list, filtered to this handoff's notes, live before anything is saved.
  const watcher = await page.context().newPage();
  await watcher.goto(`${LIST}?q=${encodeURIComponent(note)}`);
  const watched = watcher.getByRole('table', { name: 'Package handoffs' });
  await expect(watcher.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  await expect(watched.getByRole('row').filter({ hasText: 'Sofia Rossi' })).toHaveCount(0);

  // From the Warehousing nav; Add opens the modal at package-handoff/create.
  const nav = page.getByRole('navigation').filter({ hasText: 'Warehousing' });
  await nav.getByRole('link', { name: 'Package Handoff' }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}/create$`));
  const modal = page.getByRole('dialog', { name: 'Add package handoff' });

  // Staff (and the pick orders) wait for a warehouse; every message when nothing is filled.
  await expect(modal.getByRole('combobox', { name: 'Warehouse staff' })).toBeDisabled();
  await expect(modal.getByRole('combobox', { name: 'Picking order' })).toBeDisabled();
  await modal.getByRole('button', { name: 'Submit' }).click();
  for (const message of ['Warehouse is required', 'Delivery is required', 'Picking order is required', 'Warehouse staff is required', 'Signature URL is required']) {
    await expect(modal.getByText(message, { exact: true })).toBeVisible();
  }

  // Cancel closes back to the list; Add again starts a fresh form.
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(modal.getByText('Warehouse is required', { exact: true })).toHaveCount(0);
  await modal.getByRole('combobox', { name: 'Warehouse*', exact: true }).fill('Bayview');
  await page.getByRole('option', { name: /Bayview Distribution Center/ }).first().click();
  await expect(modal.getByRole('combobox', { name: 'Warehouse staff' })).toBeEnabled();
  await modal.getByRole('combobox', { name: 'Delivery' }).fill(delivery!.delivery_code);
  await page.getByRole('option', { name: new RegExp(delivery!.delivery_code) }).first().click();
  await modal.getByRole('combobox', { name: 'Picking order' }).fill(pick!.reference_number);
  await page.getByRole('option', { name: new RegExp(pick!.reference_number) }).first().click();
  await modal.getByRole('combobox', { name: 'Warehouse staff' }).fill('Sofia');
  await page.getByRole('option', { name: /Sofia Rossi/ }).first().click();

  const pad = modal.getByTestId('signature-pad');
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + box.height / 2);
  await page.mouse.down();
  for (const [dx, dy] of [
    [60, -30],
    [110, 25],
    [170, -20],
  ] as const) {
    await page.mouse.move(box.x + 30 + dx, box.y + box.height / 2 + dy, { steps: 5 });
  }
  await page.mouse.up();
  await expect(modal.getByText('Signature URL is required', { exact: true })).toHaveCount(0);
  await modal.getByLabel('Notes').fill(note);
  await modal.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Package handoff submitted successfully').first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  await expect(modal).toHaveCount(0);

  // The watcher gets it without a reload, pending.
  const watchedRow = watched.getByRole('row').filter({ hasText: 'Sofia Rossi' });
  await expect(watchedRow).toHaveCount(1);
  await expect(watchedRow).toContainText('Pending');

  // Edit shows the stored signature; completing it reaches the watcher in place.
  await page.getByRole('searchbox').fill(note);
  const row = page.getByRole('table', { name: 'Package handoffs' }).getByRole('row').filter({ hasText: 'Sofia Rossi' });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit package handoff' });
  await expect(edit.getByRole('img', { name: 'Stored signature' })).toBeVisible();
  await expect(edit.getByLabel('Status')).toHaveValue('pending');
  await edit.getByLabel('Status').selectOption('completed');
  await edit.getByRole('button', { name: 'Submit' }).click();
  await expect(edit).toHaveCount(0);
  await expect(page.getByText('Package handoff submitted successfully').first()).toBeVisible();
  await expect(watchedRow).toContainText('Completed');

  // Completed is final: Edit is there but disabled, saying why.
  await expect(row).toContainText('Completed');
  await row.getByRole('button', { name: /^Actions for/ }).click();
  const disabledEdit = page.getByRole('menuitem', { name: /Edit/ });
  await expect(disabledEdit).toHaveAttribute('aria-disabled', 'true');
  await expect(disabledEdit).toHaveAccessibleDescription('A completed handoff cannot be changed');
  await watcher.close();
});
