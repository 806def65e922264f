// POST /functions/v1/upload-file (handler.ts). verify_jwt is on (supabase/config.toml): the
// platform refuses requests without a valid JWT, and the handler refuses any that is no session.
import { createUploadHandler } from './handler.ts';
import { platformDeps } from './storage.ts';

const url = Deno.env.get('SUPABASE_URL');
const anonKey = Deno.env.get('SUPABASE_ANON_KEY');
if (!url || !anonKey) throw new Error('SUPABASE_URL and SUPABASE_ANON_KEY must be set');

Deno.serve(createUploadHandler(platformDeps({ url, anonKey, publicUrl: Deno.env.get('PUBLIC_SUPABASE_URL') || url })));
