-- Item labels: who may ask for a label again, the private bucket's reads, the scheduled retry.
begin;
select plan(12);

-- An acme item with a rendered label, and its file in the bucket (as the renderer leaves them).
insert into public.inventory_items (id, tenant_id, name, sku, label_status, label_url) values
  ('c1100000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'Label Test Chair', 'LT-CHAIR-01', 'success',
   'a0000000-0000-4000-8000-000000000001/c1100000-0000-4000-8000-000000000001.pdf');
insert into storage.objects (bucket_id, name) values
  ('inventory-labels', 'a0000000-0000-4000-8000-000000000001/c1100000-0000-4000-8000-000000000001.pdf'),
  ('inventory-labels', 'b0000000-0000-4000-8000-000000000001/c1100000-0000-4000-8000-000000000002.pdf');

create function pg_temp.labels_seen(who text) returns bigint
language plpgsql
as $$
declare
  n bigint;
begin
  perform tests.act_as(who);
  select count(*) into n from storage.objects where bucket_id = 'inventory-labels';
  reset role;
  return n;
end;
$$;

select is((select public from storage.buckets where id = 'inventory-labels'), false, 'labels bucket: private');
select is(pg_temp.labels_seen('admin@acme.test'), 1::bigint, 'labels bucket: an admin reads their tenant''s labels only');
select is(pg_temp.labels_seen('dispatcher@acme.test'), 1::bigint, 'labels bucket: the dispatcher panel reads them');
select is(pg_temp.labels_seen('driver@acme.test') + pg_temp.labels_seen('customer@acme.test'), 0::bigint, 'labels bucket: drivers and customers read none');

select tests.act_as('admin@acme.test');
select throws_ok($$ insert into storage.objects (bucket_id, name) values ('inventory-labels', 'a0000000-0000-4000-8000-000000000001/forged.pdf') $$,
  '42501', null, 'labels bucket: only the renderer writes labels');
reset role;

-- Regenerate: admins of the item's tenant only.
select tests.act_as('dispatcher@acme.test');
select throws_ok($$ select public.regenerate_inventory_label('c1100000-0000-4000-8000-000000000001') $$,
  '42501', 'Only administrators can regenerate labels', 'regenerate: a dispatcher is refused');
reset role;
select tests.act_as('admin@globex.test');
select throws_ok($$ select public.regenerate_inventory_label('c1100000-0000-4000-8000-000000000001') $$,
  'PT404', 'Inventory item not found', 'regenerate: another tenant''s item is not found');
reset role;
select tests.act_as(null);
select throws_ok($$ select public.regenerate_inventory_label('c1100000-0000-4000-8000-000000000001') $$,
  '42501', null, 'regenerate: anonymous callers may not call it');
reset role;
select is((select label_status from public.inventory_items where id = 'c1100000-0000-4000-8000-000000000001'), 'success', 'regenerate: refusals change nothing');

select tests.act_as('admin@acme.test');
select is((select label_status || coalesce(label_url, '-') || coalesce(label_error, '-') from public.regenerate_inventory_label('c1100000-0000-4000-8000-000000000001')),
  'pending--', 'regenerate: an admin puts the label back to pending, the old file forgotten');
reset role;

-- The retry job: every minute, asks the renderer only when a label has waited over a minute.
select is((select schedule from cron.job where jobname = 'inventory-labels-retry'), '* * * * *', 'retry: scheduled every minute');
select ok((select command like '%/functions/v1/inventory-labels%' and command like '%vault.decrypted_secrets%' and command like '%interval ''1 minute''%'
  from cron.job where jobname = 'inventory-labels-retry'), 'retry: calls the renderer with Vault''s URL and key, for labels pending over a minute');

select * from finish();
rollback;
