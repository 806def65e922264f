import { describe, expect, it } from 'vitest';
import { globToRegExp, resolveRedirect } from './redirect.ts';
import type { AuthSettings } from './settings.ts';

const settings = {
  siteUrl: 'http://127.0.0.1:3000',
  additionalRedirectUrls: ['https://app.example.com/**', 'https://*.preview.example.com/callback'],
} as AuthSettings;

describe('redirect validation', () => {
  it('accepts the site URL host on any port and path', () => {
    expect(resolveRedirect('http://127.0.0.1:5173/welcome', settings)).toBe('http://127.0.0.1:5173/welcome');
  });

  it('accepts additional redirect URL globs', () => {
    expect(resolveRedirect('https://app.example.com/a/b?c=d', settings)).toBe('https://app.example.com/a/b?c=d');
    expect(resolveRedirect('https://pr-1.preview.example.com/callback', settings)).toBe('https://pr-1.preview.example.com/callback');
  });

  it('falls back to the site URL for anything else', () => {
    expect(resolveRedirect('https://evil.example.org/', settings)).toBe('http://127.0.0.1:3000');
    expect(resolveRedirect('https://a.b.preview.example.com/callback', settings)).toBe('http://127.0.0.1:3000');
    expect(resolveRedirect('not a url', settings)).toBe('http://127.0.0.1:3000');
    expect(resolveRedirect(undefined, settings)).toBe('http://127.0.0.1:3000');
  });

  it('single star stays within one segment', () => {
    expect(globToRegExp('http://x/*').test('http://x/a')).toBe(true);
    expect(globToRegExp('http://x/*').test('http://x/a/b')).toBe(false);
    expect(globToRegExp('http://x/**').test('http://x/a/b')).toBe(true);
  });
});
