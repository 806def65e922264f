-- The activity screen's table filter: the tables a tenant's trail has entries for, so every table a
-- later issue attaches the audit trigger to is offered without a list kept in the app. Security
-- invoker: audit_log's RLS answers only the tenant's admins. The (tenant_id, table_name, row_id,
-- created_at) index serves it.
create or replace function public.list_audit_tables(p_tenant_id uuid)
returns table (table_name text)
language sql
stable
security invoker
set search_path = ''
as $$
  select distinct a.table_name from public.audit_log a where a.tenant_id = p_tenant_id order by a.table_name;
$$;
revoke all on function public.list_audit_tables(uuid) from public, anon;
grant execute on function public.list_audit_tables(uuid) to authenticated, service_role;
