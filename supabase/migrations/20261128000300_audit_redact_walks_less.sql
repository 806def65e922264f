-- The audit trigger's redaction was most of the database's time under a busy board: audit_redact
-- called itself once per value, scalars included, and is_secret_key once per key (a function with
-- `set search_path` is never inlined), about 80 PL/pgSQL calls for one delivery row, twice per
-- update. Measured with track_functions on the board benchmark: 2.9 ms per audited row, of which
-- 2.2 ms in those calls. Same output, less work:
-- - a value whose text has nothing secret-looking anywhere (keys or values) is returned as it is:
--   a secret key's name would appear in the text, since the pattern is letters and underscores,
--   which jsonb never escapes;
-- - otherwise one query per container drops the secret keys and walks only nested containers.
-- The pattern lives in one immutable function; called with no argument it is folded into a
-- constant when the statement is planned, so a key test is a regular expression, not a call.

create or replace function private.secret_key_pattern() returns text
language sql
immutable
set search_path = ''
as $$
  select '(password|passwd|secret|token|hash|api_?key|maps_?key|private_?key|signing_?key)';
$$;

-- Whether a key names a secret that must never be copied into the log.
create or replace function private.is_secret_key(key text) returns boolean
language sql
immutable
set search_path = ''
as $$
  select lower(key) ~ private.secret_key_pattern();
$$;

-- A jsonb value without the secret keys, at any depth.
create or replace function private.audit_redact(value jsonb) returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  result jsonb;
begin
  if jsonb_typeof(value) not in ('object', 'array') or lower(value::text) !~ private.secret_key_pattern() then
    return value;
  end if;
  if jsonb_typeof(value) = 'object' then
    select coalesce(jsonb_object_agg(e.key, case when jsonb_typeof(e.value) in ('object', 'array') then private.audit_redact(e.value) else e.value end), '{}'::jsonb)
      into result
    from jsonb_each(value) e
    where lower(e.key) !~ private.secret_key_pattern();
  else
    select coalesce(jsonb_agg(case when jsonb_typeof(e.value) in ('object', 'array') then private.audit_redact(e.value) else e.value end order by e.ordinality), '[]'::jsonb)
      into result
    from jsonb_array_elements(value) with ordinality e;
  end if;
  return result;
end;
$$;

revoke all on function private.secret_key_pattern(), private.is_secret_key(text), private.audit_redact(jsonb) from public;
