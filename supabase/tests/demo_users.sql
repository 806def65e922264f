-- The seed's demo users exist as GoTrue stores them and their password verifies with bcrypt.
begin;
select plan(5);

select results_eq(
  $$ select email::text from auth.users where email like '%@acme.test' or email like '%@globex.test' order by id $$,
  $$ values ('admin@acme.test'), ('dispatcher@acme.test'), ('driver@acme.test'), ('customer@acme.test'),
            ('business@acme.test'), ('orphan@acme.test'),
            ('admin@globex.test'), ('dispatcher@globex.test'), ('driver@globex.test'), ('customer@globex.test') $$,
  'the ten demo users exist with their fixed ids'
);

select ok(
  (select bool_and(encrypted_password = extensions.crypt('Waypost!2026', encrypted_password))
   from auth.users where email like '%@acme.test' or email like '%@globex.test'),
  'every demo password verifies with crypt'
);

select ok(
  (select bool_and(email_confirmed_at is not null and aud = 'authenticated' and role = 'authenticated')
   from auth.users where email like '%@acme.test' or email like '%@globex.test'),
  'demo users are confirmed, authenticated users'
);

select is(
  (select count(*)::int from auth.identities i join auth.users u on u.id = i.user_id
   where i.provider = 'email' and i.provider_id = u.id::text and i.identity_data ->> 'email' = u.email
     and (u.email like '%@acme.test' or u.email like '%@globex.test')),
  10,
  'each demo user has its email identity'
);

select results_eq(
  $$ select distinct raw_user_meta_data ->> 'tenant_slug' from auth.users
     where (email like '%@acme.test' or email like '%@globex.test') and email <> 'orphan@acme.test' order by 1 $$,
  $$ values ('acme'), ('globex') $$,
  'demo users name their tenant (all but the tenant-less orphan)'
);

select * from finish();
rollback;
