// POST /functions/v1/tracking-proof (handler.ts): the public tracking page's proof photos. Anyone
// may call it (the anon key's JWT passes verify_jwt); the tracking token is the secret.
import { createTrackingProofHandler } from './handler.ts';
import { platformDeps } from './platform.ts';

const url = Deno.env.get('SUPABASE_URL');
const serviceRoleKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
if (!url || !serviceRoleKey) throw new Error('SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY must be set');

Deno.serve(createTrackingProofHandler(platformDeps({ url, serviceRoleKey, publicUrl: Deno.env.get('PUBLIC_SUPABASE_URL') || url })));
