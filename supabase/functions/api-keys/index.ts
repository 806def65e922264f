// /functions/v1/api-keys (handler.ts): tenant admins issue, list, edit and revoke API keys.
// verify_jwt is on (supabase/config.toml); the handler checks the caller is an active admin.
import { createApiKeysHandler } from './handler.ts';
import { platformDeps } from './platform.ts';

const url = Deno.env.get('SUPABASE_URL');
const anonKey = Deno.env.get('SUPABASE_ANON_KEY');
if (!url || !anonKey) throw new Error('SUPABASE_URL and SUPABASE_ANON_KEY must be set');

Deno.serve(createApiKeysHandler(platformDeps({ url, anonKey })));
