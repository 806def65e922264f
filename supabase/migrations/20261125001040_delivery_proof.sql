-- Proof of delivery: what each tenant requires, and where the files live.
--
-- Settings `settings.delivery` (admins save them with save_delivery_settings; every member reads
-- them merged with the defaults through get_delivery_settings):
--   proof: {signature, photo, recipient_name, notes}, each 'required', 'optional' or 'off'
--          (default: all optional);
--   failure_reasons: the reasons a driver picks from when a delivery fails (1 to 20 texts).
-- A delivery becomes delivered only with the proof its tenant requires (checked by the database
-- whoever delivers it, 23514 with proof.* fields), and its files must be the delivery's own:
-- `<tenant_id>/<delivery_id>/<file>` in the private `proofs` bucket.
--
-- The `proofs` bucket is private (signatures and doorstep photos are personal data): the driver
-- carrying a delivery and the tenant's admins and dispatchers upload into the delivery's folder;
-- they and the delivery's customer read it (signed URLs or authenticated downloads).

create or replace function private.default_delivery_settings() returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object(
    'proof', jsonb_build_object('signature', 'optional', 'photo', 'optional', 'recipient_name', 'optional', 'notes', 'optional'),
    'failure_reasons', jsonb_build_array('Recipient not available', 'Address not found', 'Refused by recipient',
      'Access restricted', 'Package damaged', 'Business closed', 'Unsafe to deliver'));
$$;
revoke all on function private.default_delivery_settings() from public;
grant execute on function private.default_delivery_settings() to authenticated, service_role;

create or replace function private.delivery_settings_problems(delivery jsonb) returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
  item text;
begin
  if delivery is null then
    return problems;
  end if;
  if jsonb_typeof(delivery) <> 'object' or delivery - array['proof', 'failure_reasons'] <> '{}'::jsonb then
    return jsonb_build_array(jsonb_build_object('field', 'delivery', 'message', 'Delivery settings hold proof and failure_reasons'));
  end if;
  if delivery ? 'proof' then
    if jsonb_typeof(delivery -> 'proof') <> 'object' or (delivery -> 'proof') - array['signature', 'photo', 'recipient_name', 'notes'] <> '{}'::jsonb then
      problems := problems || jsonb_build_object('field', 'delivery.proof', 'message', 'Proof settings hold signature, photo, recipient_name and notes');
    else
      foreach item in array array['signature', 'photo', 'recipient_name', 'notes'] loop
        if delivery -> 'proof' ? item and coalesce(delivery #>> array['proof', item], '') not in ('required', 'optional', 'off') then
          problems := problems || jsonb_build_object('field', 'delivery.proof.' || item, 'message', 'Choose required, optional or off');
        end if;
      end loop;
    end if;
  end if;
  if delivery ? 'failure_reasons' then
    if jsonb_typeof(delivery -> 'failure_reasons') <> 'array' or jsonb_array_length(delivery -> 'failure_reasons') not between 1 and 20 then
      problems := problems || jsonb_build_object('field', 'delivery.failure_reasons', 'message', 'Give 1 to 20 failure reasons');
    elsif exists (
      select 1 from jsonb_array_elements(delivery -> 'failure_reasons') r
      where jsonb_typeof(r) <> 'string' or btrim(r #>> '{}') = '' or length(r #>> '{}') > 100
    ) then
      problems := problems || jsonb_build_object('field', 'delivery.failure_reasons', 'message', 'Each failure reason is a text of 1 to 100 characters');
    elsif (select count(distinct lower(btrim(r #>> '{}'))) from jsonb_array_elements(delivery -> 'failure_reasons') r)
      <> jsonb_array_length(delivery -> 'failure_reasons') then
      problems := problems || jsonb_build_object('field', 'delivery.failure_reasons', 'message', 'Failure reasons must be different from each other');
    end if;
  end if;
  return problems;
end;
$$;
revoke all on function private.delivery_settings_problems(jsonb) from public;
grant execute on function private.delivery_settings_problems(jsonb) to authenticated, service_role;

create or replace function private.validate_tenant_delivery_settings() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  problems jsonb;
begin
  if tg_op = 'UPDATE' and new.settings -> 'delivery' is not distinct from old.settings -> 'delivery' then
    return new;
  end if;
  problems := private.delivery_settings_problems(new.settings -> 'delivery');
  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;
  return new;
end;
$$;
revoke all on function private.validate_tenant_delivery_settings() from public;

create trigger validate_tenant_delivery_settings before insert or update of settings on public.tenants
  for each row execute function private.validate_tenant_delivery_settings();

-- A tenant's delivery settings, the defaults filled in.
create or replace function private.delivery_settings(tenant uuid) returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'proof', (private.default_delivery_settings() -> 'proof') || coalesce(t.settings #> '{delivery,proof}', '{}'::jsonb),
    'failure_reasons', coalesce(t.settings #> '{delivery,failure_reasons}', private.default_delivery_settings() -> 'failure_reasons'))
  from public.tenants t where t.id = tenant;
$$;
revoke all on function private.delivery_settings(uuid) from public, anon, authenticated;

create or replace function public.get_delivery_settings() returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select private.delivery_settings(private.current_tenant_id()) where private.current_tenant_id() is not null;
$$;
revoke all on function public.get_delivery_settings() from public, anon;
grant execute on function public.get_delivery_settings() to authenticated, service_role;

create or replace function public.save_delivery_settings(p_tenant_id uuid, p_delivery jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not private.is_tenant_admin(p_tenant_id) then
    raise exception 'Only the tenant''s admins may change its settings' using errcode = '42501';
  end if;
  update public.tenants t
  set settings = coalesce(t.settings, '{}'::jsonb) || jsonb_build_object('delivery', p_delivery)
  where t.id = p_tenant_id;
  return private.delivery_settings(p_tenant_id);
end;
$$;
revoke all on function public.save_delivery_settings(uuid, jsonb) from public, anon;
grant execute on function public.save_delivery_settings(uuid, jsonb) to authenticated, service_role;

-- Delivered needs the tenant's required proof, and the files must be the delivery's own. Checked
-- on every move to delivered made for an API caller (the seed's history is written as the owner).
create or replace function private.check_delivery_proof() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  wanted jsonb;
  problems jsonb := '[]'::jsonb;
  folder text := new.tenant_id::text || '/' || new.id::text || '/';
  ref text;
begin
  if current_setting('role', true) not in ('authenticated', 'anon', 'service_role') then
    return new;
  end if;
  wanted := private.delivery_settings(new.tenant_id) -> 'proof';
  if wanted ->> 'signature' = 'required' and coalesce(new.proof ->> 'signature_url', '') = '' then
    problems := problems || jsonb_build_object('field', 'proof.signature_url', 'message', 'A signature is required');
  end if;
  if wanted ->> 'photo' = 'required' and coalesce(jsonb_array_length(case when jsonb_typeof(new.proof -> 'photo_urls') = 'array' then new.proof -> 'photo_urls' end), 0) = 0 then
    problems := problems || jsonb_build_object('field', 'proof.photo_urls', 'message', 'A photo is required');
  end if;
  if wanted ->> 'recipient_name' = 'required' and btrim(coalesce(new.proof ->> 'recipient_name', '')) = '' then
    problems := problems || jsonb_build_object('field', 'proof.recipient_name', 'message', 'The recipient''s name is required');
  end if;
  if wanted ->> 'notes' = 'required' and btrim(coalesce(new.proof ->> 'notes', '')) = '' then
    problems := problems || jsonb_build_object('field', 'proof.notes', 'message', 'Notes are required');
  end if;
  for ref in
    select new.proof ->> 'signature_url' where new.proof ? 'signature_url'
    union all
    select u #>> '{}' from jsonb_array_elements(case when jsonb_typeof(new.proof -> 'photo_urls') = 'array' then new.proof -> 'photo_urls' else '[]'::jsonb end) u
  loop
    if ref is null or not starts_with(ref, folder) or substr(ref, length(folder) + 1) !~ '^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$' then
      problems := problems || jsonb_build_object('field', 'proof', 'message', 'Proof files must be uploaded to this delivery''s folder of the proofs bucket');
      exit;
    end if;
  end loop;
  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;
  return new;
end;
$$;
revoke all on function private.check_delivery_proof() from public;

create trigger check_delivery_proof before update of status on public.deliveries
  for each row
  when (new.status = 'delivered' and old.status is distinct from 'delivered')
  execute function private.check_delivery_proof();

-- The private proofs bucket: images only (signatures as PNG), 10 MiB each.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('proofs', 'proofs', false, 10485760, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

-- `<tenant_id>/<delivery_id>/<file>`: whether the caller may write (read) there.
create or replace function private.may_use_proof_object(name text, writing boolean) returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  parts text[] := storage.foldername(name);
  tenant uuid := private.current_tenant_id();
  panel text := private.current_panel_type();
  d public.deliveries;
begin
  if tenant is null or array_length(parts, 1) <> 2 or parts[1] <> tenant::text
    or parts[2] !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return false;
  end if;
  select x.* into d from public.deliveries x where x.id = parts[2]::uuid and x.tenant_id = tenant;
  if d.id is null then
    return false;
  end if;
  if panel in ('admin', 'dispatcher') then
    return true;
  end if;
  if panel = 'driver' then
    return d.driver_id = auth.uid() and (not writing or d.status in ('accepted', 'picked_up', 'in_transit'));
  end if;
  return panel = 'customer' and not writing and d.customer_id = auth.uid();
end;
$$;
revoke all on function private.may_use_proof_object(text, boolean) from public;
grant execute on function private.may_use_proof_object(text, boolean) to authenticated;

create policy "proofs bucket: the delivery's driver and staff upload" on storage.objects for insert to authenticated
  with check (bucket_id = 'proofs' and private.may_use_proof_object(name, true));
create policy "proofs bucket: the delivery's driver, customer and staff read" on storage.objects for select to authenticated
  using (bucket_id = 'proofs' and private.may_use_proof_object(name, false));
create policy "proofs bucket: staff remove" on storage.objects for delete to authenticated
  using (bucket_id = 'proofs' and private.may_use_proof_object(name, true) and (select private.current_panel_type()) in ('admin', 'dispatcher'));
