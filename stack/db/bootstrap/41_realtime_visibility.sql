-- postgres_changes RLS checks in one call per change, as Supabase's walrus does in
-- realtime.apply_rls: for each subscriber identity, switch to its role and claims, look the
-- committed row up by its primary key, switch back. One statement (one round trip, one transaction)
-- whatever the number of subscribers, where a transaction per subscriber would cost ~4 each.
--
-- p_identities: a JSON array of {"role": text, "claims": object}. Returns one boolean per
-- identity, in order: whether that identity may SELECT the row today (false for a role that is not
-- a member of authenticator, i.e. one PostgREST could not switch to, and whenever the check fails:
-- no SELECT privilege, a policy that raises, a table gone). A table without a primary key: true for
-- every identity (walrus sends those changes with an error and no row).
--
-- Not security definer (Postgres refuses to change role inside one) and without SET clauses:
-- switching role is allowed because the session user (the stack's connection: a superuser) is a
-- member of every role. Role and request.* settings are restored after each identity and at the
-- end, so the calling transaction continues as it was. Identifiers come from the catalog through
-- %I; key values from the caller only ever appear as quoted literals (%L) cast to the column type.
create or replace function _stack_realtime.visible_to(p_schema text, p_table text, p_pk jsonb, p_identities jsonb)
returns boolean[]
language plpgsql
volatile
as $$
declare
  v_rel oid;
  v_nsp name;
  v_relname name;
  v_where text;
  v_has_pk boolean;
  v_saved_role text := pg_catalog.current_setting('role');
  v_saved_claims text := pg_catalog.current_setting('request.jwt.claims', true);
  v_saved_sub text := pg_catalog.current_setting('request.jwt.claim.sub', true);
  v_saved_claim_role text := pg_catalog.current_setting('request.jwt.claim.role', true);
  v_saved_headers text := pg_catalog.current_setting('request.headers', true);
  v_saved_method text := pg_catalog.current_setting('request.method', true);
  v_saved_path text := pg_catalog.current_setting('request.path', true);
  v_identity jsonb;
  v_role text;
  v_claims jsonb;
  v_allowed text[] := '{}';
  v_refused text[] := '{}';
  v_visible boolean;
  v_out boolean[] := '{}';
begin
  if p_identities is null or pg_catalog.jsonb_typeof(p_identities) <> 'array' then
    return v_out;
  end if;

  select c.oid, n.nspname, c.relname into v_rel, v_nsp, v_relname
  from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where n.nspname = p_schema and c.relname = p_table and c.relkind in ('r', 'p');
  if v_rel is null then
    return pg_catalog.array_fill(false, array[pg_catalog.jsonb_array_length(p_identities)]);
  end if;

  select pg_catalog.string_agg(
      pg_catalog.format('t.%I = %L::%s', a.attname, p_pk ->> a.attname::text, pg_catalog.format_type(a.atttypid, null)),
      ' and ' order by a.attnum),
    count(*) > 0
  into v_where, v_has_pk
  from pg_catalog.pg_index i
  join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
  where i.indrelid = v_rel and i.indisprimary;
  if not v_has_pk then
    return pg_catalog.array_fill(true, array[pg_catalog.jsonb_array_length(p_identities)]);
  end if;

  -- Planned once per change, executed per identity. PREPARE outlives a rolled-back transaction,
  -- so a statement left behind by an earlier failure is dropped first.
  if exists (select 1 from pg_catalog.pg_prepared_statements where name = '_stack_realtime_visible') then
    deallocate _stack_realtime_visible;
  end if;
  execute pg_catalog.format('prepare _stack_realtime_visible as select exists (select 1 from %I.%I t where %s)', v_nsp, v_relname, v_where);

  for v_identity in select e from pg_catalog.jsonb_array_elements(p_identities) e loop
    v_visible := false;
    v_role := v_identity ->> 'role';
    v_claims := coalesce(v_identity -> 'claims', '{}'::jsonb);
    if v_role is not null and not (v_role = any (v_refused)) and not (v_role = any (v_allowed)) then
      -- Only the roles PostgREST may switch to: a claim can never make a check run as a superuser.
      if exists (
        select 1 from pg_catalog.pg_roles r
        where r.rolname = v_role and r.rolname <> 'authenticator' and pg_catalog.pg_has_role('authenticator', r.oid, 'member')
      ) then
        v_allowed := v_allowed || v_role;
      else
        v_refused := v_refused || v_role;
      end if;
    end if;
    if v_role = any (v_allowed) then
      begin
        perform pg_catalog.set_config('role', v_role, true),
          pg_catalog.set_config('request.jwt.claims', v_claims::text, true),
          pg_catalog.set_config('request.jwt.claim.sub', coalesce(case when pg_catalog.jsonb_typeof(v_claims -> 'sub') = 'string' then v_claims ->> 'sub' end, ''), true),
          pg_catalog.set_config('request.jwt.claim.role', v_role, true),
          pg_catalog.set_config('request.headers', '{}', true),
          pg_catalog.set_config('request.method', '', true),
          pg_catalog.set_config('request.path', '', true);
        execute 'execute _stack_realtime_visible' into v_visible;
      exception when others then
        -- The subtransaction's rollback has undone the settings above.
        v_visible := false;
      end;
      perform pg_catalog.set_config('role', v_saved_role, true),
        pg_catalog.set_config('request.jwt.claims', v_saved_claims, true),
        pg_catalog.set_config('request.jwt.claim.sub', v_saved_sub, true),
        pg_catalog.set_config('request.jwt.claim.role', v_saved_claim_role, true),
        pg_catalog.set_config('request.headers', v_saved_headers, true),
        pg_catalog.set_config('request.method', v_saved_method, true),
        pg_catalog.set_config('request.path', v_saved_path, true);
    end if;
    v_out := v_out || coalesce(v_visible, false);
  end loop;

  deallocate _stack_realtime_visible;
  return v_out;
  -- An error escaping here aborts the caller's transaction (or its savepoint), which undoes every
  -- setting made since; the prepared statement it may leave behind is dropped by the next call.
end;
$$;
revoke all on function _stack_realtime.visible_to(text, text, jsonb, jsonb) from public;
