-- The language on a profile: each user sets and clears their own, only to a language the app
-- speaks; nobody else sets it, a tenant admin included.
begin;
select plan(7);

select tests.act_as('driver@acme.test');
select is(tests.affected($$ update public.profiles set language = 'fr' where email = 'driver@acme.test' $$), 1, 'driver: sets own language');
select is((select language from public.profiles where email = 'driver@acme.test'), 'fr', 'driver: the choice is kept');
select throws_ok($$ update public.profiles set language = 'de' where email = 'driver@acme.test' $$, '23514', null, 'driver: only en, es or fr');
select is(tests.affected($$ update public.profiles set language = null where email = 'driver@acme.test' $$), 1, 'driver: clears own choice');
select is(tests.affected($$ update public.profiles set language = 'es' where email = 'dispatcher@acme.test' $$), 0, 'driver: cannot set someone else''s');

reset role;
select tests.act_as('admin@acme.test');
select throws_ok($$ update public.profiles set language = 'es' where email = 'driver@acme.test' $$, '42501', null, 'admin: cannot choose a member''s language');
select is(tests.affected($$ update public.profiles set first_name = first_name, language = 'es' where email = 'admin@acme.test' $$), 1, 'admin: sets own language');

select * from finish();
rollback;
