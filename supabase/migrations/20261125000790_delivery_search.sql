-- Searching deliveries by any part of a code or an external reference, and by the customer's name,
-- without reading every delivery: trigram indexes (pg_trgm, in `extensions` as Supabase installs
-- it; PGlite loads it too) serve `ilike '%term%'` on the code and the reference, and on people's
-- names. The list looks the matching customers up first and searches deliveries by their ids, so
-- every arm of its or() is an index on deliveries (a bitmap OR) instead of a join to profiles.
create extension if not exists pg_trgm with schema extensions;

create index deliveries_delivery_code_trgm_idx on public.deliveries using gin (delivery_code extensions.gin_trgm_ops);
create index deliveries_external_reference_id_trgm_idx on public.deliveries using gin (external_reference_id extensions.gin_trgm_ops)
  where external_reference_id is not null;
create index profiles_full_name_trgm_idx on public.profiles using gin (full_name extensions.gin_trgm_ops);
