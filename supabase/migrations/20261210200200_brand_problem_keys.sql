-- The brand's refusals carry stable keys (supabase/README.md, "Refusals and their keys"), so the
-- admin's Brand settings page shows them in the admin's language instead of reading them back from
-- the English. Both functions are written out whole from their current definition
-- (20261125000310_tenant_settings.sql); only how a refusal is built and raised changes: the same
-- fields, English words, problem order and SQLSTATEs. private.validate_tenant (keyed in
-- 20261210200100) raises what private.brand_settings_problems answers.

create or replace function private.brand_settings_problems(brand jsonb) returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  problems jsonb := '[]'::jsonb;
  color_key text;
  colors jsonb := brand -> 'colors';
  assets jsonb := brand -> 'assets';
  font jsonb := brand #> '{configurations,font}';
  preset jsonb;
begin
  if colors is not null then
    if jsonb_typeof(colors) <> 'object' then
      problems := problems || private.problem('brand.colors_shape', 'colors', 'Colours must be an object');
    else
      foreach color_key in array array['primary', 'secondary', 'background', 'cardBg', 'text', 'textLight'] loop
        if colors ? color_key and not private.is_hex_color(colors -> color_key) then
          problems := problems || private.problem('brand.color_invalid', 'colors.' || color_key, 'Enter a hex colour such as #1d4ed8');
        end if;
      end loop;
    end if;
  end if;
  if font is not null and not coalesce(jsonb_typeof(font) = 'string' and (font #>> '{}') ~ '^[[:alnum:] _-]{1,64}$', false) then
    problems := problems || private.problem('brand.font_invalid', 'configurations.font', 'Choose a font');
  end if;
  if brand ? 'presets' then
    if jsonb_typeof(brand -> 'presets') <> 'array' then
      problems := problems || private.problem('brand.presets_shape', 'presets', 'Presets must be a list');
    else
      for preset in select e from jsonb_array_elements(brand -> 'presets') e loop
        if not coalesce(jsonb_typeof(preset) = 'object' and jsonb_typeof(preset -> 'name') = 'string'
             and length(btrim(preset ->> 'name')) between 1 and 60 and jsonb_typeof(preset -> 'palette') = 'object'
             and not exists (select 1 from jsonb_each(preset -> 'palette') c where not private.is_hex_color(c.value)), false) then
          problems := problems || private.problem('brand.preset_invalid', 'presets', 'Each preset needs a name and hex colours');
          exit;
        end if;
      end loop;
    end if;
  end if;
  if assets is not null then
    if jsonb_typeof(assets) <> 'object' then
      problems := problems || private.problem('brand.assets_shape', 'assets', 'Assets must be an object');
    else
      if assets ? 'favicon' and jsonb_typeof(assets -> 'favicon') <> 'null' and not private.is_brand_image_ref(assets -> 'favicon') then
        problems := problems || private.problem('brand.favicon_invalid', 'assets.favicon', 'The favicon must be an uploaded image');
      end if;
      if assets ? 'logo' and jsonb_typeof(assets -> 'logo') <> 'null' then
        if jsonb_typeof(assets -> 'logo') = 'string' then
          if not private.is_brand_image_ref(assets -> 'logo') then
            problems := problems || private.problem('brand.logo_invalid', 'assets.logo.light', 'The logo must be an uploaded image');
          end if;
        elsif jsonb_typeof(assets -> 'logo') = 'object' then
          if assets #> '{logo,light}' is not null and jsonb_typeof(assets #> '{logo,light}') <> 'null' and not private.is_brand_image_ref(assets #> '{logo,light}') then
            problems := problems || private.problem('brand.logo_invalid', 'assets.logo.light', 'The logo must be an uploaded image');
          end if;
          if assets #> '{logo,dark}' is not null and jsonb_typeof(assets #> '{logo,dark}') <> 'null' and not private.is_brand_image_ref(assets #> '{logo,dark}') then
            problems := problems || private.problem('brand.logo_invalid', 'assets.logo.dark', 'The logo must be an uploaded image');
          end if;
        else
          problems := problems || private.problem('brand.logo_invalid', 'assets.logo.light', 'The logo must be an uploaded image');
        end if;
      end if;
    end if;
  end if;
  return problems;
end;
$$;
revoke all on function private.brand_settings_problems(jsonb) from public;
grant execute on function private.brand_settings_problems(jsonb) to authenticated, service_role;

-- The admin's save of brand-settings: the whole brand at once (what the screen shows is what is stored).
create or replace function public.save_tenant_brand(p_tenant_id uuid, p_brand jsonb) returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if not private.is_tenant_admin(p_tenant_id) then
    perform private.raise_problems(
      jsonb_build_array(private.problem('brand.not_admin', null, 'Only the tenant''s admins may change its brand')),
      '42501', 'Only the tenant''s admins may change its brand');
  end if;
  if p_brand is null or jsonb_typeof(p_brand) <> 'object' then
    perform private.raise_problem('brand.shape', 'colors', 'Brand settings must be an object');
  end if;
  update public.tenants t set brand_settings = p_brand where t.id = p_tenant_id;
end;
$$;
revoke all on function public.save_tenant_brand(uuid, jsonb) from public, anon;
grant execute on function public.save_tenant_brand(uuid, jsonb) to authenticated, service_role;
