import { z } from 'zod';
import type { FileValue } from '../../ui/form';
import type { BrandColors } from './contrast';
import { brandSettingsSchema, logoSchema } from './schema';

/** The six brand colours, in the order the screen shows them. */
export const COLOR_KEYS = ['primary', 'secondary', 'background', 'cardBg', 'text', 'textLight'] as const satisfies readonly (keyof BrandColors)[];

export interface BrandPreset {
  name: string;
  palette: BrandColors;
}

/** Palettes every tenant is offered besides its own (all pass WCAG AA in the app's chrome). */
export const STOCK_PRESETS: readonly BrandPreset[] = [
  { name: 'Waypost Teal', palette: { primary: '#0f766e', secondary: '#b45309', background: '#f8fafc', cardBg: '#ffffff', text: '#0f172a', textLight: '#475569' } },
  { name: 'Ocean', palette: { primary: '#1d4ed8', secondary: '#0369a1', background: '#ffffff', cardBg: '#f1f5f9', text: '#0f172a', textLight: '#475569' } },
  { name: 'Forest', palette: { primary: '#15803d', secondary: '#4d7c0f', background: '#f7fee7', cardBg: '#ffffff', text: '#14532d', textLight: '#3f6212' } },
  { name: 'Graphite', palette: { primary: '#334155', secondary: '#4f46e5', background: '#f8fafc', cardBg: '#ffffff', text: '#020617', textLight: '#475569' } },
  { name: 'Berry', palette: { primary: '#be123c', secondary: '#7e22ce', background: '#fff1f2', cardBg: '#ffffff', text: '#1f2937', textLight: '#4b5563' } },
];

export const DEFAULT_COLORS: BrandColors = STOCK_PRESETS[0]!.palette;

/** Fonts the preview and the app know how to fall back for (nothing is fetched: theme.ts fontStack). */
export const FONTS = ['Inter', 'Roboto', 'Open Sans', 'Lato', 'Poppins', 'Montserrat', 'Nunito', 'Source Sans 3', 'Merriweather', 'Georgia', 'system-ui'] as const;

export const BRAND_MESSAGES = {
  color: 'Enter a hex colour such as #1d4ed8',
  font: 'Choose a font',
  preset: 'Choose a preset',
  saved: 'Brand settings saved: every member now sees them',
  saveFailed: 'Failed to save brand settings',
  loadFailed: 'Failed to fetch brand settings',
  uploadFailed: 'Error uploading file',
  imageType: 'Only jpeg, jpg, png and gif images are allowed',
  imageSize: 'The image must be 3 MB or smaller',
} as const;

export const IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif'] as const;
export const IMAGE_MAX_BYTES = 3 * 1024 * 1024;

const hex = z.string().trim().regex(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i, BRAND_MESSAGES.color);
const image = z.custom<FileValue | null>();

export const BrandFormSchema = z.object({
  preset: z.string().min(1, BRAND_MESSAGES.preset),
  colors: z.object({ primary: hex, secondary: hex, background: hex, cardBg: hex, text: hex, textLight: hex }),
  font: z.string().regex(/^[\p{L}\p{N} _-]{1,64}$/u, BRAND_MESSAGES.font),
  logo_light: image,
  logo_dark: image,
  favicon: image,
});
export type BrandFormInput = z.input<typeof BrandFormSchema>;
export type BrandFormOutput = z.output<typeof BrandFormSchema>;

const storedColors = z.object({ primary: hex, secondary: hex, background: hex, cardBg: hex, text: hex, textLight: hex }).partial();

/** The tenant's own presets first, then the stock ones it does not already have by name. */
export function presetsOf(settings: unknown): BrandPreset[] {
  const parsed = brandSettingsSchema.safeParse(settings ?? {});
  const own: BrandPreset[] = [];
  for (const preset of (parsed.success ? parsed.data.presets : undefined) ?? []) {
    const palette = storedColors.safeParse(preset.palette);
    if (!preset.name.trim() || !palette.success) continue;
    own.push({ name: preset.name.trim(), palette: { ...DEFAULT_COLORS, ...palette.data } });
  }
  const names = new Set(own.map((p) => p.name));
  return [...own, ...STOCK_PRESETS.filter((p) => !names.has(p.name))];
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** The stored brand -> the form's values (defaults where the brand has none). */
export function toBrandForm(settings: unknown): BrandFormInput {
  const parsed = brandSettingsSchema.safeParse(settings ?? {});
  const brand = parsed.success ? parsed.data : {};
  const presets = presetsOf(settings);
  const presetName = text((brand.configurations as { preset?: unknown } | undefined)?.preset);
  const preset = presets.find((p) => p.name === presetName) ?? presets[0]!;
  const colors = storedColors.safeParse(brand.colors ?? {});
  const logo = logoSchema.safeParse(brand.assets?.logo);
  const logoLight = logo.success ? (typeof logo.data === 'string' ? logo.data : (logo.data.light ?? null)) : null;
  const logoDark = logo.success ? (typeof logo.data === 'string' ? logo.data : (logo.data.dark ?? null)) : null;
  const font = text(brand.configurations?.font);
  return {
    preset: preset.name,
    colors: { ...preset.palette, ...(colors.success ? colors.data : {}) },
    font: font && /^[\p{L}\p{N} _-]{1,64}$/u.test(font) ? font : 'Inter',
    logo_light: logoLight,
    logo_dark: logoDark,
    favicon: text(brand.assets?.favicon),
  };
}

/**
 * The brand to store: the form's colours, font and chosen preset, the uploaded assets, and the
 * presets list, the chosen one's palette kept as it was defined (Reset goes back to it).
 */
export function toBrandSettings(
  values: Pick<BrandFormOutput, 'preset' | 'colors' | 'font'>,
  assets: { logoLight: string | null; logoDark: string | null; favicon: string | null },
  presets: readonly BrandPreset[],
): Record<string, unknown> {
  const logo = assets.logoLight || assets.logoDark ? { light: assets.logoLight ?? assets.logoDark, dark: assets.logoDark ?? assets.logoLight } : null;
  return {
    presets: presets.map((p) => ({ name: p.name, palette: p.palette })),
    colors: Object.fromEntries(COLOR_KEYS.map((key) => [key, values.colors[key].toLowerCase()])),
    configurations: { font: values.font, preset: values.preset },
    assets: { favicon: assets.favicon, logo },
  };
}
