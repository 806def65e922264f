-- supabase_vault 0.3 as Supabase's image installs it: vault.secrets holds each secret encrypted,
-- vault.decrypted_secrets shows it decrypted, vault.create_secret / vault.update_secret write it.
-- Supabase encrypts with libsodium under a root key the server reads from outside the database;
-- here pgcrypto's OpenPGP symmetric encryption (AES-256, with its integrity check) does it under
-- the stack's root key, a random key kept in <data dir>/vault.key and set by the stack on each of
-- its own sessions (stack/platform/vault.ts), so neither a dump nor the database files hold it.
-- Only postgres and service_role may read or write secrets, as on Supabase.
create schema if not exists vault;

create table vault.secrets (
  id uuid primary key default gen_random_uuid(),
  name text,
  description text not null default '',
  secret text not null,
  key_id uuid,
  nonce bytea default extensions.gen_random_bytes(16),
  created_at timestamptz not null default current_timestamp,
  updated_at timestamptz not null default current_timestamp
);
comment on table vault.secrets is 'Table with encrypted `secret` column for storing sensitive information on disk.';
create unique index on vault.secrets using btree (name) where name is not null;

create function vault._stack_root_key() returns text
language plpgsql stable set search_path = '' as $$
declare
  key text := nullif(current_setting('stack.vault_key', true), '');
begin
  if key is null then
    raise exception 'vault: the root key is not loaded in this session'
      using hint = 'The local stack loads it into its own database sessions; use the stack''s connections (or its database socket on PGlite).';
  end if;
  return key;
end
$$;

create function vault._stack_encrypt(message text) returns text
language sql volatile set search_path = '' as $$
  select encode(extensions.pgp_sym_encrypt(message, vault._stack_root_key(), 'cipher-algo=aes256, s2k-mode=1'), 'base64')
$$;

-- A secret written under another root key (another data dir's stack on the same Postgres) cannot be
-- decrypted here: it reads as null rather than failing every read of the view.
create function vault._stack_decrypt(secret text) returns text
language plpgsql stable set search_path = '' as $$
declare
  key text := vault._stack_root_key();
begin
  return extensions.pgp_sym_decrypt(decode(secret, 'base64'), key);
exception when external_routine_invocation_exception or data_exception then
  return null;
end
$$;

create view vault.decrypted_secrets as
select s.id,
  s.name,
  s.description,
  s.secret,
  vault._stack_decrypt(s.secret) as decrypted_secret,
  s.key_id,
  s.nonce,
  s.created_at,
  s.updated_at
from vault.secrets s;

create function vault.create_secret(new_secret text, new_name text = null, new_description text = '', new_key_id uuid = null)
returns uuid
language plpgsql set search_path = '' as $$
declare
  new_id uuid := gen_random_uuid();
begin
  -- The ciphertext goes in with the row: no version of the row ever holds the secret in clear.
  insert into vault.secrets (id, secret, name, description)
  values (new_id, vault._stack_encrypt(new_secret), new_name, coalesce(new_description, ''));
  return new_id;
end
$$;

create function vault.update_secret(secret_id uuid, new_secret text = null, new_name text = null, new_description text = null, new_key_id uuid = null)
returns void
language plpgsql set search_path = '' as $$
begin
  update vault.secrets s
  set secret = case when new_secret is null then s.secret else vault._stack_encrypt(new_secret) end,
      name = coalesce(new_name, s.name),
      description = coalesce(new_description, s.description),
      updated_at = now()
  where s.id = secret_id;
end
$$;

revoke all on schema vault from public;
revoke all on all tables in schema vault from public;
revoke all on all functions in schema vault from public;
grant usage on schema vault to postgres, service_role;
grant select, insert, update, delete on vault.secrets to postgres, service_role;
grant select on vault.decrypted_secrets to postgres, service_role;
grant execute on all functions in schema vault to postgres, service_role;

select supabase_migrations.stack_adopt_extension('supabase_vault', 'vault', '0.3.1', 'vault');
-- The extension's own script marks vault.secrets as configuration: pg_dump dumps its rows.
update pg_extension set extconfig = array['vault.secrets'::regclass::oid], extcondition = array['']
where extname = 'supabase_vault';
