import { buildAppIfStale } from './app-build.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError, lockDataDir } from './db/data-lock.ts';
import { MigrationError } from './db/prepare.ts';
import { startStack, type RunningStack } from './server.ts';

/** The password of every demo user in supabase/seed.sql. */
const DEMO_PASSWORD = 'Waypost!2026';

async function demoUsers(stack: RunningStack): Promise<string[]> {
  const r = await stack.db.query<{ email: string }>("select email from auth.users where email like '%@%.test' order by id");
  return r.rows.map((row) => row.email);
}

async function printBanner(stack: RunningStack, app: string): Promise<void> {
  const { config } = stack;
  const users = await demoUsers(stack);
  const lines = [
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
    users.length > 0 ? `Demo sign-ins (password ${DEMO_PASSWORD}):` : 'No demo users (the database was not seeded).',
    ...users.map((email) => `  ${email}`),
    '',
    'Press Ctrl+C to stop.',
    '',
  ];
  console.log(lines.join('\n'));
}

async function main(): Promise<void> {
  const config = await loadConfig(process.env);
  const lock = lockDataDir(config.dataDir);
  let stack: RunningStack | null = null;
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    try {
      await stack?.close();
    } finally {
      lock.release();
      process.exit(code);
    }
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  try {
    const build = buildAppIfStale(config.projectDir);
    if (build === 'no-app') console.log('[stack] no app to build yet (src/ or index.html missing): serving the APIs only');
    stack = await startStack({ env: process.env });
    lock.update({ url: stack.url, dbUrl: stack.dbUrl });
    await printBanner(stack, build === 'no-app' ? '(no app yet)' : `${stack.url}/`);
  } catch (e) {
    lock.release();
    throw e;
  }
}

main().catch((e: unknown) => {
  const known = e instanceof ConfigError || e instanceof MigrationError || e instanceof DataDirLockedError;
  if (known || process.env.STACK_LOG !== 'debug') console.error(`error: ${(e as Error).message}`);
  else console.error(e);
  process.exit(1);
});
