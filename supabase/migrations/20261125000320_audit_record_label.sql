-- What a changed record was called when it changed, so the activity screen names it even when an
-- update touched none of its naming columns (a capacity change of "City Van 1") or the record is
-- gone. Taken from the row itself (redacted as the rest of the entry), by the first naming column
-- the table has: name (text, or a localized object's en), title.en, full_name, first + last name,
-- full_address, reference_number, code, email.
alter table public.audit_log add column record_label text;
alter table public.audit_log add constraint audit_log_record_label_length check (record_label is null or length(record_label) <= 200);

create or replace function private.audit_record_label(row_data jsonb) returns text
language sql
immutable
set search_path = ''
as $$
  select left(nullif(btrim(coalesce(
    case jsonb_typeof(row_data -> 'name') when 'string' then row_data ->> 'name' when 'object' then row_data #>> '{name,en}' end,
    case jsonb_typeof(row_data -> 'title') when 'string' then row_data ->> 'title' when 'object' then row_data #>> '{title,en}' end,
    row_data ->> 'full_name',
    nullif(btrim(concat_ws(' ', row_data ->> 'first_name', row_data ->> 'last_name')), ''),
    row_data ->> 'full_address',
    row_data ->> 'reference_number',
    row_data ->> 'code',
    row_data ->> 'email'
  )), ''), 200);
$$;
revoke all on function private.audit_record_label(jsonb) from public;

create or replace function private.audit_row_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  old_row jsonb := case when tg_op <> 'INSERT' then private.audit_redact(to_jsonb(old)) end;
  new_row jsonb := case when tg_op <> 'DELETE' then private.audit_redact(to_jsonb(new)) end;
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
    select coalesce(array_agg(n.key order by n.key), '{}'),
           coalesce(jsonb_object_agg(n.key, old_row -> n.key), '{}'::jsonb),
           coalesce(jsonb_object_agg(n.key, n.value), '{}'::jsonb)
      into changed, before_values, after_values
    from jsonb_each(new_row) n
    where n.key <> 'updated_at' and (old_row -> n.key) is distinct from n.value;
    if cardinality(changed) = 0 then
      return null;
    end if;
  elsif tg_op = 'INSERT' then
    after_values := new_row - 'updated_at';
    select coalesce(array_agg(k order by k), '{}') into changed from jsonb_object_keys(after_values) k;
  else
    before_values := old_row - 'updated_at';
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

-- Entries written before this migration: labelled from the values they hold. The log is append-only,
-- so its guard steps aside for this one statement of the table's owner.
alter table public.audit_log disable trigger audit_log_append_only;
update public.audit_log set record_label = private.audit_record_label(coalesce(new_values, '{}'::jsonb) || coalesce(old_values, '{}'::jsonb))
where record_label is null;
alter table public.audit_log enable trigger audit_log_append_only;
