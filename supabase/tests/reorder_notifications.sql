-- An item falling under its reorder point in a warehouse notifies the tenant's active admins and
-- that warehouse's active managers, once per crossing; the owner's writes (the seed) notify nobody.
begin;
select plan(18);
-- The check runs at commit; a test that rolls back asks for it at the end of each statement instead.
set constraints public.reorder_points_checked_at_commit immediate;

insert into public.inventory_items (id, tenant_id, name, sku) values
  ('c1900000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'Reorder Test Stapler', 'RO-STAPLER-01');
insert into public.inventory_reorder_points (tenant_id, item_id, warehouse_id, reorder_point) values
  ('a0000000-0000-4000-8000-000000000001', 'c1900000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', 8);

select tests.remember('b02', id) from public.warehouse_locations where warehouse_id = 'a5000000-0000-4000-8000-000000000001' and code = 'Z1-A01-S1-B02';
select tests.remember('b03', id) from public.warehouse_locations where warehouse_id = 'a5000000-0000-4000-8000-000000000001' and code = 'Z1-A01-S1-B03';
-- 10 on hand, as the owner (opening stock notifies nobody).
select public.record_inventory_transaction(transaction_type => 'receive', item_id => 'c1900000-0000-4000-8000-000000000001',
  warehouse_id => 'a5000000-0000-4000-8000-000000000001', quantity => 10, to_bin_id => tests.id('b02'));

-- As `who`, a transaction of `kind` of `units` (picks and moves from B02, receipts into B02, moves into B03).
create function pg_temp.stock(who text, kind text, units integer) returns void
language plpgsql
as $$
begin
  if who is not null then
    perform tests.act_as(who);
  end if;
  perform public.record_inventory_transaction(transaction_type => kind, item_id => 'c1900000-0000-4000-8000-000000000001',
    warehouse_id => 'a5000000-0000-4000-8000-000000000001', quantity => units,
    from_bin_id => case when kind in ('pick', 'move') then tests.id('b02') end,
    to_bin_id => case kind when 'receive' then tests.id('b02') when 'move' then tests.id('b03') end);
  reset role;
end;
$$;

-- Who has been told, as emails with how many times, sorted.
create function pg_temp.told() returns text
language sql
as $$
  select coalesce(string_agg(e || ' x' || n, ', ' order by e), '')
  from (select u.email as e, count(*) as n from public.notifications x join auth.users u on u.id = x.user_id
    where x.title = 'Reorder Test Stapler is under its reorder point' group by u.email) t;
$$;

create temp table t_expected as
select string_agg(e, ', ' order by e) as once
from (
  select u.email || ' x1' as e from public.profiles p join auth.users u on u.id = p.id
  where p.tenant_id = 'a0000000-0000-4000-8000-000000000001' and p.status = 'active'
    and (p.panel_type = 'admin' or exists (select 1 from public.warehouse_staff s where s.user_id = p.id
      and s.warehouse_id = 'a5000000-0000-4000-8000-000000000001' and s.role = 'manager' and s.active))
) t;
grant select on t_expected to public;

select ok((select once from t_expected) like '%admin@acme.test x1%maya.chen@acmelogistics.example x1%',
  'the people to tell include the acme admin and Bayview''s manager');

select pg_temp.stock('grace.kim@acmelogistics.example', 'receive', 0 + 1);
select pg_temp.stock('tyrone.jackson@acmelogistics.example', 'pick', 3);
select is(pg_temp.told(), '', 'a pick that leaves the stock at or above the point (11 -> 8) tells nobody');

select pg_temp.stock('tyrone.jackson@acmelogistics.example', 'pick', 2);
select is(pg_temp.told(), (select once from t_expected), 'falling under (8 -> 6) tells the tenant''s admins and the warehouse''s managers, once each');
select ok(pg_temp.told() not like '%grace.kim%' and pg_temp.told() not like '%marcus.reyes%' and pg_temp.told() not like '%dispatcher@acme.test%'
  and pg_temp.told() not like '%globex%', 'not its receivers, supervisors, dispatchers or another tenant');

select pg_temp.stock('tyrone.jackson@acmelogistics.example', 'pick', 1);
select pg_temp.stock('admin@acme.test', 'move', 2);
select is(pg_temp.told(), (select once from t_expected), 'another pick below the point, or a move within the warehouse, tells nobody again');

select results_eq(
  $$select distinct x.link from public.notifications x join public.profiles p on p.id = x.user_id
    where x.title = 'Reorder Test Stapler is under its reorder point' and p.panel_type = 'admin'$$,
  $$values ('/acme/admin/inventory-items/c1900000-0000-4000-8000-000000000001/edit'::text)$$,
  'admins'' notification links to the item');
select results_eq(
  $$select x.link, x.body from public.notifications x join auth.users u on u.id = x.user_id
    where x.title = 'Reorder Test Stapler is under its reorder point' and u.email = 'maya.chen@acmelogistics.example'$$,
  $$values ('/acme/dispatcher/floor'::text, 'Reorder Test Stapler (RO-STAPLER-01) in Bayview Distribution Center: 6 available, reorder point 8.'::text)$$,
  'the manager''s links to their warehouse section, and says the stock and the point');

-- Back at the point, then under again: a second crossing, told again.
select pg_temp.stock('grace.kim@acmelogistics.example', 'receive', 3);
select is((select below_notified_at from public.inventory_reorder_points where item_id = 'c1900000-0000-4000-8000-000000000001'), null,
  'stock back at the point (5 -> 8) clears the mark');
select pg_temp.stock('tyrone.jackson@acmelogistics.example', 'pick', 1);
select is(pg_temp.told(), replace((select once from t_expected), ' x1', ' x2'), 'the next fall under the point is told again');

-- The owner's writes (the seed's history) tell nobody; a new point is news again at the next decrease.
select pg_temp.stock(null, 'receive', 10);
select pg_temp.stock(null, 'pick', 12);
select is(pg_temp.told(), replace((select once from t_expected), ' x1', ' x2'), 'the owner''s crossing tells nobody');
select is((select below_notified_at from public.inventory_reorder_points where item_id = 'c1900000-0000-4000-8000-000000000001'), null,
  'the owner''s restock (7 -> 17) cleared the mark, and its fall under the point (17 -> 5) set none');
update public.inventory_reorder_points set reorder_point = 4, below_notified_at = now() where item_id = 'c1900000-0000-4000-8000-000000000001';
select is((select below_notified_at from public.inventory_reorder_points where item_id = 'c1900000-0000-4000-8000-000000000001'), null,
  'a changed reorder point starts unmarked');
select pg_temp.stock('tyrone.jackson@acmelogistics.example', 'pick', 2);
select is(pg_temp.told(), replace((select once from t_expected), ' x1', ' x3'), 'a decrease under the new point (5 -> 3) is told');

-- Under the point and unmarked (as an import or the seed leaves an item): an increase that stays
-- under tells nobody; the first decrease by a person tells them.
update public.inventory_reorder_points set reorder_point = 10 where item_id = 'c1900000-0000-4000-8000-000000000001';
select pg_temp.stock('grace.kim@acmelogistics.example', 'receive', 2);
select is(pg_temp.told(), replace((select once from t_expected), ' x1', ' x3'), 'a receipt that leaves the stock under the point (3 -> 5) tells nobody');
select pg_temp.stock('tyrone.jackson@acmelogistics.example', 'pick', 1);
select is(pg_temp.told(), replace((select once from t_expected), ' x1', ' x4'), 'the first decrease under an unmarked point (5 -> 4) is told');

-- The seed: items under their point, none of them told (no notification was seeded), so none marked;
-- the first pick of one tells its people.
select ok(exists (
    select 1 from public.inventory_reorder_points r
    where r.tenant_id = 'a0000000-0000-4000-8000-000000000001'
      and r.reorder_point > (select coalesce(sum(s.quantity), 0) from public.inventory_stock s
        where s.item_id = r.item_id and s.warehouse_id = r.warehouse_id and s.status = 'available')),
  'the seed has items under their reorder point');
select is((select count(*)::integer from public.inventory_reorder_points
    where below_notified_at is not null and item_id <> 'c1900000-0000-4000-8000-000000000001'), 0,
  'no seeded reorder point is marked: nobody was told of them');
create temp table t_seeded as
select r.item_id, i.name, s.bin_id, s.lot_number, s.serial_number
from public.inventory_reorder_points r
join public.inventory_items i on i.id = r.item_id
join public.inventory_stock s on s.item_id = r.item_id and s.warehouse_id = r.warehouse_id and s.status = 'available' and s.quantity - s.reserved > 0
where r.warehouse_id = 'a5000000-0000-4000-8000-000000000001'
  and r.reorder_point > (select coalesce(sum(x.quantity), 0) from public.inventory_stock x
    where x.item_id = r.item_id and x.warehouse_id = r.warehouse_id and x.status = 'available')
order by i.name, s.id limit 1;
grant select on t_seeded to public;
select tests.act_as('admin@acme.test');
select public.record_inventory_transaction(transaction_type => 'pick', item_id => (select item_id from t_seeded),
  warehouse_id => 'a5000000-0000-4000-8000-000000000001', quantity => 1, from_bin_id => (select bin_id from t_seeded),
  lot_number => (select lot_number from t_seeded), serial_number => (select serial_number from t_seeded));
reset role;
select is((select count(*)::integer from public.notifications x join auth.users u on u.id = x.user_id
    where u.email = 'admin@acme.test' and x.title = (select name from t_seeded) || ' is under its reorder point'), 1,
  'the first pick of a seeded item under its point tells the admins');

select * from finish();
rollback;
