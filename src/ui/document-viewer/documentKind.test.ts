import { describe, expect, it } from 'vitest';
import { documentKind } from './documentKind';
import { imagePrintDocument } from './print';

describe('documentKind', () => {
  it('trusts the MIME type when there is one', () => {
    expect(documentKind('application/pdf', 'label', '/x')).toBe('pdf');
    expect(documentKind('image/png; charset=binary', 'x.pdf', '/x')).toBe('image');
    expect(documentKind('application/zip', 'label.pdf', '/x.pdf')).toBe('unsupported');
  });

  it('falls back to the file name, then the URL', () => {
    expect(documentKind(undefined, 'Label.PDF', '/x')).toBe('pdf');
    expect(documentKind(null, 'photo.jpeg', '/x')).toBe('image');
    expect(documentKind('application/octet-stream', 'notes', 'https://h/storage/v1/object/public/t/a.png?token=1')).toBe('image');
    expect(documentKind(undefined, 'sheet.xlsx', '/files/sheet.xlsx')).toBe('unsupported');
    expect(documentKind(undefined, 'no-extension', '/dir.v2/file')).toBe('unsupported');
  });
});

describe('imagePrintDocument', () => {
  it('prints only the image and escapes what it is given', () => {
    const html = imagePrintDocument('/a.png?x=1&y="2"', '<b>label</b>.png');
    expect(html).toContain('<img src="/a.png?x=1&amp;y=&quot;2&quot;"');
    expect(html).toContain('<title>&lt;b&gt;label&lt;/b&gt;.png</title>');
    expect(html).not.toContain('<b>');
  });
});
