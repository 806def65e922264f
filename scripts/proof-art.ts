import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/**
 * Synthetic proof-of-delivery pictures for the demo seed (scripts/seed-proof-files.ts): handwritten
 * signatures drawn the way signature_pad draws them (smooth curves through the pen's points, thinner
 * where the pen moves fast) and flat illustrations of a parcel left at a door or in a lobby.
 * Everything is drawn into an RGB raster at a multiple of the final size and averaged down (that is
 * the anti-aliasing), then written as PNG with node:zlib. Deterministic: the same key draws the same bytes.
 */

export type Rgb = readonly [number, number, number];
type Point = readonly [number, number];

/** A deterministic random stream from a text key (mulberry32 seeded with the key's md5). */
export function randomFrom(key: string): () => number {
  let a = createHash('md5').update(key).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rand: () => number, items: readonly T[]): T => items[Math.floor(rand() * items.length)];
const between = (rand: () => number, a: number, b: number) => a + (b - a) * rand();

export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}
const shade = (c: Rgb, f: number): Rgb => (f < 0 ? mix(c, [0, 0, 0], -f) : mix(c, [255, 255, 255], f));

/** An RGB raster drawn at `scale` times the output size; coordinates are in output pixels. */
export class Raster {
  readonly w: number;
  readonly h: number;
  private readonly px: Float32Array;

  constructor(
    readonly width: number,
    readonly height: number,
    readonly scale: number,
    background: Rgb,
  ) {
    this.w = width * scale;
    this.h = height * scale;
    this.px = new Float32Array(this.w * this.h * 3);
    for (let i = 0; i < this.w * this.h; i++) this.px.set(background, i * 3);
  }

  private blend(i: number, c: Rgb, alpha: number): void {
    const o = i * 3;
    this.px[o] += (c[0] - this.px[o]) * alpha;
    this.px[o + 1] += (c[1] - this.px[o + 1]) * alpha;
    this.px[o + 2] += (c[2] - this.px[o + 2]) * alpha;
  }

  /** A polygon (even-odd), its colour a constant or a function of the output coordinates. */
  poly(points: readonly Point[], color: Rgb | ((x: number, y: number) => Rgb), alpha = 1): void {
    const s = this.scale;
    const pts = points.map(([x, y]) => [x * s, y * s] as const);
    const ys = pts.map((p) => p[1]);
    const y0 = Math.max(0, Math.floor(Math.min(...ys)));
    const y1 = Math.min(this.h - 1, Math.ceil(Math.max(...ys)));
    const xs: number[] = [];
    for (let y = y0; y <= y1; y++) {
      const cy = y + 0.5;
      xs.length = 0;
      for (let i = 0; i < pts.length; i++) {
        const [ax, ay] = pts[i];
        const [bx, by] = pts[(i + 1) % pts.length];
        if (ay <= cy === by <= cy) continue;
        xs.push(ax + ((cy - ay) / (by - ay)) * (bx - ax));
      }
      xs.sort((a, b) => a - b);
      for (let k = 0; k + 1 < xs.length; k += 2) {
        const from = Math.max(0, Math.ceil(xs[k] - 0.5));
        const to = Math.min(this.w - 1, Math.floor(xs[k + 1] - 0.5));
        for (let x = from; x <= to; x++) {
          const c = typeof color === 'function' ? color((x + 0.5) / s, cy / s) : color;
          this.blend(y * this.w + x, c, alpha);
        }
      }
    }
  }

  rect(x: number, y: number, w: number, h: number, color: Rgb | ((x: number, y: number) => Rgb), alpha = 1): void {
    this.poly([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], color, alpha);
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, color: Rgb, alpha = 1): void {
    const s = this.scale;
    const y0 = Math.max(0, Math.floor((cy - ry) * s));
    const y1 = Math.min(this.h - 1, Math.ceil((cy + ry) * s));
    for (let y = y0; y <= y1; y++) {
      const dy = ((y + 0.5) / s - cy) / ry;
      if (dy * dy > 1) continue;
      const half = rx * Math.sqrt(1 - dy * dy) * s;
      const from = Math.max(0, Math.ceil(cx * s - half - 0.5));
      const to = Math.min(this.w - 1, Math.floor(cx * s + half - 0.5));
      for (let x = from; x <= to; x++) this.blend(y * this.w + x, color, alpha);
    }
  }

  /** A line of width `width` (output pixels) with round ends. */
  line(a: Point, b: Point, width: number, color: Rgb, alpha = 1): void {
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const len = Math.hypot(dx, dy) || 1;
    const nx = (-dy / len) * (width / 2);
    const ny = (dx / len) * (width / 2);
    this.poly([[a[0] + nx, a[1] + ny], [b[0] + nx, b[1] + ny], [b[0] - nx, b[1] - ny], [a[0] - nx, a[1] - ny]], color, alpha);
  }

  /** A phone camera's lens: the corners darker by up to `strength`, applied when the raster is averaged down. */
  vignette = 0;

  /** The raster averaged down to its output size, as 8-bit RGB rows. */
  pixels(): Uint8Array {
    const s = this.scale;
    const out = new Uint8Array(this.width * this.height * 3);
    const n = s * s;
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) {
        const dx = (x + 0.5) / this.width - 0.5;
        const dy = (y + 0.5) / this.height - 0.5;
        // In steps of 1/96: wide rings a level or two apart, invisible, and runs PNG compresses well.
        const light = Math.round((1 - this.vignette * Math.min(1, (dx * dx + dy * dy) * 2) ** 1.5) * 96) / 96;
        for (let c = 0; c < 3; c++) {
          let sum = 0;
          for (let j = 0; j < s; j++) for (let i = 0; i < s; i++) sum += this.px[((y * s + j) * this.w + x * s + i) * 3 + c];
          out[(y * this.width + x) * 3 + c] = Math.max(0, Math.min(255, Math.round((sum / n) * light)));
        }
      }
    }
    return out;
  }

  png(): Buffer {
    return encodePng(this.width, this.height, this.pixels());
  }
}

// ---- PNG -----------------------------------------------------------------------------------

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const paeth = (a: number, b: number, c: number) => {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/** 8-bit RGB PNG; each row takes the filter with the smallest sum of absolute differences (libpng's heuristic). */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const stride = width * 3;
  const out = Buffer.alloc((stride + 1) * height);
  const candidate = new Uint8Array(stride);
  const best = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const row = rgb.subarray(y * stride, (y + 1) * stride);
    const up = y > 0 ? rgb.subarray((y - 1) * stride, y * stride) : new Uint8Array(stride);
    let bestScore = Infinity;
    let bestFilter = 0;
    for (let f = 0; f < 5; f++) {
      let score = 0;
      for (let i = 0; i < stride; i++) {
        const a = i >= 3 ? row[i - 3] : 0;
        const b = up[i];
        const c = i >= 3 ? up[i - 3] : 0;
        const predicted = f === 0 ? 0 : f === 1 ? a : f === 2 ? b : f === 3 ? (a + b) >> 1 : paeth(a, b, c);
        const v = (row[i] - predicted) & 0xff;
        candidate[i] = v;
        score += v < 128 ? v : 256 - v;
      }
      if (score < bestScore) {
        bestScore = score;
        bestFilter = f;
        best.set(candidate);
      }
    }
    out[y * (stride + 1)] = bestFilter;
    out.set(best, y * (stride + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(out, { level: 9, memLevel: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

// ---- Signatures ----------------------------------------------------------------------------

/** Letter shapes as pen points: x across the letter (0..1 of its width), y in x-heights above the baseline. */
const LETTERS: Record<string, Point[]> = {
  hump: [[0.1, 0.85], [0.3, 0.95], [0.42, 0.1], [0.55, 0.8], [0.75, 0.92], [0.92, 0.05]],
  loop: [[0.45, 0.85], [0.3, 1.0], [0.12, 0.7], [0.55, 0.05]],
  bowl: [[0.6, 0.9], [0.25, 0.95], [0.05, 0.45], [0.3, 0.05], [0.62, 0.55], [0.66, 0.92], [0.72, 0.2], [0.95, 0.05]],
  tall: [[0.35, 1.6], [0.42, 2.35], [0.2, 2.4], [0.12, 1.9], [0.5, 0.05]],
  tail: [[0.4, 0.9], [0.12, 0.75], [0.3, 0.3], [0.62, 0.9], [0.58, -0.6], [0.4, -1.2], [0.18, -1.0], [0.45, -0.4], [0.95, 0.15]],
  dip: [[0.25, 0.7], [0.5, 0.2], [0.75, 0.75], [0.95, 0.1]],
};
const CAPITALS: Point[][] = [
  // A looped capital rising from the baseline, crossing back through itself.
  [[0.0, 0.3], [0.45, 2.9], [0.85, 3.1], [0.7, 2.1], [0.15, 0.1], [-0.25, 0.7], [0.55, 1.3], [1.25, 1.05], [1.45, 0.1]],
  // A tall stem with a bowl (like B, D, P).
  [[0.2, 0.0], [0.35, 2.9], [0.3, 3.1], [0.15, 1.2], [0.1, 0.0], [0.5, 2.6], [1.3, 2.4], [0.9, 1.5], [0.4, 1.4], [1.2, 1.0], [0.9, 0.1], [1.5, 0.2]],
  // A wide open capital (like M, N, W).
  [[0.0, 0.0], [0.2, 2.8], [0.45, 0.6], [0.75, 2.9], [1.0, 0.4], [1.3, 2.6], [1.5, 0.1]],
];

/** Catmull-Rom through the points, `steps` samples per segment. */
function smooth(points: readonly Point[], steps: number): Point[] {
  const out: Point[] = [];
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[Math.max(0, i - 1)];
    const p1 = points[i];
    const p2 = points[i + 1];
    const p3 = points[Math.min(points.length - 1, i + 2)];
    for (let s = 0; s < steps; s++) {
      const t = s / steps;
      const t2 = t * t;
      const t3 = t2 * t;
      const f = (a: number, b: number, c: number, d: number) => 0.5 * (2 * b + (-a + c) * t + (2 * a - 5 * b + 4 * c - d) * t2 + (-a + 3 * b - 3 * c + d) * t3);
      out.push([f(p0[0], p1[0], p2[0], p3[0]), f(p0[1], p1[1], p2[1], p3[1])]);
    }
  }
  out.push(points[points.length - 1]);
  return out;
}

/**
 * One stroke as signature_pad draws it: a smooth curve whose width follows the pen's speed
 * (the pen is assumed to pass its points at an even pace, so long spans are fast and thin).
 */
function stroke(r: Raster, points: readonly Point[], minWidth: number, maxWidth: number, ink: Rgb): void {
  const dense = smooth(points, 24);
  let velocity = 0;
  for (let i = 1; i < dense.length; i++) {
    const [ax, ay] = dense[i - 1];
    const [bx, by] = dense[i];
    const speed = Math.hypot(bx - ax, by - ay);
    velocity = 0.7 * speed + 0.3 * velocity;
    const width = Math.max(maxWidth / (velocity * 0.9 + 1), minWidth);
    r.ellipse(bx, by, width / 2, width / 2, ink);
    r.line(dense[i - 1], dense[i], width, ink);
  }
}

/** A handwritten-looking signature on white, 600 x 200 (a signature pad's canvas), ink as the driver app's pen. */
export function drawSignature(key: string): Buffer {
  const rand = randomFrom(`signature:${key}`);
  const width = 600;
  const height = 200;
  const r = new Raster(width, height, 3, [255, 255, 255]);
  const ink: Rgb = pick(rand, [[15, 23, 42], [15, 23, 42], [22, 38, 92]] as const);
  const xh = between(rand, 22, 29); // x-height in pixels
  const slant = between(rand, 0.25, 0.5);
  const baseline = between(rand, 122, 136);
  const tilt = between(rand, -0.06, 0.02);
  let x = between(rand, 36, 70);
  const toCanvas = (px: number, py: number): Point => [px + py * xh * slant, baseline - py * xh + (px - 300) * tilt];
  const words = rand() < 0.75 ? 2 : 1;
  const strokes: Array<{ points: Point[]; min: number; max: number }> = [];
  let lastEnd: Point = [x, baseline];
  let firstStart: Point = [x, baseline];
  for (let word = 0; word < words; word++) {
    const pen: Point[] = [];
    const capital = pick(rand, CAPITALS);
    const capWidth = xh * between(rand, 1.1, 1.5);
    for (const [px, py] of capital) pen.push(toCanvas(x + px * capWidth + between(rand, -1.5, 1.5), py + between(rand, -0.08, 0.08)));
    x += capWidth * 1.45;
    const letters = word === 0 && words === 2 ? Math.floor(between(rand, 1, 4)) : Math.floor(between(rand, 4, 7));
    for (let i = 0; i < letters; i++) {
      const shape = LETTERS[pick(rand, ['hump', 'hump', 'loop', 'bowl', 'tall', 'tail', 'dip', 'loop'] as const)];
      const w = xh * between(rand, 0.7, 1.05);
      // Later letters shrink and flatten, as a hurried signature does.
      const fade = 1 - (i / Math.max(letters, 1)) * between(rand, 0.1, 0.45);
      for (const [px, py] of shape) pen.push(toCanvas(x + px * w + between(rand, -1.2, 1.2), py * fade + between(rand, -0.07, 0.07)));
      x += w;
    }
    if (word === 0) firstStart = pen[0];
    strokes.push({ points: pen, min: 1.2, max: 4.2 });
    lastEnd = pen[pen.length - 1];
    x += xh * between(rand, 0.9, 1.5);
    if (x > width - 150) break;
  }
  // The underline flourish most people finish with, sometimes a dot or a dash.
  if (rand() < 0.8) {
    const y = baseline + xh * between(rand, 0.5, 0.9);
    const flourish: Point[] = [
      lastEnd,
      [lastEnd[0] + xh * 0.6, lastEnd[1] + xh * 0.6],
      [(lastEnd[0] + firstStart[0]) / 2, y + xh * 0.35],
      [firstStart[0] - xh * 0.3, y + between(rand, -4, 6)],
      [firstStart[0] + between(rand, 20, 60), y - xh * 0.15],
      [Math.min(width - 30, lastEnd[0] + between(rand, 10, 50)), y - between(rand, 2, 12)],
    ];
    strokes.push({ points: flourish, min: 0.9, max: 3.4 });
  } else {
    const dot: Point = [Math.min(width - 30, lastEnd[0] + between(rand, 10, 26)), baseline - xh * between(rand, 0.2, 0.8)];
    strokes.push({ points: [dot, [dot[0] + between(rand, 5, 14), dot[1] - 1]], min: 1.5, max: 3.6 });
  }
  // Signed across the pad, as a person fills the box: the strokes scaled to fit its width (or height) with a margin.
  const all = strokes.flatMap((st) => smooth(st.points, 8));
  const [minX, maxX] = [Math.min(...all.map((p) => p[0])), Math.max(...all.map((p) => p[0]))];
  const [minY, maxY] = [Math.min(...all.map((p) => p[1])), Math.max(...all.map((p) => p[1]))];
  const fit = Math.min((width - 70) / (maxX - minX), (height - 44) / (maxY - minY), 2.2);
  const offX = (width - (maxX - minX) * fit) / 2 - minX * fit + between(rand, -12, 12);
  const offY = (height - (maxY - minY) * fit) / 2 - minY * fit;
  for (const st of strokes) {
    const placed = st.points.map(([px, py]) => [px * fit + offX, py * fit + offY] as const);
    stroke(r, placed, st.min * fit ** 0.8, st.max * fit ** 0.8, ink);
  }
  return r.png();
}

// ---- Photos --------------------------------------------------------------------------------

export type PhotoScene = 'door' | 'lobby';

const PHOTO_W = 480;
const PHOTO_H = 360;

const CARDBOARD: Rgb[] = [[196, 154, 108], [184, 140, 94], [205, 166, 118], [176, 132, 88]];

/** A shipping box seen slightly from above and to the side, with tape and a label. */
function parcel(r: Raster, rand: () => number, cx: number, floorY: number, size: number, onFloor = true): void {
  const box = pick(rand, CARDBOARD);
  const w = size * between(rand, 1.1, 1.45);
  const h = size * between(rand, 0.65, 0.95);
  const depth = size * between(rand, 0.32, 0.45);
  const side = size * between(rand, 0.25, 0.4);
  const x0 = cx - w / 2;
  const yb = floorY;
  const yt = yb - h;
  // Shadow on the floor.
  if (onFloor) r.ellipse(cx + side * 0.4, yb + 2, w * 0.68, depth * 0.45, [0, 0, 0], 0.28);
  // Front face, right side, top.
  r.poly([[x0, yt], [x0 + w, yt], [x0 + w, yb], [x0, yb]], (_x, y) => shade(box, -0.05 - ((y - yt) / h) * 0.08));
  r.poly([[x0 + w, yt], [x0 + w + side, yt - depth], [x0 + w + side, yb - depth], [x0 + w, yb]], shade(box, -0.24));
  r.poly([[x0, yt], [x0 + side, yt - depth], [x0 + w + side, yt - depth], [x0 + w, yt]], shade(box, 0.14));
  // Tape along the top and down the front.
  const tape: Rgb = rand() < 0.5 ? [214, 190, 150] : [226, 226, 222];
  const tw = w * 0.12;
  r.poly([[cx - tw / 2, yt], [cx - tw / 2 + side, yt - depth], [cx + tw / 2 + side, yt - depth], [cx + tw / 2, yt]], shade(tape, 0.08), 0.9);
  r.rect(cx - tw / 2, yt, tw, h * 0.22, tape, 0.9);
  // The shipping label with its barcode.
  const lw = w * 0.34;
  const lh = h * 0.36;
  const lx = x0 + w * 0.08;
  const ly = yt + h * 0.36;
  r.rect(lx, ly, lw, lh, [246, 246, 242]);
  r.rect(lx + lw * 0.08, ly + lh * 0.1, lw * 0.55, lh * 0.08, [60, 60, 60], 0.8);
  r.rect(lx + lw * 0.08, ly + lh * 0.25, lw * 0.7, lh * 0.06, [90, 90, 90], 0.6);
  let bx = lx + lw * 0.08;
  while (bx < lx + lw * 0.92) {
    const bw = pick(rand, [0.8, 0.8, 1.4, 2.2]);
    r.rect(bx, ly + lh * 0.48, bw, lh * 0.4, [25, 25, 25]);
    bx += bw + pick(rand, [0.8, 1.2, 1.8]);
  }
  // A "this way up" or fragile mark, sometimes.
  if (rand() < 0.5) {
    const mx = x0 + w * 0.78;
    const my = yt + h * 0.3;
    r.line([mx, my + 10], [mx, my - 6], 1.6, [60, 50, 40], 0.7);
    r.line([mx - 4, my - 1], [mx, my - 7], 1.6, [60, 50, 40], 0.7);
    r.line([mx + 4, my - 1], [mx, my - 7], 1.6, [60, 50, 40], 0.7);
  }
}

function doorScene(r: Raster, rand: () => number): void {
  const wall = pick(rand, [[226, 218, 204], [186, 92, 72], [208, 214, 218], [232, 226, 212], [150, 164, 150]] as const);
  const floorY = between(rand, 262, 290);
  // Wall lit from above, floor (concrete or decking) darker towards the camera.
  r.rect(0, 0, PHOTO_W, floorY, (_x, y) => shade(wall, 0.08 - (y / floorY) * 0.14));
  if (wall[0] === 186) {
    // Brick courses.
    for (let y = 8; y < floorY; y += 14) r.rect(0, y, PHOTO_W, 1.4, [214, 196, 180], 0.55);
    for (let y = 8, row = 0; y < floorY; y += 14, row++) {
      for (let x = row % 2 ? 0 : 18; x < PHOTO_W; x += 36) r.rect(x, y - 14, 1.4, 14, [214, 196, 180], 0.5);
    }
  }
  const deck = rand() < 0.5;
  const floor: Rgb = deck ? [150, 118, 86] : [168, 166, 160];
  r.rect(0, floorY, PHOTO_W, PHOTO_H - floorY, (_x, y) => shade(floor, -((y - floorY) / (PHOTO_H - floorY)) * 0.2));
  if (deck) for (let y = floorY + 10; y < PHOTO_H; y += 12 + (y - floorY) * 0.12) r.rect(0, y, PHOTO_W, 1.2, [110, 84, 60], 0.6);
  // Skirting step.
  r.rect(0, floorY - 6, PHOTO_W, 6, shade(floor, 0.12));

  // The door, its frame, panels, handle and number.
  const door = pick(rand, [[38, 70, 112], [120, 32, 40], [40, 84, 62], [46, 46, 50], [214, 204, 186], [92, 60, 40]] as const);
  const dw = between(rand, 128, 152);
  const dx = between(rand, 60, PHOTO_W - dw - 150);
  const dtop = between(rand, 18, 36);
  const frame: Rgb = [236, 234, 228];
  r.rect(dx - 12, dtop - 12, dw + 24, floorY - 6 - dtop + 12, frame);
  r.rect(dx - 12, dtop - 12, dw + 24, 4, shade(frame, -0.1));
  r.rect(dx, dtop, dw, floorY - 6 - dtop, (x) => shade(door, 0.06 - ((x - dx) / dw) * 0.12));
  const ph = (floorY - 6 - dtop - 50) / 2;
  for (const [px, py] of [[dx + 14, dtop + 16], [dx + dw / 2 + 6, dtop + 16], [dx + 14, dtop + 34 + ph], [dx + dw / 2 + 6, dtop + 34 + ph]] as const) {
    r.rect(px, py, dw / 2 - 20, ph, shade(door, -0.12));
    r.rect(px + 2, py + 2, dw / 2 - 24, ph - 4, shade(door, 0.04));
  }
  const metal: Rgb = rand() < 0.5 ? [200, 170, 90] : [190, 192, 196];
  r.ellipse(dx + dw - 16, dtop + (floorY - dtop) * 0.52, 4.5, 4.5, metal);
  r.rect(dx + dw - 19, dtop + (floorY - dtop) * 0.52 + 8, 6, 12, shade(metal, -0.2));
  r.rect(dx + dw / 2 - 22, dtop + (floorY - dtop) * 0.42, 44, 8, metal);
  r.rect(dx + dw + 26, dtop + 40, 30, 22, [250, 250, 246]);
  r.rect(dx + dw + 33, dtop + 45, 4, 12, [40, 40, 40]);
  r.rect(dx + dw + 41, dtop + 45, 8, 12, [40, 40, 40]);
  // A wall light, a plant pot, sometimes.
  if (rand() < 0.6) {
    const lx = dx - 44;
    r.rect(lx, dtop + 30, 16, 26, [40, 40, 40]);
    r.rect(lx + 3, dtop + 34, 10, 18, [255, 236, 180]);
  }
  if (rand() < 0.6) {
    const px = dx + dw + between(rand, 60, 110);
    r.ellipse(px, floorY - 60, 30, 34, [62, 112, 66]);
    r.ellipse(px - 14, floorY - 72, 18, 22, [78, 132, 80]);
    r.ellipse(px + 16, floorY - 52, 16, 18, [54, 98, 58]);
    r.poly([[px - 24, floorY - 34], [px + 24, floorY - 34], [px + 18, floorY + 6], [px - 18, floorY + 6]], [170, 96, 70]);
  }
  // Doormat, the parcel on it.
  const mat: Rgb = pick(rand, [[70, 62, 56], [120, 96, 64], [60, 70, 80]] as const);
  const cx = dx + dw / 2 + between(rand, -10, 10);
  r.poly([[cx - 78, floorY + 8], [cx + 78, floorY + 8], [cx + 96, floorY + 56], [cx - 96, floorY + 56]], mat);
  parcel(r, rand, cx + between(rand, -16, 16), floorY + between(rand, 40, 50), between(rand, 62, 80));
}

function lobbyScene(r: Raster, rand: () => number): void {
  const wall = pick(rand, [[232, 228, 220], [214, 220, 226], [224, 214, 200]] as const);
  const horizon = between(rand, 196, 220);
  r.rect(0, 0, PHOTO_W, horizon, (_x, y) => shade(wall, 0.1 - (y / horizon) * 0.12));
  // Tiled floor in perspective: lines fanning from a vanishing point, rows closing up towards it.
  const tile = pick(rand, [[196, 190, 182], [170, 174, 178], [214, 206, 194]] as const);
  r.rect(0, horizon, PHOTO_W, PHOTO_H - horizon, (_x, y) => shade(tile, -((y - horizon) / (PHOTO_H - horizon)) * 0.15 + 0.05));
  const vx = between(rand, 180, 300);
  for (let i = -12; i <= 12; i++) r.line([vx + i * 18, horizon], [vx + i * 110, PHOTO_H + 20], 1.2, shade(tile, -0.25), 0.6);
  for (let k = 1; k < 9; k++) {
    const y = horizon + (PHOTO_H - horizon) * (1 - 1 / (1 + k * 0.35)) * 1.6;
    if (y < PHOTO_H) r.rect(0, y, PHOTO_W, 1.2, shade(tile, -0.25), 0.6);
  }
  r.rect(0, horizon - 8, PHOTO_W, 8, shade(wall, -0.3));
  // A bank of mailboxes on the wall.
  const mx = between(rand, 20, 60);
  const cols = 6;
  const rows = 4;
  const metal: Rgb = pick(rand, [[176, 178, 182], [150, 128, 96], [92, 98, 108]] as const);
  r.rect(mx - 6, 40, cols * 34 + 12, rows * 30 + 12, shade(metal, -0.2));
  for (let c = 0; c < cols; c++) {
    for (let rw = 0; rw < rows; rw++) {
      const bx = mx + c * 34;
      const by = 46 + rw * 30;
      r.rect(bx, by, 30, 26, shade(metal, 0.08 - rw * 0.03));
      r.rect(bx + 4, by + 4, 22, 3, shade(metal, -0.35));
      r.ellipse(bx + 24, by + 17, 2, 2, shade(metal, -0.4));
    }
  }
  // A reception desk or a bench and a tall plant on the right.
  if (rand() < 0.5) {
    const dx = between(rand, 290, 320);
    r.rect(dx, horizon - 70, 150, 74, [120, 86, 60]);
    r.rect(dx - 6, horizon - 78, 162, 10, [150, 112, 80]);
    r.rect(dx + 10, horizon - 60, 130, 2, [90, 62, 44], 0.7);
  } else {
    const bx = between(rand, 300, 340);
    r.rect(bx, horizon - 34, 120, 12, [70, 70, 74]);
    r.rect(bx + 8, horizon - 22, 6, 26, [50, 50, 52]);
    r.rect(bx + 106, horizon - 22, 6, 26, [50, 50, 52]);
    r.ellipse(bx + 150, horizon - 80, 22, 60, [60, 108, 64]);
    r.poly([[bx + 136, horizon - 24], [bx + 164, horizon - 24], [bx + 160, horizon + 6], [bx + 140, horizon + 6]], [232, 232, 228]);
  }
  // Window light on the floor.
  r.poly([[PHOTO_W - 120, horizon], [PHOTO_W, horizon], [PHOTO_W, PHOTO_H], [PHOTO_W - 260, PHOTO_H]], [255, 252, 236], 0.12);
  // The parcel (and sometimes a second, smaller one on top).
  const cx = between(rand, 190, 290);
  const floorY = between(rand, 300, 322);
  parcel(r, rand, cx, floorY, between(rand, 74, 92));
  if (rand() < 0.4) parcel(r, rand, cx + between(rand, -10, 10), floorY - between(rand, 58, 66), between(rand, 40, 50), false);
}

/** A 480 x 360 illustration of a delivered parcel: at a front door or in a building's lobby. */
export function drawPhoto(key: string, scene: PhotoScene): Buffer {
  const rand = randomFrom(`photo:${key}`);
  const r = new Raster(PHOTO_W, PHOTO_H, 2, [255, 255, 255]);
  r.vignette = 0.32;
  if (scene === 'door') doorScene(r, rand);
  else lobbyScene(r, rand);
  return r.png();
}
