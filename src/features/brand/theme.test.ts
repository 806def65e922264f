import { contrastRatio, parseColor } from '../../lib/readable-color';
import { describe, expect, it } from 'vitest';
import { brandLogo, brandTheme, contrastText, DEFAULT_VARIABLES, fontStack, markFavicon, MONO_STACK, safeColor, safeFaviconUrl, SANS_STACK, SERIF_STACK } from './theme';

const ACME = {
  presets: [{ name: 'Acme blue', palette: { primary: '#1d4ed8' } }],
  colors: { primary: '#1d4ed8', secondary: '#38bdf8', background: '#f8fafc', cardBg: '#ffffff', text: '#0f172a', textLight: '#64748b' },
  configurations: { font: 'Public Sans' },
  assets: { favicon: 'data:image/svg+xml,%3Csvg%3E%3C/svg%3E', logo: { light: '/brand/acme-light.svg', dark: '/brand/acme-dark.svg' } },
};

describe('brandTheme', () => {
  it('draws a brand colour that would not read as a readable variant in each theme, whatever the pick', () => {
    const { variables } = brandTheme({ colors: { primary: '#facc15', background: '#ffffff', cardBg: '#ffffff' } });
    expect(variables['--brand-primary']).toBe('#facc15');
    for (const [ink, label, backgrounds] of [
      [variables['--brand-ink'], variables['--brand-on-ink'], ['#ffffff']],
      [variables['--brand-ink-dark'], variables['--brand-on-ink-dark'], ['#0f172a', '#020617', '#1e293b']],
    ] as const) {
      for (const bg of backgrounds) expect(contrastRatio(parseColor(ink)!, parseColor(bg)!)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(parseColor(label)!, parseColor(ink)!)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('maps every colour, the font, the logo and the favicon', () => {
    const theme = brandTheme(ACME);
    expect(theme.variables).toEqual({
      '--brand-primary': '#1d4ed8',
      '--brand-secondary': '#38bdf8',
      '--brand-bg': '#f8fafc',
      '--brand-card': '#ffffff',
      '--brand-text': '#0f172a',
      '--brand-text-light': '#64748b',
      '--brand-on-primary': '#ffffff',
      // Acme's blue reads on its light page as it is; the dark theme draws a lighter blue, labelled in near-black.
      '--brand-ink': '#1d4ed8',
      '--brand-on-ink': '#ffffff',
      '--brand-ink-dark': '#6e8ee6',
      '--brand-on-ink-dark': '#0f172a',
      '--brand-font': `"Public Sans", ${SANS_STACK}`,
    });
    expect(theme.logo).toEqual({ light: '/brand/acme-light.svg', dark: '/brand/acme-dark.svg' });
    expect(theme.favicon).toBe('data:image/svg+xml,%3Csvg%3E%3C/svg%3E');
  });

  it('falls back to the system brand for nothing, null, or a non-object', () => {
    for (const settings of [undefined, null, 'blue', 42, []]) {
      const theme = brandTheme(settings);
      expect(theme.variables).toEqual(DEFAULT_VARIABLES);
      expect(theme.logo).toBeNull();
      expect(theme.favicon).toBe(markFavicon(DEFAULT_VARIABLES['--brand-primary']));
    }
  });

  it('ignores bad colours one by one and keeps the good ones', () => {
    const theme = brandTheme({
      colors: {
        primary: 'red; background: url(https://evil.example/x.png)',
        secondary: '#12345',
        background: 'rgb(250, 250, 249)',
        cardBg: 'var(--x)',
        text: 42,
        textLight: 'hsl(215 16% 47%)',
      },
    });
    expect(theme.variables['--brand-primary']).toBe(DEFAULT_VARIABLES['--brand-primary']);
    expect(theme.variables['--brand-secondary']).toBe(DEFAULT_VARIABLES['--brand-secondary']);
    expect(theme.variables['--brand-bg']).toBe('rgb(250, 250, 249)');
    expect(theme.variables['--brand-card']).toBe(DEFAULT_VARIABLES['--brand-card']);
    expect(theme.variables['--brand-text']).toBe(DEFAULT_VARIABLES['--brand-text']);
    expect(theme.variables['--brand-text-light']).toBe('hsl(215 16% 47%)');
  });

  it('draws a favicon in the primary colour when the brand has no usable one', () => {
    const acme = brandTheme({ colors: { primary: '#1d4ed8' }, assets: { favicon: 'https://placehold.example/a.png' } });
    const globex = brandTheme({ colors: { primary: '#ea580c' } });
    expect(acme.favicon).toBe(markFavicon('#1d4ed8'));
    expect(decodeURIComponent(acme.favicon)).toContain("fill='#1d4ed8'");
    expect(globex.favicon).not.toBe(acme.favicon);
    expect(acme.favicon.startsWith('data:image/svg+xml,')).toBe(true);
  });

  it('keeps the colours when another part is malformed', () => {
    const theme = brandTheme({ colors: { primary: '#047857' }, configurations: 'serif', assets: 7, presets: 'none' });
    expect(theme.variables['--brand-primary']).toBe('#047857');
    expect(theme.variables['--brand-font']).toBe(SANS_STACK);
  });

  it('uses the tenant logo_url when the brand has no logo, and a single logo for both modes', () => {
    expect(brandTheme({}, { light: '/l.png', dark: null }).logo).toEqual({ light: '/l.png', dark: '/l.png' });
    expect(brandTheme({ assets: { logo: '/one.svg' } }, { light: '/l.png' }).logo).toEqual({ light: '/one.svg', dark: '/one.svg' });
  });
});

describe('safeColor', () => {
  it.each(['#fff', '#FFFA', '#1d4ed8', '#1d4ed8cc', 'rgb(1, 2, 3)', 'rgba(1,2,3,0.5)', 'rgb(1 2 3 / 50%)', 'hsl(210, 40%, 50%)', 'hsla(210 40% 50% / .5)'])('accepts %s', (color) => {
    expect(safeColor(color)).toBe(color);
  });

  it.each(['red', '#ggg', '#12', 'url(x)', 'var(--a)', 'expression(alert(1))', '#fff;color:red', '', null, 1])('refuses %s', (color) => {
    expect(safeColor(color)).toBeNull();
  });
});

describe('contrastText', () => {
  it('puts dark text on light colours and white on dark ones', () => {
    expect(contrastText('#1d4ed8')).toBe('#ffffff');
    expect(contrastText('#facc15')).toBe('#0f172a');
    expect(contrastText('#fff')).toBe('#0f172a');
    expect(contrastText('rgb(0,0,0)')).toBe('#ffffff');
  });
});

describe('fontStack', () => {
  it('names the font and falls back to a stack of the same kind', () => {
    expect(fontStack('Inter')).toBe(`"Inter", ${SANS_STACK}`);
    expect(fontStack('Merriweather')).toBe(`"Merriweather", ${SERIF_STACK}`);
    expect(fontStack('Georgia')).toBe(`"Georgia", ${SERIF_STACK}`);
    expect(fontStack('Microsoft Sans Serif')).toBe(`"Microsoft Sans Serif", ${SANS_STACK}`);
    expect(fontStack('JetBrains Mono')).toBe(`"JetBrains Mono", ${MONO_STACK}`);
    expect(fontStack('serif')).toBe(SERIF_STACK);
  });

  it('refuses names that could break out of the declaration', () => {
    expect(fontStack('Inter"; color: red')).toBe(SANS_STACK);
    expect(fontStack('a'.repeat(80))).toBe(SANS_STACK);
    expect(fontStack(undefined)).toBe(SANS_STACK);
  });
});

describe('urls', () => {
  it('allows data and same-origin favicons only', () => {
    expect(safeFaviconUrl('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
    expect(safeFaviconUrl('/favicon-globex.svg')).toBe('/favicon-globex.svg');
    expect(safeFaviconUrl('https://cdn.example/icon.png')).toBeNull();
    expect(safeFaviconUrl('//cdn.example/icon.png')).toBeNull();
    expect(safeFaviconUrl('javascript:alert(1)')).toBeNull();
    // An upload lands on the project's own Supabase URL: that origin, and only that one, is trusted.
    expect(safeFaviconUrl('http://127.0.0.1:54321/storage/v1/object/public/tenants/a/icon.png', 'http://127.0.0.1:54321')).toBe(
      'http://127.0.0.1:54321/storage/v1/object/public/tenants/a/icon.png',
    );
    expect(safeFaviconUrl('https://cdn.example/icon.png', 'http://127.0.0.1:54321')).toBeNull();
    expect(safeFaviconUrl('data:text/html,<script>')).toBeNull();
  });

  it('refuses script urls for logos', () => {
    expect(brandLogo('javascript:alert(1)')).toBeNull();
    expect(brandLogo({ light: 'https://cdn.example/l.png' })).toEqual({ light: 'https://cdn.example/l.png', dark: 'https://cdn.example/l.png' });
  });
});
