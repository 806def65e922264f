-- Item labels: a 4 x 6 in PDF per item, rendered by the inventory-labels edge function (the
-- service role) into the private `inventory-labels` bucket at `<tenant_id>/<item_id>.pdf`; the
-- item's label_url holds that storage path. A new item, or a change of what the label prints
-- (name, SKU, barcode), puts the label back to pending (the items trigger); an admin may also ask
-- for it again (regenerate_inventory_label). The app asks the function to render after each save;
-- a scheduled job asks it again for labels left pending over a minute (a closed browser, a failed
-- call), so no label stays pending for good.

-- Private: labels are read by the tenant's staff only, through signed URLs. Only the renderer (the
-- service role, which bypasses these policies) writes them.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('inventory-labels', 'inventory-labels', false, 1048576, array['application/pdf'])
on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

create policy "inventory-labels bucket: admins and the dispatcher panel read their tenant's labels" on storage.objects
  for select to authenticated
  using (
    bucket_id = 'inventory-labels'
    and (storage.foldername(name))[1] = (select private.current_tenant_id())::text
    and (select private.current_panel_type()) in ('admin', 'dispatcher')
  );

-- An admin asks for an item's label again: back to pending, the old file forgotten.
create or replace function public.regenerate_inventory_label(item_id uuid) returns public.inventory_items
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  item public.inventory_items;
begin
  select i.* into item from public.inventory_items i
  where i.id = regenerate_inventory_label.item_id and i.tenant_id = private.current_tenant_id();
  if item.id is null then
    perform private.not_found('Inventory item not found');
  end if;
  if not private.is_tenant_admin(item.tenant_id) then
    raise exception using errcode = '42501', message = 'Only administrators can regenerate labels';
  end if;
  update public.inventory_items i set label_status = 'pending', label_url = null, label_error = null
  where i.id = item.id
  returning i.* into item;
  return item;
end;
$$;
revoke all on function public.regenerate_inventory_label(uuid) from public, anon;
grant execute on function public.regenerate_inventory_label(uuid) to authenticated, service_role;

-- Every minute, when a label has waited over a minute, the renderer is asked to retry the pending
-- ones (it takes the oldest first, a batch at a time), with the project URL and key from Vault.
create extension if not exists pg_cron;
create extension if not exists pg_net;
create extension if not exists supabase_vault;

select cron.schedule(
  'inventory-labels-retry',
  '* * * * *',
  $job$
    select net.http_post(
      url := (select s.decrypted_secret from vault.decrypted_secrets s where s.name = 'project_url') || '/functions/v1/inventory-labels',
      headers := jsonb_build_object(
        'Content-Type', 'application/json',
        'Authorization', 'Bearer ' || (select s.decrypted_secret from vault.decrypted_secrets s where s.name = 'service_role_key')),
      body := '{"retry": "pending"}'::jsonb,
      timeout_milliseconds := 60000)
    where exists (
      select 1 from public.inventory_items i
      where i.label_status = 'pending' and i.updated_at < now() - interval '1 minute')
  $job$
);
