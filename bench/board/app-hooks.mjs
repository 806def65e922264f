// Module hooks of the board suite's Node process (registered by register-app-hooks.mjs): the app's
// `src/lib/supabase.ts` resolves to app-supabase.ts, so the board's api.ts, atoms.ts and
// src/lib/realtime.ts run unmodified with a client Node can make.
import { URL } from 'node:url';

const APP_CLIENT = new URL('../../src/lib/supabase.ts', import.meta.url).href;
const BENCH_CLIENT = new URL('./app-supabase.ts', import.meta.url).href;

export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  return resolved.url === APP_CLIENT ? { ...resolved, url: BENCH_CLIENT, shortCircuit: true } : resolved;
}
