// /functions/v1/webhooks (handler.ts): tenant admins configure and test people's webhook subscriptions.
// verify_jwt is on (supabase/config.toml); the handler checks the caller is an active admin.
// WEBHOOK_ALLOWED_ADDRESSES (a function secret: addresses or CIDR ranges, comma-separated) opens
// exceptions to the outgoing-address guard.
import { guardOptionsFromEnv } from '../_shared/net_guard.ts';
import { createWebhooksHandler } from './handler.ts';
import { platformDeps } from './platform.ts';

const url = Deno.env.get('SUPABASE_URL');
const anonKey = Deno.env.get('SUPABASE_ANON_KEY');
const serviceRoleKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
if (!url || !anonKey || !serviceRoleKey) throw new Error('SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY must be set');

const guard = guardOptionsFromEnv(url, Deno.env.get('WEBHOOK_ALLOWED_ADDRESSES'));
Deno.serve(createWebhooksHandler(platformDeps({ url, anonKey, serviceRoleKey, guard })));
