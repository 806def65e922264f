import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Queryable } from '../db/database.ts';

/**
 * The Vault's root key (stack/db/bootstrap/50_vault.sql): Supabase keeps it outside the database and
 * its dumps, and so does the stack, in <data dir>/vault.key (created on first start, owner-only).
 * Secrets written under one key are unreadable under another: a data dir's key goes with its database.
 */
export function loadVaultKey(dataDir: string): string {
  const file = path.join(dataDir, 'vault.key');
  if (existsSync(file)) {
    const key = readFileSync(file, 'utf8').trim();
    if (!/^[0-9a-f]{64}$/.test(key)) throw new Error(`${file} is not a vault key (64 hexadecimal digits): remove it to start with a new one`);
    return key;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('hex');
  writeFileSync(file, key + '\n', { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return key;
}

/**
 * The root key as a setting of each of the stack's database sessions, which the vault's functions
 * read. A setting is readable by any role of the session, but the API roles may not read
 * vault.secrets, so the key alone decrypts nothing for them.
 */
export function vaultSessionSettings(key: string): Record<string, string> {
  return { 'stack.vault_key': key };
}

/**
 * The secrets Supabase's guide to scheduling edge functions reads (project_url, service_role_key),
 * with this stack's own values, so a migration or seed written for a hosted project runs unchanged.
 * The URL follows the port the stack listens on, so both are written again on each start.
 */
export async function seedVaultSecrets(db: Queryable, projectUrl: string, serviceRoleKey: string): Promise<void> {
  for (const [name, value, description] of [
    ['project_url', projectUrl, 'The local stack URL (functions at /functions/v1)'],
    ['service_role_key', serviceRoleKey, 'The local stack service_role key'],
  ]) {
    const found = await db.query<{ id: string; current: boolean }>(
      'select id::text as id, decrypted_secret is not distinct from $2 as current from vault.decrypted_secrets where name = $1',
      [name, value],
    );
    const row = found.rows[0];
    if (!row) await db.query('select vault.create_secret($2, $1, $3)', [name, value, description]);
    else if (!row.current) await db.query('select vault.update_secret($1::uuid, $2)', [row.id, value]);
  }
}
