-- Tenant settings and brands as each business would set them up (system-settings, brand-settings).
-- Acme runs out of San Francisco: Pacific time, US dollars, US customary units. Globex runs out of
-- London: UK time, pounds sterling, metric. No maps key: maps and geocoding work offline until an
-- admin enters one. Each brand offers its own preset first, then the console's stock palettes.
update public.tenants t
set settings = t.settings || jsonb_build_object('general', coalesce(t.settings -> 'general', '{}'::jsonb) || s.general),
    contact_info = s.contact_info
from (values
  ('acme',
   '{"timezone": "America/Los_Angeles", "currency": "USD", "language": "en",
     "units": {"weight": "lb", "volume": "ft3", "length": "in", "temperature": "F"}}'::jsonb,
   '{"phone": "+1 415 555 0100", "email": "hello@acme.test", "address": "1 Market St, Floor 12, San Francisco, CA 94105"}'::jsonb),
  ('globex',
   '{"timezone": "Europe/London", "currency": "GBP", "language": "en",
     "units": {"weight": "kg", "volume": "m3", "length": "cm", "temperature": "C"}}'::jsonb,
   '{"phone": "+44 20 7946 0000", "email": "ops@globex.test", "address": "25 Bank Street, Canary Wharf, London E14 5JP"}'::jsonb)
) as s(slug, general, contact_info)
where t.slug = s.slug;

update public.tenants t
set brand_settings = t.brand_settings
  || jsonb_build_object('presets', s.presets)
  || jsonb_build_object('configurations', coalesce(t.brand_settings -> 'configurations', '{}'::jsonb) || jsonb_build_object('preset', s.preset))
from (values
  ('acme', 'Acme Blue', '[
     {"name": "Acme Blue", "palette": {"primary": "#1d4ed8", "secondary": "#0ea5e9", "background": "#ffffff", "cardBg": "#f1f5f9", "text": "#0f172a", "textLight": "#475569"}},
     {"name": "Harbor Teal", "palette": {"primary": "#0f766e", "secondary": "#f59e0b", "background": "#f8fafc", "cardBg": "#ffffff", "text": "#0f172a", "textLight": "#64748b"}},
     {"name": "Graphite", "palette": {"primary": "#334155", "secondary": "#6366f1", "background": "#f8fafc", "cardBg": "#ffffff", "text": "#020617", "textLight": "#475569"}}
   ]'::jsonb),
  ('globex', 'Globex Sunset', '[
     {"name": "Globex Sunset", "palette": {"primary": "#ea580c", "secondary": "#16a34a", "background": "#fffbeb", "cardBg": "#fef3c7", "text": "#1c1917", "textLight": "#78716c"}},
     {"name": "Thames Green", "palette": {"primary": "#15803d", "secondary": "#0369a1", "background": "#f7fee7", "cardBg": "#ffffff", "text": "#14532d", "textLight": "#3f6212"}},
     {"name": "Graphite", "palette": {"primary": "#334155", "secondary": "#6366f1", "background": "#f8fafc", "cardBg": "#ffffff", "text": "#020617", "textLight": "#475569"}}
   ]'::jsonb)
) as s(slug, preset, presets)
where t.slug = s.slug;
