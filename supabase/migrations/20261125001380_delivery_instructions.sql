-- What the person at the door needs to know, for the driver carrying a delivery: the customer's
-- delivery preference for the drop-off address (instructions, who else may receive it, signature,
-- door, neighbour, appointment) and the address's own instructions. Drivers may not read
-- customer_preferences (they are the customer's), so this definer function answers only the
-- driver carrying the delivery, the tenant's admins and dispatchers, and the delivery's customer;
-- anyone else gets 'Delivery not found' (PT404). Null when there is nothing to say.
create or replace function public.delivery_instructions(delivery_id uuid) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  d public.deliveries;
  p public.customer_preferences;
  panel text := private.current_panel_type();
  address_note text;
begin
  select x.* into d from public.deliveries x where x.id = delivery_instructions.delivery_id;
  if d.id is null or not private.is_tenant_member(d.tenant_id)
    or not (
      panel in ('admin', 'dispatcher')
      or (panel = 'driver' and d.driver_id = auth.uid())
      or (panel = 'customer' and d.customer_id = auth.uid())
    ) then
    raise exception using errcode = 'PT404', message = 'Delivery not found';
  end if;
  if d.dropoff_address_id is not null then
    select x.* into p from public.customer_preferences x
    where x.customer_id = d.customer_id and x.location_id = d.dropoff_address_id and x.is_active
    limit 1;
  end if;
  address_note := nullif(btrim(d.dropoff_address ->> 'delivery_instructions'), '');
  if p.id is null and address_note is null then
    return null;
  end if;
  return jsonb_strip_nulls(jsonb_build_object(
    'instructions', coalesce(nullif(btrim(p.delivery_instructions), ''), address_note),
    'address_instructions', case when p.id is not null and address_note is distinct from nullif(btrim(p.delivery_instructions), '') then address_note end,
    'signature_required', coalesce((p.delivery_options ->> 'signature_required')::boolean, false),
    'leave_at_door', (p.delivery_options ->> 'leave_at_door')::boolean,
    'leave_with_neighbor', (p.delivery_options ->> 'leave_with_neighbor')::boolean,
    'requires_appointment', coalesce((p.delivery_options ->> 'requires_appointment')::boolean, false),
    'authorized_receivers', coalesce(p.delivery_options -> 'authorized_receivers', '[]'::jsonb)
  ));
end;
$$;
revoke all on function public.delivery_instructions(uuid) from public, anon;
grant execute on function public.delivery_instructions(uuid) to authenticated, service_role;
