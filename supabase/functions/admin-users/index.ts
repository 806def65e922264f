// POST /functions/v1/admin-users (handler.ts): tenant admins invite people and change their role or
// status. verify_jwt is on (supabase/config.toml); the handler checks the caller is an active admin.
import { createAdminUsersHandler } from './handler.ts';
import { platformDeps } from './platform.ts';

const url = Deno.env.get('SUPABASE_URL');
const anonKey = Deno.env.get('SUPABASE_ANON_KEY');
const serviceRoleKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
if (!url || !anonKey || !serviceRoleKey) throw new Error('SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY must be set');

Deno.serve(createAdminUsersHandler(platformDeps({ url, anonKey, serviceRoleKey })));
