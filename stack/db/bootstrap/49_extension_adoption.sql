-- pg_cron, pg_net and supabase_vault are C extensions that neither PGlite nor an arbitrary Postgres
-- ships, so `create extension` cannot load them. The stack creates their SQL objects itself (the
-- files after this one: same schemas, signatures and grants as the extensions' own scripts) and
-- registers each one in pg_extension with the objects as its members, exactly as CREATE EXTENSION
-- would have left the catalog. A migration's `create extension if not exists pg_cron` then finds
-- the extension and succeeds with a notice, on PGlite and on Postgres alike, and pg_dump (supabase
-- db dump) writes `create extension` instead of the objects. The work the extensions' C code does
-- (the cron scheduler, the HTTP worker, the vault's key) is done by the stack (stack/platform/).
--
-- The helper sits beside the stack's other bookkeeping (supabase_migrations.stack_*), out of the
-- API's schemas; each bootstrap file runs on whichever pooled connection is free, so pg_temp would
-- not do.
create or replace function supabase_migrations.stack_adopt_extension(ext name, ext_schema name, ext_version text, member_schema name) returns void
language plpgsql as $$
declare
  ext_oid oid;
  member record;
begin
  if exists (select 1 from pg_extension where extname = ext) then
    raise exception 'extension % is already installed in this database: the stack cannot provide it beside it', ext;
  end if;
  -- An oid unused in pg_extension: CREATE EXTENSION's own allocation checks the same index.
  select (coalesce(max(oid::text::int8), 16383) + 1)::text::oid into ext_oid from pg_extension;
  insert into pg_extension (oid, extname, extowner, extnamespace, extrelocatable, extversion)
  values (ext_oid, ext, (select oid from pg_roles where rolname = current_user), ext_schema::regnamespace, false, ext_version);
  -- A schema that holds the extension itself (supabase_vault's `vault`) cannot also belong to it.
  if member_schema <> ext_schema then
    execute format('alter extension %I add schema %I', ext, member_schema);
  end if;
  for member in
    select format('%s %s', case c.relkind when 'v' then 'view' when 'S' then 'sequence' when 'c' then 'type' else 'table' end, c.oid::regclass) as what
      from pg_class c where c.relnamespace = member_schema::regnamespace and c.relkind in ('r', 'v', 'S', 'c')
    union all
    select format('routine %s', p.oid::regprocedure) from pg_proc p where p.pronamespace = member_schema::regnamespace
    union all
    select format('%s %s', case t.typtype when 'd' then 'domain' else 'type' end, t.oid::regtype)
      from pg_type t where t.typnamespace = member_schema::regnamespace and t.typtype in ('e', 'd')
  loop
    execute format('alter extension %I add %s', ext, member.what);
  end loop;
end
$$;
revoke all on function supabase_migrations.stack_adopt_extension(name, name, text, name) from public;
