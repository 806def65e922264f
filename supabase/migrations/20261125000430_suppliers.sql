-- Suppliers: who a tenant's warehouses receive goods from (receive orders refer to them later).
-- The spec's source app had no supplier form; the fields are the domain model's: name, code
-- (unique per tenant), contact (name, email, phone), optional address of the tenant, lead time in
-- days, payment terms, notes, active. Admins manage them; dispatchers read them.

create table public.suppliers (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null default private.current_tenant_id() references public.tenants (id),
  name text not null,
  code text not null,
  contact_name text,
  contact_email text,
  contact_phone text,
  address_id uuid references public.addresses (id) on delete set null,
  lead_time_days integer not null default 7,
  payment_terms text not null default 'net_30',
  notes text,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint suppliers_code_key unique (tenant_id, code),
  constraint suppliers_name_check check (btrim(name) <> '' and length(name) <= 200),
  constraint suppliers_code_check check (btrim(code) <> '' and length(code) <= 64),
  constraint suppliers_contact_name_check check (contact_name is null or length(contact_name) <= 200),
  constraint suppliers_contact_email_check check (contact_email is null or (contact_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and length(contact_email) <= 320)),
  constraint suppliers_contact_phone_check check (contact_phone is null or (length(regexp_replace(contact_phone, '\D', '', 'g')) >= 10 and length(contact_phone) <= 32)),
  constraint suppliers_lead_time_days_check check (lead_time_days between 0 and 365),
  constraint suppliers_payment_terms_check check (payment_terms in ('prepaid', 'cod', 'net_15', 'net_30', 'net_60', 'net_90')),
  constraint suppliers_notes_check check (notes is null or length(notes) <= 2000)
);
create index suppliers_tenant_id_idx on public.suppliers (tenant_id, name);
create index suppliers_address_id_idx on public.suppliers (address_id);
alter table public.suppliers enable row level security;

create trigger set_updated_at before update on public.suppliers
  for each row execute function private.set_updated_at();

create trigger audit_row_change after insert or update or delete on public.suppliers
  for each row execute function private.audit_row_change();

create or replace function private.supplier_problems(s public.suppliers) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
begin
  if s.name is null or btrim(s.name) = '' then
    problems := problems || jsonb_build_object('field', 'name', 'message', 'Name is required');
  elsif length(s.name) > 200 then
    problems := problems || jsonb_build_object('field', 'name', 'message', 'Name must be at most 200 characters');
  end if;
  if s.code is null or btrim(s.code) = '' then
    problems := problems || jsonb_build_object('field', 'code', 'message', 'Code is required');
  elsif length(s.code) > 64 then
    problems := problems || jsonb_build_object('field', 'code', 'message', 'Code must be at most 64 characters');
  elsif exists (select 1 from public.suppliers o where o.tenant_id = s.tenant_id and o.code = s.code and o.id <> s.id) then
    problems := problems || jsonb_build_object('field', 'code', 'message', 'Supplier code already exists');
  end if;
  if s.contact_email is not null and s.contact_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    problems := problems || jsonb_build_object('field', 'contact_email', 'message', 'Valid email is required');
  end if;
  if s.contact_phone is not null and length(regexp_replace(s.contact_phone, '\D', '', 'g')) < 10 then
    problems := problems || jsonb_build_object('field', 'contact_phone', 'message', 'Please enter a valid phone number with at least 10 digits');
  end if;
  if s.address_id is not null and not exists (select 1 from public.addresses a where a.id = s.address_id and a.tenant_id = s.tenant_id) then
    problems := problems || jsonb_build_object('field', 'address_id', 'message', 'Address must be one of this business''s addresses');
  end if;
  if s.lead_time_days is null or s.lead_time_days < 0 or s.lead_time_days > 365 then
    problems := problems || jsonb_build_object('field', 'lead_time_days', 'message', 'Lead time must be between 0 and 365 days');
  end if;
  if s.payment_terms is null or s.payment_terms not in ('prepaid', 'cod', 'net_15', 'net_30', 'net_60', 'net_90') then
    problems := problems || jsonb_build_object('field', 'payment_terms', 'message', 'Payment terms are required');
  end if;
  if s.notes is not null and length(s.notes) > 2000 then
    problems := problems || jsonb_build_object('field', 'notes', 'message', 'Notes must be at most 2000 characters');
  end if;
  return problems;
end;
$$;
revoke all on function private.supplier_problems(public.suppliers) from public;
grant execute on function private.supplier_problems(public.suppliers) to authenticated, service_role;

create or replace function private.validate_supplier() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  problems jsonb;
begin
  if current_user in ('anon', 'authenticated') and not private.is_tenant_admin(new.tenant_id) then
    return new;
  end if;
  problems := private.supplier_problems(new);
  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;
  return new;
end;
$$;
revoke all on function private.validate_supplier() from public;

create trigger validate_supplier before insert or update on public.suppliers
  for each row execute function private.validate_supplier();

revoke all on public.suppliers from anon, authenticated;
grant select on public.suppliers to authenticated;
grant insert (tenant_id, name, code, contact_name, contact_email, contact_phone, address_id, lead_time_days, payment_terms, notes, active)
  on public.suppliers to authenticated;
grant update (name, code, contact_name, contact_email, contact_phone, address_id, lead_time_days, payment_terms, notes, active)
  on public.suppliers to authenticated;
grant delete on public.suppliers to authenticated;

create policy "suppliers: admins and dispatchers of the tenant read" on public.suppliers for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and (select private.current_panel_type()) in ('admin', 'dispatcher')
  );
create policy "suppliers: admins add" on public.suppliers for insert to authenticated
  with check ((select private.is_tenant_admin(tenant_id)));
create policy "suppliers: admins update" on public.suppliers for update to authenticated
  using ((select private.is_tenant_admin(tenant_id)))
  with check ((select private.is_tenant_admin(tenant_id)));
create policy "suppliers: admins remove" on public.suppliers for delete to authenticated
  using ((select private.is_tenant_admin(tenant_id)));
