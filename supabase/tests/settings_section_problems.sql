-- private.settings_section_problems: a jsonb settings section's shape (an object of known keys) and
-- its whole-number bounds, stated once for the picking and delivery settings.
begin;
select plan(10);

create function pg_temp.caps(section jsonb) returns jsonb
language sql
as $$
  select private.settings_section_problems(section, 'caps', array['low', 'high', 'note'], 'Caps hold low, high and note',
    '[{"key": "low", "min": 1, "max": 5, "message": "Low is 1 to 5"}, {"key": "high", "min": 10, "max": 20, "message": "High is 10 to 20"}]'::jsonb);
$$;

select is(pg_temp.caps(null), '[]'::jsonb, 'nothing stored has no problem');
select is(pg_temp.caps('{}'), '[]'::jsonb, 'an empty section has no problem');
select is(pg_temp.caps('{"low": 1, "high": 20, "note": "x"}'), '[]'::jsonb, 'the bounds themselves are accepted, and a key without bounds is free');
select is(pg_temp.caps('{"low": 1, "other": 2}'), '[{"field": "caps", "message": "Caps hold low, high and note"}]'::jsonb,
  'an unknown key is one problem on the section, and nothing else is checked');
select is(pg_temp.caps('[1]'), '[{"field": "caps", "message": "Caps hold low, high and note"}]'::jsonb, 'an array is not a section');
select is(pg_temp.caps('null'), '[{"field": "caps", "message": "Caps hold low, high and note"}]'::jsonb, 'a JSON null is not a section');
select is(pg_temp.caps('{"low": 0, "high": 21}'),
  '[{"field": "caps.low", "message": "Low is 1 to 5"}, {"field": "caps.high", "message": "High is 10 to 20"}]'::jsonb,
  'each key out of bounds is a problem on its field, in the order the bounds are given');
select is(pg_temp.caps('{"low": 2.5}'), '[{"field": "caps.low", "message": "Low is 1 to 5"}]'::jsonb, 'a fraction is not a whole number');
select is(pg_temp.caps('{"low": "3"}'), '[{"field": "caps.low", "message": "Low is 1 to 5"}]'::jsonb, 'a number in a string is not a number');
select is(private.settings_section_problems('{"a": 1}', 's', array['a'], 'S holds a'), '[]'::jsonb, 'without bounds only the shape is checked');

select * from finish();
rollback;
