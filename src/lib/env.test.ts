import { describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY, parseEnv } from './env';

const origin = 'http://127.0.0.1:54331';

describe('parseEnv', () => {
  it('defaults to the page origin and the local anon key', () => {
    expect(parseEnv({}, origin)).toEqual({ ok: true, env: { supabaseUrl: origin, supabaseAnonKey: LOCAL_ANON_KEY } });
  });

  it('treats blank values as unset', () => {
    expect(parseEnv({ VITE_SUPABASE_URL: ' ', VITE_SUPABASE_ANON_KEY: '' }, origin)).toEqual({
      ok: true,
      env: { supabaseUrl: origin, supabaseAnonKey: LOCAL_ANON_KEY },
    });
  });

  it('uses the configured project, without a trailing slash', () => {
    expect(parseEnv({ VITE_SUPABASE_URL: 'https://abc.supabase.co/', VITE_SUPABASE_ANON_KEY: 'sb_publishable_x' }, origin)).toEqual({
      ok: true,
      env: { supabaseUrl: 'https://abc.supabase.co', supabaseAnonKey: 'sb_publishable_x' },
    });
  });

  it('names each invalid variable', () => {
    const result = parseEnv({ VITE_SUPABASE_URL: 'ftp://example.com', VITE_SUPABASE_ANON_KEY: 'two words' }, origin);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toHaveLength(2);
    expect(result.problems[0]).toMatch(/^VITE_SUPABASE_URL: must be an http\(s\) URL/);
    expect(result.problems[1]).toMatch(/^VITE_SUPABASE_ANON_KEY: must be a single token/);
  });
});
