-- Tenancy: sign-up makes a customer of the tenant named in the metadata, refuses unknown and
-- inactive tenants, and leaves accounts created without a tenant alone; the email copy follows.
begin;
select plan(12);

-- An auth user as GoTrue inserts one at sign-up.
create function pg_temp.sign_up(email text, meta jsonb) returns uuid
language plpgsql
as $$
declare
  uid uuid := gen_random_uuid();
begin
  insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
  values ('00000000-0000-0000-0000-000000000000', uid, 'authenticated', 'authenticated', email, '', '{"provider":"email"}', meta, now(), now());
  return uid;
end;
$$;

insert into public.tenants (slug, name, status) values ('sleepy', '{"en": "Sleepy"}', 'inactive'), ('banned', '{"en": "Banned"}', 'suspended');

select lives_ok(
  $$ select pg_temp.sign_up('nora@example.test', '{"tenant_slug": "acme", "first_name": " Nora ", "last_name": "New", "phone": "+1 555 0199"}') $$,
  'sign-up with an active tenant succeeds'
);
select results_eq(
  $$ select t.slug, p.panel_type, p.roles, p.first_name, p.last_name, p.full_name, p.phone, p.email, p.user_type, p.status
     from public.profiles p join public.tenants t on t.id = p.tenant_id where p.email = 'nora@example.test' $$,
  $$ values ('acme'::text, 'customer'::text, array['customer']::text[], 'Nora'::text, 'New'::text, 'Nora New'::text, '+1 555 0199'::text,
            'nora@example.test'::text, 'individual'::text, 'active'::text) $$,
  'the new user is an active individual customer of acme, names trimmed'
);
select lives_ok($$ select pg_temp.sign_up('gil@example.test', '{"tenant_slug": " GLOBEX ", "panel_type": "admin", "roles": ["admin"]}') $$, 'the slug is matched trimmed and case-insensitively');
select results_eq(
  $$ select t.slug, p.panel_type, p.roles, p.full_name from public.profiles p join public.tenants t on t.id = p.tenant_id where p.email = 'gil@example.test' $$,
  $$ values ('globex'::text, 'customer'::text, array['customer']::text[], 'Unnamed User'::text) $$,
  'metadata cannot choose the panel or roles; no names makes an Unnamed User'
);

select throws_ok($$ select pg_temp.sign_up('lost@example.test', '{"tenant_slug": "nowhere"}') $$, 'P0002', 'Business not found: nowhere', 'an unknown tenant refuses the sign-up');
select throws_ok($$ select pg_temp.sign_up('sleepy@example.test', '{"tenant_slug": "sleepy"}') $$, 'P0001', 'Business sleepy is not accepting sign-ups', 'an inactive tenant refuses the sign-up');
select throws_ok($$ select pg_temp.sign_up('banned@example.test', '{"tenant_slug": "banned"}') $$, 'P0001', 'Business banned is not accepting sign-ups', 'a suspended tenant refuses the sign-up');
select is(
  (select count(*)::int from auth.users where email in ('lost@example.test', 'sleepy@example.test', 'banned@example.test')),
  0,
  'a refused sign-up leaves no account'
);

select lives_ok($$ select pg_temp.sign_up('free@example.test', '{"first_name": "Free"}') $$, 'an account without tenant_slug is created');
select is((select count(*)::int from public.profiles p join auth.users u on u.id = p.id where u.email = 'free@example.test'), 0, '... without a profile');
select is((select count(*)::int from auth.users u where u.email = 'orphan@acme.test' and not exists (select 1 from public.profiles p where p.id = u.id)), 1, 'the seed''s orphan has no profile');

update auth.users set email = 'nora.new@example.test' where email = 'nora@example.test';
select is((select count(*)::int from public.profiles where email = 'nora.new@example.test'), 1, 'a changed account email changes the profile''s copy');

select * from finish();
rollback;
