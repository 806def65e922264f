-- Suppliers' refusals carry stable keys (supabase/README.md, "Refusals and their keys"), so the
-- supplier form shows a refusal only the database decides (a code another supplier has, an address
-- of another business) in the user's language; unkeyed, it stayed English. Both functions are
-- written out whole from their current (first) definition, 20261125000430_suppliers.sql; only how a
-- problem is built and raised changes: the same fields, English words, problem order and grants, and
-- the trigger raises them as before (23514 'Validation failed'). The limits the words name travel as
-- params ({max}, {min}).
--
--   private.supplier_problems, private.validate_supplier        from 20261125000430_suppliers.sql

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
    problems := problems || private.problem('suppliers.name_required', 'name', 'Name is required');
  elsif length(s.name) > 200 then
    problems := problems || private.problem('suppliers.name_too_long', 'name', 'Name must be at most 200 characters',
      jsonb_build_object('max', 200));
  end if;
  if s.code is null or btrim(s.code) = '' then
    problems := problems || private.problem('suppliers.code_required', 'code', 'Code is required');
  elsif length(s.code) > 64 then
    problems := problems || private.problem('suppliers.code_too_long', 'code', 'Code must be at most 64 characters',
      jsonb_build_object('max', 64));
  elsif exists (select 1 from public.suppliers o where o.tenant_id = s.tenant_id and o.code = s.code and o.id <> s.id) then
    problems := problems || private.problem('suppliers.code_taken', 'code', 'Supplier code already exists');
  end if;
  if s.contact_email is not null and s.contact_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    problems := problems || private.problem('suppliers.email_invalid', 'contact_email', 'Valid email is required');
  end if;
  if s.contact_phone is not null and length(regexp_replace(s.contact_phone, '\D', '', 'g')) < 10 then
    problems := problems || private.problem('suppliers.phone_invalid', 'contact_phone',
      'Please enter a valid phone number with at least 10 digits', jsonb_build_object('min', 10));
  end if;
  if s.address_id is not null and not exists (select 1 from public.addresses a where a.id = s.address_id and a.tenant_id = s.tenant_id) then
    problems := problems || private.problem('suppliers.address_not_business', 'address_id', 'Address must be one of this business''s addresses');
  end if;
  if s.lead_time_days is null or s.lead_time_days < 0 or s.lead_time_days > 365 then
    problems := problems || private.problem('suppliers.lead_time_range', 'lead_time_days', 'Lead time must be between 0 and 365 days',
      jsonb_build_object('min', 0, 'max', 365));
  end if;
  if s.payment_terms is null or s.payment_terms not in ('prepaid', 'cod', 'net_15', 'net_30', 'net_60', 'net_90') then
    problems := problems || private.problem('suppliers.payment_terms_required', 'payment_terms', 'Payment terms are required');
  end if;
  if s.notes is not null and length(s.notes) > 2000 then
    problems := problems || private.problem('suppliers.notes_too_long', 'notes', 'Notes must be at most 2000 characters',
      jsonb_build_object('max', 2000));
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
begin
  if current_user in ('anon', 'authenticated') and not private.is_tenant_admin(new.tenant_id) then
    return new;
  end if;
  perform private.raise_problems(private.supplier_problems(new));
  return new;
end;
$$;
revoke all on function private.validate_supplier() from public;
