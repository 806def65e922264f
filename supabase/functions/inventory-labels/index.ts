// POST /functions/v1/inventory-labels (handler.ts): renders items' labels. verify_jwt is on
// (supabase/config.toml): admins call it after saving an item, the scheduled job with the service
// role key; the handler tells them apart and checks each.
import { createLabelsHandler } from './handler.ts';
import { platformDeps } from './platform.ts';

const url = Deno.env.get('SUPABASE_URL');
const anonKey = Deno.env.get('SUPABASE_ANON_KEY');
const serviceRoleKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
if (!url || !anonKey || !serviceRoleKey) throw new Error('SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY must be set');
// The QR code links to the item in the app: APP_URL where the app is served apart from the API.
const appUrl = Deno.env.get('APP_URL') || Deno.env.get('PUBLIC_SUPABASE_URL') || url;

Deno.serve(createLabelsHandler(platformDeps({ url, anonKey, serviceRoleKey, appUrl })));
