-- A dispatcher's own preferences, one row per person, read by the live board
-- (src/lib/dispatcher-settings.ts): the board's default filters when its URL names none
-- ({kind, service_id, zone_id, window}, each absent for "any"; window as the board's: overdue,
-- next_hour, today), a sound when a new unassigned
-- delivery arrives, how many minutes past its window a delivery counts as late on the board, and the
-- auto-assign mode (off, suggest: proposals only, auto: the solver's plan behind a preview).
--
-- No row means the defaults (the app shows them). Only the dispatcher themself reads or writes their
-- row (RLS); admins do not see other people's preferences. Field rules answer 23514 'Validation
-- failed' with [{field, message}] details (default_board_filters.<key>, late_threshold_minutes,
-- auto_assign_mode); a service or zone must be one of the tenant's.

create table public.dispatcher_settings (
  user_id uuid primary key default auth.uid(),
  -- The audit trail names rows by an id.
  id uuid not null default gen_random_uuid() unique,
  tenant_id uuid not null default private.current_tenant_id() references public.tenants (id),
  default_board_filters jsonb not null default '{}'::jsonb,
  sound_on_new_unassigned boolean not null default true,
  late_threshold_minutes integer not null default 15,
  auto_assign_mode text not null default 'suggest',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint dispatcher_settings_user_fkey foreign key (user_id, tenant_id) references public.profiles (id, tenant_id) on delete cascade,
  constraint dispatcher_settings_filters_check check (
    jsonb_typeof(default_board_filters) = 'object'
    and default_board_filters - array['kind', 'service_id', 'zone_id', 'window'] = '{}'::jsonb
  ),
  constraint dispatcher_settings_late_threshold_minutes_check check (late_threshold_minutes between 0 and 240),
  constraint dispatcher_settings_auto_assign_mode_check check (auto_assign_mode in ('off', 'suggest', 'auto'))
);
create index dispatcher_settings_tenant_id_idx on public.dispatcher_settings (tenant_id);
alter table public.dispatcher_settings enable row level security;

create trigger set_updated_at before update on public.dispatcher_settings
  for each row execute function private.set_updated_at();
create trigger audit_row_change after insert or update or delete on public.dispatcher_settings
  for each row execute function private.audit_row_change();

-- The problems of a settings row as the form's fields, [] when there are none. Definer for the
-- look-ups of services and zones, which it scopes to the row's tenant itself.
create or replace function private.dispatcher_settings_problems(s public.dispatcher_settings) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
  f jsonb := coalesce(s.default_board_filters, '{}'::jsonb);
  key text;
  value text;
begin
  if jsonb_typeof(f) <> 'object' then
    return jsonb_build_array(jsonb_build_object('field', 'default_board_filters', 'message', 'Default board filters must be an object'));
  end if;
  for key in select jsonb_object_keys(f) loop
    if key not in ('kind', 'service_id', 'zone_id', 'window') then
      problems := problems || jsonb_build_object('field', 'default_board_filters.' || key, 'message', 'Unknown board filter');
    elsif jsonb_typeof(f -> key) not in ('string', 'null') then
      problems := problems || jsonb_build_object('field', 'default_board_filters.' || key, 'message', 'Must be text or empty');
    end if;
  end loop;
  if jsonb_array_length(problems) > 0 then
    return problems;
  end if;

  value := nullif(f ->> 'kind', '');
  if value is not null and value not in ('on_demand', 'pickup', 'delivery', 'pickup_delivery') then
    problems := problems || jsonb_build_object('field', 'default_board_filters.kind', 'message', 'Kind must be on demand, pickup, delivery or pickup and delivery');
  end if;
  value := nullif(f ->> 'service_id', '');
  if value is not null and (value !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    or not exists (select 1 from public.delivery_services x where x.id = value::uuid and x.tenant_id = s.tenant_id)) then
    problems := problems || jsonb_build_object('field', 'default_board_filters.service_id', 'message', 'Service not found');
  end if;
  value := nullif(f ->> 'zone_id', '');
  if value is not null and (value !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    or not exists (select 1 from public.zones x where x.id = value::uuid and x.tenant_id = s.tenant_id)) then
    problems := problems || jsonb_build_object('field', 'default_board_filters.zone_id', 'message', 'Zone not found');
  end if;
  value := nullif(f ->> 'window', '');
  if value is not null and value not in ('overdue', 'next_hour', 'today') then
    problems := problems || jsonb_build_object('field', 'default_board_filters.window', 'message', 'Window must be overdue, next hour or today');
  end if;

  if s.late_threshold_minutes is null or s.late_threshold_minutes not between 0 and 240 then
    problems := problems || jsonb_build_object('field', 'late_threshold_minutes', 'message', 'Late threshold must be a whole number of minutes from 0 to 240');
  end if;
  if s.auto_assign_mode is null or s.auto_assign_mode not in ('off', 'suggest', 'auto') then
    problems := problems || jsonb_build_object('field', 'auto_assign_mode', 'message', 'Auto-assign mode must be off, suggest or auto');
  end if;
  if s.sound_on_new_unassigned is null then
    problems := problems || jsonb_build_object('field', 'sound_on_new_unassigned', 'message', 'Choose whether to play a sound');
  end if;
  return problems;
end;
$$;
revoke all on function private.dispatcher_settings_problems(public.dispatcher_settings) from public;
grant execute on function private.dispatcher_settings_problems(public.dispatcher_settings) to authenticated, service_role;

-- API writes belong to the caller: the row is theirs, of their tenant (RLS refuses anyone else).
-- Empty filter values are stored as absent keys, so "any" has one spelling.
create or replace function private.validate_dispatcher_settings() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  problems jsonb;
begin
  if tg_op = 'UPDATE' and (new.user_id is distinct from old.user_id or new.tenant_id is distinct from old.tenant_id) then
    raise exception using errcode = '23514', message = 'Settings cannot move to another person or business';
  end if;
  if jsonb_typeof(new.default_board_filters) = 'object' then
    new.default_board_filters := jsonb_strip_nulls(new.default_board_filters);
    new.default_board_filters := coalesce((select jsonb_object_agg(e.key, e.value) from jsonb_each(new.default_board_filters) e
      where not (jsonb_typeof(e.value) = 'string' and btrim(e.value #>> '{}') = '')), '{}'::jsonb);
  end if;
  problems := private.dispatcher_settings_problems(new);
  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;
  return new;
end;
$$;
revoke all on function private.validate_dispatcher_settings() from public;

create trigger validate_dispatcher_settings before insert or update on public.dispatcher_settings
  for each row execute function private.validate_dispatcher_settings();

revoke all on public.dispatcher_settings from anon, authenticated;
grant select on public.dispatcher_settings to authenticated;
grant insert (user_id, tenant_id, default_board_filters, sound_on_new_unassigned, late_threshold_minutes, auto_assign_mode)
  on public.dispatcher_settings to authenticated;
-- user_id too, so an upsert on user_id (which sets every column it sends) works; the trigger
-- refuses any actual change of it.
grant update (user_id, default_board_filters, sound_on_new_unassigned, late_threshold_minutes, auto_assign_mode)
  on public.dispatcher_settings to authenticated;
grant delete on public.dispatcher_settings to authenticated;

create policy "dispatcher_settings: dispatchers read their own" on public.dispatcher_settings
  for select to authenticated
  using (user_id = (select auth.uid()) and tenant_id = (select private.current_tenant_id())
    and (select private.current_panel_type()) = 'dispatcher');
create policy "dispatcher_settings: dispatchers add their own" on public.dispatcher_settings
  for insert to authenticated
  with check (user_id = (select auth.uid()) and tenant_id = (select private.current_tenant_id())
    and (select private.current_panel_type()) = 'dispatcher');
create policy "dispatcher_settings: dispatchers change their own" on public.dispatcher_settings
  for update to authenticated
  using (user_id = (select auth.uid()) and tenant_id = (select private.current_tenant_id())
    and (select private.current_panel_type()) = 'dispatcher')
  with check (user_id = (select auth.uid()) and tenant_id = (select private.current_tenant_id())
    and (select private.current_panel_type()) = 'dispatcher');
-- Delete is "back to the defaults".
create policy "dispatcher_settings: dispatchers reset their own" on public.dispatcher_settings
  for delete to authenticated
  using (user_id = (select auth.uid()) and tenant_id = (select private.current_tenant_id())
    and (select private.current_panel_type()) = 'dispatcher');
