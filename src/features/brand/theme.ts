import { parseColor, readableInk, readableOn, toHex } from '../../lib/readable-color';
import { brandSettingsSchema, logoSchema } from './schema';

/** The CSS variables the brand sets on <html>; src/styles/index.css maps them to Tailwind's brand-* utilities. */
export interface BrandVariables {
  '--brand-primary': string;
  '--brand-secondary': string;
  '--brand-bg': string;
  '--brand-card': string;
  '--brand-text': string;
  '--brand-text-light': string;
  /** Text on the primary colour: white or near-black, whichever reads better. */
  '--brand-on-primary': string;
  /**
   * The primary colour as the light theme draws it (links, accents, buttons): the tenant's pick,
   * darkened just enough to read as text on the page, the cards and the brand's tint; and the label on it.
   */
  '--brand-ink': string;
  '--brand-on-ink': string;
  /** The same for the dark theme: lightened to read on its slate backgrounds, with its label. */
  '--brand-ink-dark': string;
  '--brand-on-ink-dark': string;
  '--brand-font': string;
}

export interface BrandLogo {
  light: string;
  dark: string;
}

export interface BrandTheme {
  variables: BrandVariables;
  /** null when the brand has no usable logo: show the name instead. */
  logo: BrandLogo | null;
  /** A data: or same-origin URL: the brand's own, else the app's mark in the brand's primary colour. */
  favicon: string;
}

export const SANS_STACK = 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
export const SERIF_STACK = 'ui-serif, Georgia, Cambria, "Times New Roman", Times, serif';
export const MONO_STACK = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

/** The dark theme's surfaces (Tailwind's slate 800, 900 and 950) the brand colour is drawn on. */
const DARK_SURFACES = ['#1e293b', '#0f172a', '#020617'];

/** A little over AA's 4.5:1, so that a translucent tint or a rounding in the browser does not tip it under. */
const INK_CONTRAST = 4.6;

/** The readable variants of a primary colour for each theme (src/lib/readable-color). */
export function brandInks(primary: string, background: string, card: string): Pick<BrandVariables, '--brand-ink' | '--brand-on-ink' | '--brand-ink-dark' | '--brand-on-ink-dark'> {
  const pick = parseColor(primary);
  const bg = parseColor(background);
  // The brand's tint (bg-brand/10) on the page is the darkest background its text meets in light.
  const tint = pick && bg ? toHex(bg.map((c, i) => c + ((pick[i] as number) - c) * 0.1) as unknown as [number, number, number]) : background;
  const ink = readableInk(primary, [background, card, tint], INK_CONTRAST);
  const inkDark = readableInk(primary, DARK_SURFACES, INK_CONTRAST);
  return {
    '--brand-ink': ink,
    '--brand-on-ink': readableOn(ink),
    '--brand-ink-dark': inkDark,
    '--brand-on-ink-dark': readableOn(inkDark, ['#0f172a', '#ffffff']),
  };
}

/** The system brand: what a page shows before, or instead of, a tenant's brand. */
export const DEFAULT_VARIABLES: BrandVariables = {
  '--brand-primary': '#2563eb',
  '--brand-secondary': '#0ea5e9',
  '--brand-bg': '#f8fafc',
  '--brand-card': '#ffffff',
  '--brand-text': '#0f172a',
  '--brand-text-light': '#475569',
  '--brand-on-primary': '#ffffff',
  ...brandInks('#2563eb', '#f8fafc', '#ffffff'),
  '--brand-font': SANS_STACK,
};

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NUMBER = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)(?:%|deg|turn|rad)?`;
const FUNCTIONAL = new RegExp(String.raw`^(?:rgba?|hsla?)\(\s*${NUMBER}(?:\s*[,\s]\s*${NUMBER}){2}(?:\s*[,/]\s*${NUMBER})?\s*\)$`, 'i');

/** A colour a CSS variable may safely hold: hex, rgb()/rgba() or hsl()/hsla(). Names, url(), var() and anything else are refused. */
export function safeColor(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const color = value.trim();
  if (color.length > 64) return null;
  return HEX.test(color) || FUNCTIONAL.test(color) ? color : null;
}

function hexChannels(color: string): [number, number, number] | null {
  if (!HEX.test(color)) return null;
  let hex = color.slice(1);
  if (hex.length <= 4) hex = [...hex].map((c) => c + c).join('');
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG relative luminance; white text unless the colour is light enough for dark text to read better. */
export function contrastText(color: string): string {
  const channels = hexChannels(color);
  if (!channels) return '#ffffff';
  const [r, g, b] = channels.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast with white: 1.05 / (L + 0.05); with near-black #0f172a (L ≈ 0.0086): (L + 0.05) / 0.0586.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.0586 ? '#ffffff' : '#0f172a';
}

const SERIF_NAMES = /serif|georgia|times|garamond|merriweather|playfair|lora|baskerville|cambria|palatino|roboto slab|bodoni/i;
const MONO_NAMES = /mono|courier|consolas|menlo|code/i;
const SAFE_FONT_NAME = /^[\p{L}\p{N} _-]{1,64}$/u;
const GENERIC_FAMILIES = new Set(['serif', 'sans-serif', 'monospace', 'system-ui', 'cursive', 'fantasy']);

/**
 * A font name -> a CSS font stack. No font is fetched: the named font is used where the device
 * has it, and the stack falls back to the system font of the same kind (serif, mono or sans), so
 * a serif brand still looks serif everywhere.
 */
export function fontStack(font: unknown): string {
  if (typeof font !== 'string') return SANS_STACK;
  const name = font.trim();
  if (!SAFE_FONT_NAME.test(name)) return SANS_STACK;
  const lower = name.toLowerCase();
  if (GENERIC_FAMILIES.has(lower)) {
    if (lower === 'serif') return SERIF_STACK;
    if (lower === 'monospace') return MONO_STACK;
    return SANS_STACK;
  }
  // 'Sans' decides first: "Microsoft Sans Serif" is a sans font.
  const kind = /\bsans\b/i.test(name) ? SANS_STACK : SERIF_NAMES.test(name) ? SERIF_STACK : MONO_NAMES.test(name) ? MONO_STACK : SANS_STACK;
  return `"${name}", ${kind}`;
}

/** An image URL the app may show: data:image, same-origin path, or http(s). */
export function safeImageUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const url = value.trim();
  if (url.length === 0 || url.length > 100_000) return null;
  if (/^data:image\/[a-z0-9.+-]+[;,]/i.test(url)) return url;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  if (/^https?:\/\/[^\s"'<>]+$/i.test(url)) return url;
  return null;
}

/**
 * The favicon must not cost a request to an unknown origin: data:, same-origin paths, or a URL on
 * `assetOrigin` (the project's own Supabase URL, where brand-settings uploads land).
 */
export function safeFaviconUrl(value: unknown, assetOrigin?: string | null): string | null {
  const url = safeImageUrl(value);
  if (!url) return null;
  if (!/^https?:/i.test(url)) return url;
  try {
    return assetOrigin && new URL(url).origin === assetOrigin ? url : null;
  } catch {
    return null;
  }
}

/** The Waypost mark on the given colour, as an SVG data URL: every brand gets a favicon of its own colour. */
export function markFavicon(color: string): string {
  const svg =
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'><rect width='32' height='32' rx='8' fill='${color}'/>` +
    `<path d='M9 10l3.5 12L16 13l3.5 9L23 10' fill='none' stroke='${contrastText(color)}' stroke-width='2.5' stroke-linecap='round' stroke-linejoin='round'/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** The logo from the brand settings (a string or light/dark), else the tenant's logo_url. */
export function brandLogo(logo: unknown, fallback?: { light?: string | null | undefined; dark?: string | null | undefined } | null): BrandLogo | null {
  const parsed = logoSchema.safeParse(logo);
  let light: string | null = null;
  let dark: string | null = null;
  if (parsed.success) {
    if (typeof parsed.data === 'string') light = dark = safeImageUrl(parsed.data);
    else {
      light = safeImageUrl(parsed.data.light);
      dark = safeImageUrl(parsed.data.dark);
    }
  }
  if (!light && !dark && fallback) {
    light = safeImageUrl(fallback.light);
    dark = safeImageUrl(fallback.dark);
  }
  if (!light && !dark) return null;
  return { light: (light ?? dark) as string, dark: (dark ?? light) as string };
}

/**
 * Brand settings -> the theme the app applies. Pure: anything missing, malformed or unsafe falls
 * back to the system brand, value by value.
 */
export function brandTheme(
  settings: unknown,
  logoFallback?: { light?: string | null | undefined; dark?: string | null | undefined } | null,
  assetOrigin?: string | null,
): BrandTheme {
  const parsed = brandSettingsSchema.safeParse(settings ?? {});
  const brand = parsed.success ? parsed.data : {};
  const colors = brand.colors ?? {};
  const primary = safeColor(colors.primary) ?? DEFAULT_VARIABLES['--brand-primary'];
  const background = safeColor(colors.background) ?? DEFAULT_VARIABLES['--brand-bg'];
  const card = safeColor(colors.cardBg) ?? DEFAULT_VARIABLES['--brand-card'];
  return {
    variables: {
      '--brand-primary': primary,
      '--brand-secondary': safeColor(colors.secondary) ?? DEFAULT_VARIABLES['--brand-secondary'],
      '--brand-bg': background,
      '--brand-card': card,
      '--brand-text': safeColor(colors.text) ?? DEFAULT_VARIABLES['--brand-text'],
      '--brand-text-light': safeColor(colors.textLight) ?? DEFAULT_VARIABLES['--brand-text-light'],
      '--brand-on-primary': contrastText(primary),
      ...brandInks(primary, background, card),
      '--brand-font': fontStack(brand.configurations?.font),
    },
    logo: brandLogo(brand.assets?.logo, logoFallback),
    favicon: safeFaviconUrl(brand.assets?.favicon, assetOrigin) ?? markFavicon(primary),
  };
}
