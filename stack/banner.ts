import type { RunningStack } from './server.ts';

/** The password of every demo user in supabase/seed.sql. */
export const DEMO_PASSWORD = 'Waypost!2026';

/** Demo users are the seed's `.test` sign-ins; the seed files are those recorded as the CLI records them. */
async function seedFacts(stack: RunningStack): Promise<{ users: string[]; seedFiles: string[] }> {
  const users = await stack.db.query<{ email: string }>("select email from auth.users where email like '%@%.test' order by id");
  const seeds = await stack.db.query<{ path: string }>('select path from supabase_migrations.seed_files order by path');
  return { users: users.rows.map((r) => r.email), seedFiles: seeds.rows.map((r) => r.path) };
}

/** What `npm start` prints once the stack serves: where things are, and who can sign in. */
export async function startBanner(stack: RunningStack, app: string): Promise<string> {
  const { config } = stack;
  const { users, seedFiles } = await seedFacts(stack);
  let signIns: string;
  if (users.length > 0) signIns = `Demo sign-ins (password ${DEMO_PASSWORD}):`;
  else if (seedFiles.length > 0) signIns = `No demo users: the seed (${seedFiles.join(', ')}) creates no sign-ins.`;
  else signIns = 'No demo users (the database was not seeded).';
  return [
    '',
    'Waypost is running.',
    '',
    `  App          ${app}`,
    `  API URL      ${stack.url}`,
    `  DB URL       ${stack.dbUrl}`,
    `  Mailbox      ${stack.url}/mail`,
    `  anon key     ${config.anonKey}`,
    `  service_role ${config.serviceRoleKey}`,
    '',
    signIns,
    ...users.map((email) => `  ${email}`),
    '',
    'Press Ctrl+C to stop.',
    '',
  ].join('\n');
}
