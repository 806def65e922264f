-- Cash-on-delivery remittance (the "Remit" screen). Drivers collect a delivery's `cod_amount` when they
-- deliver it; a dispatcher (or admin) records the cash a driver hands over as a remittance covering
-- some of the driver's delivered deliveries.
--
-- remittances            one handover: driver, who recorded it, amount (numeric(12,2), >= 0) in the
--                        tenant's currency, method (cash, bank_transfer, card, other), note, the reason
--                        when the amount differs from the deliveries' cash, when.
-- remittance_deliveries  the deliveries a remittance covers, with their cod_amount copied at the time.
--                        delivery_id is UNIQUE: the database holds that a delivery is remitted once.
--
-- Written ONLY through public.record_remittance(driver_id, delivery_ids, amount, method, note,
-- discrepancy_reason) (admins and dispatchers; 42501 otherwise). Its rules, as 23514 'Validation
-- failed' with [{field, message}] details on driver_id, delivery_ids, amount, discrepancy_reason,
-- method, note: the driver is one of the tenant's; every delivery is the tenant's, delivered, carried
-- by that driver (deliveries.driver_id), has cash (cod_amount > 0) and is not remitted yet; the amount
-- equals the sum of their cod_amount unless a discrepancy reason is given.
--
-- public.driver_cash_summary(): per driver of the tenant, collected (cash of their delivered
-- deliveries), remitted (cash handed over: the remittances' amounts), outstanding (cash of delivered
-- deliveries no remittance covers yet), shortfall (covered cash minus the amounts handed over for it).
-- public.unremitted_deliveries(driver_id): the deliveries a remittance of that driver may cover.
-- public.remittance_rows: the history list (security invoker; names and covered delivery codes).
--
-- Reads: admins and dispatchers the tenant's; a driver their own remittances. Nobody writes directly.

create table public.remittances (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null default private.current_tenant_id() references public.tenants (id),
  reference_number text not null,
  driver_id uuid not null,
  recorded_by uuid,
  amount numeric(12, 2) not null,
  currency text not null,
  method text not null,
  note text not null default '',
  discrepancy_reason text,
  recorded_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  constraint remittances_id_tenant_id_key unique (id, tenant_id),
  constraint remittances_reference_number_key unique (tenant_id, reference_number),
  constraint remittances_driver_fkey foreign key (driver_id, tenant_id) references public.drivers (id, tenant_id),
  constraint remittances_recorded_by_fkey foreign key (recorded_by, tenant_id)
    references public.profiles (id, tenant_id) on delete set null (recorded_by),
  constraint remittances_amount_check check (amount >= 0 and amount < 10000000000),
  constraint remittances_method_check check (method in ('cash', 'bank_transfer', 'card', 'other')),
  constraint remittances_note_check check (length(note) <= 2000),
  constraint remittances_discrepancy_reason_check check (discrepancy_reason is null or length(discrepancy_reason) between 1 and 500)
);
create index remittances_tenant_id_recorded_at_idx on public.remittances (tenant_id, recorded_at desc);
create index remittances_driver_id_recorded_at_idx on public.remittances (driver_id, recorded_at desc);
create index remittances_tenant_id_method_idx on public.remittances (tenant_id, method, recorded_at desc);
create index remittances_recorded_by_idx on public.remittances (recorded_by) where recorded_by is not null;
alter table public.remittances enable row level security;

create table public.remittance_deliveries (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references public.tenants (id),
  remittance_id uuid not null,
  delivery_id uuid not null,
  cod_amount numeric(12, 2) not null,
  created_at timestamptz not null default now(),
  constraint remittance_deliveries_delivery_id_key unique (delivery_id),
  constraint remittance_deliveries_remittance_fkey foreign key (remittance_id, tenant_id)
    references public.remittances (id, tenant_id) on delete cascade,
  constraint remittance_deliveries_delivery_fkey foreign key (delivery_id, tenant_id)
    references public.deliveries (id, tenant_id),
  constraint remittance_deliveries_cod_amount_check check (cod_amount > 0)
);
create index remittance_deliveries_tenant_id_idx on public.remittance_deliveries (tenant_id);
create index remittance_deliveries_remittance_id_idx on public.remittance_deliveries (remittance_id);
alter table public.remittance_deliveries enable row level security;

-- Delivered cash per driver: the summary and the choice of deliveries read it.
create index deliveries_driver_cod_delivered_idx on public.deliveries (tenant_id, driver_id)
  include (cod_amount, delivered_at) where status = 'delivered' and cod_amount > 0;

create trigger audit_row_change after insert or update or delete on public.remittances
  for each row execute function private.audit_row_change();
create trigger audit_row_change after insert or update or delete on public.remittance_deliveries
  for each row execute function private.audit_row_change();

-- No direct writes: the function below is the only way in.
revoke all on public.remittances, public.remittance_deliveries from anon, authenticated;
grant select on public.remittances, public.remittance_deliveries to authenticated;

create policy "remittances: admins and dispatchers read the tenant's, a driver their own" on public.remittances
  for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and (
      (select private.current_panel_type()) in ('admin', 'dispatcher')
      or driver_id = (select auth.uid())
    )
  );
create policy "remittance_deliveries: whoever reads the remittance" on public.remittance_deliveries
  for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and exists (select 1 from public.remittances r where r.id = remittance_id)
  );

create or replace function public.record_remittance(
  driver_id uuid,
  delivery_ids uuid[],
  amount numeric,
  method text,
  note text default '',
  discrepancy_reason text default null
) returns public.remittances
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  tenant uuid := private.current_tenant_id();
  problems jsonb := '[]'::jsonb;
  ids uuid[];
  total numeric(12, 2);
  reason text := nullif(btrim(coalesce(record_remittance.discrepancy_reason, '')), '');
  body text := btrim(coalesce(record_remittance.note, ''));
  found_count integer;
  d record;
  result public.remittances;
begin
  if tenant is null or not private.is_tenant_member(tenant) or private.current_panel_type() not in ('admin', 'dispatcher') then
    raise exception using errcode = '42501', message = 'Only admins and dispatchers can record remittances';
  end if;

  if record_remittance.driver_id is null then
    problems := problems || jsonb_build_object('field', 'driver_id', 'message', 'Choose a driver');
  elsif not exists (select 1 from public.drivers r where r.id = record_remittance.driver_id and r.tenant_id = tenant) then
    problems := problems || jsonb_build_object('field', 'driver_id', 'message', 'Driver not found');
  end if;

  select coalesce(array_agg(distinct x), '{}') into ids from unnest(coalesce(record_remittance.delivery_ids, '{}')) x where x is not null;
  if cardinality(ids) = 0 then
    problems := problems || jsonb_build_object('field', 'delivery_ids', 'message', 'Choose at least one delivery');
  elsif cardinality(ids) > 500 then
    problems := problems || jsonb_build_object('field', 'delivery_ids', 'message', 'Choose at most 500 deliveries');
  elsif cardinality(ids) <> cardinality(record_remittance.delivery_ids) then
    problems := problems || jsonb_build_object('field', 'delivery_ids', 'message', 'Each delivery may be listed once');
  else
    -- Locked, so two dispatchers remitting the same delivery at once wait for each other.
    found_count := 0;
    for d in
      select x.id, x.delivery_code, x.status, x.driver_id, x.cod_amount,
        exists (select 1 from public.remittance_deliveries rd where rd.delivery_id = x.id) as remitted
      from public.deliveries x
      where x.id = any (ids) and x.tenant_id = tenant
      order by x.delivery_code
      for update of x
    loop
      found_count := found_count + 1;
      if d.status <> 'delivered' then
        problems := problems || jsonb_build_object('field', 'delivery_ids', 'message', d.delivery_code || ' is not delivered');
      elsif d.driver_id is distinct from record_remittance.driver_id then
        problems := problems || jsonb_build_object('field', 'delivery_ids', 'message', d.delivery_code || ' was not delivered by this driver');
      elsif d.cod_amount <= 0 then
        problems := problems || jsonb_build_object('field', 'delivery_ids', 'message', d.delivery_code || ' has no cash on delivery');
      elsif d.remitted then
        problems := problems || jsonb_build_object('field', 'delivery_ids', 'message', d.delivery_code || ' is already remitted');
      end if;
    end loop;
    if found_count < cardinality(ids) then
      problems := problems || jsonb_build_object('field', 'delivery_ids', 'message',
        case when cardinality(ids) - found_count = 1 then 'A delivery was not found' else (cardinality(ids) - found_count) || ' deliveries were not found' end);
    end if;
  end if;

  if record_remittance.amount is null then
    problems := problems || jsonb_build_object('field', 'amount', 'message', 'Enter the amount');
  elsif record_remittance.amount = 'NaN'::numeric or record_remittance.amount < 0 then
    problems := problems || jsonb_build_object('field', 'amount', 'message', 'The amount must be 0 or more');
  elsif record_remittance.amount >= 10000000000 then
    problems := problems || jsonb_build_object('field', 'amount', 'message', 'The amount is too large');
  elsif record_remittance.amount <> round(record_remittance.amount, 2) then
    problems := problems || jsonb_build_object('field', 'amount', 'message', 'Enter the amount with at most 2 decimals');
  elsif jsonb_array_length(problems) = 0 then
    select coalesce(sum(x.cod_amount), 0) into total from public.deliveries x where x.id = any (ids);
    if record_remittance.amount <> total and reason is null then
      problems := problems
        || jsonb_build_object('field', 'amount', 'message', 'The amount must equal the cash of the chosen deliveries (' || to_char(total, 'FM999999999990.00') || ') unless a discrepancy reason is given')
        || jsonb_build_object('field', 'discrepancy_reason', 'message', 'Give the reason the amount differs from the deliveries'' cash');
    end if;
  end if;

  if record_remittance.method is null or record_remittance.method not in ('cash', 'bank_transfer', 'card', 'other') then
    problems := problems || jsonb_build_object('field', 'method', 'message', 'Choose a method: cash, bank transfer, card or other');
  end if;
  if length(body) > 2000 then
    problems := problems || jsonb_build_object('field', 'note', 'message', 'The note must be at most 2000 characters');
  end if;
  if reason is not null and length(reason) > 500 then
    problems := problems || jsonb_build_object('field', 'discrepancy_reason', 'message', 'The reason must be at most 500 characters');
  end if;

  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;

  insert into public.remittances (tenant_id, reference_number, driver_id, recorded_by, amount, currency, method, note, discrepancy_reason)
  values (tenant,
    private.tenant_code_prefix(tenant) || '-R' || lpad(private.next_tenant_number(tenant, 'remittance')::text, 5, '0'),
    record_remittance.driver_id, auth.uid(), record_remittance.amount, private.tenant_currency(tenant),
    record_remittance.method, body, reason)
  returning * into result;

  insert into public.remittance_deliveries (tenant_id, remittance_id, delivery_id, cod_amount)
  select tenant, result.id, x.id, x.cod_amount from public.deliveries x where x.id = any (ids);

  return result;
end;
$$;
revoke all on function public.record_remittance(uuid, uuid[], numeric, text, text, text) from public, anon;
grant execute on function public.record_remittance(uuid, uuid[], numeric, text, text, text) to authenticated, service_role;

create or replace function public.driver_cash_summary()
returns table (
  driver_id uuid,
  full_name text,
  avatar_url text,
  driver_status text,
  collected numeric,
  remitted numeric,
  outstanding numeric,
  shortfall numeric,
  outstanding_count integer,
  last_remitted_at timestamptz,
  currency text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  tenant uuid := private.current_tenant_id();
begin
  if tenant is null or not private.is_tenant_member(tenant) or private.current_panel_type() not in ('admin', 'dispatcher') then
    raise exception using errcode = '42501', message = 'Only admins and dispatchers can see drivers'' cash';
  end if;
  return query
  with cash as (
    select x.driver_id,
      sum(x.cod_amount) as collected,
      coalesce(sum(x.cod_amount) filter (where rd.id is null), 0) as outstanding,
      coalesce(sum(x.cod_amount) filter (where rd.id is not null), 0) as covered,
      count(*) filter (where rd.id is null)::integer as outstanding_count
    from public.deliveries x
    left join public.remittance_deliveries rd on rd.delivery_id = x.id
    where x.tenant_id = tenant and x.status = 'delivered' and x.cod_amount > 0 and x.driver_id is not null
    group by x.driver_id
  ),
  handed as (
    select r.driver_id, sum(r.amount) as remitted, max(r.recorded_at) as last_at
    from public.remittances r where r.tenant_id = tenant group by r.driver_id
  )
  select dr.id, p.full_name, p.avatar_url, dr.status,
    coalesce(c.collected, 0)::numeric, coalesce(h.remitted, 0)::numeric, coalesce(c.outstanding, 0)::numeric,
    (coalesce(c.covered, 0) - coalesce(h.remitted, 0))::numeric, coalesce(c.outstanding_count, 0),
    h.last_at, private.tenant_currency(tenant)
  from public.drivers dr
  join public.profiles p on p.id = dr.id
  left join cash c on c.driver_id = dr.id
  left join handed h on h.driver_id = dr.id
  where dr.tenant_id = tenant
  order by coalesce(c.outstanding, 0) desc, p.full_name;
end;
$$;
revoke all on function public.driver_cash_summary() from public, anon;
grant execute on function public.driver_cash_summary() to authenticated, service_role;

-- The deliveries a remittance of this driver may cover: delivered by them, with cash, not remitted.
create or replace function public.unremitted_deliveries(driver_id uuid)
returns table (id uuid, delivery_code text, delivered_at timestamptz, cod_amount numeric, currency text, dropoff_address text)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  tenant uuid := private.current_tenant_id();
begin
  if tenant is null or not private.is_tenant_member(tenant) or private.current_panel_type() not in ('admin', 'dispatcher') then
    raise exception using errcode = '42501', message = 'Only admins and dispatchers can record remittances';
  end if;
  return query
  select x.id, x.delivery_code, x.delivered_at, x.cod_amount, x.currency, x.dropoff_address ->> 'full_address'
  from public.deliveries x
  where x.tenant_id = tenant and x.driver_id = unremitted_deliveries.driver_id and x.status = 'delivered' and x.cod_amount > 0
    and not exists (select 1 from public.remittance_deliveries rd where rd.delivery_id = x.id)
  order by x.delivered_at, x.delivery_code;
end;
$$;
revoke all on function public.unremitted_deliveries(uuid) from public, anon;
grant execute on function public.unremitted_deliveries(uuid) to authenticated, service_role;

-- The history list: a remittance with the driver's and recorder's names and the codes it covers.
-- Security invoker: the remittances' policies decide the rows.
create view public.remittance_rows with (security_invoker = true) as
select r.id, r.tenant_id, r.reference_number, r.driver_id, dp.full_name as driver_name,
  r.recorded_by, rp.full_name as recorded_by_name, r.amount, r.currency, r.method, r.note, r.discrepancy_reason,
  r.recorded_at, r.created_at,
  coalesce((select sum(rd.cod_amount) from public.remittance_deliveries rd where rd.remittance_id = r.id), 0) as expected_amount,
  coalesce((select array_agg(x.delivery_code order by x.delivery_code)
    from public.remittance_deliveries rd join public.deliveries x on x.id = rd.delivery_id
    where rd.remittance_id = r.id), '{}') as delivery_codes
from public.remittances r
left join public.profiles dp on dp.id = r.driver_id
left join public.profiles rp on rp.id = r.recorded_by;
revoke all on public.remittance_rows from anon, authenticated;
grant select on public.remittance_rows to authenticated;
