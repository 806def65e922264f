-- Package handoffs at each tenant's main warehouse, one in every status, for the first four of
-- today's assigned deliveries (by code) not collected at a warehouse (those are left to hand over:
-- 73_warehouse_pickups.sql): the packer hands over the packages of a completed pick order. Written as history (no notices); the completed one is on its delivery's timeline as the
-- database records a completion. The signature is the warehouse's seeded drawing
-- (seed-storage/handoff-signatures/<tenant_id>/<warehouse_id>/seed-signature.png).
-- "Today's" is 70_deliveries.sql's working set, assigned within the last 150 minutes: the last 12
-- hours, not since midnight UTC (just after it, that set straddles the date and would be missed).
with today as (
  select d.id, d.tenant_id, d.delivery_code, d.assigned_at,
    row_number() over (partition by d.tenant_id order by d.delivery_code) as n
  from public.deliveries d
  where d.status = 'assigned' and d.assigned_at >= now() - interval '12 hours'
    and not exists (select 1 from public.warehouses w where w.address_id = d.pickup_address_id)
),
site as (
  select * from (values
    ('a0000000-0000-4000-8000-000000000001'::uuid, 'a5000000-0000-4000-8000-000000000001'::uuid, 'a5100000-0000-4000-8000-000000000005'::uuid),
    ('b0000000-0000-4000-8000-000000000001'::uuid, 'b5000000-0000-4000-8000-000000000001'::uuid, 'b5100000-0000-4000-8000-000000000005'::uuid)
  ) as x(tenant_id, warehouse_id, packer)
),
made as (
  insert into public.package_handoffs (tenant_id, warehouse_id, delivery_id, picking_order_id, warehouse_staff_id,
    signature_url, notes, status, initiated_at, completed_at, created_by)
  select t.tenant_id, s.warehouse_id, t.id,
    (select o.id from public.pick_orders o where o.warehouse_id = s.warehouse_id and o.status = 'completed'
      order by o.reference_number offset (t.n % 2) limit 1),
    (select w.id from public.warehouse_staff w where w.warehouse_id = s.warehouse_id and w.user_id = s.packer),
    t.tenant_id || '/' || s.warehouse_id || '/seed-signature.png',
    (array['Two cartons at dock 3', null, 'Checked against the pick list', 'Driver will come back after lunch'])[t.n],
    (array['pending', 'in_progress', 'completed', 'cancelled'])[t.n],
    greatest(t.assigned_at, now() - interval '50 minutes') + t.n * interval '5 minutes',
    case when t.n = 3 then greatest(t.assigned_at, now() - interval '50 minutes') + interval '25 minutes' end,
    s.packer
  from today t join site s on s.tenant_id = t.tenant_id
  where t.n <= 4
  returning *
),
history as (
  insert into public.package_handoff_events (tenant_id, package_handoff_id, from_status, status, actor_id, actor_name, occurred_at)
  select m.tenant_id, m.id, e.from_status, e.status, m.created_by, (select p.full_name from public.profiles p where p.id = m.created_by),
    m.initiated_at + e.k * interval '10 minutes'
  from made m
  cross join lateral (values (0, null, 'pending'), (1, 'pending', m.status)) as e(k, from_status, status)
  where e.k = 0 or m.status <> 'pending'
  returning 1
)
insert into public.delivery_events (tenant_id, delivery_id, action, status, from_status, occurred_at, actor_id, actor_name, driver_id, note)
select m.tenant_id, m.delivery_id, 'handed_over', d.status, d.status, m.completed_at, m.created_by,
  (select p.full_name from public.profiles p where p.id = m.created_by), d.driver_id,
  'Packages ready at ' || (select w.name from public.warehouses w where w.id = m.warehouse_id)
from made m join public.deliveries d on d.id = m.delivery_id
where m.status = 'completed' and (select count(*) from history) >= 0;
