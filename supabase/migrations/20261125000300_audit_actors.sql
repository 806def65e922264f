-- The activity screen's user filter: the people who changed something in a tenant, with the name
-- they had at their latest change. Security invoker, so audit_log's RLS answers only the tenant's
-- admins (anyone else gets no rows); the (tenant_id, actor_id, created_at) index serves it.
create or replace function public.list_audit_actors(p_tenant_id uuid)
returns table (actor_id uuid, actor_name text)
language sql
stable
security invoker
set search_path = ''
as $$
  select distinct on (a.actor_id) a.actor_id, a.actor_name
  from public.audit_log a
  where a.tenant_id = p_tenant_id and a.actor_id is not null
  order by a.actor_id, a.created_at desc;
$$;
revoke all on function public.list_audit_actors(uuid) from public, anon;
grant execute on function public.list_audit_actors(uuid) to authenticated, service_role;
