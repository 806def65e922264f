-- Refusals carry a stable key beside their English words (private.problem, private.raise_problems):
-- the builder's shape and its refused keys, and the keys of the quote's and chat's refusals as the
-- error's DETAIL (what PostgREST hands the app as `details`), as the staff of acme and globex.
begin;
select plan(39);

-- What a statement's error says, read as the caller: its SQLSTATE, message, DETAIL (jsonb) and HINT.
create function pg_temp.refusal(statement text) returns jsonb
language plpgsql
as $$
declare
  state text;
  words text;
  detail text;
  hint text;
begin
  begin
    execute statement;
  exception when others then
    get stacked diagnostics state = returned_sqlstate, words = message_text, detail = pg_exception_detail, hint = pg_exception_hint;
    return jsonb_build_object('code', state, 'message', words, 'details', detail::jsonb, 'hint', hint);
  end;
  return null;
end;
$$;
grant execute on function pg_temp.refusal(text) to authenticated;

create function pg_temp.keys(statement text) returns text
language sql
as $$ select string_agg(coalesce(p ->> 'field', '-') || ':' || (p ->> 'key'), ' ' order by ord)
      from jsonb_array_elements(pg_temp.refusal(statement) -> 'details') with ordinality as x (p, ord) $$;
grant execute on function pg_temp.keys(text) to authenticated;

create temp table fx (acme_conversation uuid, globex_conversation uuid);
grant all on fx to authenticated;
insert into fx
select (select id from public.conversations where tenant_id = 'a0000000-0000-4000-8000-000000000001' and not is_archived order by id limit 1),
       (select id from public.conversations where tenant_id = 'b0000000-0000-4000-8000-000000000001' and not is_archived order by id limit 1);
select isnt((select acme_conversation from fx), null, 'the seed has a conversation of acme');
select isnt((select globex_conversation from fx), null, 'and one of globex');

-- The builder
select is(private.problem('quote.no_price', 'route', 'No active price', '{"service": "Same Day"}'),
  '{"key": "quote.no_price", "field": "route", "message": "No active price", "params": {"service": "Same Day"}}'::jsonb, 'a problem: key, field, message, params');
select is(private.problem('chat.conversation_not_found', null, 'Conversation not found'),
  '{"key": "chat.conversation_not_found", "message": "Conversation not found"}'::jsonb, 'a refusal of the whole request has no field');
select throws_ok($$ select private.problem('No zone covers it', 'pickup', 'No zone covers it') $$, '22023', null, 'a key is no English sentence');
select throws_ok($$ select private.problem(null, 'pickup', 'No zone') $$, '22023', null, 'nor missing');
select lives_ok($$ select private.raise_problems('[]') $$, 'no problems raise nothing');
select is(pg_temp.refusal($$ select private.raise_problem('chat.message_empty', 'content', 'Write a message') $$) - 'details',
  '{"code": "23514", "message": "Validation failed", "hint": "details is a JSON array of {key, field, message, params}"}'::jsonb,
  'one problem is raised as 23514 Validation failed');

-- The quote, as acme's dispatcher
select tests.act_as('dispatcher@acme.test');
select is(pg_temp.keys($$ select public.quote(95, -122.3870, 37.7706, 200, null, -1) $$),
  'pickup:quote.pickup_range dropoff:quote.dropoff_range service_id:quote.service_required weight_kg:quote.weight_range',
  'acme dispatcher: each of the quote''s problems is keyed');
select is(pg_temp.keys($$ select public.quote(37.70, -122.60, 37.7706, -122.3870, 'a6100000-0000-4000-8000-000000000002', null) $$),
  'pickup:quote.no_pickup_zone weight_kg:quote.weight_required', 'acme dispatcher: no zone, no weight');
select is(pg_temp.refusal($$ select public.quote(37.7706, -122.3870, 37.7600, -122.4200, 'a6100000-0000-4000-8000-000000000002', 1) $$),
  null, 'acme dispatcher: a priced route is no refusal');
reset role;

-- The quote, as globex's: acme's service is nobody's here, and an inactive service names itself
select tests.act_as('dispatcher@globex.test');
select is(pg_temp.keys($$ select public.quote(51.5054, -0.0235, 37.7706, -122.3870, 'a6100000-0000-4000-8000-000000000002', 1) $$),
  'dropoff:quote.no_dropoff_zone service_id:quote.service_not_found', 'globex dispatcher: acme''s service is not found');
reset role;
update public.delivery_services set active = false where id = 'b6100000-0000-4000-8000-000000000001';
select tests.act_as('dispatcher@globex.test');
select is(pg_temp.refusal($$ select public.quote(51.5054, -0.0235, 51.5150, -0.1400, 'b6100000-0000-4000-8000-000000000001', 1) $$) -> 'details' -> 0 -> 'params',
  jsonb_build_object('service', (select name from public.delivery_services where id = 'b6100000-0000-4000-8000-000000000001')),
  'globex dispatcher: an inactive service''s refusal carries its name for the translated words');
reset role;

-- Who may not quote: the refusal of the whole request is keyed too
select tests.act_as('driver@acme.test');
select is(pg_temp.refusal($$ select public.quote(37.77, -122.39, 37.76, -122.42, 'a6100000-0000-4000-8000-000000000002', 1) $$) - 'hint',
  '{"code": "42501", "message": "You do not have permission to quote deliveries", "details": [{"key": "quote.not_allowed", "message": "You do not have permission to quote deliveries"}]}'::jsonb,
  'acme driver: not allowed, keyed, same SQLSTATE and message');
reset role;
select tests.act_as('customer@globex.test');
select is(pg_temp.keys($$ select public.quote(51.5054, -0.0235, 51.5150, -0.1400, 'b6100000-0000-4000-8000-000000000001', 1) $$),
  '-:quote.not_allowed', 'globex customer: not allowed');
reset role;

-- Chat: sending a message
select tests.act_as('dispatcher@acme.test');
select is(pg_temp.keys(format($$ select public.send_message(%L, '   ') $$, (select acme_conversation from fx))),
  'content:chat.message_empty', 'acme dispatcher: an empty message');
select is(pg_temp.refusal(format($$ select public.send_message(%L, repeat('x', 4001)) $$, (select acme_conversation from fx))) -> 'details',
  '[{"key": "chat.message_too_long", "field": "content", "message": "A message can be at most 4000 characters", "params": {"max": 4000}}]'::jsonb,
  'acme dispatcher: a message too long, with its limit');
select is(pg_temp.keys(format($$ select public.send_message(%L, 'hi', 'system') $$, (select acme_conversation from fx))),
  'message_type:chat.text_only', 'acme dispatcher: only text');
select is(pg_temp.keys(format($$ select public.send_message(%L, 'hi', client_id => 'no') $$, (select acme_conversation from fx))),
  'client_id:chat.client_id_invalid', 'acme dispatcher: a malformed client id');
select is(pg_temp.refusal(format($$ select public.send_message(%L, 'hi') $$, (select globex_conversation from fx))) - 'hint',
  '{"code": "PT404", "message": "Conversation not found", "details": [{"key": "chat.conversation_not_found", "message": "Conversation not found"}]}'::jsonb,
  'acme dispatcher: globex''s conversation is not found, keyed');
reset role;

update public.conversations set is_archived = true where id = (select globex_conversation from fx);
select tests.act_as('dispatcher@globex.test');
select is(pg_temp.keys(format($$ select public.send_message(%L, 'hi') $$, (select acme_conversation from fx))),
  '-:chat.conversation_not_found', 'globex dispatcher: acme''s conversation is not found');
select is(pg_temp.keys(format($$ select public.send_message(%L, 'hi') $$, (select globex_conversation from fx))),
  'conversation_id:chat.conversation_archived', 'globex dispatcher: an archived conversation');
reset role;

-- System settings and the picking defaults: each refusal keyed, the admin check too
select tests.act_as('admin@acme.test');
select is(pg_temp.keys($$ select public.save_tenant_settings('a0000000-0000-4000-8000-000000000001', '  ',
  '{"email": "x@y", "phone": "12", "address": null}',
  '{"timezone": "Mars/Olympus_Mons", "currency": "XYZ", "language": "de", "units": {"weight": "stone", "volume": "l", "length": "mm", "temperature": "K"},
    "default_location_cordinates": {"settings": {"latitude": 91, "longitude": -181}}}', 'bad key') $$),
  'name:settings.name_required contact_info.email:settings.email_invalid contact_info.phone:settings.phone_invalid '
  'general.latitude:settings.latitude_range general.longitude:settings.longitude_range general.timezone:settings.timezone_unknown '
  'general.currency:settings.currency_unknown general.language:settings.language_unknown general.units.weight:settings.weight_unit '
  'general.units.volume:settings.volume_unit general.units.length:settings.length_unit general.units.temperature:settings.temperature_unit '
  'maps_key:settings.maps_key_invalid',
  'acme admin: each of the system settings'' problems is keyed');
select is(pg_temp.refusal($$ select public.save_tenant_settings('a0000000-0000-4000-8000-000000000001', 'Acme', jsonb_build_object('email', repeat('a', 65) || '@acme.test'), '{}', null) $$) - 'hint',
  '{"code": "23514", "message": "Validation failed", "details": [{"key": "settings.email_invalid", "field": "contact_info.email", "message": "Enter a valid email address"}]}'::jsonb,
  'acme admin: an email whose name is longer than 64 characters, keyed, same SQLSTATE and message');
select is(pg_temp.keys($$ select public.save_tenant_settings('a0000000-0000-4000-8000-000000000001', 'Acme', '{"address": null}', '[]', null) $$),
  'general:settings.general_shape', 'acme admin: general settings that are no object');
select is(pg_temp.refusal($$ select public.save_picking_settings('a0000000-0000-4000-8000-000000000001', '{"max_orders": 1, "max_lines": 201}') $$) -> 'details',
  '[{"key": "settings.picking_max_orders", "field": "picking.max_orders", "message": "Max orders must be a whole number from 2 to 50", "params": {"min": 2, "max": 50}},
    {"key": "settings.picking_max_lines", "field": "picking.max_lines", "message": "Max lines must be a whole number from 1 to 200", "params": {"min": 1, "max": 200}}]'::jsonb,
  'acme admin: picking caps out of bounds, keyed with their bounds');
select is(pg_temp.keys($$ select public.save_picking_settings('a0000000-0000-4000-8000-000000000001', '{"max_zones": 3}') $$),
  'picking:settings.picking_shape', 'acme admin: a picking key that does not exist');
select is(pg_temp.refusal($$ select public.save_picking_settings('b0000000-0000-4000-8000-000000000001', '{"max_orders": 5}') $$) - 'hint',
  '{"code": "42501", "message": "Only the tenant''s admins may change its settings", "details": [{"key": "settings.not_admin", "message": "Only the tenant''s admins may change its settings"}]}'::jsonb,
  'acme admin: globex''s picking defaults are not theirs, keyed, same SQLSTATE and message');
reset role;
select tests.act_as('dispatcher@acme.test');
select is(pg_temp.keys($$ select public.save_tenant_settings('a0000000-0000-4000-8000-000000000001', 'Acme', '{}', '{}', null) $$),
  '-:settings.not_admin', 'acme dispatcher: not an admin');
reset role;
select tests.act_as('admin@globex.test');
select is(pg_temp.keys($$ select public.save_tenant_settings('a0000000-0000-4000-8000-000000000001', 'Acme', '{}', '{}', null) $$),
  '-:settings.not_admin', 'globex admin: acme''s settings are not theirs');
select is(pg_temp.keys($$ select public.save_tenant_settings('b0000000-0000-4000-8000-000000000001', 'Globex', '{"phone": "12"}', '{"currency": "XYZ"}', null) $$),
  'contact_info.phone:settings.phone_invalid general.currency:settings.currency_unknown', 'globex admin: their own settings'' problems are keyed');
select is(pg_temp.keys($$ select public.save_picking_settings('b0000000-0000-4000-8000-000000000001', '{"max_lines": 0}') $$),
  'picking.max_lines:settings.picking_max_lines', 'globex admin: their own picking caps');
reset role;
select is(pg_temp.keys($$ update public.tenants set settings = settings || '{"picking": {"max_orders": 500}}' where slug = 'globex' $$),
  'picking.max_orders:settings.picking_max_orders', 'the table owner''s direct write is refused with the key too');

-- The brand: each refusal keyed, the admin check too
select tests.act_as('admin@globex.test');
select is(pg_temp.keys($$ select public.save_tenant_brand('b0000000-0000-4000-8000-000000000001',
  '{"colors": {"primary": "blue", "text": "#0f172a"}, "configurations": {"font": "x;}"}, "presets": [{"name": "", "palette": {}}],
    "assets": {"favicon": "javascript:alert(1)", "logo": {"light": "ftp://x", "dark": "ftp://y"}}}') $$),
  'colors.primary:brand.color_invalid configurations.font:brand.font_invalid presets:brand.preset_invalid '
  'assets.favicon:brand.favicon_invalid assets.logo.light:brand.logo_invalid assets.logo.dark:brand.logo_invalid',
  'globex admin: each of the brand''s problems is keyed');
select is(pg_temp.keys($$ select public.save_tenant_brand('b0000000-0000-4000-8000-000000000001', '{"colors": [], "presets": {}, "assets": "x"}') $$),
  'colors:brand.colors_shape presets:brand.presets_shape assets:brand.assets_shape', 'globex admin: parts of the wrong shape');
select is(pg_temp.keys($$ select public.save_tenant_brand('b0000000-0000-4000-8000-000000000001', '[]') $$),
  'colors:brand.shape', 'globex admin: a brand that is no object');
select is(pg_temp.refusal($$ select public.save_tenant_brand('a0000000-0000-4000-8000-000000000001', '{}') $$) - 'hint',
  '{"code": "42501", "message": "Only the tenant''s admins may change its brand", "details": [{"key": "brand.not_admin", "message": "Only the tenant''s admins may change its brand"}]}'::jsonb,
  'globex admin: acme''s brand is not theirs, keyed, same SQLSTATE and message');
reset role;
select tests.act_as('admin@acme.test');
select is(pg_temp.keys($$ select public.save_tenant_brand('a0000000-0000-4000-8000-000000000001', '{"colors": {"secondary": "#12"}}') $$),
  'colors.secondary:brand.color_invalid', 'acme admin: a colour that is no hex');
reset role;
select tests.act_as('dispatcher@globex.test');
select is(pg_temp.keys($$ select public.save_tenant_brand('b0000000-0000-4000-8000-000000000001', '{}') $$),
  '-:brand.not_admin', 'globex dispatcher: not an admin');
reset role;

select * from finish();
rollback;
