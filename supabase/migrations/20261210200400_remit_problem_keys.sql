-- Cash remittances' refusals carry stable keys (supabase/README.md, "Refusals and their keys"), so
-- the remit screen shows them in the page's language instead of reading them back from the English
-- (a delivery code, a count and a total were parsed out of the words). Both functions are written out
-- whole from their current definition, 20261203002100_staff_panel_rules.sql (the staff rule); only how
-- a refusal is built and raised changes: the same fields, English words, problem order and SQLSTATEs
-- (23514 'Validation failed', 42501 with its English). The values the words name travel as params:
-- {code} of a delivery, {count} of those not found, {total} of the chosen deliveries' cash (as the
-- English prints it), {max} of a limit.

-- public.driver_cash_summary()
CREATE OR REPLACE FUNCTION public.driver_cash_summary()
 RETURNS TABLE(driver_id uuid, full_name text, avatar_url text, driver_status text, collected numeric, remitted numeric, outstanding numeric, shortfall numeric, outstanding_count integer, last_remitted_at timestamp with time zone, currency text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  tenant uuid := private.current_tenant_id();
begin
  if tenant is null or not private.is_tenant_member(tenant) or not private.is_staff() then
    perform private.raise_problems(
      jsonb_build_array(private.problem('remit.cash_not_allowed', null, 'Only admins and dispatchers can see drivers'' cash')),
      '42501', 'Only admins and dispatchers can see drivers'' cash');
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
$function$;

-- public.record_remittance(driver_id uuid, delivery_ids uuid[], amount numeric, method text, note text, discrepancy_reason text)
CREATE OR REPLACE FUNCTION public.record_remittance(driver_id uuid, delivery_ids uuid[], amount numeric, method text, note text DEFAULT ''::text, discrepancy_reason text DEFAULT NULL::text)
 RETURNS remittances
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
  if tenant is null or not private.is_tenant_member(tenant) or not private.is_staff() then
    perform private.raise_problems(
      jsonb_build_array(private.problem('remit.not_allowed', null, 'Only admins and dispatchers can record remittances')),
      '42501', 'Only admins and dispatchers can record remittances');
  end if;

  if record_remittance.driver_id is null then
    problems := problems || private.problem('remit.driver_required', 'driver_id', 'Choose a driver');
  elsif not exists (select 1 from public.drivers r where r.id = record_remittance.driver_id and r.tenant_id = tenant) then
    problems := problems || private.problem('remit.driver_not_found', 'driver_id', 'Driver not found');
  end if;

  select coalesce(array_agg(distinct x), '{}') into ids from unnest(coalesce(record_remittance.delivery_ids, '{}')) x where x is not null;
  if cardinality(ids) = 0 then
    problems := problems || private.problem('remit.deliveries_required', 'delivery_ids', 'Choose at least one delivery');
  elsif cardinality(ids) > 500 then
    problems := problems || private.problem('remit.too_many_deliveries', 'delivery_ids', 'Choose at most 500 deliveries', jsonb_build_object('max', 500));
  elsif cardinality(ids) <> cardinality(record_remittance.delivery_ids) then
    problems := problems || private.problem('remit.duplicate_delivery', 'delivery_ids', 'Each delivery may be listed once');
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
        problems := problems || private.problem('remit.not_delivered', 'delivery_ids', d.delivery_code || ' is not delivered',
          jsonb_build_object('code', d.delivery_code));
      elsif d.driver_id is distinct from record_remittance.driver_id then
        problems := problems || private.problem('remit.other_driver', 'delivery_ids', d.delivery_code || ' was not delivered by this driver',
          jsonb_build_object('code', d.delivery_code));
      elsif d.cod_amount <= 0 then
        problems := problems || private.problem('remit.no_cash', 'delivery_ids', d.delivery_code || ' has no cash on delivery',
          jsonb_build_object('code', d.delivery_code));
      elsif d.remitted then
        problems := problems || private.problem('remit.already_remitted', 'delivery_ids', d.delivery_code || ' is already remitted',
          jsonb_build_object('code', d.delivery_code));
      end if;
    end loop;
    if found_count < cardinality(ids) then
      problems := problems || private.problem('remit.deliveries_not_found', 'delivery_ids',
        case when cardinality(ids) - found_count = 1 then 'A delivery was not found' else (cardinality(ids) - found_count) || ' deliveries were not found' end,
        jsonb_build_object('count', cardinality(ids) - found_count));
    end if;
  end if;

  if record_remittance.amount is null then
    problems := problems || private.problem('remit.amount_required', 'amount', 'Enter the amount');
  elsif record_remittance.amount = 'NaN'::numeric or record_remittance.amount < 0 then
    problems := problems || private.problem('remit.amount_negative', 'amount', 'The amount must be 0 or more');
  elsif record_remittance.amount >= 10000000000 then
    problems := problems || private.problem('remit.amount_too_large', 'amount', 'The amount is too large');
  elsif record_remittance.amount <> round(record_remittance.amount, 2) then
    problems := problems || private.problem('remit.amount_decimals', 'amount', 'Enter the amount with at most 2 decimals');
  elsif jsonb_array_length(problems) = 0 then
    select coalesce(sum(x.cod_amount), 0) into total from public.deliveries x where x.id = any (ids);
    if record_remittance.amount <> total and reason is null then
      problems := problems
        || private.problem('remit.amount_mismatch', 'amount',
             'The amount must equal the cash of the chosen deliveries (' || to_char(total, 'FM999999999990.00') || ') unless a discrepancy reason is given',
             jsonb_build_object('total', to_char(total, 'FM999999999990.00')))
        || private.problem('remit.reason_required', 'discrepancy_reason', 'Give the reason the amount differs from the deliveries'' cash');
    end if;
  end if;

  if record_remittance.method is null or record_remittance.method not in ('cash', 'bank_transfer', 'card', 'other') then
    problems := problems || private.problem('remit.method_invalid', 'method', 'Choose a method: cash, bank transfer, card or other');
  end if;
  if length(body) > 2000 then
    problems := problems || private.problem('remit.note_too_long', 'note', 'The note must be at most 2000 characters', jsonb_build_object('max', 2000));
  end if;
  if reason is not null and length(reason) > 500 then
    problems := problems || private.problem('remit.reason_too_long', 'discrepancy_reason', 'The reason must be at most 500 characters', jsonb_build_object('max', 500));
  end if;

  perform private.raise_problems(problems);

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
$function$;
