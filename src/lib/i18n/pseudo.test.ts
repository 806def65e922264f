import { parse } from '@formatjs/icu-messageformat-parser';
import IntlMessageFormat from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { accent, pseudoMessage, pseudoMessages } from './pseudo';

const format = (message: string, values?: Record<string, unknown>) => new IntlMessageFormat(message, 'en').format(values as Record<string, string>);

describe('the pseudo-locale', () => {
  it('accents every letter, brackets the message and pads it by about a third', () => {
    expect(pseudoMessage('Save')).toBe('⟦Šåṽé·⟧');
    expect(pseudoMessage('Delete this vehicle?')).toBe('⟦Đéļéţé ţĥïš ṽéĥïçļé?·····⟧');
    expect(accent('The quick brown fox jumps over the lazy dog, THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG 42!')).not.toMatch(/[A-Za-z]/);
  });

  it('keeps placeholders, plurals, selects and tags working, with the values as given', () => {
    expect(format(pseudoMessage('Hello {name}'), { name: 'Ana' })).toBe('⟦Ĥéļļö Ana··⟧');
    const parcels = pseudoMessage('{count, plural, one {# parcel} other {# parcels}}');
    expect(format(parcels, { count: 1 })).toBe('⟦1 þåŕçéļ··⟧');
    expect(format(parcels, { count: 3 })).toBe('⟦3 þåŕçéļš··⟧');
    const who = pseudoMessage('{role, select, driver {Driver} other {Someone}}');
    expect(format(who, { role: 'driver' })).toBe('⟦Đŕïṽéŕ··⟧');
    const rich = new IntlMessageFormat(pseudoMessage('Pay <b>{amount}</b> now'), 'en').format({ amount: '$5', b: (chunks: unknown) => `[${String(chunks)}]` });
    expect(rich).toBe('⟦Þåý [$5] ñöŵ··⟧');
    expect(format(pseudoMessage('{n, number} items on {d, date, medium}'), { n: 1234, d: new Date(2026, 11, 24) })).toBe('⟦1,234 ïţéɱš öñ Dec 24, 2026··⟧');
  });

  it('keeps quoted syntax and apostrophes as text', () => {
    expect(format(pseudoMessage("Don't use '{braces}'"))).toBe("⟦Đöñ'ţ üšé {ƀŕåçéš}····⟧");
    expect(pseudoMessage('')).toBe('');
  });

  it('turns a whole catalogue, each message still valid ICU with the same placeholders', () => {
    const english = { a: 'Total: {total}', b: '{count, plural, one {# stop} other {# stops}} left' };
    const pseudo = pseudoMessages(english);
    expect(Object.keys(pseudo)).toEqual(['a', 'b']);
    for (const message of Object.values(pseudo)) expect(() => parse(message)).not.toThrow();
  });
});
