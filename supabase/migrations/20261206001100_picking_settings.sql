-- Each tenant's defaults for building batches and waves: `settings.picking`
--   max_orders  at most this many orders in one batch or wave, a whole number from 2 to 50 (default 10)
--   max_lines   at most this many lines in one batch or wave, a whole number from 1 to 200 (default 40)
-- (the bounds public.build_pick_batch accepts for its caps). The build dialog opens with them; the
-- person building may still choose other caps within the bounds for one build.
--
-- Admins save them with public.save_picking_settings (42501 for anyone else); members read them
-- with the rest of the settings (public.get_tenant_settings) or merged with the defaults through
-- public.get_picking_settings. Every write of tenants.settings is checked, whoever makes it: the
-- trigger answers 23514 with {field, message} details (the form places them), and the check
-- constraint holds the same rule where a trigger does not run.

create or replace function private.default_picking_settings() returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object('max_orders', 10, 'max_lines', 40);
$$;
revoke all on function private.default_picking_settings() from public;
grant execute on function private.default_picking_settings() to authenticated, service_role;

-- What is wrong with a `settings.picking` value (an empty array when nothing is; null is no value).
create or replace function private.picking_settings_problems(picking jsonb) returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
begin
  if picking is null then
    return problems;
  end if;
  if jsonb_typeof(picking) <> 'object' or picking - array['max_orders', 'max_lines'] <> '{}'::jsonb then
    return jsonb_build_array(jsonb_build_object('field', 'picking', 'message', 'Picking settings hold max_orders and max_lines'));
  end if;
  if picking ? 'max_orders' and not coalesce(jsonb_typeof(picking -> 'max_orders') = 'number'
      and (picking ->> 'max_orders')::numeric between 2 and 50 and (picking ->> 'max_orders')::numeric % 1 = 0, false) then
    problems := problems || jsonb_build_object('field', 'picking.max_orders', 'message', 'Max orders must be a whole number from 2 to 50');
  end if;
  if picking ? 'max_lines' and not coalesce(jsonb_typeof(picking -> 'max_lines') = 'number'
      and (picking ->> 'max_lines')::numeric between 1 and 200 and (picking ->> 'max_lines')::numeric % 1 = 0, false) then
    problems := problems || jsonb_build_object('field', 'picking.max_lines', 'message', 'Max lines must be a whole number from 1 to 200');
  end if;
  return problems;
end;
$$;
revoke all on function private.picking_settings_problems(jsonb) from public;
grant execute on function private.picking_settings_problems(jsonb) to authenticated, service_role;

create or replace function private.validate_tenant_picking_settings() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  problems jsonb;
begin
  if tg_op = 'UPDATE' and new.settings -> 'picking' is not distinct from old.settings -> 'picking' then
    return new;
  end if;
  problems := private.picking_settings_problems(new.settings -> 'picking');
  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;
  return new;
end;
$$;
revoke all on function private.validate_tenant_picking_settings() from public;

create trigger validate_tenant_picking_settings before insert or update of settings on public.tenants
  for each row execute function private.validate_tenant_picking_settings();

alter table public.tenants add constraint tenants_picking_settings_check
  check (jsonb_array_length(private.picking_settings_problems(settings -> 'picking')) = 0);

-- A tenant's picking settings, the defaults filled in.
create or replace function private.picking_settings(tenant uuid) returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select private.default_picking_settings() || coalesce(t.settings -> 'picking', '{}'::jsonb)
  from public.tenants t where t.id = tenant;
$$;
revoke all on function private.picking_settings(uuid) from public, anon, authenticated;

create or replace function public.get_picking_settings() returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select private.picking_settings(private.current_tenant_id()) where private.current_tenant_id() is not null;
$$;
revoke all on function public.get_picking_settings() from public, anon;
grant execute on function public.get_picking_settings() to authenticated, service_role;

-- Replaces the tenant's picking settings with `p_picking` (a key left out falls back to its default).
create or replace function public.save_picking_settings(p_tenant_id uuid, p_picking jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not private.is_tenant_admin(p_tenant_id) then
    raise exception 'Only the tenant''s admins may change its settings' using errcode = '42501';
  end if;
  update public.tenants t
  set settings = coalesce(t.settings, '{}'::jsonb) || jsonb_build_object('picking', coalesce(p_picking, '{}'::jsonb))
  where t.id = p_tenant_id;
  return private.picking_settings(p_tenant_id);
end;
$$;
revoke all on function public.save_picking_settings(uuid, jsonb) from public, anon;
grant execute on function public.save_picking_settings(uuid, jsonb) to authenticated, service_role;
