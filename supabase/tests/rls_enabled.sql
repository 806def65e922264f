-- Row-level security is the one guard of every API call: no table in an exposed schema may
-- exist without it. Schema-wide, so it keeps checking every table later migrations add.
begin;
select plan(1);

select is_empty(
  $$
    select format('%I.%I', n.nspname, c.relname)
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public'
      and c.relkind in ('r', 'p')
      and not c.relrowsecurity
  $$,
  'every table in public has row-level security enabled'
);

select * from finish();
rollback;
