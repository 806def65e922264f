-- Platform conventions every later migration builds on (see ARCHITECTURE.md "Conventions").
--
-- `private` holds helpers that policies and triggers use but the API must never expose: it is not
-- in [api] schemas, and its functions are executable only where a migration grants it.
create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to anon, authenticated, service_role;
alter default privileges in schema private revoke execute on functions from public;

-- Keeps `updated_at` truthful whatever the client sends:
--   create trigger set_updated_at before update on public.<table>
--     for each row execute function private.set_updated_at();
create or replace function private.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;
revoke execute on function private.set_updated_at() from public;
