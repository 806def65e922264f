import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startHarness, type Harness } from './harness/serve.ts';

/**
 * DocumentViewer in a real browser, mounted by the test-only harness in tests/e2e/harness:
 * pdf.js must render a PDF on a canvas with the worker Vite bundled, and fetch nothing remote.
 */

/** A valid PDF written by hand: each page has a black bar and a line of text. */
function minimalPdf(texts: string[]): Buffer {
  const objects: string[] = [];
  const pageIds = texts.map((_, i) => 4 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${texts.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  texts.forEach((text, i) => {
    const stream = `0 0 0 rg 30 200 240 80 re f BT /F1 20 Tf 30 400 Td (${text}) Tj ET`;
    objects[4 + i * 2] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 500] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + i * 2} 0 R >>`;
    objects[5 + i * 2] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  });
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = pdf.length;
    pdf += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id += 1) pdf += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200"><rect width="320" height="200" fill="#1d4ed8"/></svg>';

let harness: Harness;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  harness = await startHarness();
  const fixtures = join(harness.outDir, 'fixtures');
  await mkdir(fixtures, { recursive: true });
  await writeFile(join(fixtures, 'label.pdf'), minimalPdf(['WAYPOST LABEL PAGE 1', 'WAYPOST LABEL PAGE 2']));
  await writeFile(join(fixtures, 'broken.pdf'), '%PDF-1.4\nthis is not a PDF at all\n');
  await writeFile(join(fixtures, 'van.svg'), SVG);
});
test.afterAll(async () => {
  await harness?.close();
});

function forbidRemoteRequests(page: Page) {
  const remote: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/^(https?|wss?):$/.test(url.protocol) && url.hostname !== '127.0.0.1') remote.push(request.url());
  });
  return remote;
}

const open = (page: Page, query: Record<string, string>) => page.goto(`${harness.origin}/?${new URLSearchParams({ view: 'viewer', ...query })}`);

/** Share of the canvas' pixels that are near black (the page's bar and text). */
const darkShare = (page: Page) =>
  page.evaluate<number>(`(() => {
    const canvas = document.querySelector('[role=dialog] canvas');
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] < 40 && data[i + 1] < 40 && data[i + 2] < 40 && data[i + 3] > 200) dark += 1;
    return dark / (data.length / 4);
  })()`);

test('renders a PDF on a canvas with the bundled pdf.js worker, at scale 2, with pages and zoom', async ({ page }) => {
  const remote = forbidRemoteRequests(page);
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  await open(page, { url: '/fixtures/label.pdf', name: 'label.pdf' });

  const dialog = page.getByRole('dialog', { name: 'label.pdf' });
  await expect(dialog.getByRole('heading', { name: 'label.pdf' })).toBeVisible();
  await expect(dialog.getByText('Page 1 of 2')).toBeVisible({ timeout: 15_000 });
  const canvas = dialog.locator('canvas');
  await expect(canvas).toBeVisible();
  // 300 pt wide page at scale 2.
  expect((await canvas.boundingBox())?.width).toBeCloseTo(600, 0);
  await expect.poll(() => darkShare(page)).toBeGreaterThan(0.05);
  await expect(dialog.getByText('WAYPOST LABEL PAGE 1')).toBeAttached();
  expect(workers.some((url) => url.startsWith(`${harness.origin}/assets/pdf.worker`))).toBe(true);

  await dialog.getByRole('button', { name: 'Next page' }).click();
  await expect(dialog.getByText('Page 2 of 2')).toBeVisible();
  await expect(dialog.getByText('WAYPOST LABEL PAGE 2')).toBeAttached();

  await dialog.getByRole('button', { name: 'Zoom in' }).click();
  await expect(dialog.getByLabel('Zoom level')).toHaveText('225%');
  await expect.poll(async () => Math.round((await canvas.boundingBox())?.width ?? 0)).toBe(675);

  const download = dialog.getByRole('link', { name: 'Download' });
  await expect(download).toHaveAttribute('download', 'label.pdf');
  expect(remote).toEqual([]);
});

test("shows 'Failed to load PDF' when pdf.js cannot read the file", async ({ page }) => {
  const remote = forbidRemoteRequests(page);
  await open(page, { url: '/fixtures/broken.pdf', name: 'broken.pdf' });
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText(/Failed to load PDF/, { timeout: 15_000 });
  expect(remote).toEqual([]);
});

test('shows an image, prints it from a hidden frame, and closes with Escape', async ({ page }) => {
  const remote = forbidRemoteRequests(page);
  await open(page, { url: '/fixtures/van.svg', name: 'van.svg', type: 'image/svg+xml' });
  const image = page.getByRole('dialog').getByRole('img', { name: 'van.svg' });
  await expect(image).toBeVisible();
  expect(await page.evaluate<number>("document.querySelector('[role=dialog] img').naturalWidth")).toBe(320);

  await page.getByRole('button', { name: 'Print' }).click();
  await expect(page.getByRole('button', { name: 'Print' })).toBeEnabled();
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveCount(0);

  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(remote).toEqual([]);
});

test("says 'Unsupported file type' for other files", async ({ page }) => {
  await open(page, { url: '/fixtures/manifest.xlsx', name: 'manifest.xlsx' });
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText(/Unsupported file type/);
});
