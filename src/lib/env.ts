import { z } from 'zod';

/**
 * The Supabase CLI's classic local anon key (the same value as stack/keys.ts, which src must not import).
 * It is valid for the local stack and for `npx supabase start`, so a default build works against both.
 */
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export interface AppEnv {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

export type EnvResult = { ok: true; env: AppEnv } | { ok: false; problems: string[] };

// Vite inlines unset variables as undefined, but a blank line in a .env file yields '': both mean "use the default".
const unsetWhenBlank = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const EnvSchema = z.object({
  VITE_SUPABASE_URL: z.preprocess(
    unsetWhenBlank,
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://127.0.0.1:54321' }).optional(),
  ),
  VITE_SUPABASE_ANON_KEY: z.preprocess(
    unsetWhenBlank,
    z.string().regex(/^\S+$/, 'must be a single token without spaces').optional(),
  ),
});

/**
 * Reads the app's configuration. The Supabase URL defaults to the page's own origin because the
 * local stack serves the app itself, so one build works whichever port the stack listens on.
 */
export function parseEnv(source: Record<string, unknown>, origin: string): EnvResult {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    return { ok: false, problems: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) };
  }
  return {
    ok: true,
    env: {
      supabaseUrl: (parsed.data.VITE_SUPABASE_URL ?? origin).replace(/\/+$/, ''),
      supabaseAnonKey: parsed.data.VITE_SUPABASE_ANON_KEY ?? LOCAL_ANON_KEY,
    },
  };
}

let cached: EnvResult | undefined;

/** This page's configuration, read once from Vite's build-time variables. */
export function readAppEnv(): EnvResult {
  cached ??= parseEnv(import.meta.env, window.location.origin);
  return cached;
}

/** The checked configuration; main.tsx shows the configuration error screen instead of the app when it is invalid. */
export function requireEnv(): AppEnv {
  const result = readAppEnv();
  if (!result.ok) throw new Error(`Invalid app configuration: ${result.problems.join('; ')}`);
  return result.env;
}
