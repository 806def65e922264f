-- 'Not found' from a function answers HTTP 404. PostgREST maps SQLSTATE PTnnn to status nnn, while
-- P0002 (no_data_found) becomes a 500; the delivery, driver, chat and return functions each raised
-- PT404 by hand. `private.not_found(message)` is that raise, once, for every function from here on:
--   perform private.not_found('Warehouse not found');
-- and save_warehouse, the last function raising P0002 for a record the caller cannot see, now uses it.

create or replace function private.not_found(message text) returns void
language plpgsql
set search_path = ''
as $$
begin
  raise exception using errcode = 'PT404', message = message;
end;
$$;
revoke all on function private.not_found(text) from public;
grant execute on function private.not_found(text) to authenticated, anon, service_role;

-- save_warehouse (20261125000400) is otherwise unchanged: its definition is rewritten in place rather
-- than copied here, and the migration stops if that line is no longer there to rewrite.
do $$
declare
  def text := pg_get_functiondef('public.save_warehouse(uuid, jsonb)'::regprocedure);
  old_line constant text := 'raise exception using errcode = ''P0002'', message = ''Warehouse not found'';';
begin
  if position(old_line in def) = 0 then
    raise exception 'save_warehouse no longer raises P0002 as 20261125000400 wrote it: revisit this migration';
  end if;
  execute replace(def, old_line, 'perform private.not_found(''Warehouse not found'');');
end;
$$;
