-- One helper for a jsonb settings section's shape and numeric bounds: private.settings_section_problems.
--
-- Each section of tenants.settings that the database checks (`delivery` with its `proof` object,
-- `picking`) wrote out the same two rules by hand: a section is an object holding only its known
-- keys (else one problem on the section's field), and a number key is a whole number within its
-- bounds (else a problem on `<field>.<key>`). The helper states them once; the two problem
-- functions below are written out whole and call it. Their messages, fields, problem order and
-- the triggers' SQLSTATE 23514 are unchanged (the same pgTAP passes).

-- The problems of a settings section: [] when `section` is SQL null (nothing stored) or right;
-- [{field, message: shape_message}] alone when it is not an object or holds a key outside `keys`;
-- otherwise one {field.key, message} per entry of `whole_numbers` ([{key, min, max, message}], in
-- that order) whose key is present and is not a whole number from min to max.
create or replace function private.settings_section_problems(
  section jsonb,
  field text,
  keys text[],
  shape_message text,
  whole_numbers jsonb default '[]'::jsonb
) returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
  bound jsonb;
  key text;
begin
  if section is null then
    return problems;
  end if;
  if jsonb_typeof(section) <> 'object' or section - keys <> '{}'::jsonb then
    return jsonb_build_array(jsonb_build_object('field', field, 'message', shape_message));
  end if;
  for bound in select value from jsonb_array_elements(whole_numbers) loop
    key := bound ->> 'key';
    if section ? key and not coalesce(jsonb_typeof(section -> key) = 'number'
        and (section ->> key)::numeric between (bound ->> 'min')::numeric and (bound ->> 'max')::numeric
        and (section ->> key)::numeric % 1 = 0, false) then
      problems := problems || jsonb_build_object('field', field || '.' || key, 'message', bound ->> 'message');
    end if;
  end loop;
  return problems;
end;
$$;
revoke all on function private.settings_section_problems(jsonb, text, text[], text, jsonb) from public;
grant execute on function private.settings_section_problems(jsonb, text, text[], text, jsonb) to authenticated, service_role;

-- What is wrong with a `settings.picking` value (an empty array when nothing is; null is no value):
-- max_orders a whole number from 2 to 50, max_lines from 1 to 200 (the bounds build_pick_batch accepts).
create or replace function private.picking_settings_problems(picking jsonb) returns jsonb
language sql
immutable
set search_path = ''
as $$
  select private.settings_section_problems(
    picking, 'picking', array['max_orders', 'max_lines'], 'Picking settings hold max_orders and max_lines',
    jsonb_build_array(
      jsonb_build_object('key', 'max_orders', 'min', 2, 'max', 50, 'message', 'Max orders must be a whole number from 2 to 50'),
      jsonb_build_object('key', 'max_lines', 'min', 1, 'max', 200, 'message', 'Max lines must be a whole number from 1 to 200')));
$$;
revoke all on function private.picking_settings_problems(jsonb) from public;
grant execute on function private.picking_settings_problems(jsonb) to authenticated, service_role;

-- What is wrong with a `settings.delivery` value (an empty array when nothing is; null is no value):
-- proof's items each 'required', 'optional' or 'off'; 1 to 20 distinct failure reasons of 1 to 100 characters.
create or replace function private.delivery_settings_problems(delivery jsonb) returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  problems jsonb;
  proof_problems jsonb;
  item text;
begin
  problems := private.settings_section_problems(delivery, 'delivery', array['proof', 'failure_reasons'], 'Delivery settings hold proof and failure_reasons');
  if delivery is null or jsonb_array_length(problems) > 0 then
    return problems;
  end if;
  if delivery ? 'proof' then
    proof_problems := private.settings_section_problems(delivery -> 'proof', 'delivery.proof', array['signature', 'photo', 'recipient_name', 'notes'],
      'Proof settings hold signature, photo, recipient_name and notes');
    if jsonb_array_length(proof_problems) > 0 then
      problems := problems || proof_problems;
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
