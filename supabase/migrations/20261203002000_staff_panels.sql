-- Which panels are the tenant's staff: one place for the rule that policies and functions used to
-- spell as literal lists ("panel_type in ('admin', 'dispatcher')", "... not in ('admin', 'dispatcher',
-- 'warehouse')"), so that a new panel is decided here rather than in every check.
--
-- Staff are the admin and dispatcher panels: the people who run the tenant's board and read all of
-- its work. Warehouse-only people (private.current_panel_type() answers 'warehouse' for them) are
-- staff only where a check admits the warehouse floor as well (`with_warehouse`); drivers and
-- customers never are.
--
-- Both predicates answer as the `in` lists they replace: null, not false, for a null panel (no
-- active profile), so `not private.is_staff()` keeps the three-valued meaning of `not in (...)` in
-- every condition it was written into. Policies call the caller's one as `(select private.is_staff())`,
-- evaluated once per statement like private.current_panel_type().
--
-- Not security definer: private.current_panel_type() already reads the caller's profile with the
-- owner's rights.

create or replace function private.is_staff_panel(panel text, with_warehouse boolean default false) returns boolean
language sql
immutable
set search_path = ''
as $$
  select panel in ('admin', 'dispatcher') or (with_warehouse and panel = 'warehouse');
$$;

-- Whether the caller, as the rules see their panel (private.current_panel_type()), is staff.
create or replace function private.is_staff(with_warehouse boolean default false) returns boolean
language sql
stable
set search_path = ''
as $$
  select private.is_staff_panel(private.current_panel_type(), with_warehouse);
$$;

revoke all on function private.is_staff_panel(text, boolean), private.is_staff(boolean) from public;
grant execute on function private.is_staff_panel(text, boolean), private.is_staff(boolean) to anon, authenticated, service_role;
