-- Inventory items: the tenant's stock-keeping units (name, SKU unique per tenant, barcode,
-- description, category and subcategory from fixed lists, brand, model, unit size, weight,
-- dimensions {length, width, height, unit}, attributes {color, connectivity, battery_life}, the
-- label's state and file, active), and a reorder point per item and warehouse.
--
-- Category and subcategory are fixed lists (Electronics, Furniture, Office Supplies; Laptop,
-- Desktop, Tablet), not a catalogue tree. The dimensions' unit defaults to the tenant's length unit
-- (settings.general.units.length, cm when unset).
--
-- Labels: a new item, or a change of its name, SKU or barcode, puts its label back to pending (the
-- printed label shows them); the label renderer (service role) sets success with label_url, or
-- failed with label_error. API callers never write the label columns themselves.
--
-- Who: admins manage items and reorder points; admins and the dispatcher panel (where warehouse
-- staff sign in) read items; reorder points are read by whoever may access their warehouse.

create or replace function private.tenant_length_unit(tenant uuid) returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return coalesce(
    (select t.settings #>> '{general,units,length}' from public.tenants t
     where t.id = tenant_length_unit.tenant and t.settings #>> '{general,units,length}' in ('cm', 'in')),
    'cm');
end;
$$;
revoke all on function private.tenant_length_unit(uuid) from public;
grant execute on function private.tenant_length_unit(uuid) to authenticated, service_role;

create table public.inventory_items (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null default private.current_tenant_id() references public.tenants (id),
  name text not null,
  sku text not null,
  barcode text,
  description text,
  category text,
  subcategory text,
  brand text,
  model text,
  unit_size numeric not null default 1,
  weight numeric,
  dimensions jsonb not null default '{}'::jsonb,
  attributes jsonb not null default '{}'::jsonb,
  label_status text not null default 'pending',
  label_url text,
  label_error text,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint inventory_items_id_tenant_id_key unique (id, tenant_id),
  constraint inventory_items_sku_key unique (tenant_id, sku),
  constraint inventory_items_name_check check (btrim(name) <> '' and length(name) <= 200),
  constraint inventory_items_sku_check check (btrim(sku) <> '' and length(sku) <= 64),
  constraint inventory_items_barcode_check check (barcode is null or length(barcode) <= 64),
  constraint inventory_items_category_check check (category is null or category in ('Electronics', 'Furniture', 'Office Supplies')),
  constraint inventory_items_subcategory_check check (subcategory is null or subcategory in ('Laptop', 'Desktop', 'Tablet')),
  constraint inventory_items_unit_size_check check (unit_size > 0),
  constraint inventory_items_weight_check check (weight is null or weight > 0),
  constraint inventory_items_dimensions_check check (jsonb_typeof(dimensions) = 'object'),
  constraint inventory_items_attributes_check check (jsonb_typeof(attributes) = 'object'),
  constraint inventory_items_label_status_check check (label_status in ('pending', 'success', 'failed')),
  constraint inventory_items_label_url_check check ((label_status = 'success') = (label_url is not null))
);
create index inventory_items_tenant_id_idx on public.inventory_items (tenant_id, updated_at desc, id desc);
create index inventory_items_tenant_id_name_idx on public.inventory_items (tenant_id, name);
create index inventory_items_tenant_id_category_idx on public.inventory_items (tenant_id, category, subcategory);
create index inventory_items_tenant_id_brand_idx on public.inventory_items (tenant_id, brand);
create index inventory_items_tenant_id_barcode_idx on public.inventory_items (tenant_id, barcode) where barcode is not null;
create index inventory_items_label_pending_idx on public.inventory_items (updated_at) where label_status = 'pending';
alter table public.inventory_items enable row level security;

create trigger set_updated_at before update on public.inventory_items
  for each row execute function private.set_updated_at();

create trigger audit_row_change after insert or update or delete on public.inventory_items
  for each row execute function private.audit_row_change();

-- A JSON value that is absent, null, or a number above 0.
create or replace function private.is_optional_positive(value jsonb) returns boolean
language sql
immutable
set search_path = ''
as $$
  select value is null or jsonb_typeof(value) = 'null'
    or (jsonb_typeof(value) = 'number' and (value #>> '{}')::numeric > 0);
$$;
revoke all on function private.is_optional_positive(jsonb) from public;
grant execute on function private.is_optional_positive(jsonb) to authenticated, service_role;

-- The problems of an item as the form's fields, [] when none.
create or replace function private.inventory_item_problems(i public.inventory_items) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
  dims jsonb := case when jsonb_typeof(i.dimensions) = 'object' then i.dimensions else '{}'::jsonb end;
  attrs jsonb := case when jsonb_typeof(i.attributes) = 'object' then i.attributes else '{}'::jsonb end;
  k text;
begin
  if i.name is null or btrim(i.name) = '' then
    problems := problems || jsonb_build_object('field', 'name', 'message', 'Name is required');
  elsif length(i.name) > 200 then
    problems := problems || jsonb_build_object('field', 'name', 'message', 'Name must be at most 200 characters');
  end if;
  if i.sku is null or btrim(i.sku) = '' then
    problems := problems || jsonb_build_object('field', 'sku', 'message', 'SKU is required');
  elsif length(i.sku) > 64 then
    problems := problems || jsonb_build_object('field', 'sku', 'message', 'SKU must be at most 64 characters');
  elsif exists (select 1 from public.inventory_items o where o.tenant_id = i.tenant_id and o.sku = i.sku and o.id <> i.id) then
    problems := problems || jsonb_build_object('field', 'sku', 'message', 'SKU already exists');
  end if;
  if i.barcode is not null and length(i.barcode) > 64 then
    problems := problems || jsonb_build_object('field', 'barcode', 'message', 'Barcode must be at most 64 characters');
  end if;
  if i.category is not null and i.category not in ('Electronics', 'Furniture', 'Office Supplies') then
    problems := problems || jsonb_build_object('field', 'category', 'message', 'Category must be Electronics, Furniture or Office Supplies');
  end if;
  if i.subcategory is not null and i.subcategory not in ('Laptop', 'Desktop', 'Tablet') then
    problems := problems || jsonb_build_object('field', 'subcategory', 'message', 'Subcategory must be Laptop, Desktop or Tablet');
  end if;
  if i.unit_size is null or i.unit_size = 'NaN'::numeric or i.unit_size <= 0 then
    problems := problems || jsonb_build_object('field', 'unit_size', 'message', 'Must be a positive number');
  end if;
  if i.weight is not null and (i.weight = 'NaN'::numeric or i.weight <= 0) then
    problems := problems || jsonb_build_object('field', 'weight', 'message', 'Must be a positive number');
  end if;
  if jsonb_typeof(i.dimensions) is distinct from 'object' then
    problems := problems || jsonb_build_object('field', 'dimensions', 'message', 'Dimensions must be an object');
  end if;
  foreach k in array array['length', 'width', 'height'] loop
    if not private.is_optional_positive(dims -> k) then
      problems := problems || jsonb_build_object('field', 'dimensions.' || k, 'message', 'Must be a positive number');
    end if;
  end loop;
  if dims ? 'unit' and jsonb_typeof(dims -> 'unit') <> 'null' and not coalesce(dims ->> 'unit' in ('cm', 'in', 'mm', 'm'), false) then
    problems := problems || jsonb_build_object('field', 'dimensions.unit', 'message', 'Unit must be cm, in, mm or m');
  end if;
  if jsonb_typeof(i.attributes) is distinct from 'object' then
    problems := problems || jsonb_build_object('field', 'attributes', 'message', 'Attributes must be an object');
  end if;
  foreach k in array array['color', 'connectivity', 'battery_life'] loop
    if attrs ? k and jsonb_typeof(attrs -> k) not in ('string', 'null') then
      problems := problems || jsonb_build_object('field', 'attributes.' || k, 'message', 'Must be text');
    elsif length(coalesce(attrs ->> k, '')) > 100 then
      problems := problems || jsonb_build_object('field', 'attributes.' || k, 'message', 'Must be at most 100 characters');
    end if;
  end loop;
  return problems;
end;
$$;
revoke all on function private.inventory_item_problems(public.inventory_items) from public;
grant execute on function private.inventory_item_problems(public.inventory_items) to authenticated, service_role;

-- Trims, fills the dimensions' unit from the tenant's, puts the label back to pending when what it
-- prints changes, then validates (23514 with the form's fields). Callers that the policies will
-- refuse anyway are left to them (nothing of the tenant is revealed).
create or replace function private.validate_inventory_item() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  problems jsonb;
begin
  if current_user in ('anon', 'authenticated') and not private.is_tenant_admin(new.tenant_id) then
    return new;
  end if;
  new.name := btrim(new.name);
  new.sku := btrim(new.sku);
  new.barcode := nullif(btrim(new.barcode), '');
  new.description := nullif(btrim(new.description), '');
  new.brand := nullif(btrim(new.brand), '');
  new.model := nullif(btrim(new.model), '');
  new.category := nullif(new.category, '');
  new.subcategory := nullif(new.subcategory, '');
  if jsonb_typeof(new.dimensions) = 'object' and coalesce(new.dimensions ->> 'unit', '') = '' then
    new.dimensions := new.dimensions || jsonb_build_object('unit', private.tenant_length_unit(new.tenant_id));
  end if;
  if tg_op = 'INSERT' then
    if current_user in ('anon', 'authenticated') then
      new.label_status := 'pending';
      new.label_url := null;
      new.label_error := null;
    end if;
  elsif new.name is distinct from old.name or new.sku is distinct from old.sku or new.barcode is distinct from old.barcode then
    new.label_status := 'pending';
    new.label_url := null;
    new.label_error := null;
  end if;
  problems := private.inventory_item_problems(new);
  if jsonb_array_length(problems) > 0 then
    raise exception using errcode = '23514', message = 'Validation failed', detail = problems::text,
      hint = 'details is a JSON array of {field, message}';
  end if;
  return new;
end;
$$;
revoke all on function private.validate_inventory_item() from public;

create trigger validate_inventory_item before insert or update on public.inventory_items
  for each row execute function private.validate_inventory_item();

revoke all on public.inventory_items from anon, authenticated;
grant select on public.inventory_items to authenticated;
grant insert (tenant_id, name, sku, barcode, description, category, subcategory, brand, model, unit_size, weight,
  dimensions, attributes, is_active) on public.inventory_items to authenticated;
grant update (name, sku, barcode, description, category, subcategory, brand, model, unit_size, weight,
  dimensions, attributes, is_active) on public.inventory_items to authenticated;

create policy "inventory_items: admins and the dispatcher panel read" on public.inventory_items
  for select to authenticated
  using (
    tenant_id = (select private.current_tenant_id())
    and (select private.current_panel_type()) in ('admin', 'dispatcher')
  );
create policy "inventory_items: admins add" on public.inventory_items for insert to authenticated
  with check ((select private.is_tenant_admin(tenant_id)));
create policy "inventory_items: admins update" on public.inventory_items for update to authenticated
  using ((select private.is_tenant_admin(tenant_id)))
  with check ((select private.is_tenant_admin(tenant_id)));

-- The quantity under which an item is reordered for one warehouse.
create table public.inventory_reorder_points (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null default private.current_tenant_id() references public.tenants (id),
  item_id uuid not null,
  warehouse_id uuid not null,
  reorder_point integer not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint inventory_reorder_points_item_fkey foreign key (item_id, tenant_id)
    references public.inventory_items (id, tenant_id) on delete cascade,
  constraint inventory_reorder_points_warehouse_fkey foreign key (warehouse_id, tenant_id)
    references public.warehouses (id, tenant_id) on delete cascade,
  constraint inventory_reorder_points_item_warehouse_key unique (item_id, warehouse_id),
  constraint inventory_reorder_points_reorder_point_check check (reorder_point >= 0)
);
create index inventory_reorder_points_tenant_id_idx on public.inventory_reorder_points (tenant_id);
create index inventory_reorder_points_item_id_idx on public.inventory_reorder_points (item_id, tenant_id);
create index inventory_reorder_points_warehouse_id_idx on public.inventory_reorder_points (warehouse_id, tenant_id);
alter table public.inventory_reorder_points enable row level security;

create trigger set_updated_at before update on public.inventory_reorder_points
  for each row execute function private.set_updated_at();

create trigger audit_row_change after insert or update or delete on public.inventory_reorder_points
  for each row execute function private.audit_row_change();

revoke all on public.inventory_reorder_points from anon, authenticated;
grant select on public.inventory_reorder_points to authenticated;
grant insert (tenant_id, item_id, warehouse_id, reorder_point) on public.inventory_reorder_points to authenticated;
grant update (reorder_point) on public.inventory_reorder_points to authenticated;
grant delete on public.inventory_reorder_points to authenticated;

create policy "inventory_reorder_points: whoever may access the warehouse reads" on public.inventory_reorder_points
  for select to authenticated
  using (tenant_id = (select private.current_tenant_id()) and private.can_access_warehouse(warehouse_id));
create policy "inventory_reorder_points: admins add" on public.inventory_reorder_points for insert to authenticated
  with check ((select private.is_tenant_admin(tenant_id)));
create policy "inventory_reorder_points: admins update" on public.inventory_reorder_points for update to authenticated
  using ((select private.is_tenant_admin(tenant_id)))
  with check ((select private.is_tenant_admin(tenant_id)));
create policy "inventory_reorder_points: admins remove" on public.inventory_reorder_points for delete to authenticated
  using ((select private.is_tenant_admin(tenant_id)));
