import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32 } from './proof-art.ts';
import { deliveryId, drawDelivery, md5Uuid, PROOFS_DIR, readProofList, TENANT_IDS } from './seed-proof-files.ts';

/** Chunks checked (CRC), pixels inflated and unfiltered: a PNG any decoder reads, as RGB rows. */
function decodePng(bytes: Buffer): { width: number; height: number; rgb: Uint8Array } {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let at = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  for (;;) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const body = bytes.subarray(at + 4, at + 8 + length);
    expect(bytes.readUInt32BE(at + 8 + length)).toBe(crc32(body));
    if (type === 'IHDR') {
      width = body.readUInt32BE(4);
      height = body.readUInt32BE(8);
      expect([body[12], body[13]]).toEqual([8, 2]);
    }
    if (type === 'IDAT') idat.push(body.subarray(4));
    at += 12 + length;
    if (type === 'IEND') break;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * 3;
  expect(raw.length).toBe((stride + 1) * height);
  const rgb = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let i = 0; i < stride; i++) {
      const a = i >= 3 ? rgb[y * stride + i - 3] : 0;
      const b = y > 0 ? rgb[(y - 1) * stride + i] : 0;
      const c = i >= 3 && y > 0 ? rgb[(y - 1) * stride + i - 3] : 0;
      const p = a + b - c;
      const pred = [0, a, b, (a + b) >> 1, Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c][filter];
      rgb[y * stride + i] = (raw[y * (stride + 1) + 1 + i] + pred) & 0xff;
    }
  }
  return { width, height, rgb };
}

const list = readProofList();

describe('the seed proof files (supabase/seed-storage/proofs)', () => {
  it('takes delivery ids as the seed makes them: md5 of the key as Postgres casts it to uuid', () => {
    // Values Postgres gave for md5('acme:delivery:41')::uuid and md5('globex:delivery:202')::uuid.
    expect(deliveryId('acme', 41)).toBe('a96d1b3c-318c-9155-8f9f-33fb6cca79ec');
    expect(md5Uuid('globex:delivery:202')).toBe('4fd8e233-ed90-4ae2-a0d7-067924578606');
  });

  it('lists, for each tenant, at least its ten most recent deliveries and the demo customers\' ones, once each', () => {
    for (const slug of Object.keys(TENANT_IDS)) {
      const ns = list.filter((d) => d.slug === slug).map((d) => d.n);
      expect(ns.length).toBeGreaterThanOrEqual(10);
      for (let n = 41; n <= 53; n++) expect(ns).toContain(n);
    }
    expect(list.filter((d) => d.slug === 'acme').map((d) => d.n)).toContain(347);
    expect(list.filter((d) => d.slug === 'globex').map((d) => d.n)).toEqual(expect.arrayContaining([202, 376]));
    expect(new Set(list.map((d) => `${d.slug}:${d.n}`)).size).toBe(list.length);
  });

  it('holds exactly the listed deliveries\' files, small enough for a fast start', () => {
    const expected = list
      .flatMap((d) => {
        const folder = `${TENANT_IDS[d.slug]}/${deliveryId(d.slug, d.n)}`;
        return [`${folder}/signature.png`, ...Array.from({ length: d.photos }, (_, i) => `${folder}/photo-${i + 1}.png`)];
      })
      .sort();
    const present = readdirSync(PROOFS_DIR, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(PROOFS_DIR, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
      .sort();
    expect(present).toEqual(expected);
    const sizes = present.map((rel) => statSync(path.join(PROOFS_DIR, rel)).size);
    expect(Math.max(...sizes)).toBeLessThan(60 * 1024);
    expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThan(1.5 * 1024 * 1024);
  });

  it('draws the same bytes again (the committed files are the script\'s output)', () => {
    const samples = [list.find((d) => d.photos === 2), list.find((d) => d.slug === 'globex' && d.photos === 1)];
    for (const d of samples) {
      expect(d).toBeDefined();
      for (const [rel, bytes] of drawDelivery(d!)) expect(bytes.equals(readFileSync(path.join(PROOFS_DIR, rel))), rel).toBe(true);
    }
  });

  it('draws a signature as dark ink on white, and a photo full of colour', () => {
    const d = list[0];
    const folder = path.join(PROOFS_DIR, TENANT_IDS[d.slug], deliveryId(d.slug, d.n));
    const signature = decodePng(readFileSync(path.join(folder, 'signature.png')));
    expect([signature.width, signature.height]).toEqual([600, 200]);
    let ink = 0;
    let white = 0;
    for (let i = 0; i < signature.rgb.length; i += 3) {
      const sum = signature.rgb[i] + signature.rgb[i + 1] + signature.rgb[i + 2];
      if (sum < 200) ink++;
      if (sum === 765) white++;
    }
    const pixels = signature.rgb.length / 3;
    expect(ink / pixels).toBeGreaterThan(0.01);
    expect(ink / pixels).toBeLessThan(0.12);
    expect(white / pixels).toBeGreaterThan(0.8);

    const photo = decodePng(readFileSync(path.join(folder, 'photo-1.png')));
    expect([photo.width, photo.height]).toEqual([480, 360]);
    const colours = new Set<number>();
    for (let i = 0; i < photo.rgb.length; i += 3) colours.add((photo.rgb[i] << 16) | (photo.rgb[i + 1] << 8) | photo.rgb[i + 2]);
    expect(colours.size).toBeGreaterThan(500);
  });
});
