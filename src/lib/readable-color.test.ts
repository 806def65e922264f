import { describe, expect, it } from 'vitest';
import { AA_TEXT, contrastRatio, parseColor, readableInk, readableOn, toHex } from './readable-color';

const ratio = (a: string, b: string) => contrastRatio(parseColor(a)!, parseColor(b)!);

describe('parseColor', () => {
  it('reads hex, rgb() and hsl() colours and refuses anything else', () => {
    expect(parseColor('#fff')).toEqual([255, 255, 255]);
    expect(parseColor('#1D4ED8')).toEqual([29, 78, 216]);
    expect(parseColor('#1d4ed880')).toEqual([29, 78, 216]);
    expect(parseColor('rgb(29, 78, 216)')).toEqual([29, 78, 216]);
    expect(parseColor('rgba(100% 0% 0% / 0.5)')).toEqual([255, 0, 0]);
    expect(parseColor('hsl(0, 100%, 50%)')).toEqual([255, 0, 0]);
    expect(parseColor('hsl(120deg 100% 25%)')).toEqual([0, 128, 0]);
    for (const bad of ['red', 'var(--x)', '#12', 'url(x)', '']) expect(parseColor(bad)).toBeNull();
  });

  it('writes hex back', () => {
    expect(toHex([29, 78, 216])).toBe('#1d4ed8');
  });
});

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself', () => {
    expect(ratio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(ratio('#2563eb', '#2563eb')).toBe(1);
    // Tailwind's slate 500 on slate 100, the table headers' pair: under AA.
    expect(ratio('#62748e', '#f1f5f9')).toBeLessThan(AA_TEXT);
  });
});

describe('readableOn', () => {
  it('labels a dark colour in white and a light one in near-black', () => {
    expect(readableOn('#1d4ed8')).toBe('#ffffff');
    expect(readableOn('#facc15')).toBe('#0f172a');
  });

  it('falls back to pure black or white when no candidate reads', () => {
    expect(readableOn('#777777', ['#888888', '#666666'])).toBe('#000000');
  });
});

describe('readableInk', () => {
  it('keeps a colour that already reads', () => {
    expect(readableInk('#1d4ed8', ['#ffffff', '#f8fafc'])).toBe('#1d4ed8');
  });

  it('darkens a light brand just enough to read on light backgrounds, keeping its hue', () => {
    const ink = readableInk('#facc15', ['#ffffff', '#f8fafc']);
    expect(ratio(ink, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
    expect(ratio(ink, '#f8fafc')).toBeGreaterThanOrEqual(AA_TEXT);
    expect(ratio(ink, '#ffffff')).toBeLessThan(5.2);
    const [r, g, b] = parseColor(ink)!;
    expect(r).toBeGreaterThan(b);
    expect(g).toBeGreaterThan(b);
  });

  it('lightens a dark brand to read on the dark theme', () => {
    const ink = readableInk('#1d4ed8', ['#1e293b', '#0f172a', '#020617']);
    for (const bg of ['#1e293b', '#0f172a', '#020617']) expect(ratio(ink, bg)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(ink).not.toBe('#1d4ed8');
  });

  it('reaches any ratio asked for, for every colour tried', () => {
    for (const color of ['#ff0000', '#00ff00', '#0000ff', '#808080', '#ffff00', '#000000', '#ffffff']) {
      for (const backgrounds of [['#ffffff'], ['#0f172a']]) {
        expect(ratio(readableInk(color, backgrounds, 4.6), backgrounds[0]!)).toBeGreaterThanOrEqual(4.6);
      }
    }
  });

  it('counts an unreadable colour as the theme blue', () => {
    expect(readableInk('not a colour', ['#ffffff'])).toBe('#2563eb');
  });
});
