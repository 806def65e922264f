-- The `tenants` bucket: every tenant's files under `<tenant_id>/`, uploaded through the
-- upload-file function (which enforces each form's types and sizes by the file's bytes) as the
-- caller, so these policies apply to every write whoever makes it.
--
-- Public: the files are shown by URL (vehicle thumbnails, logos, signatures) and upload-file
-- answers a publicUrl, as the spec asks. Nothing secret belongs in this bucket. The bucket's own
-- limits are the outer bound of every form: 10 MiB (documents), the four types the forms accept.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('tenants', 'tenants', true, 10485760, array['image/jpeg', 'image/png', 'image/gif', 'application/pdf'])
on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

-- Whether the caller may write `name` in the tenants bucket: an active admin of the tenant that
-- owns the object's first folder. Other panels will be admitted per folder by later issues.
create or replace function private.may_write_tenant_object(name text) returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  tenant uuid := private.current_tenant_id();
begin
  return tenant is not null
    and (storage.foldername(name))[1] = tenant::text
    and private.is_tenant_admin(tenant);
end;
$$;
revoke all on function private.may_write_tenant_object(text) from public;
grant execute on function private.may_write_tenant_object(text) to authenticated;

create policy "tenants bucket: admins upload to their tenant's folder" on storage.objects for insert to authenticated
  with check (bucket_id = 'tenants' and private.may_write_tenant_object(name));
create policy "tenants bucket: admins replace in their tenant's folder" on storage.objects for update to authenticated
  using (bucket_id = 'tenants' and private.may_write_tenant_object(name))
  with check (bucket_id = 'tenants' and private.may_write_tenant_object(name));
create policy "tenants bucket: admins delete in their tenant's folder" on storage.objects for delete to authenticated
  using (bucket_id = 'tenants' and private.may_write_tenant_object(name));
-- Public URLs need no policy; listing and authenticated download are for the tenant's staff.
create policy "tenants bucket: staff list their tenant's folder" on storage.objects for select to authenticated
  using (
    bucket_id = 'tenants'
    and (storage.foldername(name))[1] = (select private.current_tenant_id())::text
    and (select private.current_panel_type()) in ('admin', 'dispatcher')
  );
