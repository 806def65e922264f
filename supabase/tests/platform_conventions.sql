-- The helpers of the platform-conventions migration.
begin;
select plan(4);

create temp table stamped (id int primary key, note text, updated_at timestamptz not null default now() - interval '1 day');
create trigger set_updated_at before update on stamped for each row execute function private.set_updated_at();
insert into stamped (id, note) values (1, 'first');

select ok((select updated_at < now() from stamped), 'a new row keeps its own updated_at');

update stamped set note = 'second', updated_at = '2000-01-01' where id = 1;
select is((select updated_at from stamped), now(), 'set_updated_at stamps every update, whatever the client sends');

select ok(
  not has_function_privilege('anon', 'private.set_updated_at()', 'execute')
  and not has_function_privilege('authenticated', 'private.set_updated_at()', 'execute'),
  'API roles cannot call private helpers'
);

select ok(
  'private' <> all (string_to_array(current_setting('search_path'), ', ')),
  'private is not on the search path'
);

select * from finish();
rollback;
