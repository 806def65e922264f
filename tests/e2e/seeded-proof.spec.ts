import { createHash } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { asServiceRole, expect, signInTo, test } from './fixtures.ts';

/**
 * The demo's proof files, read only: the seed's delivered deliveries name a signature and photos
 * (supabase/seeds/70_deliveries.sql, sd_proof_files) whose files the stack uploaded into the private
 * proofs bucket from supabase/seed-storage (config.toml [storage.buckets.proofs]). Staff see them as
 * thumbnails and in the proof PDF, the delivery's customer on their dashboard, anyone with the
 * tracking link the photos (through the tracking-proof edge function). Nothing here changes a delivery.
 */

/** The seed's delivery ids: md5('<tenant>:delivery:<n>') as a uuid. */
function seededId(slug: string, n: number): string {
  const h = createHash('md5').update(`${slug}:delivery:${n}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

interface Seeded {
  id: string;
  tenant_id: string;
  customer_id: string;
  delivery_code: string;
  tracking_token: string;
  status: string;
  proof: { signature_url?: string; photo_urls?: string[]; recipient_name?: string };
}

async function seeded(request: APIRequestContext, slug: string, n: number): Promise<Seeded> {
  const [row] = (await asServiceRole(
    request,
    'GET',
    `/rest/v1/deliveries?select=id,tenant_id,customer_id,delivery_code,tracking_token,status,proof&id=eq.${seededId(slug, n)}`,
  )) as Seeded[];
  expect(row, `${slug} delivery ${n} is seeded`).toBeDefined();
  expect(row!.status).toBe('delivered');
  return row!;
}

/** Every thumbnail really loaded from its signed URL, at the size the seed drew it (signature 600 wide, photos 480). */
async function expectLoadedImages(gallery: Locator, widths: number[]): Promise<void> {
  await expect(gallery.getByRole('img')).toHaveCount(widths.length, { timeout: 20_000 });
  const images = await gallery.getByRole('img').all();
  for (const [i, img] of images.entries()) {
    // Thumbnails load lazily: bring each into view, as a reader scrolling to the proof does.
    await img.scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        img.evaluate((el) => {
          const image = el as unknown as { complete: boolean; naturalWidth: number };
          return image.complete ? image.naturalWidth : 0;
        }),
      )
      .toBe(widths[i]);
  }
}

/** 'Download proof' builds the PDF: it opens in the viewer, and embeds the signature and the photos as images. */
async function expectProofPdfWithImages(page: Page, code: string, widths: number[]): Promise<void> {
  await page.getByRole('button', { name: `Download proof of ${code}` }).click();
  const viewer = page.getByRole('dialog', { name: `proof-of-delivery-${code}.pdf` });
  await expect(viewer.getByText(/^Page 1 of \d+$/)).toBeVisible({ timeout: 45_000 });
  const href = await viewer.getByRole('link', { name: 'Download' }).getAttribute('href');
  expect(href).toMatch(/^blob:/);
  // Image XObjects are streams, never packed in object streams: their dictionaries are plain text in the file.
  const text = await page.evaluate(async (url) => {
    const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
    let s = '';
    for (const b of bytes) s += String.fromCharCode(b);
    return s;
  }, href!);
  expect(text.startsWith('%PDF-')).toBe(true);
  const embedded = [...text.matchAll(/<<[^>]*\/Subtype \/Image[^>]*>>/g)].map((m) => Number(/\/Width (\d+)/.exec(m[0])?.[1]));
  expect(embedded.sort()).toEqual([...widths].sort());
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toBeHidden();
}

test('staff open a seeded delivered delivery: signature and photo thumbnails, the image viewer and a proof PDF with them', async ({ page, request }) => {
  test.setTimeout(150_000);
  // Acme's delivery 42: Carla's (customer@acme.test), delivered earlier today, signed with two photos.
  const delivery = await seeded(request, 'acme', 42);
  expect(delivery.proof.signature_url).toBe(`${delivery.tenant_id}/${delivery.id}/signature.png`);
  expect(delivery.proof.photo_urls).toEqual([`${delivery.tenant_id}/${delivery.id}/photo-1.png`, `${delivery.tenant_id}/${delivery.id}/photo-2.png`]);

  await signInTo(page, 'admin@acme.test', '/acme/admin');
  await page.goto(`/acme/admin/deliveries/${delivery.id}`);
  const gallery = page.getByRole('list', { name: `Proof of delivery ${delivery.delivery_code}` });
  await expectLoadedImages(gallery, [600, 480, 480]);
  await expect(gallery.getByRole('img', { name: 'Signature' })).toBeVisible();

  await gallery.getByRole('button', { name: 'Open photo 1' }).click();
  const viewer = page.getByRole('dialog', { name: 'photo-1.png' });
  await expect(viewer.getByRole('img', { name: 'photo-1.png' })).toBeVisible();
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toBeHidden();

  await expectProofPdfWithImages(page, delivery.delivery_code, [600, 480, 480]);
});

test('a demo customer sees the proof of a seeded delivery on their dashboard, and its PDF', async ({ page, request }) => {
  test.setTimeout(150_000);
  // Globex's delivery 202: customer@globex.test's, delivered yesterday, signed with two photos.
  const delivery = await seeded(request, 'globex', 202);
  // The dashboard's past deliveries, newest booking first, ten a page: the page this one is on.
  const past = (await asServiceRole(
    request,
    'GET',
    `/rest/v1/deliveries?select=id&tenant_id=eq.${delivery.tenant_id}&customer_id=eq.${delivery.customer_id}&status=in.(delivered,failed,returned,cancelled)&order=created_at.desc,id.desc`,
  )) as { id: string }[];
  const index = past.findIndex((d) => d.id === delivery.id);
  expect(index).toBeGreaterThanOrEqual(0);
  const pageNumber = Math.floor(index / 10) + 1;

  await signInTo(page, 'customer@globex.test', '/globex/customer');
  await page.goto(`/globex/customer?show=past${pageNumber > 1 ? `&page=${pageNumber}` : ''}`);
  const card = page.getByRole('article', { name: delivery.delivery_code });
  await expect(card.getByTestId('customer-delivery-proof')).toHaveText(`Received by ${delivery.proof.recipient_name} · signed · 2 photos`, { timeout: 20_000 });
  await expectLoadedImages(card.getByRole('list', { name: `Proof of delivery ${delivery.delivery_code}` }), [600, 480, 480]);
  await expectProofPdfWithImages(page, delivery.delivery_code, [600, 480, 480]);
});

test('the public tracking page of a seeded delivery shows its photos through the edge function, never the signature', async ({ page, request }) => {
  test.setTimeout(90_000);
  const delivery = await seeded(request, 'acme', 42);
  await page.goto(`/tracking?token=${delivery.tracking_token}`);
  await expect(page.getByTestId('tracking-proof')).toContainText('2 photos taken at the door', { timeout: 30_000 });
  await expectLoadedImages(page.getByRole('list', { name: 'Photos taken at the door' }), [480, 480]);
});
