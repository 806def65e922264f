/** WCAG 2.x contrast: relative luminance of sRGB colours and the ratio between two of them. */

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** '#abc' or '#aabbcc' -> [r, g, b] in 0..255; null for anything else. */
export function parseHex(color: string): [number, number, number] | null {
  const match = HEX.exec(color.trim());
  if (!match) return null;
  let hex = match[1] as string;
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join('');
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

export function relativeLuminance([r, g, b]: [number, number, number]): number {
  const [lr, lg, lb] = [r, g, b].map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
}

/** The contrast ratio (1 to 21) of two hex colours; null when either is not a hex colour. */
export function contrastRatio(a: string, b: string): number | null {
  const ca = parseHex(a);
  const cb = parseHex(b);
  if (!ca || !cb) return null;
  const la = relativeLuminance(ca);
  const lb = relativeLuminance(cb);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** WCAG AA: 4.5:1 for body text, 3:1 for large text and for UI components. */
export const AA_TEXT = 4.5;
export const AA_LARGE = 3;

export interface BrandColors {
  primary: string;
  secondary: string;
  background: string;
  cardBg: string;
  text: string;
  textLight: string;
}

/** The colour pairs the chrome draws, by id (their names are the brand catalogue's `pair.<id>`). */
export type ContrastPair = 'textOnBackground' | 'textOnCards' | 'lightTextOnBackground' | 'lightTextOnCards' | 'buttonOnPrimary' | 'primaryOnBackground' | 'secondaryOnCards';

export interface ContrastCheck {
  /** e.g. 'textOnBackground' (text on the page's background). */
  pair: ContrastPair;
  foreground: string;
  background: string;
  ratio: number;
  required: number;
  passes: boolean;
}

const WHITE = '#ffffff';
const NEAR_BLACK = '#0f172a';

/**
 * The pairs the app's chrome actually draws (src/styles: text and light text on the page and on
 * cards; button labels on the primary colour, which take white or near-black, whichever reads
 * better; the secondary colour as an accent on cards), each against the AA threshold it needs.
 */
export function brandContrastChecks(colors: BrandColors): ContrastCheck[] {
  const onPrimary = (contrastRatio(WHITE, colors.primary) ?? 0) >= (contrastRatio(NEAR_BLACK, colors.primary) ?? 0) ? WHITE : NEAR_BLACK;
  const pairs: [ContrastPair, string, string, number][] = [
    ['textOnBackground', colors.text, colors.background, AA_TEXT],
    ['textOnCards', colors.text, colors.cardBg, AA_TEXT],
    ['lightTextOnBackground', colors.textLight, colors.background, AA_TEXT],
    ['lightTextOnCards', colors.textLight, colors.cardBg, AA_TEXT],
    ['buttonOnPrimary', onPrimary, colors.primary, AA_TEXT],
    ['primaryOnBackground', colors.primary, colors.background, AA_LARGE],
    ['secondaryOnCards', colors.secondary, colors.cardBg, AA_LARGE],
  ];
  const checks: ContrastCheck[] = [];
  for (const [pair, foreground, background, required] of pairs) {
    const ratio = contrastRatio(foreground, background);
    if (ratio === null) continue;
    checks.push({ pair, foreground, background, ratio, required, passes: ratio >= required });
  }
  return checks;
}

/** '4.52:1', rounded down so a ratio shown as passing never fails the threshold. */
export const formatRatio = (ratio: number): string => `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
