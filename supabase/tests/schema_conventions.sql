-- The schema's conventions (supabase/README.md, Migrations), checked on the migrated database
-- rather than remembered. Schema-wide, so they keep checking every table later migrations add:
--   - every table in public has row-level security enabled: it is the one guard of every API call;
--   - every tenant-owned table (one with tenant_id) has an index leading with tenant_id, which
--     its policies and lists filter on;
--   - every tenant-owned table attaches the audit trigger (private.audit_row_change), unless a
--     comment on the table says 'no audit: <why>'.
begin;
select plan(4);

create temp view tables_without_rls as
  select c.relname::text collate "default" as table_name
  from pg_catalog.pg_class c
  where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relrowsecurity;

create temp view tenant_tables as
  select c.oid, c.relname::text collate "default" as table_name, a.attnum as tenant_attnum
  from pg_catalog.pg_class c
  join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
  where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p');

create temp view tenant_tables_without_tenant_index as
  select t.table_name
  from pg_temp.tenant_tables t
  where not exists (select 1 from pg_catalog.pg_index i where i.indrelid = t.oid and i.indisvalid and i.indkey[0] = t.tenant_attnum);

-- An opt-out gives its reason: 'no audit: ' and a few words at least.
create temp view tenant_tables_without_audit as
  select t.table_name
  from pg_temp.tenant_tables t
  where not exists (
      select 1 from pg_catalog.pg_trigger g
      where g.tgrelid = t.oid and g.tgfoid = 'private.audit_row_change()'::regprocedure and g.tgenabled <> 'D'
    )
    and coalesce(pg_catalog.obj_description(t.oid, 'pg_class'), '') !~ '^no audit: \S.{9,}';

select is_empty($$ select table_name from pg_temp.tables_without_rls order by 1 $$,
  'every table in public has row-level security enabled');
select is_empty($$ select table_name from pg_temp.tenant_tables_without_tenant_index order by 1 $$,
  'every table with tenant_id has an index leading with tenant_id');
select is_empty($$ select table_name from pg_temp.tenant_tables_without_audit order by 1 $$,
  'every tenant-owned table has the audit trigger or a comment saying why not');

-- The checks find what they look for: tables made to break each rule are listed, and an opt-out
-- without a reason is not one.
create table public.conventions_probe (id uuid primary key, tenant_id uuid not null);
create table public.conventions_probe_opted_out (id uuid primary key, tenant_id uuid not null);
alter table public.conventions_probe_opted_out enable row level security;
create index conventions_probe_opted_out_tenant_id_idx on public.conventions_probe_opted_out (tenant_id);
comment on table public.conventions_probe_opted_out is 'no audit: ';
select results_eq(
  $$
    select 'rls ' || table_name from pg_temp.tables_without_rls
    union all select 'index ' || table_name from pg_temp.tenant_tables_without_tenant_index
    union all select 'audit ' || table_name from pg_temp.tenant_tables_without_audit
    order by 1
  $$,
  $$ values ('audit conventions_probe'), ('audit conventions_probe_opted_out'), ('index conventions_probe'), ('rls conventions_probe') $$,
  'a table without row-level security, tenant index or audit trigger is found, and so is an opt-out without a reason'
);

select * from finish();
rollback;
