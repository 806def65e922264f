-- Return requests and delivery exceptions for every tenant, on the tenant's seeded deliveries
-- (70_deliveries.sql), chosen by what they are, never by id: a dozen returns of delivered deliveries
-- in every status (with their pickup deliveries from the approval on, created through deliveries
-- like the console creates them, and their history), and fifteen exceptions in every type,
-- severity and status (with their history). A tenant without deliveries gets none, so this file
-- inserts nothing before the deliveries seed exists. Deterministic: every choice follows the
-- delivery's position in its tenant's list.

do $seed$
declare
  t record;
  d record;
  staff uuid;
  staff_name text;
  -- The tenant's active admins and dispatchers: exceptions are spread over them.
  team uuid[];
  n integer;
  r public.return_requests;
  x public.exceptions;
  pickup uuid;
  warehouse uuid;
  step_at timestamptz;
  requested_at timestamptz;
  -- Returns: status, reason, reason text, note of the decision, refunded.
  return_plan constant text[][] := array[
    array['requested', 'damaged', '', ''],
    array['requested', 'wrong_item', '', ''],
    array['requested', 'other', 'Ordered two sizes to try on; returning the one that does not fit', ''],
    array['approved', 'not_as_described', '', 'Photos confirm the colour differs from the listing'],
    array['rejected', 'no_longer_needed', '', 'Outside the 14-day return window'],
    array['rejected', 'damaged', '', 'Damage is wear from use, not from shipping'],
    array['pickup_scheduled', 'damaged', '', 'Carton crushed in transit, approved for full refund'],
    array['pickup_scheduled', 'wrong_item', '', 'Picked the wrong SKU at the warehouse'],
    array['picked_up', 'not_as_described', '', 'Approved: finish does not match the product page'],
    array['received', 'damaged', '', 'Approved after photo review'],
    array['closed', 'wrong_item', '', 'Approved: replacement already sent'],
    array['closed', 'no_longer_needed', '', 'Approved as a goodwill gesture']
  ];
  steps text[] := array['requested', 'approved', 'pickup_scheduled', 'picked_up', 'received', 'closed'];
  target text;
  failure_detail text;
  k integer;
  -- Exceptions: type, severity, status, description, resolution.
  exception_plan constant text[][] := array[
    array['damaged', 'high', 'open', 'Outer carton split on one corner; contents rattling when handed over', ''],
    array['delayed', 'medium', 'open', 'Stuck behind a road closure, ETA pushed back by about 40 minutes', ''],
    array['address_problem', 'low', 'open', 'Building has two entrances and the unit number is missing from the label', ''],
    array['refused', 'medium', 'open', 'Recipient refused the parcel, says it was not ordered', ''],
    array['lost', 'critical', 'open', 'Package not found in the van at the drop-off; last scan at pickup', ''],
    array['damaged', 'critical', 'investigating', 'Glassware arrived broken, customer sent photos of the contents', ''],
    array['delayed', 'high', 'investigating', 'Vehicle breakdown on the route; two stops missed their window', ''],
    array['address_problem', 'medium', 'investigating', 'Gate code in the instructions no longer works', ''],
    array['other', 'low', 'investigating', 'Customer asks for the driver''s name for a compliment card', ''],
    array['refused', 'low', 'resolved', 'Recipient refused cash on delivery amount', 'Customer paid by card over the phone; redelivered next morning'],
    array['damaged', 'medium', 'resolved', 'Label torn and partly unreadable at the hub', 'Relabelled at the depot and delivered the same day'],
    array['lost', 'high', 'resolved', 'Parcel missing after the driver handover', 'Found on the shelf of the depot; delivered with an apology'],
    array['delayed', 'low', 'resolved', 'Customer asked to hold the delivery until after 5 pm', 'Rescheduled to the evening window as requested'],
    array['other', 'medium', 'closed', 'Duplicate report of the same late delivery', 'Duplicate of an earlier exception; closed without action'],
    array['address_problem', 'high', 'closed', 'Drop-off pin placed in the river; address text is correct', 'Driver used the address text; the pin is fixed in the address book']
  ];
begin
  for t in select tn.id from public.tenants tn order by tn.created_at, tn.id loop
    select p.id, p.full_name into staff, staff_name from public.profiles p
    where p.tenant_id = t.id and p.status = 'active' and private.is_staff_panel(private.panel_type_of(p.id))
    order by (p.panel_type = 'dispatcher') desc, p.created_at, p.id limit 1;
    continue when staff is null;
    -- Staff as the rules see them: an exception's assignee reads its delivery (not warehouse-only people).
    select array_agg(p.id order by p.panel_type desc, p.created_at, p.id) into team from public.profiles p
    where p.tenant_id = t.id and p.status = 'active' and private.is_staff_panel(private.panel_type_of(p.id));

    -- Returns: delivered deliveries of the last weeks, a few days apart, none returned twice,
    -- twelve whatever the hour the seed runs at.
    n := 0;
    for d in
      select q.* from (
        select dl.*, row_number() over (order by dl.delivered_at desc, dl.id) as position
        from public.deliveries dl
        where dl.tenant_id = t.id and dl.status = 'delivered' and dl.kind <> 'pickup'
          and dl.delivered_at < now() - interval '1 day'
          and jsonb_array_length(dl.packages) > 0
      ) q
      -- Every sixth first, so returns spread over the weeks; the others after them, so that a
      -- delivery a return cannot be written for is replaced and each tenant gets all twelve.
      order by q.position % 6 <> 3, q.position
    loop
      exit when n = array_length(return_plan, 1);
      n := n + 1;
      target := return_plan[n][1];
      requested_at := least(d.delivered_at + make_interval(hours => 6 + (n * 7) % 40), now() - interval '2 hours');
      begin
        insert into public.return_requests (tenant_id, delivery_id, customer_id, reason, reason_text, items, refund_amount,
          notes, status, requested_by, created_at)
        values (t.id, d.id, d.customer_id, return_plan[n][2], nullif(return_plan[n][3], ''),
          jsonb_build_array(jsonb_build_object('package_index', 0,
            'quantity', greatest(1, least(coalesce((d.packages -> 0 ->> 'quantity')::integer, 1), 1 + n % 2)))),
          case when return_plan[n][1] in ('rejected') then 0 else round(d.price * (0.5 + (n % 3) * 0.25), 2) end,
          case when n % 4 = 0 then 'Customer prefers a morning pickup' else '' end,
          'requested', case when n % 3 = 0 then staff else d.customer_id end, requested_at)
        returning * into r;
        update public.return_request_events e
        set actor_id = r.requested_by, actor_name = (select p.full_name from public.profiles p where p.id = r.requested_by)
        where e.return_request_id = r.id;

        step_at := requested_at;
        if target = 'rejected' then
          step_at := step_at + interval '5 hours';
          update public.return_requests rr set status = 'rejected', updated_at = step_at where rr.id = r.id returning * into r;
          insert into public.return_request_events (tenant_id, return_request_id, from_status, status, note, actor_id, actor_name, occurred_at)
          values (t.id, r.id, 'requested', 'rejected', return_plan[n][4], staff, staff_name, step_at);
        else
          for k in 2 .. array_position(steps, target) loop
            step_at := least(step_at + make_interval(hours => 3 + (k * 5 + n) % 20), now() - interval '30 minutes');
            if steps[k] = 'pickup_scheduled' then
              warehouse := private.return_warehouse(t.id, null);
              pickup := private.create_return_pickup(r, warehouse);
              update public.deliveries p set created_at = step_at where p.id = pickup;
              update public.delivery_events e set occurred_at = step_at, recorded_at = step_at, actor_id = staff, actor_name = staff_name
              where e.delivery_id = pickup;
              update public.return_requests rr set status = 'pickup_scheduled', pickup_delivery_id = pickup, warehouse_id = warehouse,
                updated_at = step_at
              where rr.id = r.id returning * into r;
            elsif steps[k] = 'picked_up' then
              -- The pickup driver has been: the pickup delivery reached the warehouse.
              update public.deliveries p set status = 'delivered', picked_up_at = step_at, in_transit_at = step_at + interval '5 minutes',
                delivered_at = step_at + interval '50 minutes'
              where p.id = r.pickup_delivery_id;
              update public.return_requests rr set status = 'picked_up', updated_at = step_at where rr.id = r.id returning * into r;
            elsif steps[k] = 'received' then
              update public.return_requests rr set status = 'received', received_at = step_at, received_by = staff, updated_at = step_at
              where rr.id = r.id returning * into r;
            elsif steps[k] = 'closed' then
              update public.return_requests rr set status = 'closed', refunded = (n % 2 = 1), closed_at = step_at, updated_at = step_at
              where rr.id = r.id returning * into r;
            else
              update public.return_requests rr set status = steps[k], updated_at = step_at where rr.id = r.id returning * into r;
            end if;
            insert into public.return_request_events (tenant_id, return_request_id, from_status, status, note, refunded,
              pickup_delivery_id, actor_id, actor_name, occurred_at)
            values (t.id, r.id, steps[k - 1], steps[k], case when k = 2 then return_plan[n][4] end, r.refunded,
              r.pickup_delivery_id, staff, staff_name, step_at);
          end loop;
        end if;
      exception when others then
        -- A delivery the return cannot be written for (no warehouse, a route without a price for
        -- its pickup): the next candidate takes its place in the plan.
        get stacked diagnostics failure_detail = pg_exception_detail;
        raise notice 'seed: no return for %: % %', d.delivery_code, sqlerrm, failure_detail;
        n := n - 1;
      end;
    end loop;

    -- Exceptions: deliveries that went wrong first (failed, then in progress, then delivered).
    n := 0;
    for d in
      select q.* from (
        select dl.*, row_number() over (
          order by case dl.status when 'failed' then 0 when 'returned' then 0 when 'in_transit' then 1 when 'picked_up' then 1
            when 'delivered' then 2 else 3 end, dl.created_at desc, dl.id) as position
        from public.deliveries dl
        where dl.tenant_id = t.id and dl.kind <> 'pickup' and dl.status not in ('pending', 'cancelled')
      ) q
      where q.position % 3 = 1
      order by q.position
      limit 15
    loop
      n := n + 1;
      requested_at := least(coalesce(d.failed_at, d.in_transit_at, d.picked_up_at, d.delivered_at, d.created_at) + make_interval(mins => 5 + n * 3),
        now() - interval '20 minutes');
      begin
        insert into public.exceptions (tenant_id, delivery_id, type, severity, description, reported_by, assigned_to, status,
          resolution_notes, resolved_at, resolved_by, created_at)
        values (t.id, d.id, exception_plan[n][1], exception_plan[n][2], exception_plan[n][4],
          coalesce(case when n % 2 = 1 then d.driver_id end, staff),
          case when exception_plan[n][3] <> 'open' or n % 2 = 0 then team[1 + n % cardinality(team)] end,
          exception_plan[n][3], nullif(exception_plan[n][5], ''),
          case when exception_plan[n][3] in ('resolved', 'closed') then least(requested_at + interval '3 hours', now()) end,
          case when exception_plan[n][3] in ('resolved', 'closed') then staff end,
          requested_at)
        returning * into x;
        update public.exception_events e
        set actor_id = x.reported_by, actor_name = (select p.full_name from public.profiles p where p.id = x.reported_by), status = 'open'
        where e.exception_id = x.id;
        if x.status <> 'open' then
          insert into public.exception_events (tenant_id, exception_id, from_status, status, actor_id, actor_name, occurred_at)
          values (t.id, x.id, 'open', 'investigating', staff, staff_name, least(requested_at + interval '25 minutes', now()));
        end if;
        if x.status in ('resolved', 'closed') then
          insert into public.exception_events (tenant_id, exception_id, from_status, status, note, actor_id, actor_name, occurred_at)
          values (t.id, x.id, 'investigating', x.status, x.resolution_notes, staff, staff_name, x.resolved_at);
        end if;
      exception when others then
        raise notice 'seed: no exception for %: %', d.delivery_code, sqlerrm;
      end;
    end loop;
  end loop;
end;
$seed$;
