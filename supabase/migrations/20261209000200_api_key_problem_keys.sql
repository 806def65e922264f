-- The problems of an API key's write (first in 20261201002000_api_keys.sql) carry their stable keys
-- (private.problem, 20261209000100_keyed_problems.sql), the same keys the api-keys function gives its
-- own checks, so the admin's screen shows a refusal in their language whichever of the two refused.
-- The trigger private.validate_api_key raises the list unchanged.
create or replace function private.api_key_problems(k public.api_keys, previous public.api_keys) returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
begin
  if previous.id is not null and not previous.is_active
     and (k.name, k.description, k.expires_at, k.is_active) is distinct from (previous.name, previous.description, previous.expires_at, previous.is_active) then
    return jsonb_build_array(private.problem('api_keys.inactive', 'is_active', 'Only active API keys can be edited or revoked'));
  end if;
  if k.name is null or btrim(k.name) = '' then
    problems := problems || private.problem('api_keys.name_required', 'name', 'Name is required');
  elsif length(k.name) > 100 then
    problems := problems || private.problem('api_keys.name_too_long', 'name', 'Name must be at most 100 characters', jsonb_build_object('max', 100));
  end if;
  if length(coalesce(k.description, '')) > 500 then
    problems := problems || private.problem('api_keys.description_too_long', 'description', 'Description must be at most 500 characters', jsonb_build_object('max', 500));
  end if;
  if k.expires_at is not null and k.expires_at < now()
     and (previous.id is null or k.expires_at is distinct from previous.expires_at) then
    problems := problems || private.problem('api_keys.expiry_in_past', 'expires_at', 'Expiry cannot be earlier than now');
  end if;
  if k.user_id is not null and not exists (
    select 1 from public.profiles p where p.id = k.user_id and p.tenant_id = k.tenant_id and p.user_type = 'business'
  ) then
    problems := problems || private.problem('api_keys.business_users_only', 'user_id', 'API keys can only be issued to business users');
  end if;
  return problems;
end;
$$;
revoke all on function private.api_key_problems(public.api_keys, public.api_keys) from public;
grant execute on function private.api_key_problems(public.api_keys, public.api_keys) to authenticated, service_role;
