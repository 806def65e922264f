-- Addresses: a person's address book (user_id set) or the
-- tenant's own sites, depots and warehouses (user_id null). Deliveries, warehouses and customers
-- refer to them; deliveries also keep a snapshot, so an edit here never rewrites history.
--
-- One primary ('Default') per owner: a partial unique index, and making one primary clears the
-- owner's other primary in the same statement (private.address_single_primary).
-- The form's rules hold here too: a write that breaks them is refused with SQLSTATE 23514,
-- 'Validation failed' and the spec's messages as {field, message} details (form field names:
-- contact_info.full_name, address_line1, ...), as vehicles do.
-- Who: users manage their own; the tenant's admins manage all of the tenant's; dispatchers read all.

-- The spec's full_address: building, street, city, state and country joined. Immutable in fact
-- (text in, text out), so a generated column may use it.
create or replace function private.join_address_parts(building text, street text, city text, state text, country text)
returns text
language sql
immutable
set search_path = ''
as $$
  select concat_ws(', ', nullif(btrim(building), ''), nullif(btrim(street), ''), nullif(btrim(city), ''),
                   nullif(btrim(state), ''), nullif(btrim(country), ''));
$$;
revoke all on function private.join_address_parts(text, text, text, text, text) from public;
grant execute on function private.join_address_parts(text, text, text, text, text) to anon, authenticated, service_role;

create table public.addresses (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null default private.current_tenant_id() references public.tenants (id),
  -- The owner; null for the tenant's own addresses.
  user_id uuid,
  title jsonb not null default '{}'::jsonb,
  address_type text not null default 'shipping',
  address_line1 text not null,
  address_line2 text,
  building text not null,
  street text not null,
  city text not null,
  state text not null,
  postal_code text not null,
  country text not null,
  latitude double precision,
  longitude double precision,
  full_address text generated always as (private.join_address_parts(building, street, city, state, country)) stored,
  is_primary boolean not null default false,
  is_active boolean not null default true,
  save_to_address_book boolean not null default true,
  metadata jsonb not null default '{}'::jsonb,
  contact_info jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- The owner is a person of the same tenant. A person the platform moves to another tenant takes
  -- their own address book along (it is theirs, and the old tenant's deliveries keep snapshots).
  constraint addresses_user_id_tenant_id_fkey foreign key (user_id, tenant_id)
    references public.profiles (id, tenant_id) on update cascade on delete cascade,
  constraint addresses_address_type_check check (address_type in ('user', 'billing', 'shipping')),
  constraint addresses_title_check check (
    jsonb_typeof(title) = 'object'
    and (title -> 'en' is null or (jsonb_typeof(title -> 'en') = 'string' and length(title ->> 'en') <= 200))
  ),
  constraint addresses_address_line1_check check (btrim(address_line1) <> '' and length(address_line1) <= 300),
  constraint addresses_address_line2_check check (address_line2 is null or length(address_line2) <= 300),
  constraint addresses_building_check check (btrim(building) <> '' and length(building) <= 200),
  constraint addresses_street_check check (btrim(street) <> '' and length(street) <= 200),
  constraint addresses_city_check check (btrim(city) <> '' and length(city) <= 120),
  constraint addresses_state_check check (btrim(state) <> '' and length(state) <= 120),
  constraint addresses_postal_code_check check (btrim(postal_code) <> '' and length(postal_code) <= 6),
  constraint addresses_country_check check (btrim(country) <> '' and length(country) <= 120),
  constraint addresses_latitude_check check (latitude is null or latitude between -90 and 90),
  constraint addresses_longitude_check check (longitude is null or longitude between -180 and 180),
  constraint addresses_coordinates_check check ((latitude is null) = (longitude is null)),
  constraint addresses_metadata_check check (
    jsonb_typeof(metadata) = 'object'
    and metadata - array['is_verified', 'verification_date', 'delivery_instructions', 'landmark', 'location'] = '{}'::jsonb
    and coalesce(jsonb_typeof(metadata -> 'is_verified') in ('boolean', 'null'), true)
    and coalesce(jsonb_typeof(metadata -> 'verification_date') in ('string', 'null'), true)
    and coalesce(jsonb_typeof(metadata -> 'delivery_instructions') in ('string', 'null') and length(metadata ->> 'delivery_instructions') <= 2000, true)
    and coalesce(jsonb_typeof(metadata -> 'landmark') in ('string', 'null') and length(metadata ->> 'landmark') <= 200, true)
    -- Absent or null, or exactly {lat, lng} numbers.
    and case coalesce(jsonb_typeof(metadata -> 'location'), 'null')
        when 'null' then true
        when 'object' then coalesce(jsonb_typeof(metadata -> 'location' -> 'lat') = 'number' and jsonb_typeof(metadata -> 'location' -> 'lng') = 'number'
          and (metadata -> 'location') - array['lat', 'lng'] = '{}'::jsonb, false)
        else false
      end
  ),
  constraint addresses_contact_info_check check (
    jsonb_typeof(contact_info) = 'object'
    and contact_info - array['full_name', 'phone', 'email'] = '{}'::jsonb
    and jsonb_typeof(contact_info -> 'full_name') = 'string' and btrim(contact_info ->> 'full_name') <> ''
      and length(contact_info ->> 'full_name') <= 200
    and jsonb_typeof(contact_info -> 'phone') = 'string' and length(regexp_replace(contact_info ->> 'phone', '\D', '', 'g')) >= 10
      and length(contact_info ->> 'phone') <= 32
    and jsonb_typeof(contact_info -> 'email') = 'string'
      and contact_info ->> 'email' ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and length(contact_info ->> 'email') <= 320
  )
);
create index addresses_tenant_id_idx on public.addresses (tenant_id, created_at desc);
create index addresses_user_id_tenant_id_idx on public.addresses (user_id, tenant_id);
create index addresses_tenant_id_user_id_type_idx on public.addresses (tenant_id, user_id, address_type);
-- One 'Default' per owner: a person, or the tenant itself (user_id null).
create unique index addresses_one_primary_per_owner on public.addresses
  (tenant_id, coalesce(user_id, '00000000-0000-0000-0000-000000000000'::uuid)) where is_primary;
alter table public.addresses enable row level security;

create trigger set_updated_at before update on public.addresses
  for each row execute function private.set_updated_at();

-- The problems of an address as the form's fields (the product's words, verbatim), [] when none.
create or replace function private.address_problems(a public.addresses) returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
  contact jsonb := case when jsonb_typeof(a.contact_info) = 'object' then a.contact_info else '{}'::jsonb end;
  phone_digits text := regexp_replace(coalesce(contact ->> 'phone', ''), '\D', '', 'g');
begin
  if btrim(coalesce(contact ->> 'full_name', '')) = '' then
    problems := problems || jsonb_build_object('field', 'contact_info.full_name', 'message', 'Full name is required');
  end if;
  if coalesce(contact ->> 'email', '') !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    problems := problems || jsonb_build_object('field', 'contact_info.email', 'message', 'Valid email is required');
  end if;
  if btrim(coalesce(contact ->> 'phone', '')) = '' then
    problems := problems || jsonb_build_object('field', 'contact_info.phone', 'message', 'Phone number is required');
  elsif length(phone_digits) < 10 then
    problems := problems || jsonb_build_object('field', 'contact_info.phone', 'message', 'Please enter a valid phone number with at least 10 digits');
  end if;
  if btrim(coalesce(a.address_line1, '')) = '' then
    problems := problems || jsonb_build_object('field', 'address_line1', 'message', 'Address line 1 is required');
  end if;
  if btrim(coalesce(a.building, '')) = '' then
    problems := problems || jsonb_build_object('field', 'building', 'message', 'Building name is required');
  end if;
  if btrim(coalesce(a.street, '')) = '' then
    problems := problems || jsonb_build_object('field', 'street', 'message', 'Street is required');
  end if;
  if btrim(coalesce(a.city, '')) = '' then
    problems := problems || jsonb_build_object('field', 'city', 'message', 'City is required');
  end if;
  if btrim(coalesce(a.state, '')) = '' then
    problems := problems || jsonb_build_object('field', 'state', 'message', 'State is required');
  end if;
  if btrim(coalesce(a.postal_code, '')) = '' then
    problems := problems || jsonb_build_object('field', 'postal_code', 'message', 'Postal code is required');
  elsif length(a.postal_code) > 6 then
    problems := problems || jsonb_build_object('field', 'postal_code', 'message', 'Postal code must be less than 6 characters');
  end if;
  if btrim(coalesce(a.country, '')) = '' then
    problems := problems || jsonb_build_object('field', 'country', 'message', 'Country is required');
  end if;
  if (a.latitude is null) <> (a.longitude is null)
     or a.latitude not between -90 and 90 or a.longitude not between -180 and 180 then
    problems := problems || jsonb_build_object('field', 'latitude', 'message', 'Coordinates must be a latitude from -90 to 90 and a longitude from -180 to 180');
  end if;
  return problems;
end;
$$;
revoke all on function private.address_problems(public.addresses) from public;
grant execute on function private.address_problems(public.addresses) to authenticated, service_role;

-- Security invoker: a caller who may not write the row is left to RLS (42501).
create or replace function private.validate_address() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  problems jsonb;
begin
  problems := private.address_problems(new);
  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;
  return new;
end;
$$;
revoke all on function private.validate_address() from public;

create trigger validate_address before insert or update on public.addresses
  for each row execute function private.validate_address();

-- Making an address the owner's Default clears the owner's previous Default first, in the same
-- statement, so the unique index never sees two. Security invoker: whoever may make this one
-- primary may update the owner's others (the same policies).
create or replace function private.address_single_primary() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.is_primary and (tg_op = 'INSERT' or not old.is_primary) then
    update public.addresses a set is_primary = false
    where a.tenant_id = new.tenant_id
      and a.user_id is not distinct from new.user_id
      and a.is_primary
      and a.id <> new.id;
  end if;
  return new;
end;
$$;
revoke all on function private.address_single_primary() from public;

create trigger address_single_primary before insert or update of is_primary on public.addresses
  for each row execute function private.address_single_primary();

create trigger audit_row_change after insert or update or delete on public.addresses
  for each row execute function private.audit_row_change();

create trigger addresses_broadcast after insert or update or delete on public.addresses
  for each row execute function private.broadcast_tenant_change();
insert into private.tenant_topic_panels (entity, panel_types) values ('addresses', array['admin', 'dispatcher']);

revoke all on public.addresses from anon, authenticated;
grant select on public.addresses to authenticated;
grant insert (tenant_id, user_id, title, address_type, address_line1, address_line2, building, street, city, state,
  postal_code, country, latitude, longitude, is_primary, is_active, save_to_address_book, metadata, contact_info)
  on public.addresses to authenticated;
grant update (title, address_type, address_line1, address_line2, building, street, city, state,
  postal_code, country, latitude, longitude, is_primary, is_active, save_to_address_book, metadata, contact_info)
  on public.addresses to authenticated;
grant delete on public.addresses to authenticated;

create policy "addresses: own, and all of the tenant for its admins and dispatchers" on public.addresses
  for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and (
      user_id = (select auth.uid())
      or (select private.current_panel_type()) in ('admin', 'dispatcher')
    )
  );
create policy "addresses: people add their own, admins any of the tenant" on public.addresses
  for insert to authenticated
  with check (
    (tenant_id = (select private.current_tenant_id()) and user_id = (select auth.uid()))
    or (select private.is_tenant_admin(tenant_id))
  );
create policy "addresses: people update their own, admins any of the tenant" on public.addresses
  for update to authenticated
  using (
    (tenant_id = (select private.current_tenant_id()) and user_id = (select auth.uid()))
    or (select private.is_tenant_admin(tenant_id))
  )
  with check (
    (tenant_id = (select private.current_tenant_id()) and user_id = (select auth.uid()))
    or (select private.is_tenant_admin(tenant_id))
  );
create policy "addresses: people remove their own, admins any of the tenant" on public.addresses
  for delete to authenticated
  using (
    (tenant_id = (select private.current_tenant_id()) and user_id = (select auth.uid()))
    or (select private.is_tenant_admin(tenant_id))
  );
