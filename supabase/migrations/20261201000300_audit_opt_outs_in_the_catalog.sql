-- The tables that opt out of the audit trail say so where the database can read it: a comment on
-- the table, 'no audit: <why>', which supabase/tests/schema_conventions.sql accepts in place of
-- the audit trigger (and nothing else does). Until now each opt-out was a SQL comment in the
-- migration that created the table, which only a reader of the files could see; these are those
-- comments' reasons, word for word.
comment on table public.audit_log is
  'no audit: the audit trail itself, append-only, written only by private.audit_row_change';
comment on table public.notifications is
  'no audit: a per-user inbox written by the system at high volume; reading one is not a change of the tenant''s data';
comment on table public.delivery_events is
  'no audit: it is itself the append-only history of deliveries; the audit trail of deliveries records the same changes on the delivery rows';
comment on table public.driver_positions is
  'no audit: a GPS trail written every few seconds only by record_driver_position, never edited; the trail is itself the history, and the drivers row''s audit keeps who changed the driver';
comment on table public.messages is
  'no audit: the messages are themselves the record of what was said, never edited; the conversation and its participants are audited';
