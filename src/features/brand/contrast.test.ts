import { describe, expect, it } from 'vitest';
import { AA_LARGE, AA_TEXT, brandContrastChecks, contrastRatio, formatRatio, parseHex, relativeLuminance } from './contrast';

describe('contrastRatio', () => {
  it('is 21:1 for black on white and 1:1 for a colour on itself, in either order', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1d4ed8', '#1d4ed8')).toBe(1);
  });

  it('matches the WCAG reference values', () => {
    // #767676 on white is the classic lightest grey that passes AA for body text (4.54:1).
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(AA_TEXT);
    expect(contrastRatio('#1d4ed8', '#ffffff')).toBeCloseTo(6.7, 1);
  });

  it('is null for anything but a 3- or 6-digit hex colour', () => {
    expect(contrastRatio('blue', '#ffffff')).toBeNull();
    expect(contrastRatio('#12', '#ffffff')).toBeNull();
    expect(contrastRatio('#ffffff', 'rgb(0,0,0)')).toBeNull();
    expect(parseHex('#ABC')).toEqual([170, 187, 204]);
    expect(relativeLuminance([255, 255, 255])).toBe(1);
  });
});

describe('brandContrastChecks', () => {
  const readable = { primary: '#1d4ed8', secondary: '#0369a1', background: '#ffffff', cardBg: '#f1f5f9', text: '#0f172a', textLight: '#475569' };

  it('passes a readable brand everywhere', () => {
    const checks = brandContrastChecks(readable);
    expect(checks).toHaveLength(7);
    expect(checks.filter((c) => !c.passes)).toEqual([]);
  });

  it('flags light text that is too pale, with the ratio and the threshold it misses', () => {
    const checks = brandContrastChecks({ ...readable, textLight: '#cbd5e1' });
    const failing = checks.filter((c) => !c.passes);
    expect(failing.map((c) => c.pair)).toEqual(['lightTextOnBackground', 'lightTextOnCards']);
    expect(failing[0]?.required).toBe(AA_TEXT);
    expect(failing[0]?.ratio).toBeLessThan(2);
  });

  it('judges the primary colour as a large-text/UI colour on the page and picks the better button label', () => {
    const yellow = brandContrastChecks({ ...readable, primary: '#facc15' });
    const button = yellow.find((c) => c.pair === 'buttonOnPrimary');
    expect(button?.foreground).toBe('#0f172a');
    expect(button?.passes).toBe(true);
    const onPage = yellow.find((c) => c.pair === 'primaryOnBackground');
    expect(onPage?.required).toBe(AA_LARGE);
    expect(onPage?.passes).toBe(false);
  });

  it('skips pairs with a colour that is not hex yet (the field shows its own error)', () => {
    expect(brandContrastChecks({ ...readable, text: '#12' }).map((c) => c.pair)).not.toContain('textOnBackground');
  });
});

describe('formatRatio', () => {
  it('rounds down to two decimals', () => {
    expect(formatRatio(4.499)).toBe('4.49:1');
    expect(formatRatio(21)).toBe('21.00:1');
  });
});
