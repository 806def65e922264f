import { describe, expect, it } from 'vitest';
import { BRAND_MESSAGES, BrandFormSchema, presetsOf, STOCK_PRESETS, toBrandForm, toBrandSettings } from './brand-settings';

const globex = {
  presets: [{ name: 'Globex Sunset', palette: { primary: '#ea580c', secondary: '#16a34a', background: '#fffbeb', cardBg: '#fef3c7', text: '#1c1917', textLight: '#78716c' } }],
  colors: { primary: '#ea580c', secondary: '#16a34a', background: '#fffbeb', cardBg: '#fef3c7', text: '#1c1917', textLight: '#78716c' },
  configurations: { font: 'Poppins', preset: 'Globex Sunset' },
  assets: { favicon: '/brands/globex-favicon.svg', logo: '/brands/globex-logo.svg' },
};

describe('presetsOf', () => {
  it('lists the tenant\'s own presets first, then the stock ones it lacks', () => {
    const names = presetsOf(globex).map((p) => p.name);
    expect(names[0]).toBe('Globex Sunset');
    expect(names).toEqual(['Globex Sunset', ...STOCK_PRESETS.map((p) => p.name)]);
  });

  it('completes a partial palette and drops presets with bad colours', () => {
    const presets = presetsOf({ presets: [{ name: 'Half', palette: { primary: '#123456' } }, { name: 'Bad', palette: { primary: 'red' } }] });
    expect(presets[0]?.palette.primary).toBe('#123456');
    expect(presets[0]?.palette.background).toBe(STOCK_PRESETS[0]?.palette.background);
    expect(presets.map((p) => p.name)).not.toContain('Bad');
  });
});

describe('toBrandForm', () => {
  it('reads the stored brand: preset, colours, font, a single logo for both themes', () => {
    expect(toBrandForm(globex)).toEqual({
      preset: 'Globex Sunset',
      colors: globex.colors,
      font: 'Poppins',
      logo_light: '/brands/globex-logo.svg',
      logo_dark: '/brands/globex-logo.svg',
      favicon: '/brands/globex-favicon.svg',
    });
  });

  it('falls back to the first preset and Inter for an empty brand', () => {
    const form = toBrandForm(null);
    expect(form.preset).toBe(STOCK_PRESETS[0]?.name);
    expect(form.colors).toEqual(STOCK_PRESETS[0]?.palette);
    expect(form.font).toBe('Inter');
    expect(form.logo_light).toBeNull();
  });
});

describe('BrandFormSchema', () => {
  it('refuses colours that are not hex and a font name with odd characters', () => {
    const result = BrandFormSchema.safeParse({ ...toBrandForm(globex), colors: { ...globex.colors, primary: 'orange' }, font: 'x;}' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({ 'colors.primary': BRAND_MESSAGES.color, font: BRAND_MESSAGES.font });
  });
});

describe('toBrandSettings', () => {
  it('stores lower-case colours, the font and preset, the assets and the preset list', () => {
    const presets = presetsOf(globex);
    const stored = toBrandSettings(
      { preset: 'Globex Sunset', colors: { ...globex.colors, primary: '#EA580C' }, font: 'Poppins' },
      { logoLight: '/l.png', logoDark: null, favicon: null },
      presets,
    );
    expect(stored).toEqual({
      presets: presets.map((p) => ({ name: p.name, palette: p.palette })),
      colors: globex.colors,
      configurations: { font: 'Poppins', preset: 'Globex Sunset' },
      assets: { favicon: null, logo: { light: '/l.png', dark: '/l.png' } },
    });
  });

  it('stores no logo when there is none', () => {
    expect(toBrandSettings(toBrandForm(null) as never, { logoLight: null, logoDark: null, favicon: null }, STOCK_PRESETS).assets).toEqual({ favicon: null, logo: null });
  });
});
