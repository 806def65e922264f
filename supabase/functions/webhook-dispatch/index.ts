// /functions/v1/webhook-dispatch (handler.ts): sends the outbox's due webhook deliveries. Called by
// the `webhook-dispatch` pg_cron job through pg_net with the service key read from Vault; the
// handler refuses any other caller. WEBHOOK_ALLOWED_ADDRESSES (a function secret: addresses or CIDR
// ranges, comma-separated) opens exceptions to the outgoing-address guard, as for the webhooks function.
import { guardOptionsFromEnv } from '../_shared/net_guard.ts';
import { createDispatchHandler } from './handler.ts';
import { platformDeps } from './platform.ts';

const url = Deno.env.get('SUPABASE_URL');
const serviceRoleKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
if (!url || !serviceRoleKey) throw new Error('SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY must be set');

const guard = guardOptionsFromEnv(url, Deno.env.get('WEBHOOK_ALLOWED_ADDRESSES'));
Deno.serve(createDispatchHandler(platformDeps({ url, serviceRoleKey, guard })));
