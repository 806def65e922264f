import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, readProjectToml } from '../config.ts';
import { detectContentType, seedContentType } from './sniff.ts';

const text = (s: string) => new TextEncoder().encode(s);

describe('detectContentType (Go http.DetectContentType, as `supabase seed buckets` sends it)', () => {
  it('recognises images and documents by their signature', () => {
    expect(detectContentType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe('image/png');
    expect(detectContentType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('image/jpeg');
    expect(detectContentType(text('GIF89a......'))).toBe('image/gif');
    expect(detectContentType(text('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('image/webp');
    expect(detectContentType(text('%PDF-1.7\n'))).toBe('application/pdf');
    expect(detectContentType(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2]))).toBe('application/zip');
  });

  it('tells HTML, XML, text and binary apart', () => {
    expect(detectContentType(text('  <!DOCTYPE html><html></html>'))).toBe('text/html; charset=utf-8');
    expect(detectContentType(text('<?xml version="1.0"?><a/>'))).toBe('text/xml; charset=utf-8');
    expect(detectContentType(text('plain words\n'))).toBe('text/plain; charset=utf-8');
    expect(detectContentType(new Uint8Array([1, 2, 3, 200]))).toBe('application/octet-stream');
  });

  it('refines text/plain by the extension only', () => {
    expect(seedContentType('data.json', text('{"a": 1}'))).toBe('application/json');
    expect(seedContentType('style.css', text('a { color: red }'))).toBe('text/css; charset=utf-8');
    expect(seedContentType('notes.unknown', text('words'))).toBe('text/plain; charset=utf-8');
    // A PNG named .txt is still a PNG: the bytes decide first.
    expect(seedContentType('image.txt', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
  });
});

describe('config.toml [storage.buckets.<name>]', () => {
  const withConfig = (toml: string) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'waypost-config-'));
    writeFileSync(path.join(dir, 'config.toml'), toml);
    try {
      return readProjectToml(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('reads public, file_size_limit, allowed_mime_types and objects_path', () => {
    const toml = withConfig('[storage.buckets.images]\npublic = true\nfile_size_limit = "5MiB"\nallowed_mime_types = ["image/png"]\nobjects_path = "./images"\n');
    expect(toml.storage.buckets).toEqual({ images: { public: true, file_size_limit: '5MiB', allowed_mime_types: ['image/png'], objects_path: './images' } });
  });

  it('refuses a size it cannot read, a wrong type and a bucket name Storage refuses', () => {
    expect(() => withConfig('[storage.buckets.images]\nfile_size_limit = "lots"\n')).toThrow(/storage\.buckets\.images\.file_size_limit: must be a size/);
    expect(() => withConfig('[storage.buckets.images]\npublic = "yes"\n')).toThrow(ConfigError);
    expect(() => withConfig('[storage.buckets."a/b"]\npublic = true\n')).toThrow(/storage\.buckets\.a\/b: not a valid bucket name/);
  });
});
