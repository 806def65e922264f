import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPgError } from '../../stack/db/database.ts';
import { isLocalStack } from './realtime-helpers.ts';
import { PlatformStack } from './platform-helpers.ts';

// supabase_vault as Supabase's image provides it: secrets encrypted at rest under a key kept out of
// the database, readable decrypted only by postgres and service_role, and the local stack's own
// project_url and service_role_key seeded for the "Scheduling Edge Functions" guide's jobs.
describe.skipIf(!isLocalStack)('vault', () => {
  let platform: PlatformStack;

  beforeAll(async () => {
    platform = await PlatformStack.start();
  }, 180_000);

  afterAll(async () => {
    await platform?.stop();
  });

  const secretOf = async (name: string) =>
    (await platform.db.query<{ decrypted_secret: string }>('select decrypted_secret from vault.decrypted_secrets where name = $1', [name])).rows[0]
      ?.decrypted_secret;

  it('is an installed extension: create extension if not exists succeeds', async () => {
    await platform.db.exec('create extension if not exists supabase_vault with schema vault');
    const ext = await platform.db.query<{ extversion: string }>("select extversion from pg_extension where extname = 'supabase_vault'");
    expect(ext.rows).toHaveLength(1);
  });

  it('holds the stack URL and service_role key under the names the guide reads', async () => {
    expect(await secretOf('project_url')).toBe(platform.running.url);
    expect(await secretOf('service_role_key')).toBe(platform.running.config.serviceRoleKey);
  });

  it('creates and updates secrets, stored encrypted', async () => {
    const plain = `label-printer-token-${Date.now()}`;
    const { rows } = await platform.db.query<{ id: string }>("select vault.create_secret($1, 'printer_token', 'the label printer') as id", [plain]);
    const id = rows[0].id;
    expect(await secretOf('printer_token')).toBe(plain);
    const stored = await platform.db.query<{ secret: string; description: string }>('select secret, description from vault.secrets where id = $1', [id]);
    expect(stored.rows[0].description).toBe('the label printer');
    expect(stored.rows[0].secret).not.toContain(plain);
    expect(Buffer.from(stored.rows[0].secret, 'base64').toString('latin1')).not.toContain(plain);

    await platform.db.query("select vault.update_secret($1, 'rotated-token', 'printer_token_v2')", [id]);
    expect(await secretOf('printer_token_v2')).toBe('rotated-token');
    expect(await secretOf('printer_token')).toBeUndefined();
  });

  it('keeps its key outside the database, in an owner-only file of the data dir', async () => {
    const file = path.join(platform.dataDir, 'vault.key');
    const key = readFileSync(file, 'utf8').trim();
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(file).mode & 0o077).toBe(0);
    // A session under another key cannot read the secrets: they read as null (another data dir's
    // stack on the same Postgres), never as the clear text.
    const underAnotherKey = await platform.db.transaction(async (tx) => {
      await tx.query("select set_config('stack.vault_key', repeat('0', 64), true)");
      return tx.query<{ decrypted_secret: string | null }>("select decrypted_secret from vault.decrypted_secrets where name = 'project_url'");
    });
    expect(underAnotherKey.rows).toEqual([{ decrypted_secret: null }]);
  });

  for (const role of ['anon', 'authenticated'] as const) {
    it(`refuses ${role} the secrets, decrypted or not, and the functions`, async () => {
      for (const sql of [
        'select decrypted_secret from vault.decrypted_secrets',
        'select secret from vault.secrets',
        "select vault.create_secret('x', 'x')",
      ]) {
        const refused = await platform.db.asRole({ role, claims: { role } }, (tx) => tx.query(sql)).then(
          () => null,
          (e: unknown) => e,
        );
        expect(isPgError(refused) && refused.code, sql).toBe('42501');
      }
    });
  }

  it('lets service_role read and write secrets', async () => {
    const value = await platform.db.asRole({ role: 'service_role', claims: { role: 'service_role' } }, async (tx) => {
      await tx.query("select vault.create_secret('webhook-signing-key', 'webhook_signing_key')");
      return (await tx.query<{ v: string }>("select decrypted_secret as v from vault.decrypted_secrets where name = 'webhook_signing_key'")).rows[0].v;
    });
    expect(value).toBe('webhook-signing-key');
  });

  it('keeps its secrets across a restart, and seeds the URL again', async () => {
    await platform.restart();
    expect(await secretOf('printer_token_v2')).toBe('rotated-token');
    expect(await secretOf('project_url')).toBe(platform.running.url);
  }, 180_000);
});
