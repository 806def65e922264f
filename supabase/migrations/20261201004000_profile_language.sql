-- The language a user reads the app in: their own choice, kept on their profile so that it follows
-- them to every device. Null means no choice: the app falls back to the tenant's default language,
-- then the browser's.
alter table public.profiles add column language text
  constraint profiles_language_check check (language in ('en', 'es', 'fr'));

grant update (language) on public.profiles to authenticated;

-- RLS lets tenant admins update their people's profiles; the language is the user's alone.
-- Security invoker, so that current_user is the caller: service_role and definer functions pass.
create or replace function private.guard_profile_language() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  if new.language is distinct from old.language and old.id is distinct from (select auth.uid()) then
    raise exception 'Only the user can choose the language of their profile' using errcode = '42501';
  end if;
  return new;
end;
$$;
revoke all on function private.guard_profile_language() from public;

create trigger guard_profile_language before update of language on public.profiles
  for each row execute function private.guard_profile_language();
