-- Supabase's Postgres image preloads pg_stat_statements, which turns compute_query_id=auto on: every
-- statement gets a query identifier, and EXPLAIN VERBOSE (explain({ verbose: true }) through
-- PostgREST) prints it as "Query Identifier". The stack preloads no such module, so it asks for the
-- identifiers itself: for the sessions it opens from now on (its role's setting) and for this one
-- (PGlite, which applies no role settings at start, also sets it whenever it opens).
do $$
begin
  execute 'alter role current_user set compute_query_id = on';
  set compute_query_id = on;
exception when insufficient_privilege then
  raise notice 'compute_query_id left as it is: %', sqlerrm;
end
$$;
