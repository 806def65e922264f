-- The deliveries list's search, as ids. Under row-level security Postgres evaluates the policies
-- before any condition whose operator is not leakproof, and ILIKE is not: a search through the API
-- can use no index and reads every delivery of the tenant (the deliveries bench saw a sequential
-- scan of a million rows). This function runs as the owner, scoped explicitly to the caller's
-- tenant and to admins and dispatchers (who read all of it anyway), so the trigram indexes of
-- 20261125000790 serve the code, the external reference and the customer's name; the list then
-- asks for `id in (...)`, an equality the policies let the primary key serve.
-- The newest 200 matches: a search narrows, it does not page through history.
create or replace function public.search_delivery_ids(term text) returns setof uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  tenant uuid := private.current_tenant_id();
  q text := btrim(coalesce(term, ''));
  pattern text;
begin
  if tenant is null or private.current_panel_type() not in ('admin', 'dispatcher') or q = '' or length(q) > 100 then
    return;
  end if;
  pattern := '%' || replace(replace(replace(q, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  return query
    select d.id from public.deliveries d
    where d.tenant_id = tenant
      and (
        d.delivery_code ilike pattern
        or d.external_reference_id ilike pattern
        or d.customer_id in (
          select p.id from public.profiles p where p.tenant_id = tenant and p.panel_type = 'customer' and p.full_name ilike pattern
        )
      )
    order by d.created_at desc
    limit 200;
end;
$$;
revoke all on function public.search_delivery_ids(text) from public, anon;
grant execute on function public.search_delivery_ids(text) to authenticated, service_role;
