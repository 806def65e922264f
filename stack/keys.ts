import { SignJWT } from 'jose';

/** The Supabase CLI's classic local JWT secret: the app's configuration stays the same against `npx supabase start`. */
export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

/** The Supabase CLI's classic local keys, valid for the default secret. */
export const DEFAULT_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const DEFAULT_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

/** Keys with the CLI's payload ({iss: supabase-demo, role, exp 2032}), signed with whatever secret the stack runs with. */
export async function signServiceKeys(secret: string): Promise<{ anonKey: string; serviceRoleKey: string }> {
  if (secret === DEFAULT_JWT_SECRET) return { anonKey: DEFAULT_ANON_KEY, serviceRoleKey: DEFAULT_SERVICE_ROLE_KEY };
  const key = new TextEncoder().encode(secret);
  const sign = (role: string) =>
    new SignJWT({ iss: 'supabase-demo', role }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setExpirationTime(1983812996).sign(key);
  return { anonKey: await sign('anon'), serviceRoleKey: await sign('service_role') };
}
