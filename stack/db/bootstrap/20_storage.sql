-- Supabase Storage's schema as its own migrations leave it: buckets, objects (with the generated
-- path_tokens), the helpers that policies call, the v1 search function, and Supabase's grants.
-- RLS is enabled on both tables with no policy: only the service role (bypassrls) or an app's
-- own policies open them, as on a new Supabase project.
create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;

do $$
begin
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
                 where n.nspname = 'storage' and t.typname = 'buckettype') then
    create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');
  end if;
end
$$;

create table if not exists storage.buckets (
  id text primary key,
  name text not null,
  owner uuid,
  owner_id text,
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  type storage.buckettype not null default 'STANDARD',
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);
create unique index if not exists bname on storage.buckets using btree (name);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  user_metadata jsonb
);
create unique index if not exists bucketid_objname on storage.objects using btree (bucket_id, name);
create index if not exists name_prefix_search on storage.objects using btree (name text_pattern_ops);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

create or replace function storage.foldername(name text) returns text[]
language plpgsql as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1:array_length(_parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text) returns text
language plpgsql as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;

create or replace function storage.extension(name text) returns text
language plpgsql as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

create or replace function storage.update_updated_at_column() returns trigger
language plpgsql as $$
begin
  new.updated_at = now();
  return new;
end
$$;

drop trigger if exists update_objects_updated_at on storage.objects;
create trigger update_objects_updated_at before update on storage.objects
  for each row execute function storage.update_updated_at_column();

-- The list endpoint: one level below `prefix`, folders (id null) and files, security invoker so the
-- caller's select policies decide what is seen. Sort column and order are checked here because
-- they become SQL text.
create or replace function storage.search(
  prefix text,
  bucketname text,
  limits int default 100,
  levels int default 1,
  offsets int default 0,
  search text default '',
  sortcolumn text default 'name',
  sortorder text default 'asc'
) returns table (name text, id uuid, updated_at timestamptz, created_at timestamptz, last_accessed_at timestamptz, metadata jsonb)
language plpgsql stable as $$
declare
  v_order text;
  v_column text;
begin
  v_order := lower(coalesce(sortorder, 'asc'));
  v_column := lower(coalesce(sortcolumn, 'name'));
  if v_order not in ('asc', 'desc') then
    raise exception 'invalid sort order %', sortorder using errcode = '22023';
  end if;
  if v_column not in ('name', 'id', 'updated_at', 'created_at', 'last_accessed_at') then
    raise exception 'invalid sort column %', sortcolumn using errcode = '22023';
  end if;
  return query execute
    'with folders as (
       select path_tokens[$4] as folder
       from storage.objects
       where objects.name ilike $1 || $3 || ''%''
         and bucket_id = $2
         and array_length(objects.path_tokens, 1) <> $4
       group by folder
       limit $5
       offset $6
     )
     select folder as "name", null::uuid as id, null::timestamptz as updated_at, null::timestamptz as created_at,
            null::timestamptz as last_accessed_at, null::jsonb as metadata
     from folders
     union all
     select path_tokens[$4] as "name", id, updated_at, created_at, last_accessed_at, metadata
     from storage.objects
     where objects.name ilike $1 || $3 || ''%''
       and bucket_id = $2
       and array_length(objects.path_tokens, 1) = $4
     order by ' || quote_ident(v_column) || ' ' || v_order || '
     limit $5
     offset $6'
    using prefix, bucketname, search, levels, limits, offsets;
end
$$;

grant all on storage.buckets to anon, authenticated, service_role;
grant all on storage.objects to anon, authenticated, service_role;
grant execute on all functions in schema storage to anon, authenticated, service_role;
alter default privileges in schema storage grant all on tables to anon, authenticated, service_role;
alter default privileges in schema storage grant all on functions to anon, authenticated, service_role;
alter default privileges in schema storage grant all on sequences to anon, authenticated, service_role;
