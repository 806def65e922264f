-- The return request trigger's own refusals carry keys too (supabase/README.md, "Refusals and their
-- keys"): a customer's delivery they cannot read (`returns.delivery_not_found`, as the problems
-- function says it) and an edit once the request is decided (`returns.not_editable`, with the raw
-- status, so the app words the status in the user's language). The problems it collects are raised
-- through `private.raise_problems`, whose hint names the keys. Written out whole from its current
-- definition (20261203002100_staff_panel_rules.sql); only how these refusals are raised changes: the
-- same SQLSTATE 23514, MESSAGE 'Validation failed', fields and English words.

CREATE OR REPLACE FUNCTION private.validate_return_request()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  api boolean := current_user in ('anon', 'authenticated');
  panel text := private.current_panel_type();
  problems jsonb;
  d public.deliveries;
begin
  if api and not (private.is_tenant_member(new.tenant_id) and (private.is_staff_panel(panel) or panel = 'customer')) then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if new.customer_id is null and new.delivery_id is not null then
      select x.customer_id into new.customer_id from public.deliveries x where x.id = new.delivery_id and x.tenant_id = new.tenant_id;
      if new.customer_id is null and api and panel = 'customer' then
        new.customer_id := auth.uid();
      end if;
    end if;
    -- Asked as the caller: a customer requests returns of the deliveries they can read, their own.
    if api and panel = 'customer' and new.delivery_id is not null
      and not exists (select 1 from public.deliveries x where x.id = new.delivery_id) then
      perform private.raise_problem('returns.delivery_not_found', 'delivery_id', 'Delivery not found');
    end if;
    if api then
      new.status := 'requested';
      new.refunded := null;
      new.pickup_delivery_id := null;
      new.warehouse_id := null;
      new.received_at := null;
      new.received_by := null;
      new.closed_at := null;
      new.requested_by := auth.uid();
      new.created_at := now();
    end if;
    if new.return_code is null or api then
      new.return_code := private.next_tenant_code(new.tenant_id, 'return_requests', 'R');
    end if;
    problems := private.return_request_problems(new, null);
  else
    if new.tenant_id is distinct from old.tenant_id then
      raise exception using errcode = '23514', message = 'A return request cannot move to another business';
    end if;
    if api and old.status <> 'requested' then
      perform private.raise_problem('returns.not_editable', 'status',
        format('A return request can be edited only while requested; this one is %s', replace(old.status, '_', ' ')),
        jsonb_build_object('status', old.status));
    end if;
    new.return_code := old.return_code;
    problems := private.return_request_problems(new, old);
  end if;
  if jsonb_array_length(problems) > 0 then
    perform private.raise_problems(problems);
  end if;
  select x.* into d from public.deliveries x where x.id = new.delivery_id;
  new.currency := coalesce(d.currency, new.currency);
  -- Descriptions of the items default to their package's.
  new.items := (
    select coalesce(jsonb_agg(jsonb_build_object(
      'package_index', (e ->> 'package_index')::integer,
      'description', coalesce(nullif(btrim(e ->> 'description'), ''), d.packages -> ((e ->> 'package_index')::integer) ->> 'description',
        format('Package %s', (e ->> 'package_index')::integer + 1)),
      'quantity', (e ->> 'quantity')::integer) order by n), '[]'::jsonb)
    from jsonb_array_elements(new.items) with ordinality as t(e, n)
  );
  new.reason_text := nullif(btrim(new.reason_text), '');
  return new;
end;
$function$;
