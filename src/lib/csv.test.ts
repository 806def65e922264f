// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { csvField, downloadCsv, toCsv } from './csv';

describe('csvField', () => {
  it('leaves plain text and numbers alone', () => {
    expect(csvField('Daniel')).toBe('Daniel');
    expect(csvField(12.5)).toBe('12.5');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });
  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line1\nline2')).toBe('"line1\nline2"');
    expect(csvField('line1\r\nline2')).toBe('"line1\r\nline2"');
  });
  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('\t=1')).toBe("'\t=1");
    // A leading CR is defused and, being a line break, quoted as well.
    expect(csvField('\r=1')).toBe(`"'\r=1"`);
    expect(csvField('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
  });
  it('keeps negative numbers as numbers, whether given as text or as numbers', () => {
    expect(csvField(-3)).toBe('-3');
    expect(csvField('-4.98')).toBe('-4.98');
    expect(csvField('-1+2')).toBe("'-1+2");
  });
});

describe('toCsv', () => {
  it('writes a header then one CRLF line per row', () => {
    expect(toCsv(['a', 'b'], [['1', '2'], ['x,y', null]])).toBe('a,b\r\n1,2\r\n"x,y",\r\n');
  });
  it('writes the header alone when there are no rows', () => {
    expect(toCsv(['a', 'b'], [])).toBe('a,b\r\n');
  });
});

describe('downloadCsv', () => {
  // jsdom has no object URLs: the test gives URL its own pair and puts back what was there.
  const { createObjectURL, revokeObjectURL } = URL;
  afterEach(() => {
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('clicks a link to a CSV blob named as asked, then lets the blob go', async () => {
    vi.useFakeTimers();
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:csv';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: { href: string; download: string; attached: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, attached: this.isConnected });
    });

    downloadCsv('a,b\r\n', 'remittances.csv');

    expect(clicked).toEqual([{ href: 'blob:csv', download: 'remittances.csv', attached: true }]);
    expect(document.querySelector('a')).toBeNull();
    expect(blobs[0]?.type).toBe('text/csv;charset=utf-8');
    expect(await blobs[0]?.text()).toBe('a,b\r\n');
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:csv');
  });
});
