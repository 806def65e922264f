/**
 * Readable colours from any colour a tenant picks (WCAG 2.x contrast: relative luminance of sRGB).
 * The brand colour is drawn as text on the page, as buttons under their labels and as focus rings,
 * in the light and in the dark theme: these derive the variant of it that reads on each background
 * (4.5:1 for text) and the label colour that reads on it, instead of trusting the pick.
 */

export type Rgb = readonly [number, number, number];

/** WCAG AA: 4.5:1 for body text; 3:1 for large text and the parts of a control. */
export const AA_TEXT = 4.5;

const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB = /^rgba?\(\s*([\d.]+%?)\s*[,\s]\s*([\d.]+%?)\s*[,\s]\s*([\d.]+%?)\s*(?:[,/]\s*[\d.]+%?\s*)?\)$/i;
const HSL = /^hsla?\(\s*([+-]?[\d.]+)(?:deg)?\s*[,\s]\s*([\d.]+)%\s*[,\s]\s*([\d.]+)%\s*(?:[,/]\s*[\d.]+%?\s*)?\)$/i;

const clamp255 = (value: number) => Math.min(255, Math.max(0, Math.round(value)));

/** '#abc', '#aabbcc' (alpha ignored), 'rgb(…)' or 'hsl(…)' -> [r, g, b] in 0..255; null for anything else. */
export function parseColor(color: string): Rgb | null {
  const text = color.trim();
  const hex = HEX.exec(text);
  if (hex) {
    let digits = hex[1] as string;
    if (digits.length <= 4) digits = [...digits].map((c) => c + c).join('');
    return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as unknown as Rgb;
  }
  const rgb = RGB.exec(text);
  if (rgb) {
    return [rgb[1], rgb[2], rgb[3]].map((part) =>
      clamp255((part as string).endsWith('%') ? (parseFloat(part as string) / 100) * 255 : parseFloat(part as string)),
    ) as unknown as Rgb;
  }
  const hsl = HSL.exec(text);
  if (hsl) {
    const h = (((parseFloat(hsl[1] as string) % 360) + 360) % 360) / 360;
    const s = Math.min(1, parseFloat(hsl[2] as string) / 100);
    const l = Math.min(1, parseFloat(hsl[3] as string) / 100);
    const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
    const p = 2 * l - q;
    const channel = (t: number) => {
      const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
      if (u < 1 / 6) return p + (q - p) * 6 * u;
      if (u < 1 / 2) return q;
      if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6;
      return p;
    };
    return [channel(h + 1 / 3), channel(h), channel(h - 1 / 3)].map((c) => clamp255(c * 255)) as unknown as Rgb;
  }
  return null;
}

export function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => clamp255(c).toString(16).padStart(2, '0')).join('')}`;
}

export function relativeLuminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio (1 to 21) of two colours. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  return from.map((c, i) => c + ((to[i] as number) - c) * amount) as unknown as Rgb;
}

/**
 * The label colour for text on `background`: the first of `candidates` (the theme's white and
 * near-black) that reads at `minimum`, else the one that reads best, else pure black or white.
 */
export function readableOn(background: string, candidates: readonly string[] = ['#ffffff', '#0f172a'], minimum = AA_TEXT): string {
  const bg = parseColor(background) ?? WHITE;
  const parsed = candidates.map((c) => ({ text: c, rgb: parseColor(c) })).filter((c): c is { text: string; rgb: Rgb } => c.rgb !== null);
  const passing = parsed.find((c) => contrastRatio(c.rgb, bg) >= minimum);
  if (passing) return passing.text;
  return contrastRatio(WHITE, bg) >= contrastRatio(BLACK, bg) ? '#ffffff' : '#000000';
}

/**
 * `color` as text on every one of `backgrounds`: unchanged when it already reads at `minimum`,
 * else mixed toward black (light backgrounds) or white (dark ones) just enough that it does, so
 * the brand keeps its hue. Returns a hex colour; an unreadable input colour counts as the theme's blue.
 */
export function readableInk(color: string, backgrounds: readonly string[], minimum = AA_TEXT): string {
  const start = parseColor(color) ?? ([37, 99, 235] as const);
  const bgs = backgrounds.map((b) => parseColor(b)).filter((b): b is Rgb => b !== null);
  if (bgs.length === 0) return toHex(start);
  const reads = (rgb: Rgb) => bgs.every((bg) => contrastRatio(rgb, bg) >= minimum);
  if (reads(start)) return toHex(start);
  const light = bgs.reduce((sum, bg) => sum + relativeLuminance(bg), 0) / bgs.length > 0.18;
  const target = light ? BLACK : WHITE;
  // The smallest mix that reads, to 1/256: contrast grows with the mix toward the far end.
  let low = 0;
  let high = 1;
  for (let step = 0; step < 8; step++) {
    const middle = (low + high) / 2;
    if (reads(mix(start, target, middle).map(clamp255) as unknown as Rgb)) high = middle;
    else low = middle;
  }
  return toHex(mix(start, target, high).map(clamp255) as unknown as Rgb);
}
