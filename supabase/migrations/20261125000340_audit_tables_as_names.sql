-- list_audit_tables answers plain names: a function with one output column returns that column's
-- type, so the REST API answers ["vehicles", ...], not objects; say so in its signature, which the
-- generated types then read right.
drop function public.list_audit_tables(uuid);
create function public.list_audit_tables(p_tenant_id uuid)
returns setof text
language sql
stable
security invoker
set search_path = ''
as $$
  select distinct a.table_name from public.audit_log a where a.tenant_id = p_tenant_id order by a.table_name;
$$;
revoke all on function public.list_audit_tables(uuid) from public, anon;
grant execute on function public.list_audit_tables(uuid) to authenticated, service_role;
