import { expect, test, type Page } from '@playwright/test';
import { startHarness, type Harness } from './harness/serve.ts';

/**
 * MapView in a real browser (headless Chromium draws WebGL with SwiftShader), mounted by the
 * test-only harness in tests/e2e/harness: the offline basemap must draw with nothing fetched
 * from anywhere but 127.0.0.1, and a click must pick a point.
 */
let harness: Harness;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  harness = await startHarness();
});
test.afterAll(async () => {
  await harness?.close();
});

/** Fails the test on any request that would leave the machine. */
function forbidRemoteRequests(page: Page) {
  const remote: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if ((url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'ws:' || url.protocol === 'wss:') && url.hostname !== '127.0.0.1') {
      remote.push(request.url());
    }
  });
  return remote;
}

/** Share of the map's pixels close to each of the given colours, from a screenshot decoded in the page. */
async function colourShares(page: Page, colours: Record<string, [number, number, number]>) {
  const png = await page.getByTestId('map').screenshot();
  // A string, because this project's Node typings have no DOM.
  return page.evaluate<Record<string, number>>(
    `(async ({ base64, colours }) => {
      const blob = await (await fetch('data:image/png;base64,' + base64)).blob();
      const bitmap = await createImageBitmap(blob);
      const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d');
      context.drawImage(bitmap, 0, 0);
      const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
      const shares = {};
      for (const [name, [r, g, b]] of Object.entries(colours)) {
        let near = 0;
        for (let i = 0; i < data.length; i += 4) {
          if (Math.abs(data[i] - r) + Math.abs(data[i + 1] - g) + Math.abs(data[i + 2] - b) < 24) near += 1;
        }
        shares[name] = near / (data.length / 4);
      }
      return shares;
    })(${JSON.stringify({ base64: png.toString('base64'), colours })})`,
  );
}

test('draws the offline basemap around India with nothing fetched from the network', { tag: '@map' }, async ({ page }) => {
  const remote = forbidRemoteRequests(page);
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  await page.goto(`${harness.origin}/?view=map`);
  const map = page.getByTestId('map');
  await expect(map).toHaveAttribute('data-status', 'ready', { timeout: 20_000 });
  await expect(map.locator('..')).toHaveCSS('height', '600px');
  await expect(page.getByText('Map unavailable')).toHaveCount(0);
  await expect(page.locator('canvas.maplibregl-canvas')).toBeVisible();
  // Let tiles of the local GeoJSON finish drawing.
  await expect
    .poll(async () => {
      const shares = await colourShares(page, { water: [0xcf, 0xe3, 0xf3], land: [0xf4, 0xf1, 0xea] });
      return shares.land! > 0.2 && shares.water! > 0.05;
    }, { timeout: 15_000 })
    .toBe(true);
  // The marker's label is HTML, not a glyph from a font server.
  await expect(page.getByRole('img', { name: /^Delhi hub at 28\.613900, 77\.209000$/ })).toBeVisible();
  expect(workers.some((url) => url.startsWith(`${harness.origin}/assets/maplibre-gl-worker`) || url.startsWith('blob:'))).toBe(true);
  expect(remote).toEqual([]);
});

test('picks the clicked point and shows it', { tag: '@map' }, async ({ page }) => {
  const remote = forbidRemoteRequests(page);
  await page.goto(`${harness.origin}/?view=map`);
  const map = page.getByTestId('map');
  await expect(map).toHaveAttribute('data-status', 'ready', { timeout: 20_000 });
  const box = await map.boundingBox();
  if (!box) throw new Error('map has no box');

  // The centre of the map is the India fallback centre.
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByTestId('picked')).not.toBeEmpty();
  const [lng, lat] = (await page.getByTestId('picked').textContent())!.split(',').map(Number);
  expect(lng).toBeCloseTo(78.9629, 1);
  expect(lat).toBeCloseTo(20.5937, 1);
  await expect(page.getByRole('img', { name: /^Picked point 20\.59\d+, 78\.96\d+$/ })).toBeVisible();

  // A point to the east and north of it.
  await page.mouse.click(box.x + box.width / 2 + 100, box.y + box.height / 2 - 100);
  await expect.poll(async () => Number((await page.getByTestId('picked').textContent())!.split(',')[0])).toBeGreaterThan(79.5);
  const [lng2, lat2] = (await page.getByTestId('picked').textContent())!.split(',').map(Number);
  expect(lat2).toBeGreaterThan(21);
  await expect(page.getByRole('img', { name: `Picked point ${lat2!.toFixed(6)}, ${lng2!.toFixed(6)}` })).toBeVisible();

  // Keyboard: Enter on the focused map picks its centre.
  await page.locator('canvas.maplibregl-canvas').focus();
  await page.keyboard.press('Enter');
  await expect.poll(async () => Number((await page.getByTestId('picked').textContent())!.split(',')[0])).toBeCloseTo(78.9629, 3);
  expect(remote).toEqual([]);
});
