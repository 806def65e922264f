-- At most two webhook-dispatch calls at once (migration 20261206003000): a call takes a dispatcher
-- slot or returns at once; a slot comes back when its call leaves, or when its lease ends.
begin;
select plan(11);

-- The slots of any call left running by earlier work are not this test's concern.
update private.webhook_dispatch_slots set holder = null, held_until = '-infinity';

set local role service_role;
create temp table tokens (n int, token uuid);
insert into tokens values (1, public.webhook_dispatch_enter()), (2, public.webhook_dispatch_enter()), (3, public.webhook_dispatch_enter());
select isnt((select token from tokens where n = 1), null, 'a first call takes a slot');
select isnt((select token from tokens where n = 2), null, 'a second call takes the other');
select is((select token from tokens where n = 3), null, 'a third call finds none free and is told so (it returns at once)');
select isnt((select token from tokens where n = 1), (select token from tokens where n = 2), 'each call holds its own token');

select public.webhook_dispatch_leave((select token from tokens where n = 1));
select isnt(public.webhook_dispatch_enter(), null, 'a slot given back is taken by the next call');
select is(public.webhook_dispatch_enter(), null, 'and the cap holds again');
reset role;

-- A call that died holding its slot: the lease ends, the slot is free again.
update private.webhook_dispatch_slots set held_until = now() - interval '1 second' where holder = (select token from tokens where n = 2);
set local role service_role;
select isnt(public.webhook_dispatch_enter(), null, 'a slot whose lease ended is taken again');
-- The late call leaving afterwards frees nothing another call holds.
select public.webhook_dispatch_leave((select token from tokens where n = 2));
select is(public.webhook_dispatch_enter(), null, 'a late leave with an ended lease does not free the slot another call holds now');
select throws_ok($$ select public.webhook_dispatch_enter('1 hour') $$, '22023', 'lease must be between 0 and 10 minutes', 'a lease out of bounds is refused');
reset role;

set local role authenticated;
select throws_ok($$ select public.webhook_dispatch_enter() $$, '42501', null, 'a signed-in user cannot take a dispatcher slot');
reset role;
set local role anon;
select throws_ok($$ select public.webhook_dispatch_leave(gen_random_uuid()) $$, '42501', null, 'nor can anyone without a session give one back');
reset role;

select * from finish();
rollback;
