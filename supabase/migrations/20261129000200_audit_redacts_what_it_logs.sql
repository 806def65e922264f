-- The audit trigger redacted both whole rows of every update before comparing them: for a delivery
-- (its text holds "tracking_token", so the quick exit of audit_redact never applies) that is two
-- walks of some sixty keys and their nested snapshots, about 6 audit_redact calls and a third of
-- the trigger's time, to log the two or three columns a status change touches. Measured with
-- track_functions on the board benchmark's stream: audit_redact was the second largest function
-- after realtime.send (10,686 calls, 1.6 s in 21 s).
--
-- Same entries, less work: an update compares the raw rows first and redacts only the values of
-- the columns that changed. Equivalent because redaction only ever removes keys:
-- - a top-level secret column is dropped from both rows by redaction, so it is never a changed
--   column: it is skipped by name here;
-- - a nested value whose only difference is a secret key is equal once redacted: the values are
--   compared again after redaction, so such a column is no change either;
-- - the record's label reads naming columns (name, title, full_name, ...), none of them a secret
--   key, so it reads the same from the raw row.
-- Inserts and deletes log the whole row, redacted once, as before.

create or replace function private.audit_row_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  old_row jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  new_row jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  row_data jsonb := coalesce(new_row, old_row);
  changed text[];
  before_values jsonb;
  after_values jsonb;
  actor uuid := auth.uid();
  tenant uuid;
begin
  -- The tenants table is its own tenant; every other table carries tenant_id.
  tenant := case when tg_table_name = 'tenants' then (row_data ->> 'id')::uuid else (row_data ->> 'tenant_id')::uuid end;
  -- A deleted tenant has no log left to write to (its entries go with it).
  if tenant is null or (tg_table_name = 'tenants' and tg_op = 'DELETE') then
    return null;
  end if;

  if tg_op = 'UPDATE' then
    select coalesce(array_agg(c.key order by c.key), '{}'),
           coalesce(jsonb_object_agg(c.key, c.before_value), '{}'::jsonb),
           coalesce(jsonb_object_agg(c.key, c.after_value), '{}'::jsonb)
      into changed, before_values, after_values
    from (
      select n.key, private.audit_redact(old_row -> n.key) as before_value, private.audit_redact(n.value) as after_value
      from jsonb_each(new_row) n
      where n.key <> 'updated_at'
        and (old_row -> n.key) is distinct from n.value
        and lower(n.key) !~ private.secret_key_pattern()
    ) c
    where c.before_value is distinct from c.after_value;
    if cardinality(changed) = 0 then
      return null;
    end if;
  elsif tg_op = 'INSERT' then
    after_values := private.audit_redact(new_row) - 'updated_at';
    select coalesce(array_agg(k order by k), '{}') into changed from jsonb_object_keys(after_values) k;
  else
    before_values := private.audit_redact(old_row) - 'updated_at';
    select coalesce(array_agg(k order by k), '{}') into changed from jsonb_object_keys(before_values) k;
  end if;

  insert into public.audit_log (tenant_id, actor_id, actor_name, table_name, row_id, action, changed_columns, old_values, new_values, record_label)
  values (
    tenant,
    actor,
    (select p.full_name from public.profiles p where p.id = actor),
    tg_table_name,
    (row_data ->> 'id')::uuid,
    lower(tg_op),
    changed,
    before_values,
    after_values,
    private.audit_record_label(row_data)
  );
  return null;
end;
$$;
revoke all on function private.audit_row_change() from public;
