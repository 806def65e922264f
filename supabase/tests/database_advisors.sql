-- Supabase's database advisors (the splinter lints Supabase Studio shows, vendored verbatim in
-- splinter/: see splinter/README.md) over the migrated schema: nothing at ERROR or WARN, and every
-- foreign key indexed. Schema-wide, so each table, policy and function a later migration adds is
-- linted too. A finding that is not ours to fix would be excluded in advisor_findings below with
-- its reason: only the security definer functions the API roles may call are.
--
-- Every lint runs on both backends, PGlite included. The statistics-based ones (unused_index,
-- table_bloat) judge activity that a test database has not had; they report at INFO level, which
-- neither check below reads.
begin;
select plan(5);

-- The lints as splinter defines them: one view each in a schema `lint`, created with the empty
-- search_path that splinter.sql runs them with. All of it goes with the rollback.
create schema lint;
-- The schemas the API exposes (supabase/config.toml [api] schemas), which Supabase gives the
-- lints that judge what PostgREST serves; unset, those lints would find nothing.
set local pgrst.db_schemas = 'public, graphql_public';
select current_setting('search_path') as search_path_before \gset
set local search_path = '';
\ir splinter/lints/0001_unindexed_foreign_keys.sql.in
\ir splinter/lints/0002_auth_users_exposed.sql.in
\ir splinter/lints/0003_auth_rls_initplan.sql.in
\ir splinter/lints/0004_no_primary_key.sql.in
\ir splinter/lints/0005_unused_index.sql.in
\ir splinter/lints/0006_multiple_permissive_policies.sql.in
\ir splinter/lints/0007_policy_exists_rls_disabled.sql.in
\ir splinter/lints/0008_rls_enabled_no_policy.sql.in
\ir splinter/lints/0009_duplicate_index.sql.in
\ir splinter/lints/0010_security_definer_view.sql.in
\ir splinter/lints/0011_function_search_path_mutable.sql.in
\ir splinter/lints/0013_rls_disabled_in_public.sql.in
\ir splinter/lints/0014_extension_in_public.sql.in
\ir splinter/lints/0015_rls_references_user_metadata.sql.in
\ir splinter/lints/0016_materialized_view_in_api.sql.in
\ir splinter/lints/0017_foreign_table_in_api.sql.in
\ir splinter/lints/0018_unsupported_reg_types.sql.in
\ir splinter/lints/0019_insecure_queue_exposed_in_api.sql.in
\ir splinter/lints/0020_table_bloat.sql.in
\ir splinter/lints/0021_fkey_to_auth_unique.sql.in
\ir splinter/lints/0022_extension_versions_outdated.sql.in
\ir splinter/lints/0023_sensitive_columns_exposed.sql.in
\ir splinter/lints/0024_rls_policy_always_true.sql.in
\ir splinter/lints/0025_public_bucket_allows_listing.sql.in
\ir splinter/lints/0026_pg_graphql_anon_table_exposed.sql.in
\ir splinter/lints/0027_pg_graphql_authenticated_table_exposed.sql.in
\ir splinter/lints/0028_anon_security_definer_function_executable.sql.in
\ir splinter/lints/0029_authenticated_security_definer_function_executable.sql.in
-- As it was: `reset` would give PGlite's single session its start-up path, without extensions (pgTAP).
set local search_path to :search_path_before;

-- Security definer functions that the API roles may call (the advisors warn on each): the app's
-- RPCs, its designed way to make a change that spans tables (a status move with its event, a
-- remittance with the deliveries it covers, a message with its notifications) or to read across
-- them. Each decides itself who may call it (the caller's tenant, panel and ownership through the
-- tenancy helpers, 42501 or PT404 otherwise; supabase/tests has each one's refusals), which is
-- what the advisor asks to be intentional. 'anon': the public tracking page's lookup, rate
-- limited and whitelisted (20261125001020_tracking.sql); 'authenticated': signed-in callers only.
-- A new one fails the first check until it is added here, with the same care.
create temp table advisor_callable_definers (role text not null, function text primary key);
insert into advisor_callable_definers (role, function) values
    ('authenticated', 'acknowledge_failure(delivery_event_id uuid, note text)'),
    ('authenticated', 'acknowledge_order_conversation(conversation_id uuid, note text)'),
    ('authenticated', 'assignment_fit(delivery_id uuid, driver_id uuid, vehicle_id uuid)'),
    ('authenticated', 'build_pick_batch(warehouse_id uuid, order_type text, group_by text, max_orders integer, max_lines integer, pick_order_ids uuid[], dry_run boolean)'),
    ('authenticated', 'create_delivery_conversation(delivery_id uuid)'),
    ('authenticated', 'create_order_conversation(delivery_id uuid)'),
    ('authenticated', 'create_inventory_audit("values" jsonb)'),
    ('authenticated', 'get_picking_settings()'),
    ('authenticated', 'handoff_delivery_choices(warehouse_id uuid, search text, max_rows integer)'),
    ('authenticated', 'inventory_audit_review(audit_id uuid)'),
    ('authenticated', 'delivery_instructions(delivery_id uuid)'),
    ('authenticated', 'driver_cash_summary()'),
    ('authenticated', 'driver_completed_per_day(from_date date, to_date date, driver_id uuid)'),
    ('authenticated', 'driver_door_notes()'),
    ('authenticated', 'driver_packages_ready()'),
    ('authenticated', 'driver_performance(from_date date, to_date date)'),
    ('authenticated', 'get_delivery_settings()'),
    ('authenticated', 'get_tenant_settings(p_tenant_id uuid)'),
    ('authenticated', 'mark_conversation_read(conversation_id uuid)'),
    ('authenticated', 'next_pick_order_reference()'),
    ('authenticated', 'notify_admins(subject text, body text)'),
    ('authenticated', 'quote(pickup_lat double precision, pickup_lng double precision, dropoff_lat double precision, dropoff_lng double precision, service_id uuid, weight_kg numeric, ready_at timestamp with time zone)'),
    ('authenticated', 'record_delivery_arrival(delivery_id uuid, stop text, lat double precision, lng double precision, occurred_at timestamp with time zone, idempotency_key text)'),
    ('authenticated', 'record_driver_position(lat double precision, lng double precision, heading double precision, speed double precision, accuracy double precision, recorded_at timestamp with time zone)'),
    ('authenticated', 'record_driver_positions(fixes jsonb)'),
    ('authenticated', 'record_inventory_transaction(transaction_type text, item_id uuid, warehouse_id uuid, quantity integer, from_bin_id uuid, to_bin_id uuid, lot_number text, serial_number text, stock_status text, reason text, reference_type text, reference_id uuid, occurred_at timestamp with time zone)'),
    ('authenticated', 'put_back_return_request(return_request_id uuid, item_id uuid, bin_id uuid, quantity integer, condition text)'),
    ('authenticated', 'receive_order_actions(receive_order_id uuid)'),
    ('authenticated', 'receive_order_line(line_id uuid, quantity integer, bin_id uuid, lot_number text, serial_number text)'),
    ('authenticated', 'reads_deliveries(p public.profiles)'),
    ('authenticated', 'record_remittance(driver_id uuid, delivery_ids uuid[], amount numeric, method text, note text, discrepancy_reason text)'),
    ('authenticated', 'regenerate_inventory_label(item_id uuid)'),
    ('authenticated', 'replay_webhook_delivery(delivery_id uuid)'),
    ('authenticated', 'request_inventory_audit_recount(audit_id uuid, threshold integer, line_ids uuid[])'),
    ('authenticated', 'resolve_failure(delivery_event_id uuid, resolution_note text)'),
    ('authenticated', 'resolve_order_conversation(conversation_id uuid, resolution_note text)'),
    ('authenticated', 'respond_to_assignment(assignment_id uuid, accept boolean, reason text, occurred_at timestamp with time zone, idempotency_key text)'),
    ('authenticated', 'save_delivery_settings(p_tenant_id uuid, p_delivery jsonb)'),
    ('authenticated', 'save_picking_settings(p_tenant_id uuid, p_picking jsonb)'),
    ('authenticated', 'save_package_handoff(package_handoff_id uuid, handoff jsonb)'),
    ('authenticated', 'save_inventory_audit_count(line_id uuid, counted_quantity integer)'),
    ('authenticated', 'save_pick_order(pick_order_id uuid, "values" jsonb)'),
    ('authenticated', 'save_tenant_settings(p_tenant_id uuid, p_name text, p_contact_info jsonb, p_general jsonb, p_maps_key text)'),
    ('authenticated', 'save_receive_order(receive_order_id uuid, receive_order jsonb)'),
    ('authenticated', 'search_delivery_ids(term text)'),
    ('authenticated', 'send_message(conversation_id uuid, content text, message_type text, client_id text)'),
    ('authenticated', 'set_conversation_archived(conversation_id uuid, archived boolean)'),
    ('authenticated', 'set_driver_status(driver_id uuid, status text)'),
    ('anon', 'track_delivery(token text)'),
    ('authenticated', 'take_out_of_pick_batch(pick_order_id uuid)'),
    ('authenticated', 'transition_delivery(delivery_id uuid, status text, reason text, note text, lat double precision, lng double precision, proof jsonb, occurred_at timestamp with time zone, idempotency_key text)'),
    ('authenticated', 'transition_exception(exception_id uuid, status text, resolution_notes text, note text)'),
    ('authenticated', 'transition_inventory_audit(audit_id uuid, status text, note text, reasons jsonb)'),
    ('authenticated', 'transition_receive_order(receive_order_id uuid, status text, note text)'),
    ('authenticated', 'transition_pick_order(pick_order_id uuid, status text, note text)'),
    ('authenticated', 'transition_return_request(return_request_id uuid, status text, note text, refunded boolean, schedule_pickup boolean, warehouse_id uuid)'),
    ('authenticated', 'unassign_delivery(delivery_id uuid, reason text)'),
    ('authenticated', 'unremitted_deliveries(driver_id uuid)'),
    ('authenticated', 'update_conversation_participants(conversation_id uuid, action text, user_ids uuid[], role text)');

-- What the advisors report, less the callable definers above and the `tests` schema: the helpers
-- of 000_test_helpers.sql exist only in test databases, and tests.act_as must not fix its
-- search_path (a function with a SET clause has the settings it makes undone on return, the
-- role it switches to among them).
create function pg_temp.advisor_findings() returns table (name text, level text, detail text, metadata jsonb)
language plpgsql
set search_path = ''
as $$
declare
  v record;
begin
  for v in select c.relname from pg_catalog.pg_class c where c.relnamespace = 'lint'::regnamespace and c.relkind = 'v' order by 1 loop
    return query execute pg_catalog.format(
      $q$
        select f.name::text, f.level::text, f.detail::text, f.metadata::jsonb from lint.%I f
        where f.metadata ->> 'schema' is distinct from 'tests'
          and not exists (
            select 1 from pg_temp.advisor_callable_definers d
            where f.metadata ->> 'schema' = 'public'
              and d.function = (f.metadata ->> 'name') || '(' || (f.metadata ->> 'arguments') || ')'
              and (f.name = 'authenticated_security_definer_function_executable'
                or (f.name = 'anon_security_definer_function_executable' and d.role = 'anon'))
          )
      $q$, v.relname);
  end loop;
end;
$$;

-- The list names only what is there: a function dropped or no longer security definer leaves it.
-- Arguments of a table's row type are named as the lints name them (with the empty search_path:
-- `p public.profiles`), whatever this session's search_path makes of them.
select is_empty(
  $$
    select d.function from pg_temp.advisor_callable_definers d
    where not exists (
      select 1 from pg_catalog.pg_proc p
      where p.pronamespace = 'public'::regnamespace and p.prosecdef
        and replace(d.function, 'public.', '') = p.proname || '(' || replace(pg_catalog.pg_get_function_identity_arguments(p.oid), 'public.', '') || ')'
    )
    order by 1
  $$,
  'every accepted security definer function exists as listed'
);

-- A foreign key's referencing rows are found by its columns when an index leads with them in
-- another order (splinter asks for the constraint's order), or when one of them is unique by
-- itself; supabase/migrations/20261201000200_foreign_key_indexes.sql says which keys are so.
create function pg_temp.fkey_served_otherwise(meta jsonb) returns boolean
language sql
set search_path = ''
as $$
  select exists (
    select 1
    from pg_catalog.pg_constraint k
    join pg_catalog.pg_index i on i.indrelid = k.conrelid and i.indisvalid
    where k.conname = meta ->> 'fkey_name'
      and k.conrelid = pg_catalog.format('%I.%I', meta ->> 'schema', meta ->> 'name')::regclass
      and (
        (i.indnkeyatts >= cardinality(k.conkey)
          and (string_to_array(i.indkey::text, ' ')::smallint[])[1:cardinality(k.conkey)] @> k.conkey
          and (string_to_array(i.indkey::text, ' ')::smallint[])[1:cardinality(k.conkey)] <@ k.conkey)
        or (i.indisunique and i.indpred is null
          and (string_to_array(i.indkey::text, ' ')::smallint[])[1:i.indnkeyatts] <@ k.conkey)
      )
  );
$$;

select is_empty(
  $$ select level || ' ' || name || ': ' || detail from pg_temp.advisor_findings() where level in ('ERROR', 'WARN') order by 1 $$,
  'the database advisors report nothing at ERROR or WARN'
);

select is_empty(
  $$
    select detail from pg_temp.advisor_findings()
    where name = 'unindexed_foreign_keys' and not pg_temp.fkey_served_otherwise(metadata)
    order by 1
  $$,
  'every foreign key has an index leading with its columns'
);

-- The checks above would pass with lints that find nothing: a table made to break the rules is
-- found, with its own findings.
create table public.advisor_probe_parent (id uuid primary key, tenant_id uuid not null, unique (id, tenant_id));
create table public.advisor_probe (
  id uuid primary key,
  tenant_id uuid not null,
  parent_id uuid not null,
  foreign key (parent_id, tenant_id) references public.advisor_probe_parent (id, tenant_id)
);
alter table public.advisor_probe enable row level security;
create policy "probe: one" on public.advisor_probe for select to authenticated using (true);
create policy "probe: two" on public.advisor_probe for select to authenticated using (tenant_id is not null);

select results_eq(
  $$
    select name, level from pg_temp.advisor_findings()
    where metadata ->> 'name' in ('advisor_probe', 'advisor_probe_parent') and name <> 'unused_index'
    order by 1
  $$,
  $$ values ('multiple_permissive_policies', 'WARN'), ('rls_disabled_in_public', 'ERROR'), ('unindexed_foreign_keys', 'INFO') $$,
  'the advisors find a second permissive policy, a table without row-level security and an unindexed foreign key'
);

create index advisor_probe_tenant_id_parent_id_idx on public.advisor_probe (tenant_id, parent_id);
select is_empty(
  $$
    select detail from pg_temp.advisor_findings()
    where name = 'unindexed_foreign_keys' and metadata ->> 'name' = 'advisor_probe' and not pg_temp.fkey_served_otherwise(metadata)
  $$,
  'a foreign key whose columns lead an index in another order counts as indexed'
);

select * from finish();
rollback;
