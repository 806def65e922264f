-- The driver app's task cards each asked delivery_instructions(delivery_id) when they showed: one
-- call per card, again on every re-render of the list. driver_door_notes() answers them all with
-- the driver's work read instead: {<delivery_id>: <delivery_instructions' object>} for the
-- deliveries the calling driver carries now (assigned .. in transit), those with something to say
-- only. The same rules as delivery_instructions (it is called for each): anyone who is not a driver
-- gets {}.
create or replace function public.driver_door_notes() returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  result jsonb := '{}'::jsonb;
  delivery uuid;
  notes jsonb;
begin
  if private.current_panel_type() is distinct from 'driver' then
    return result;
  end if;
  for delivery in
    select x.id from public.deliveries x
    where x.driver_id = auth.uid() and x.tenant_id = private.current_tenant_id()
      and x.status in ('assigned', 'accepted', 'picked_up', 'in_transit')
  loop
    notes := public.delivery_instructions(delivery);
    if notes is not null then
      result := result || jsonb_build_object(delivery::text, notes);
    end if;
  end loop;
  return result;
end;
$$;
revoke all on function public.driver_door_notes() from public, anon;
grant execute on function public.driver_door_notes() to authenticated, service_role;
